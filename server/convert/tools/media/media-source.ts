// Opens a visitor's audio or video file: probed through the engine's safety options, refused when
// longer than the tier allows or missing the stream the tool needs. Work whose ffmpeg arguments
// need nothing from the probe can start beside it (whileProbing).
import { ConvertError } from '../../errors';
import { probeMedia, probeStreams, refusePlaylist, type MediaInfo, type MediaStream, type OutputSeconds } from '../../engines/ffmpeg';
import type { ConvertContext, ConvertInput } from '../../types';
import { checkDuration, MAX_DURATION_SECONDS } from './duration-limits';
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
  return checkedSource(input, ctx, required, await probeMedia(input.path, { signal: ctx.signal }));
}

function checkedSource<R extends StreamRequirement>(input: ConvertInput, ctx: ConvertContext, required: R, info: MediaInfo): SourceWith<R> {
  if (!(info.durationSeconds > 0)) throw new ConvertError(DURATION_UNKNOWN);
  checkDuration(info.durationSeconds, ctx.tier);
  const audio = info.streams.find((s) => s.kind === 'audio');
  const video = info.streams.find((s) => s.kind === 'video' && !s.isCoverArt);
  if (required.audio && !audio) throw new ConvertError(required.audio);
  if (required.video && !video) throw new ConvertError(required.video);
  return { input, info, durationSeconds: info.durationSeconds, audio, video } as SourceWith<R>;
}

/** What work started beside the probe is given: a signal that stops it if the probe refuses the file, and the file's duration as ffmpeg runs take it. */
export interface ProbedAlongside {
  signal: AbortSignal;
  durationSeconds: OutputSeconds;
}

/**
 * Runs `work` while the file is probed, instead of after: each ffmpeg start costs ~60 ms on
 * Debian (it loads some 200 shared libraries), a twentieth of a short clip's encode. Only for
 * work whose arguments need nothing from the probe. A file the probe refuses stops the work; its
 * process has exited before the refusal is thrown, so nothing it wrote can be handed out, and
 * the visitor sees the probe's message. Playlists are refused before either starts.
 */
export async function whileProbing<R extends StreamRequirement, T>(input: ConvertInput, ctx: ConvertContext, required: R, work: (alongside: ProbedAlongside) => Promise<T>): Promise<T> {
  await refusePlaylist(input.path);
  const stop = new AbortController();
  const stopWithJob = () => stop.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', stopWithJob, { once: true });
  try {
    // Called first, the probe asks for its engine slot before the work does: a busy server checks the file first.
    const source = probeStreams(input.path, { signal: ctx.signal }).then((info) => checkedSource(input, ctx, required, info));
    const known = source.then((s) => s.durationSeconds);
    known.catch(() => {}); // a refusal is reported below, whether or not the work reads the duration
    const working = work({ signal: stop.signal, durationSeconds: { atMost: MAX_DURATION_SECONDS[ctx.tier], known } });
    // Observed now: the work may fail before the probe has answered.
    const workSettled = working.then(() => undefined, () => undefined);
    try {
      await source;
    } catch (refusal) {
      stop.abort(refusal);
      await workSettled;
      throw refusal;
    }
    return await working;
  } finally {
    ctx.signal.removeEventListener('abort', stopWithJob);
  }
}
