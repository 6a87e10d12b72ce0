// Edits of the mind map tree as pure functions: each returns a new root sharing the untouched
// subtrees, so the undo history keeps every version cheaply and React sees what changed.
import { newNodeId, type MindNode } from '../../../../shared/mindmap/document';

export interface Located {
  node: MindNode;
  parent: MindNode | null;
  index: number;
  depth: number;
}

/** Every node by id with its parent (one pass; the editor rebuilds it after each edit). */
export function indexTree(root: MindNode): Map<string, Located> {
  const index = new Map<string, Located>();
  const stack: Located[] = [{ node: root, parent: null, index: 0, depth: 0 }];
  while (stack.length) {
    const at = stack.pop()!;
    index.set(at.node.id, at);
    at.node.children.forEach((child, i) => stack.push({ node: child, parent: at.node, index: i, depth: at.depth + 1 }));
  }
  return index;
}

/** Rebuilds the path from the root to `id`, applying `change` to that node. */
export function updateNode(root: MindNode, id: string, change: (n: MindNode) => MindNode): MindNode {
  if (root.id === id) return change(root);
  const path = pathTo(root, id);
  if (!path) return root;
  let replaced = change(path[path.length - 1]);
  for (let i = path.length - 2; i >= 0; i--) {
    const parent = path[i];
    const old = path[i + 1];
    replaced = { ...parent, children: parent.children.map((c) => (c === old ? replaced : c)) };
  }
  return replaced;
}

/** The nodes from the root down to `id`, or null. */
export function pathTo(root: MindNode, id: string): MindNode[] | null {
  const stack: MindNode[][] = [[root]];
  while (stack.length) {
    const path = stack.pop()!;
    const last = path[path.length - 1];
    if (last.id === id) return path;
    for (const c of last.children) stack.push([...path, c]);
  }
  return null;
}

export function setText(root: MindNode, id: string, text: string): MindNode {
  return updateNode(root, id, (n) => ({ ...n, text }));
}

export function setColor(root: MindNode, id: string, color: string | undefined): MindNode {
  return updateNode(root, id, (n) => {
    const { color: _old, ...rest } = n;
    return color ? { ...rest, color } : rest;
  });
}

export function toggleCollapsed(root: MindNode, id: string, collapsed?: boolean): MindNode {
  return updateNode(root, id, (n) => {
    const next = collapsed ?? !n.collapsed;
    const { collapsed: _old, ...rest } = n;
    return next && n.children.length ? { ...rest, collapsed: true } : rest;
  });
}

/** Adds a child at the end (expanding the parent); answers the new root and the child's id. */
export function addChild(root: MindNode, parentId: string, text: string): { root: MindNode; id: string } {
  const child: MindNode = { id: newNodeId(), text, children: [] };
  return {
    root: updateNode(root, parentId, (n) => {
      const { collapsed: _x, ...open } = n;
      return { ...open, children: [...n.children, child] };
    }),
    id: child.id,
  };
}

/** Adds a sibling right after `id` (a child when `id` is the root, which has no siblings). */
export function addSibling(root: MindNode, id: string, text: string): { root: MindNode; id: string } {
  const at = indexTree(root).get(id);
  if (!at?.parent) return addChild(root, id, text);
  const sibling: MindNode = { id: newNodeId(), text, children: [] };
  return {
    root: updateNode(root, at.parent.id, (p) => ({ ...p, children: [...p.children.slice(0, at.index + 1), sibling, ...p.children.slice(at.index + 1)] })),
    id: sibling.id,
  };
}

/** Removes a node and its subtree (never the root); answers the node to select next. */
export function removeNode(root: MindNode, id: string): { root: MindNode; select: string } {
  const at = indexTree(root).get(id);
  if (!at?.parent) return { root, select: id };
  const siblings = at.parent.children;
  const select = siblings[at.index + 1]?.id ?? siblings[at.index - 1]?.id ?? at.parent.id;
  return { root: updateNode(root, at.parent.id, (p) => ({ ...p, children: p.children.filter((c) => c.id !== id) })), select };
}

/** Whether `id` is `ancestorId` or lies under it. */
export function isWithin(root: MindNode, id: string, ancestorId: string): boolean {
  return pathTo(root, id)?.some((n) => n.id === ancestorId) ?? false;
}

/** Moves a subtree under another parent (at the end, or at `position`); a move into itself is refused. */
export function moveNode(root: MindNode, id: string, newParentId: string, position?: number): MindNode {
  const index = indexTree(root);
  const at = index.get(id);
  if (!at?.parent || !index.has(newParentId) || isWithin(root, newParentId, id)) return root;
  const without = updateNode(root, at.parent.id, (p) => ({ ...p, children: p.children.filter((c) => c.id !== id) }));
  return updateNode(without, newParentId, (p) => {
    const children = [...p.children];
    children.splice(position === undefined ? children.length : Math.min(position, children.length), 0, at.node);
    const { collapsed: _x, ...open } = p;
    return { ...open, children };
  });
}
