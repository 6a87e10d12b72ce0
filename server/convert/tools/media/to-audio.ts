// video-to-audio and audio-to-audio: the first audio stream re-encoded into the chosen format.
import { z } from 'zod';
import { runFfmpeg, safeInputArgs } from '../../engines/ffmpeg';
import type { Converter } from '../../types';
import { outputName } from '../pdf-render/output-name';
import { audioFormatOption, audioOutputArgs } from './audio-formats';
import { convertEach } from './media-job';
import { openMediaSource } from './media-source';
import { NO_AUDIO, NO_AUDIO_TRACK } from './messages';

const toAudioOptions = z.object({ format: audioFormatOption });
type ToAudioOptions = z.infer<typeof toAudioOptions>;

function audioConverter(toolId: string, noAudioMessage: string): Converter<ToAudioOptions> {
  return {
    toolId,
    options: toAudioOptions,
    engines: ['ffmpeg'],
    convert: ({ inputs, options }, ctx) =>
      convertEach(toolId, inputs, ctx, async ({ input, outputPath, onProgress }) => {
        const source = await openMediaSource(input, ctx, { audio: noAudioMessage });
        const output = outputPath(options.format);
        const args = [...safeInputArgs(input.path), '-map', `0:${source.audio.index}`, ...audioOutputArgs(options.format), output];
        await runFfmpeg({ args, signal: ctx.signal, durationSeconds: source.durationSeconds, onProgress });
        return { name: outputName(input.name, '', options.format), path: output };
      }),
  };
}

export const videoToAudio = audioConverter('video-to-audio', NO_AUDIO_TRACK);
export const audioToAudio = audioConverter('audio-to-audio', NO_AUDIO);
