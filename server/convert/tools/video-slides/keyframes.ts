// Key frames of a video: ffmpeg keeps the first frame, every frame whose scene-change score passes
// the threshold, and a frame whenever `interval` seconds have gone by since the last one kept;
// the metadata filter writes each kept frame's time to a file beside the pictures.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg, safeInputArgs } from '../../engines/ffmpeg';
import type { SourceWith } from '../media/media-source';

export interface KeyFrame {
  /** A JPEG inside the work dir. */
  file: string;
  /** Seconds from the start of the video. */
  time: number;
}

export interface KeyFrameOptions {
  /** Longest gap in seconds between two kept frames. */
  interval: number;
  /** Scene-change score (0–1) above which a frame starts a new slide. */
  scene: number;
}

/** Widest picture kept: enough for a slide, small enough for a deck of hundreds. */
const MAX_WIDTH = 1920;
/** Frames ffmpeg may write before deduplication; bounds the disk a long, busy video can use. */
export const MAX_CANDIDATE_FRAMES = 2000;

/** The select expression; commas are escaped for the filter graph. */
export function selectExpression({ interval, scene }: KeyFrameOptions): string {
  return `isnan(prev_selected_t)+gt(scene\\,${scene})+gte(t-prev_selected_t\\,${interval})`;
}

/** `pts_time:` of each frame block the metadata filter printed, in order. */
export function frameTimes(printed: string): number[] {
  const times: number[] = [];
  for (const match of printed.matchAll(/^frame:\s*\d+\s+pts:\s*-?\d+\s+pts_time:\s*(-?[\d.]+)/gm)) times.push(Math.max(0, Number(match[1])));
  return times;
}

/** A path inside a filter graph: characters the graph parser treats specially are escaped. */
function filterPath(file: string): string {
  return file.replace(/[\\':,;[\]=]/g, (c) => `\\\\${c}`);
}

export async function extractKeyFrames(
  source: SourceWith<{ video: string }>,
  options: KeyFrameOptions,
  dir: string,
  run: { signal: AbortSignal; onProgress(fraction: number): void },
): Promise<KeyFrame[]> {
  const timesFile = path.join(dir, 'frames.txt');
  const filter = [
    `select='${selectExpression(options)}'`,
    `metadata=mode=print:file=${filterPath(timesFile)}`,
    `scale='min(${MAX_WIDTH},iw)':-2`,
  ].join(',');
  await runFfmpeg({
    args: [
      ...safeInputArgs(source.input.path),
      '-map', `0:${source.video.index}`,
      '-vf', filter,
      '-fps_mode', 'vfr',
      '-frames:v', String(MAX_CANDIDATE_FRAMES),
      '-q:v', '3',
      path.join(dir, 'frame-%05d.jpg'),
    ],
    signal: run.signal,
    durationSeconds: source.durationSeconds,
    onProgress: run.onProgress,
  });
  const times = frameTimes(await readFile(timesFile, 'utf8').catch(() => ''));
  const files = (await readdir(dir)).filter((name) => /^frame-\d+\.jpg$/.test(name)).sort();
  return files.map((name, i) => ({ file: path.join(dir, name), time: times[i] ?? 0 }));
}
