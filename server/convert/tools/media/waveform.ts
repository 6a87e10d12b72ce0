// Peaks for drawing a recording's waveform on a page (cut-audio): ffmpeg decodes to mono, rectifies
// and resamples to a low rate so the raw PCM stays small however long the file, then each of
// `points` buckets keeps its loudest sample, scaled so the loudest bucket is 1.
import { probeMedia, runFfmpegToStdout, safeInputArgs } from '../../engines/ffmpeg';
import { ConvertError } from '../../errors';
import { NO_AUDIO } from './messages';

/** Samples per bucket aimed at; bounded so short clips keep detail and long ones stay small. */
const SAMPLES_PER_POINT = 32;
const MIN_RATE = 50;
const MAX_RATE = 8000;

export interface WaveformOptions {
  signal?: AbortSignal;
}

export async function waveform(file: string, points: number, { signal = new AbortController().signal }: WaveformOptions = {}): Promise<number[]> {
  const info = await probeMedia(file, { signal });
  const audio = info.streams.find((s) => s.kind === 'audio');
  if (!audio) throw new ConvertError(NO_AUDIO);
  const seconds = Math.max(info.durationSeconds, 0.1);
  const rate = Math.min(MAX_RATE, Math.max(MIN_RATE, Math.ceil((points * SAMPLES_PER_POINT) / seconds)));
  // Rectifying before resampling keeps loud passages loud: the low-pass of resampling would
  // otherwise average a waveform's swings to nothing.
  const filter = `aformat=channel_layouts=mono,aeval=abs(val(0)),aresample=${rate}`;
  const pcm = await runFfmpegToStdout({
    args: [...safeInputArgs(file), '-map', `0:${audio.index}`, '-af', filter, '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'],
    signal,
    durationSeconds: seconds,
    maxOutputBytes: Math.ceil(seconds * rate * 2) + 1024 * 1024,
  });
  const sampleCount = Math.floor(pcm.length / 2);
  const peaks = new Array<number>(points).fill(0);
  for (let i = 0; i < sampleCount; i++) {
    const bucket = Math.min(points - 1, Math.floor((i * points) / sampleCount));
    peaks[bucket] = Math.max(peaks[bucket], Math.abs(pcm.readInt16LE(i * 2)));
  }
  const loudest = peaks.reduce((a, b) => Math.max(a, b), 0);
  return loudest === 0 ? peaks : peaks.map((peak) => peak / loudest);
}
