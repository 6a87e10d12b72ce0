// Structural similarity (SSIM) of two greyscale pictures of the same size: the mean over 8×8
// windows every 4 pixels (as ffmpeg's ssim filter does), with the usual constants for 8-bit data.
// Values may be fractional: rounding luma to whole levels reads as noise in flat areas.
const WINDOW = 8;
const STRIDE = 4;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

export interface GreyPicture {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

export function ssim(a: GreyPicture, b: GreyPicture): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('ssim: pictures differ in size');
  const { width, height } = a;
  if (width < WINDOW || height < WINDOW) {
    for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) return 0;
    return 1;
  }
  const n = WINDOW * WINDOW;
  let total = 0;
  let windows = 0;
  for (let top = 0; top + WINDOW <= height; top += STRIDE) {
    for (let left = 0; left + WINDOW <= width; left += STRIDE) {
      let sumA = 0;
      let sumB = 0;
      let sumAA = 0;
      let sumBB = 0;
      let sumAB = 0;
      for (let y = top; y < top + WINDOW; y++) {
        let i = y * width + left;
        for (let x = 0; x < WINDOW; x++, i++) {
          const va = a.data[i];
          const vb = b.data[i];
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
  return total / windows;
}
