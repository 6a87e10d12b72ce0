// Structural similarity (SSIM) of two pictures of the same size on their luma: the mean over 8×8
// windows every 4 pixels (as ffmpeg's ssim filter does), with the usual constants for 8-bit data.
// Luma is taken as JPEG stores it (BT.601 weights on the gamma-encoded RGB) and kept fractional:
// within 0.001 of ffmpeg's SSIM on a JPEG's own Y plane. libvips' greyscale weighs linear light and
// read busy photos up to 0.005 lower; whole levels read as noise in flat areas.
const WINDOW = 8;
const STRIDE = 4;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
/** Rows of luma held at a time, so a big picture costs no more than its raw pixels. */
const BAND = 256;

/** 8-bit sRGB pixels, 3 or 4 channels (alpha is not compared). */
export interface RgbPicture {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

function lumaRows(picture: RgbPicture, top: number, rows: number, into: Float32Array): void {
  const { data, width, channels } = picture;
  for (let i = 0, p = top * width * channels; i < rows * width; i++, p += channels) into[i] = 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];
}

export function ssim(a: RgbPicture, b: RgbPicture): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('ssim: pictures differ in size');
  const { width, height } = a;
  if (width < WINDOW || height < WINDOW) {
    const whole = (picture: RgbPicture) => {
      const luma = new Float32Array(width * height);
      lumaRows(picture, 0, height, luma);
      return luma;
    };
    const lumaB = whole(b);
    return whole(a).every((v, i) => v === lumaB[i]) ? 1 : 0;
  }
  const lumaA = new Float32Array(Math.min(BAND, height) * width);
  const lumaB = new Float32Array(lumaA.length);
  const n = WINDOW * WINDOW;
  let total = 0;
  let windows = 0;
  // Each band starts where the previous one's windows stop, so every window is counted once.
  for (let start = 0; start + WINDOW <= height; start += BAND - WINDOW + STRIDE) {
    const rows = Math.min(BAND, height - start);
    lumaRows(a, start, rows, lumaA);
    lumaRows(b, start, rows, lumaB);
    for (let top = 0; top + WINDOW <= rows; top += STRIDE) {
      for (let left = 0; left + WINDOW <= width; left += STRIDE) {
        let sumA = 0;
        let sumB = 0;
        let sumAA = 0;
        let sumBB = 0;
        let sumAB = 0;
        for (let y = top; y < top + WINDOW; y++) {
          let i = y * width + left;
          for (let x = 0; x < WINDOW; x++, i++) {
            const va = lumaA[i];
            const vb = lumaB[i];
            sumA += va;
            sumB += vb;
            sumAA += va * va;
            sumBB += vb * vb;
            sumAB += va * vb;
          }
        }
        const meanA = sumA / n;
        const meanB = sumB / n;
        const varA = sumAA / n - meanA * meanA;
        const varB = sumBB / n - meanB * meanB;
        const cov = sumAB / n - meanA * meanB;
        total += ((2 * meanA * meanB + C1) * (2 * cov + C2)) / ((meanA * meanA + meanB * meanB + C1) * (varA + varB + C2));
        windows++;
      }
    }
  }
  return total / windows;
}
