// video-to-video: into mp4, webm, mov, avi, mkv, flv (stream copy when the codecs fit) or GIF.
import { z } from 'zod';
import { ConvertError } from '../../errors';
import { runFfmpeg, safeInputArgs } from '../../engines/ffmpeg';
import type { Converter } from '../../types';
import { outputName } from '../pdf-render/output-name';
import { convertEach } from './media-job';
import { openMediaSource } from './media-source';
import { GIF_TOO_LONG, NO_VIDEO } from './messages';
import { containerOutputArgs, GIF_ARGS, GIF_MAX_SECONDS, videoFormatOption } from './video-formats';

const videoToVideoOptions = z.object({ format: videoFormatOption });
type VideoToVideoOptions = z.infer<typeof videoToVideoOptions>;

export const videoToVideo: Converter<VideoToVideoOptions> = {
  toolId: 'video-to-video',
  options: videoToVideoOptions,
  engines: ['ffmpeg'],
  convert: ({ inputs, options: { format } }, ctx) =>
    convertEach('video-to-video', inputs, ctx, async ({ input, outputPath, onProgress }) => {
      const source = await openMediaSource(input, ctx, { video: NO_VIDEO });
      const { video } = source;
      if (format === 'gif' && source.durationSeconds > GIF_MAX_SECONDS) throw new ConvertError(GIF_TOO_LONG);
      const streams = ['-map', `0:${video.index}`, ...(source.audio && format !== 'gif' ? ['-map', `0:${source.audio.index}`] : [])];
      const codecs = format === 'gif' ? GIF_ARGS : containerOutputArgs(format, { video: video.codec, audio: source.audio?.codec });
      const output = outputPath(format);
      await runFfmpeg({
        args: [...safeInputArgs(input.path), ...streams, ...codecs, output],
        signal: ctx.signal,
        durationSeconds: source.durationSeconds,
        onProgress,
      });
      return { name: outputName(input.name, '', format), path: output };
    }),
};
