// Automatic layout of the map, XMind's "思维导图" structure: the root in the middle, its branches
// balanced between the right and the left side by height, each subtree stacked vertically and
// centred on its parent. Pure: text widths come from a measure function (a canvas in the browser,
// a fixed-width stand-in in unit tests), so the same layout drives the canvas and every export.
import type { MindNode } from '../../../../shared/mindmap/document';

/** How a node's text is set at each level (the root, main branches, deeper topics). */
export interface NodeStyle {
  fontSize: number;
  fontWeight: number;
  padX: number;
  padY: number;
  maxTextWidth: number;
}

export const LEVEL_STYLES: readonly NodeStyle[] = [
  { fontSize: 20, fontWeight: 700, padX: 26, padY: 14, maxTextWidth: 300 },
  { fontSize: 16, fontWeight: 600, padX: 16, padY: 9, maxTextWidth: 260 },
  { fontSize: 14, fontWeight: 400, padX: 10, padY: 6, maxTextWidth: 240 },
];
export const FONT_FAMILY = '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Noto Serif CJK SC",sans-serif';
const LINE_HEIGHT = 1.4;
/** Horizontal room between a parent and its children, vertical room between siblings, per level of the parent. */
const H_GAP = [64, 40, 32];
const V_GAP = [22, 12, 8];

export function styleOf(depth: number): NodeStyle {
  return LEVEL_STYLES[Math.min(depth, LEVEL_STYLES.length - 1)];
}

export function fontOf(style: NodeStyle): string {
  return `${style.fontWeight} ${style.fontSize}px ${FONT_FAMILY}`;
}

/** The width of a run of text in a font (CSS font shorthand). */
export type MeasureText = (text: string, font: string) => number;

export interface LaidNode {
  id: string;
  node: MindNode;
  parentId: string | null;
  depth: number;
  /** 1: right of the root, -1: left; 0 for the root. */
  side: 1 | -1 | 0;
  /** The index of the main branch it belongs to (its colour), -1 for the root. */
  branch: number;
  x: number;
  y: number;
  w: number;
  h: number;
  lines: string[];
  style: NodeStyle;
  /** It has children the canvas does not show. */
  folded: boolean;
}

export interface MapLayout {
  nodes: LaidNode[];
  byId: Map<string, LaidNode>;
  /** The box around every node. */
  bounds: { x: number; y: number; w: number; h: number };
}

/** Breaks text into lines no wider than `max` (explicit line breaks kept; CJK breaks anywhere, Latin at spaces when it can). */
export function wrapText(text: string, font: string, max: number, measure: MeasureText): string[] {
  const lines: string[] = [];
  for (const paragraph of (text || ' ').split('\n')) {
    // Most topics fit on one line: one measure instead of one per character.
    if (measure(paragraph, font) <= max) {
      lines.push(paragraph);
      continue;
    }
    let line = '';
    for (const ch of Array.from(paragraph)) {
      if (line && measure(line + ch, font) > max) {
        const space = line.lastIndexOf(' ');
        if (ch !== ' ' && space > 0 && /[A-Za-z0-9]/.test(ch)) {
          lines.push(line.slice(0, space));
          line = line.slice(space + 1) + ch;
        } else {
          lines.push(line);
          line = ch === ' ' ? '' : ch;
        }
      } else {
        line += ch;
      }
    }
    lines.push(line);
  }
  return lines;
}

