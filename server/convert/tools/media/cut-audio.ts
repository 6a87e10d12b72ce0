// cut-audio: the part between start and end (SPEC §3 times, hh:mm:ss.t), re-encoded so the cut is
// exact to the sample rather than to the nearest packet.
import { z } from 'zod';
import { ConvertError } from '../../errors';
import { runFfmpeg, safeInputArgs } from '../../engines/ffmpeg';
import { parseMediaTime } from '../../../../shared/format';
import type { Converter } from '../../types';
import { outputName } from '../pdf-render/output-name';
import { AUDIO_FORMAT_NAMES, audioOutputArgs, keptAudioFormat } from './audio-formats';
import { convertEach } from './media-job';
import { openMediaSource } from './media-source';
import { BAD_TIME, END_NOT_AFTER_START, NO_AUDIO, rangeOutside } from './messages';

const cutAudioOptions = z.object({
  start: z.string().max(20).default('00:00:00.0'),
  /** Empty means the end of the file. */
  end: z.string().max(20).default(''),
  /** `same` keeps the input's format where we can write it. */
  format: z.enum(['same', ...AUDIO_FORMAT_NAMES]).default('same'),
});
type CutAudioOptions = z.infer<typeof cutAudioOptions>;

/** Rounding to tenths may put the end of a file a little past its last sample. */
const END_TOLERANCE_SECONDS = 0.05;

function parsedTime(text: string): number {
  const seconds = parseMediaTime(text);
  if (seconds === null) throw new ConvertError(BAD_TIME);
  return seconds;
}

export interface CutRange {
  start: number;
  end: number;
}

/** The range in seconds, checked against the file's duration. */
export function cutRange(options: Pick<CutAudioOptions, 'start' | 'end'>, durationSeconds: number): CutRange {
  const start = parsedTime(options.start);
  const end = options.end.trim() === '' ? durationSeconds : parsedTime(options.end);
  if (start >= durationSeconds || end > durationSeconds + END_TOLERANCE_SECONDS) throw new ConvertError(rangeOutside(durationSeconds));
  if (end <= start) throw new ConvertError(END_NOT_AFTER_START);
  return { start, end: Math.min(end, durationSeconds) };
}

export const cutAudio: Converter<CutAudioOptions> = {
  toolId: 'cut-audio',
  options: cutAudioOptions,
  engines: ['ffmpeg'],
  convert: ({ inputs, options }, ctx) =>
    convertEach('cut-audio', inputs, ctx, async ({ input, outputPath, onProgress }) => {
      const source = await openMediaSource(input, ctx, { audio: NO_AUDIO });
      const { start, end } = cutRange(options, source.durationSeconds);
      const format = options.format === 'same' ? keptAudioFormat(input.type, true) : options.format;
      const output = outputPath(format);
      // -ss before -i seeks the demuxer; decoding then trims to the exact sample.
      const args = ['-ss', start.toFixed(3), '-t', (end - start).toFixed(3), ...safeInputArgs(input.path), '-map', `0:${source.audio.index}`, ...audioOutputArgs(format), output];
      await runFfmpeg({ args, signal: ctx.signal, durationSeconds: end - start, onProgress });
      return { name: outputName(input.name, '-剪切', format), path: output };
    }),
};
