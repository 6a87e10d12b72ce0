// Opens a visitor's audio or video file: probed through the engine's safety options, refused when
// longer than the tier allows or missing the stream the tool needs.
import { ConvertError } from '../../errors';
import { probeMedia, type MediaInfo, type MediaStream } from '../../engines/ffmpeg';
import type { ConvertContext, ConvertInput } from '../../types';
import { checkDuration } from './duration-limits';
import { DURATION_UNKNOWN } from './messages';

export interface MediaSource {
  input: ConvertInput;
  info: MediaInfo;
  durationSeconds: number;
  audio?: MediaStream;
  /** The first real video stream (cover art does not count). */
  video?: MediaStream;
}

export interface StreamRequirement {
  /** Message when the file has no audio stream; absent when audio is optional. */
  audio?: string;
  video?: string;
}

/** A source whose required streams are known to be there. */
export type SourceWith<R extends StreamRequirement> = MediaSource & { [K in keyof R & keyof StreamRequirement]-?: MediaStream };

export async function openMediaSource<R extends StreamRequirement>(input: ConvertInput, ctx: ConvertContext, required: R): Promise<SourceWith<R>> {
  const info = await probeMedia(input.path, { signal: ctx.signal });
  if (!(info.durationSeconds > 0)) throw new ConvertError(DURATION_UNKNOWN);
  checkDuration(info.durationSeconds, ctx.tier);
  const audio = info.streams.find((s) => s.kind === 'audio');
  const video = info.streams.find((s) => s.kind === 'video' && !s.isCoverArt);
  if (required.audio && !audio) throw new ConvertError(required.audio);
  if (required.video && !video) throw new ConvertError(required.video);
  return { input, info, durationSeconds: info.durationSeconds, audio, video } as SourceWith<R>;
}