export function layoutMap(root: MindNode, measure: MeasureText): MapLayout {
  const nodes: LaidNode[] = [];
  const byId = new Map<string, LaidNode>();
  const subtree = new Map<string, number>();

  const size = (n: MindNode, depth: number): { w: number; h: number; lines: string[]; style: NodeStyle } => {
    const style = styleOf(depth);
    const font = fontOf(style);
    const lines = wrapText(n.text, font, style.maxTextWidth, measure);
    const textW = Math.max(...lines.map((l) => measure(l, font)), style.fontSize);
    return { w: Math.ceil(textW + style.padX * 2), h: Math.ceil(lines.length * style.fontSize * LINE_HEIGHT + style.padY * 2), lines, style };
  };

  // Sizes first, then each subtree's height, children before parents (depth is bounded, recursion is fine).
  const measureSubtree = (n: MindNode, depth: number, parentId: string | null, side: 1 | -1 | 0, branch: number): LaidNode => {
    const s = size(n, depth);
    const laid: LaidNode = { id: n.id, node: n, parentId, depth, side, branch, x: 0, y: 0, w: s.w, h: s.h, lines: s.lines, style: s.style, folded: !!n.collapsed && n.children.length > 0 };
    nodes.push(laid);
    byId.set(n.id, laid);
    return laid;
  };
  const heightOf = (laid: LaidNode): number => {
    const n = laid.node;
    let total = laid.h;
    if (!laid.folded && n.children.length) {
      const gap = V_GAP[Math.min(laid.depth, V_GAP.length - 1)];
      let sum = 0;
      n.children.forEach((c, i) => {
        const child = measureSubtree(c, laid.depth + 1, laid.id, laid.side === 0 ? 1 : laid.side, laid.depth === 0 ? i : laid.branch);
        sum += heightOf(child) + (i ? gap : 0);
      });
      total = Math.max(total, sum);
    }
    subtree.set(laid.id, total);
    return total;
  };

  const rootLaid = measureSubtree(root, 0, null, 0, -1);
  heightOf(rootLaid);

  const place = (laid: LaidNode, edgeX: number, centreY: number): void => {
    laid.x = laid.side === -1 ? edgeX - laid.w : edgeX;
    laid.y = centreY - laid.h / 2;
    if (laid.folded) return;
    const children = laid.node.children.map((c) => byId.get(c.id)!);
    stack(children, laid, laid.side === -1 ? laid.x : laid.x + laid.w, centreY);
  };
  const stack = (children: LaidNode[], parent: LaidNode, parentEdge: number, centreY: number): void => {
    if (!children.length) return;
    const gap = V_GAP[Math.min(parent.depth, V_GAP.length - 1)];
    const hGap = H_GAP[Math.min(parent.depth, H_GAP.length - 1)];
    const total = children.reduce((sum, c, i) => sum + subtree.get(c.id)! + (i ? gap : 0), 0);
    let top = centreY - total / 2;
    for (const c of children) {
      const h = subtree.get(c.id)!;
      place(c, c.side === -1 ? parentEdge - hGap : parentEdge + hGap, top + h / 2);
      top += h + gap;
    }
  };

  rootLaid.x = -rootLaid.w / 2;
  rootLaid.y = -rootLaid.h / 2;
  if (!rootLaid.folded) {
    // Balance the sides by height: the first branches go right until the right holds half.
    const mains = root.children.map((c) => byId.get(c.id)!);
    const total = mains.reduce((sum, c) => sum + subtree.get(c.id)!, 0);
    let right = 0;
    const split = mains.length < 2 ? mains.length : Math.max(1, mains.findIndex((c) => (right += subtree.get(c.id)!) >= total / 2) + 1);
    const setSide = (laid: LaidNode, side: 1 | -1) => {
      laid.side = side;
      if (!laid.folded) for (const c of laid.node.children) setSide(byId.get(c.id)!, side);
    };
    mains.forEach((m, i) => setSide(m, i < split ? 1 : -1));
    stack(mains.slice(0, split), rootLaid, rootLaid.x + rootLaid.w, 0);
    stack(mains.slice(split), rootLaid, rootLaid.x, 0);
  }

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const n of nodes) {
    minX = Math.min(minX, n.x);
    minY = Math.min(minY, n.y);
    maxX = Math.max(maxX, n.x + n.w);
    maxY = Math.max(maxY, n.y + n.h);
  }
  return { nodes, byId, bounds: { x: minX, y: minY, w: maxX - minX, h: maxY - minY } };
}
