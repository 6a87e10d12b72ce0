// Peaks of decoded audio for drawing a waveform: the loudest sample of each of `points` buckets,
// scaled so the loudest bucket is 1.
export function peaksOf(samples: Float32Array, points: number): number[] {
  const peaks = new Array<number>(points).fill(0);
  if (samples.length === 0) return peaks;
  const perPoint = samples.length / points;
  for (let p = 0; p < points; p++) {
    const from = Math.floor(p * perPoint);
    const to = Math.max(from + 1, Math.floor((p + 1) * perPoint));
    let peak = 0;
    for (let i = from; i < to && i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
    peaks[p] = peak;
  }
  const loudest = Math.max(...peaks);
  return loudest > 0 ? peaks.map((peak) => peak / loudest) : peaks;
}

/** Seconds rounded to the tenth the times are written in. */
export const toTenths = (seconds: number) => Math.round(seconds * 10) / 10;
