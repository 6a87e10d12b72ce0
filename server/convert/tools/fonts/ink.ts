// Ink maps: greyscale pictures binarised (Otsu), ink = 1, and the text line found in them by
// projection profiles.

export interface Ink {
  width: number;
  height: number;
  /** 1 = ink. */
  on: Uint8Array;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Otsu's threshold of 8-bit grey values. */
export function otsu(grey: Uint8Array | Buffer): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of grey) histogram[v]++;
  const total = grey.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i];
  let sumBelow = 0;
  let below = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    below += histogram[t];
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += t * histogram[t];
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Binarises grey pixels; the ink is whichever side of the threshold is the minority. */
export function binarise(grey: Uint8Array | Buffer, width: number, height: number): Ink {
  const t = otsu(grey);
  const on = new Uint8Array(width * height);
  let dark = 0;
  for (let i = 0; i < on.length; i++) {
    on[i] = grey[i] <= t ? 1 : 0;
    dark += on[i];
  }
  if (dark > on.length / 2) for (let i = 0; i < on.length; i++) on[i] = 1 - on[i];
  return { width, height, on };
}

/** The bounding box of all ink, or undefined when there is none. */
export function inkBox(ink: Ink): Box | undefined {
  let [left, top, right, bottom] = [ink.width, ink.height, -1, -1];
  for (let y = 0; y < ink.height; y++) {
    for (let x = 0; x < ink.width; x++) {
      if (!ink.on[y * ink.width + x]) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? undefined : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The main text line: rows with ink grouped into bands (gaps under a third of a band's height
 * joined, so characters with separate strokes stay whole), the band with the most ink kept, then
 * its columns from the first to the last inked one.
 */
export function textLine(ink: Ink): Box | undefined {
  const { width, height, on } = ink;
  const rows = new Array<number>(height).fill(0);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y] += on[y * width + x];
  const minRow = Math.max(1, Math.round(width * 0.002));
  const bands: Array<{ top: number; bottom: number; ink: number }> = [];
  for (let y = 0; y < height; y++) {
    if (rows[y] < minRow) continue;
    const last = bands[bands.length - 1];
    const gapLimit = last ? Math.max(2, (last.bottom - last.top + 1) / 3) : 0;
    if (last && y - last.bottom - 1 <= gapLimit) {
      last.bottom = y;
      last.ink += rows[y];
    } else bands.push({ top: y, bottom: y, ink: rows[y] });
  }
  const useful = bands.filter((b) => b.bottom - b.top + 1 >= 6);
  if (useful.length === 0) return undefined;
  const band = useful.reduce((a, b) => (b.ink > a.ink ? b : a));
  let left = width;
  let right = -1;
  for (let y = band.top; y <= band.bottom; y++) {
    for (let x = 0; x < width; x++) {
      if (!on[y * width + x]) continue;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (right < 0) return undefined;
  return { left, top: band.top, width: right - left + 1, height: band.bottom - band.top + 1 };
}

export function cropInk(ink: Ink, box: Box): Ink {
  const on = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) on.set(ink.on.subarray((box.top + y) * ink.width + box.left, (box.top + y) * ink.width + box.left + box.width), y * box.width);
  return { width: box.width, height: box.height, on };
}

/** Shape statistics of a line of ink, for ranking fonts without knowing the text. */
export function glyphStatistics(ink: Ink): number[] {
  const { width, height, on } = ink;
  let total = 0;
  const horizontal: number[] = [];
  const vertical: number[] = [];
  for (let y = 0; y < height; y++) {
    let run = 0;
    for (let x = 0; x <= width; x++) {
      if (x < width && on[y * width + x]) {
        run++;
        total++;
      } else if (run) horizontal.push(run), (run = 0);
    }
  }
  for (let x = 0; x < width; x++) {
    let run = 0;
    for (let y = 0; y <= height; y++) {
      if (y < height && on[y * width + x]) run++;
      else if (run) vertical.push(run), (run = 0);
    }
  }
  const mean = (a: number[]) => (a.length ? a.reduce((s, v) => s + v, 0) / a.length : 0);
  const spread = (a: number[]) => {
    const m = mean(a);
    return m ? Math.sqrt(mean(a.map((v) => (v - m) ** 2))) / m : 0;
  };
  // Stroke thickness relative to the line height, its variation (serif fonts vary more), density.
  return [mean(horizontal) / height, mean(vertical) / height, spread(horizontal), spread(vertical), total / (width * height)];
}
