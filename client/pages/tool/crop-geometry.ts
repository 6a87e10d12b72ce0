// The crop box in the pixels of the picture the visitor sees (rotated, then mirrored), as img-cut
// on the server takes it: pure functions the crop editor and its tests share.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se';

export const RATIO_VALUES: Readonly<Record<string, number>> = { '1:1': 1, '4:3': 4 / 3, '3:4': 3 / 4, '16:9': 16 / 9, '9:16': 9 / 16 };

/** The whole picture, or the largest centred box of the ratio (as the server's preset does). */
export function initialBox(width: number, height: number, ratio?: number): Box {
  if (!ratio) return { x: 0, y: 0, width, height };
  const w = Math.min(width, Math.round(height * ratio));
  const h = Math.min(height, Math.round(w / ratio));
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The box moved by (dx, dy), kept inside the picture. */
export function moveBox(box: Box, dx: number, dy: number, width: number, height: number): Box {
  return { ...box, x: Math.round(clamp(box.x + dx, 0, width - box.width)), y: Math.round(clamp(box.y + dy, 0, height - box.height)) };
}

const MIN_SIZE = 8;

/** The box with one corner dragged to (px, py), the opposite corner fixed, keeping a ratio if given. */
export function resizeBox(box: Box, corner: Corner, px: number, py: number, width: number, height: number, ratio?: number): Box {
  const fixedX = corner.includes('w') ? box.x + box.width : box.x;
  const fixedY = corner.includes('n') ? box.y + box.height : box.y;
  const limitX = corner.includes('w') ? fixedX : width - fixedX;
  const limitY = corner.includes('n') ? fixedY : height - fixedY;
  let w = clamp(Math.abs(clamp(px, 0, width) - fixedX), MIN_SIZE, limitX);
  let h = clamp(Math.abs(clamp(py, 0, height) - fixedY), MIN_SIZE, limitY);
  if (ratio) {
    // The larger of the two asks wins, then both shrink to fit the picture.
    if (w / h > ratio) h = w / ratio;
    else w = h * ratio;
    if (w > limitX) [w, h] = [limitX, limitX / ratio];
    if (h > limitY) [w, h] = [limitY * ratio, limitY];
  }
  w = Math.max(1, Math.round(w));
  h = Math.max(1, Math.round(h));
  return { x: corner.includes('w') ? fixedX - w : fixedX, y: corner.includes('n') ? fixedY - h : fixedY, width: w, height: h };
}
