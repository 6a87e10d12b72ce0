// POST /api/mindmaps/pdf: the map as the page draws it (its scene, in CSS pixels), which the server
// writes as a vector PDF with the site's PDF code (pdf-lib, the embedded Chinese font): branches
// and boxes as paths, topics as searchable text. The scene is computed in the browser because the
// layout measures text there; the server checks every field and draws nothing it did not check.

export interface MindMapPdfRequest {
  title: string;
  /** The exported area (the SVG export's viewBox, margin included). */
  frame: { x: number; y: number; width: number; height: number };
  background: string;
  edges: { d: string; color: string; width: number }[];
  nodes: {
    x: number;
    y: number;
    w: number;
    h: number;
    rx: number;
    /** `transparent`: no box. */
    fill: string;
    underline: string | null;
    textColor: string;
    fontSize: number;
    /** 600 and over is drawn bold. */
    fontWeight: number;
    /** Lines centred on (x, y). */
    text: { x: number; y: number; line: string }[];
    badge: { x: number; y: number; count: number; color: string } | null;
  }[];
}

/** A scene larger than this JSON is drawn as a picture in the browser instead. */
export const MINDMAP_PDF_MAX_BYTES = 1_000_000;

export const MINDMAP_PDF_MESSAGES = {
  badScene: '导图内容格式不正确，无法导出PDF',
  failed: 'PDF导出失败，请稍后重试',
} as const;
