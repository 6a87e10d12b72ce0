// POST /api/mindmaps/pdf: the map as the page draws it (its scene, in CSS pixels), which the server
// writes as a vector PDF with the site's PDF code (pdf-lib, the embedded Chinese font): branches
// and boxes as paths, topics as searchable text. The scene is computed in the browser because the
// layout measures text there; the server checks every field and draws nothing it did not check.

/** A branch curve as drawn (an SVG path). */
export interface DrawnBranch {
  d: string;
  color: string;
  width: number;
}

/** A topic as drawn: its box, its text lines and its fold badge (the page's scene adds its own fields). */
export interface DrawnTopic {
  x: number;
  y: number;
  w: number;
  h: number;
  rx: number;
  /** `transparent`: no box. */
  fill: string;
  /** A line under the topic (deeper levels, XMind style), in the branch colour. */
  underline: string | null;
  textColor: string;
  fontSize: number;
  /** 600 and over is drawn bold. */
  fontWeight: number;
  /** Lines centred on (x, y). */
  text: { x: number; y: number; line: string }[];
  /** Children hidden: a badge with their count at the outer edge. */
  badge: { x: number; y: number; count: number; color: string } | null;
}

export interface MindMapPdfRequest {
  title: string;
  /** The exported area (the SVG export's viewBox, margin included). */
  frame: { x: number; y: number; width: number; height: number };
  background: string;
  edges: DrawnBranch[];
  nodes: DrawnTopic[];
}

/** A scene larger than this JSON is drawn as a picture in the browser instead. */
export const MINDMAP_PDF_MAX_BYTES = 1_000_000;

export const MINDMAP_PDF_MESSAGES = {
  badScene: '导图内容格式不正确，无法导出PDF',
  failed: 'PDF导出失败，请稍后重试',
  busy: '正在导出PDF，请等上一份导出完成后再试',
} as const;
