// video-compress and audio-compress: a level (how hard to squeeze) or a target size, from which
// the bitrate follows from the duration. The visitor never gets a file bigger than the upload.
import { rm, stat } from 'node:fs/promises';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import { runFfmpeg, safeInputArgs } from '../../engines/ffmpeg';
import type { Converter, ConvertContext } from '../../types';
import { audioOutputArgs, keptAudioFormat } from './audio-formats';
import { compressedOutput } from './compressed-output';
import { convertEach, type MediaStep } from './media-job';
import { openMediaSource, whileProbing, type MediaSource, type ProbedAlongside, type SourceWith } from './media-source';
import { NO_AUDIO, NO_VIDEO, targetTooSmall } from './messages';
import { containerOutputArgs } from './video-formats';

const compressOptions = z.object({
  level: z.enum(['low', 'medium', 'high']).default('medium'),
  /** Wanted output size in KB; 0 means "use the level". */
  targetKB: z.coerce.number().int().min(0).max(4 * 1024 * 1024).default(0),
});
export type MediaCompressOptions = z.infer<typeof compressOptions>;
type Level = MediaCompressOptions['level'];

/** x264 quality (CRF), longest side of the picture, and audio bitrate per level. */
const VIDEO_LEVELS: Record<Level, { crf: number; maxHeight: number; audioKbps: number }> = {
  low: { crf: 24, maxHeight: 2160, audioKbps: 128 },
  medium: { crf: 28, maxHeight: 1080, audioKbps: 96 },
  high: { crf: 32, maxHeight: 720, audioKbps: 64 },
};

const AUDIO_LEVEL_KBPS: Record<Level, number> = { low: 192, medium: 128, high: 64 };

/** Below these a target size gives an unusable result, so it is refused instead. */
const MIN_VIDEO_KBPS = 64;
const MIN_AUDIO_KBPS = 32;
/** Share of a target size left for container overhead. */
const CONTAINER_OVERHEAD = 0.03;

/** Kilobits per second that fill `targetKB` over `seconds`. */
function targetKbps(targetKB: number, seconds: number): number {
  return (targetKB * 1024 * 8 * (1 - CONTAINER_OVERHEAD)) / 1000 / seconds;
}

/** The smallest target size (KB) that still gives `kbps`. */
function sizeForKbps(kbps: number, seconds: number): number {
  return (kbps * 1000 * seconds) / 8 / 1024 / (1 - CONTAINER_OVERHEAD);
}

/** Video and audio bitrates that fill a target size (refused when too small to be usable). */
function videoRates(source: SourceWith<{ video: string }>, options: MediaCompressOptions): { rate: string[]; audioKbps: number } {
  const total = targetKbps(options.targetKB, source.durationSeconds);
  const audioKbps = source.audio ? Math.min(VIDEO_LEVELS[options.level].audioKbps, Math.max(MIN_AUDIO_KBPS, total * 0.2)) : 0;
  const videoKbps = Math.floor(total - audioKbps);
  if (videoKbps < MIN_VIDEO_KBPS) throw new ConvertError(targetTooSmall(sizeForKbps(MIN_VIDEO_KBPS + audioKbps, source.durationSeconds)));
  return { rate: ['-b:v', `${videoKbps}k`, '-maxrate', `${Math.floor(videoKbps * 1.5)}k`, '-bufsize', `${videoKbps * 2}k`], audioKbps };
}

/**
 * x264 and AAC arguments: at a level they need nothing from the probe (streams are picked by
 * specifier: the first video that is not a cover picture, the first audio if any), so the encode
 * can start beside it; a target size needs the probed source for its bitrates.
 */
function videoCompressArgs(inputPath: string, options: MediaCompressOptions, target?: ReturnType<typeof videoRates>): string[] {
  const level = VIDEO_LEVELS[options.level];
  const { rate, audioKbps } = target ?? { rate: ['-crf', String(level.crf)], audioKbps: level.audioKbps };
  // Every stream is re-encoded, so no codec needs naming; the audio options apply when there is audio.
  const codecs = containerOutputArgs(
    'mp4',
    { video: '', audio: '' },
    {
      video: ['-c:v', 'libx264', '-preset', 'medium', ...rate, '-pix_fmt', 'yuv420p'],
      audio: ['-c:a', 'aac', '-b:a', `${Math.floor(audioKbps)}k`],
      filter: `scale=-2:'min(${level.maxHeight},ih)'`,
    },
  );
  return [...safeInputArgs(inputPath), '-map', '0:V:0', '-map', '0:a:0?', ...codecs];
}

function audioBitrate(source: MediaSource, options: MediaCompressOptions): number {
  if (options.targetKB === 0) return AUDIO_LEVEL_KBPS[options.level];
  const kbps = Math.min(320, targetKbps(options.targetKB, source.durationSeconds));
  if (kbps < MIN_AUDIO_KBPS) throw new ConvertError(targetTooSmall(sizeForKbps(MIN_AUDIO_KBPS, source.durationSeconds)));
  return kbps;
}

/** A run after the probe: the job's own signal and the known duration. */
function afterProbe(source: MediaSource, ctx: ConvertContext): ProbedAlongside {
  return { signal: ctx.signal, durationSeconds: source.durationSeconds };
}

async function runCompression(step: MediaStep, run: ProbedAlongside, args: string[], extension: string) {
  const output = step.outputPath(extension);
  try {
    await runFfmpeg({ args: [...args, output], signal: run.signal, durationSeconds: run.durationSeconds, onProgress: step.onProgress });
  } catch (error) {
    // Stopped or failed: what ffmpeg wrote so far is no one's file.
    await rm(output, { force: true });
    throw error;
  }
  return compressedOutput(step.input, { path: output, size: (await stat(output)).size, extension });
}

export const videoCompress: Converter<MediaCompressOptions> = {
  toolId: 'video-compress',
  options: compressOptions,
  engines: ['ffmpeg'],
  convert: ({ inputs, options }, ctx) =>
    convertEach('video-compress', inputs, ctx, async (step) => {
      if (options.targetKB === 0) return whileProbing(step.input, ctx, { video: NO_VIDEO }, (run) => runCompression(step, run, videoCompressArgs(step.input.path, options), 'mp4'));
      const source = await openMediaSource(step.input, ctx, { video: NO_VIDEO });
      return runCompression(step, afterProbe(source, ctx), videoCompressArgs(step.input.path, options, videoRates(source, options)), 'mp4');
    }),
};

export const audioCompress: Converter<MediaCompressOptions> = {
  toolId: 'audio-compress',
  options: compressOptions,
  engines: ['ffmpeg'],
  convert: ({ inputs, options }, ctx) =>
    convertEach('audio-compress', inputs, ctx, async (step) => {
      const source = await openMediaSource(step.input, ctx, { audio: NO_AUDIO });
      const format = keptAudioFormat(step.input.type, false);
      const args = [...safeInputArgs(step.input.path), '-map', `0:${source.audio.index}`, ...audioOutputArgs(format, audioBitrate(source, options))];
      return runCompression(step, afterProbe(source, ctx), args, format);
    }),
};
