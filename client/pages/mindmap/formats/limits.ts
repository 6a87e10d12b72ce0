// Node creation for the importers, counted: a file over the node or depth bound stops the import
// as soon as it crosses it (before building the rest), with the user's message.
import { cleanText, isColor, MINDMAP_LIMITS, MINDMAP_MESSAGES, MindMapError, newNodeId, type MindNode } from '../../../../shared/mindmap/document';

export class NodeBudget {
  private count = 0;

  make(text: string, depth: number, extra: { color?: unknown; collapsed?: unknown } = {}): MindNode {
    if (++this.count > MINDMAP_LIMITS.maxNodes) throw new MindMapError(MINDMAP_MESSAGES.tooManyNodes);
    if (depth >= MINDMAP_LIMITS.maxDepth) throw new MindMapError(MINDMAP_MESSAGES.tooDeep);
    const node: MindNode = { id: newNodeId(), text: cleanText(text.trim()), children: [] };
    if (isColor(extra.color)) node.color = extra.color.toLowerCase();
    if (extra.collapsed === true) node.collapsed = true;
    return node;
  }
}
