// Runs ffmpeg for a job: no stdin, no network, progress against the input's duration, and a
// timeout that grows with the duration (a four-hour film cannot finish in a fixed ten minutes).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ConvertError } from '../errors';
import { ProgressFileWatcher } from './ffmpeg-progress';
import { EngineFailedError, runEngine } from './run';

export { PLAYLIST_REFUSED, refusePlaylist, safeInputArgs } from './ffmpeg-input';
export { MEDIA_UNREADABLE, probeMedia, type MediaInfo, type MediaStream, type StreamKind } from './ffmpeg-probe';

export const MEDIA_CONVERT_FAILED = '音视频处理失败，文件可能已损坏或编码不受支持';

/** Re-encoding HD video on a shared core runs at roughly real time; six times gives slack. */
export function ffmpegTimeoutMs(durationSeconds: number): number {
  return 120_000 + Math.ceil(durationSeconds * 6_000);
}

export interface FfmpegRun {
  /** Everything after the global options: inputs (from safeInputArgs), filters, codecs, output. */
  args: readonly string[];
  /** Holds the progress file. */
  workDir: string;
  signal: AbortSignal;
  /** Seconds of media the run produces; progress is ffmpeg's output time against it. */
  durationSeconds: number;
  /** 0–1. */
  onProgress?(fraction: number): void;
  maxOutputBytes?: number;
}

/** Resolves with ffmpeg's stdout (for runs that write raw data to pipe:1). */
export async function runFfmpeg({ args, workDir, signal, durationSeconds, onProgress, maxOutputBytes }: FfmpegRun): Promise<Buffer> {
  const progressFile = path.join(workDir, `ffmpeg-progress-${randomUUID()}.txt`);
  const watcher =
    onProgress && durationSeconds > 0
      ? new ProgressFileWatcher(progressFile, (seconds) => onProgress(Math.min(1, seconds / durationSeconds)))
      : undefined;
  try {
    const globalArgs = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y', '-progress', `file:${progressFile}`];
    const { stdout } = await runEngine('ffmpeg', [...globalArgs, ...args], { signal, timeoutMs: ffmpegTimeoutMs(durationSeconds), maxOutputBytes });
    onProgress?.(1);
    return stdout;
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ConvertError(MEDIA_CONVERT_FAILED, { cause: error });
    throw error;
  } finally {
    watcher?.stop();
  }
}
