// video-compress and audio-compress: a level (how hard to squeeze) or a target size, from which
// the bitrate follows from the duration. The visitor never gets a file bigger than the upload.
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import { runFfmpeg, safeInputArgs } from '../../engines/ffmpeg';
import type { Converter, ConvertContext } from '../../types';
import { audioOutputArgs, keptAudioFormat } from './audio-formats';
import { compressedOutput } from './compressed-output';
import { convertEach, type MediaStep } from './media-job';
import { openMediaSource, type MediaSource, type SourceWith } from './media-source';
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

/** x264 and AAC arguments for a level or a target size. */
function videoCompressArgs(source: SourceWith<{ video: string }>, options: MediaCompressOptions): string[] {
  const level = VIDEO_LEVELS[options.level];
  let audioKbps = level.audioKbps;
  let rate = ['-crf', String(level.crf)];
  if (options.targetKB > 0) {
    const total = targetKbps(options.targetKB, source.durationSeconds);
    audioKbps = source.audio ? Math.min(level.audioKbps, Math.max(MIN_AUDIO_KBPS, total * 0.2)) : 0;
    const videoKbps = Math.floor(total - audioKbps);
    if (videoKbps < MIN_VIDEO_KBPS) throw new ConvertError(targetTooSmall(sizeForKbps(MIN_VIDEO_KBPS + audioKbps, source.durationSeconds)));
    rate = ['-b:v', `${videoKbps}k`, '-maxrate', `${Math.floor(videoKbps * 1.5)}k`, '-bufsize', `${videoKbps * 2}k`];
  }
  const streams = ['-map', `0:${source.video.index}`, ...(source.audio ? ['-map', `0:${source.audio.index}`] : [])];
  const codecs = containerOutputArgs(
    'mp4',
    { video: source.video.codec, audio: source.audio?.codec },
    {
      video: ['-c:v', 'libx264', '-preset', 'medium', ...rate, '-pix_fmt', 'yuv420p'],
      audio: ['-c:a', 'aac', '-b:a', `${Math.floor(audioKbps)}k`],
      filter: `scale=-2:'min(${level.maxHeight},ih)'`,
    },
  );
  return [...safeInputArgs(source.input.path), ...streams, ...codecs];
}

function audioBitrate(source: MediaSource, options: MediaCompressOptions): number {
  if (options.targetKB === 0) return AUDIO_LEVEL_KBPS[options.level];
  const kbps = Math.min(320, targetKbps(options.targetKB, source.durationSeconds));
  if (kbps < MIN_AUDIO_KBPS) throw new ConvertError(targetTooSmall(sizeForKbps(MIN_AUDIO_KBPS, source.durationSeconds)));
  return kbps;
}

async function runCompression(step: MediaStep, ctx: ConvertContext, source: MediaSource, args: string[], extension: string) {
  const output = step.outputPath(extension);
  await runFfmpeg({ args: [...args, output], signal: ctx.signal, durationSeconds: source.durationSeconds, onProgress: step.onProgress });
  return compressedOutput(step.input, { path: output, size: (await stat(output)).size, extension });
}

export const videoCompress: Converter<MediaCompressOptions> = {
  toolId: 'video-compress',
  options: compressOptions,
  engines: ['ffmpeg'],
  convert: ({ inputs, options }, ctx) =>
    convertEach('video-compress', inputs, ctx, async (step) => {
      const source = await openMediaSource(step.input, ctx, { video: NO_VIDEO });
      return runCompression(step, ctx, source, videoCompressArgs(source, options), 'mp4');
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
      return runCompression(step, ctx, source, args, format);
    }),
};
