// Node creation for the importers, counted: a file over the node or depth bound stops the import
// as soon as it crosses it (before building the rest), with the user's message.
import { cleanText, isColor, MINDMAP_LIMITS, MINDMAP_MESSAGES, MindMapError, newNodeId, type MindNode } from '../../../../shared/mindmap/document';

const NODE_ID = /^[\w-]{1,64}$/;

export class NodeBudget {
  private count = 0;
  private readonly ids = new Set<string>();

  /** `extra.id` is kept when it is a valid id not seen yet in this file (our JSON); others get a new one. */
  make(text: string, depth: number, extra: { id?: unknown; color?: unknown; collapsed?: unknown } = {}): MindNode {
    if (++this.count > MINDMAP_LIMITS.maxNodes) throw new MindMapError(MINDMAP_MESSAGES.tooManyNodes);
    if (depth >= MINDMAP_LIMITS.maxDepth) throw new MindMapError(MINDMAP_MESSAGES.tooDeep);
    const id = typeof extra.id === 'string' && NODE_ID.test(extra.id) && !this.ids.has(extra.id) ? extra.id : newNodeId();
    this.ids.add(id);
    const node: MindNode = { id, text: cleanText(text.trim()), children: [] };
    if (isColor(extra.color)) node.color = extra.color.toLowerCase();
    if (extra.collapsed === true) node.collapsed = true;
    return node;
  }
}
