// Reads the key=value blocks `ffmpeg -progress pipe:1` writes to stdout while it works. Each block
// ends with `progress=continue`, the last one with `progress=end`; `out_time_us` (and
// `out_time_ms`, which despite its name is microseconds too) is how far the output has got.

/**
 * A stdout line handler that reports once per block: output time against `durationSeconds()`
 * (0–1; nothing while that is still 0, i.e. unknown), never going backwards, and 1 when ffmpeg
 * says it has finished.
 */
export function progressLines(durationSeconds: () => number, onProgress: (fraction: number) => void): (line: string) => void {
  let outSeconds = 0;
  let reported = 0;
  return (line) => {
    const at = line.indexOf('=');
    if (at < 0) return;
    const key = line.slice(0, at);
    const value = line.slice(at + 1).trim();
    if (key === 'out_time_us' || key === 'out_time_ms') {
      // N/A before the first frame; slightly negative while an encoder's delay is being filled.
      const micros = Number(value);
      if (value !== '' && Number.isFinite(micros)) outSeconds = Math.max(outSeconds, micros / 1_000_000);
    } else if (key === 'progress') {
      const duration = durationSeconds();
      const fraction = value === 'end' ? 1 : duration > 0 ? Math.min(1, outSeconds / duration) : 0;
      if (fraction > reported) {
        reported = fraction;
        onProgress(fraction);
      }
    }
  };
}
