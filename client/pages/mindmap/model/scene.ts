// The map as drawing instructions (branch curves, topic boxes, text lines, fold badges) computed
// from the layout and the theme. The canvas renders them with React and the SVG/PNG/PDF exports
// serialise the same list, so what is exported is what is on screen.
import type { DrawnBranch, DrawnTopic } from '../../../../shared/mindmap/pdf-request';
import type { MapLayout, LaidNode } from './layout';
import { fontOf } from './layout';
import type { Theme } from './themes';

export interface SceneEdge extends DrawnBranch {
  id: string;
}

export interface SceneNode extends DrawnTopic {
  id: string;
  stroke: string;
  font: string;
  /** Where a collapse toggle sits when the node has visible children. */
  toggle: { x: number; y: number; color: string } | null;
}

export interface Scene {
  edges: SceneEdge[];
  nodes: SceneNode[];
  background: string;
}

function colorsOf(layout: MapLayout, theme: Theme): Map<string, string> {
  const colors = new Map<string, string>();
  for (const n of layout.nodes) {
    if (n.depth === 0) colors.set(n.id, n.node.color ?? theme.rootFill);
    else if (n.depth === 1) colors.set(n.id, n.node.color ?? theme.palette[n.branch % theme.palette.length]);
    else colors.set(n.id, n.node.color ?? colors.get(n.parentId!)!);
  }
  return colors;
}

/** The point on a node where branches leave it towards `side` (or arrive, from the other side). */
function anchor(n: LaidNode, side: 1 | -1, leaving: boolean): [number, number] {
  if (n.depth === 0) return [n.x + n.w / 2, n.y + n.h / 2];
  const outer = leaving ? side === 1 : side === -1;
  const x = outer ? n.x + n.w : n.x;
  return [x, n.depth >= 2 ? n.y + n.h : n.y + n.h / 2];
}

const r = (v: number) => Math.round(v * 10) / 10;

export function buildScene(layout: MapLayout, theme: Theme): Scene {
  const colors = colorsOf(layout, theme);
  const edges: SceneEdge[] = [];
  const nodes: SceneNode[] = [];
  for (const n of layout.nodes) {
    if (n.parentId) {
      const parent = layout.byId.get(n.parentId)!;
      const side = n.side === -1 ? -1 : 1;
      const [sx, sy] = anchor(parent, side, true);
      const [tx, ty] = anchor(n, side, false);
      const mx = parent.depth === 0 ? sx + (tx - sx) * 0.35 : (sx + tx) / 2;
      edges.push({ id: n.id, d: `M${r(sx)} ${r(sy)}C${r(mx)} ${r(sy)} ${r(mx)} ${r(ty)} ${r(tx)} ${r(ty)}`, color: colors.get(n.id)!, width: n.depth === 1 ? 3 : n.depth === 2 ? 2 : 1.5 });
    }
    const color = colors.get(n.id)!;
    const { style } = n;
    const lineH = style.fontSize * 1.4;
    const text = n.lines.map((line, i) => ({ x: r(n.x + n.w / 2), y: r(n.y + style.padY + lineH * i + lineH / 2), line }));
    const outerX = n.side === -1 ? n.x : n.x + n.w;
    const outerY = n.depth >= 2 ? n.y + n.h : n.y + n.h / 2;
    const hasChildren = n.node.children.length > 0;
    nodes.push({
      id: n.id,
      x: r(n.x),
      y: r(n.y),
      w: n.w,
      h: n.h,
      rx: n.depth === 0 ? 10 : n.depth === 1 ? 7 : 4,
      fill: n.depth === 0 ? color : n.depth === 1 ? color : 'transparent',
      stroke: 'none',
      underline: n.depth >= 2 ? color : null,
      text,
      textColor: n.depth === 0 ? theme.rootText : n.depth === 1 ? theme.branchText : theme.topicText,
      font: fontOf(style),
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      badge: n.folded ? { x: r(outerX + (n.side === -1 ? -11 : 11)), y: r(outerY), count: countBelow(n), color } : null,
      toggle: hasChildren && !n.folded && n.depth > 0 ? { x: r(outerX + (n.side === -1 ? -9 : 9)), y: r(outerY), color } : null,
    });
  }
  return { edges, nodes, background: theme.background };
}

function countBelow(n: LaidNode): number {
  let count = 0;
  const stack = [...n.node.children];
  while (stack.length) {
    const c = stack.pop()!;
    count++;
    stack.push(...c.children);
  }
  return count;
}
