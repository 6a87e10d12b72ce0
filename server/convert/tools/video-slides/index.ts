// video-to-pdf and video-to-ppt: key frames found by scene change (and at least one every N
// seconds), near-duplicates dropped, one page or slide per frame.
import { mkdir } from 'node:fs/promises';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter, ConvertOutput } from '../../types';
import { convertEach } from '../media/media-job';
import { openMediaSource } from '../media/media-source';
import { NO_VIDEO } from '../media/messages';
import { outputName } from '../pdf-render/output-name';
import { distinctFrames, thinFrames } from './dedupe';
import { extractKeyFrames, type KeyFrame } from './keyframes';
import { NO_FRAMES } from './messages';
import { writeFramesPdf, writeFramesPptx } from './writers';

export { distinctFrames, pictureDistance, samePicture, thinFrames, thumbnailOf, type Thumbnail } from './dedupe';
export { extractKeyFrames, frameTimes, selectExpression, type KeyFrame } from './keyframes';
export { writeFramesPdf, writeFramesPptx } from './writers';

const videoSlidesOptions = z.object({
  /** At least one frame every this many seconds. */
  interval: z.coerce.number().min(0.5).max(3600).default(10),
  /** Scene-change score (0–1) that starts a new slide; lower finds more changes. */
  scene: z.coerce.number().min(0.05).max(0.9).default(0.3),
});
export type VideoSlidesOptions = z.infer<typeof videoSlidesOptions>;

/** Pages or slides in one document at most; more are thinned evenly. */
export const MAX_SLIDES = 300;
/** Share of an input's progress the frame extraction takes (the rest is hashing and writing). */
const EXTRACT_SHARE = 0.8;

function videoSlides(toolId: string, extension: 'pdf' | 'pptx', write: (frames: readonly KeyFrame[], file: string) => Promise<void>): Converter<VideoSlidesOptions> {
  return {
    toolId,
    options: videoSlidesOptions,
    engines: ['ffmpeg'],
    convert: ({ inputs, options }, ctx) =>
      convertEach(toolId, inputs, ctx, async ({ input, outputPath, onProgress }): Promise<ConvertOutput> => {
        const source = await openMediaSource(input, ctx, { video: NO_VIDEO });
        const output = outputPath(extension);
        const dir = `${output}.frames`;
        await mkdir(dir);
        const found = await extractKeyFrames(source, options, dir, {
          signal: ctx.signal,
          onProgress: (fraction) => onProgress(fraction * EXTRACT_SHARE),
        });
        const frames = thinFrames(await distinctFrames(found, ctx.signal), MAX_SLIDES);
        if (frames.length === 0) throw new ConvertError(NO_FRAMES);
        await write(frames, output);
        onProgress(1);
        return { name: outputName(input.name, '', extension), path: output };
      }),
  };
}

export const videoToPdf = videoSlides('video-to-pdf', 'pdf', writeFramesPdf);
export const videoToPpt = videoSlides('video-to-ppt', 'pptx', writeFramesPptx);

export const videoSlidesConverters: Converter<any>[] = [videoToPdf, videoToPpt];
