// Drawing in the frame the reader sees. A page with /Rotate is displayed turned clockwise, so
// "bottom centre" and "horizontal" must be mapped back into the page's own coordinates, or page
// numbers and watermarks land on the side of rotated pages.
import { PDFPage, degrees, type Rotation } from 'pdf-lib';

export interface Point {
  x: number;
  y: number;
}

export interface VisualFrame {
  /** Size of the page as displayed. */
  width: number;
  height: number;
  /** A point in the displayed page (origin bottom-left) → the same point in page space. */
  toPage(point: Point): Point;
  /** An angle counter-clockwise on screen → the `rotate` to draw with in page space. */
  rotation(visualDegrees: number): Rotation;
}

export function visualFrame(page: PDFPage): VisualFrame {
  const box = page.getCropBox();
  const turn = ((page.getRotation().angle % 360) + 360) % 360;
  const sideways = turn === 90 || turn === 270;
  const toPageRelative = ({ x, y }: Point): Point => {
    switch (turn) {
      case 90:
        return { x: box.width - y, y: x };
      case 180:
        return { x: box.width - x, y: box.height - y };
      case 270:
        return { x: y, y: box.height - x };
      default:
        return { x, y };
    }
  };
  return {
    width: sideways ? box.height : box.width,
    height: sideways ? box.width : box.height,
    toPage(point) {
      const relative = toPageRelative(point);
      return { x: box.x + relative.x, y: box.y + relative.y };
    },
    rotation: (visualDegrees) => degrees(visualDegrees + turn),
  };
}

/** Where to start a box of `width`×`height`, turned by `angle`°, so that its centre sits at `centre`. */
export function originForCentredBox(centre: Point, width: number, height: number, angle: number): Point {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return {
    x: centre.x - (width / 2) * cos + (height / 2) * sin,
    y: centre.y - (width / 2) * sin - (height / 2) * cos,
  };
}
