// ffprobe of a visitor's file: container, duration and streams, read through the same input
// safety options as ffmpeg itself.
import { ConvertError } from '../errors';
import { refusePlaylist, safeInputArgs } from './ffmpeg-input';
import { EngineFailedError, runEngine } from './run';

export const MEDIA_UNREADABLE = '文件已损坏或格式无法识别';

export type StreamKind = 'video' | 'audio' | 'subtitle' | 'data' | 'attachment';

export interface MediaStream {
  index: number;
  kind: StreamKind;
  codec: string;
  width?: number;
  height?: number;
  sampleRate?: number;
  channels?: number;
  /** Bits per second, when the container says. */
  bitRate?: number;
  /** An mp3's or m4a's embedded cover picture shows up as a video stream; it is not a video. */
  isCoverArt: boolean;
}

export interface MediaInfo {
  /** ffprobe's demuxer name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatName: string;
  /** 0 when neither the container nor any stream says. */
  durationSeconds: number;
  bitRate?: number;
  streams: MediaStream[];
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string; bit_rate?: string };
  streams?: Array<{
    index: number;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    sample_rate?: string;
    channels?: number;
    bit_rate?: string;
    duration?: string;
    disposition?: { attached_pic?: number };
  }>;
}

function positiveNumber(text: string | undefined): number | undefined {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export interface ProbeOptions {
  signal?: AbortSignal;
  /** Forces a demuxer (image formats whose content probe is ambiguous). */
  demuxer?: string;
}

export async function probeMedia(file: string, options: ProbeOptions = {}): Promise<MediaInfo> {
  await refusePlaylist(file);
  return probeStreams(file, options);
}

/** probeMedia for a file already known not to be a playlist. */
export async function probeStreams(file: string, { signal, demuxer }: ProbeOptions = {}): Promise<MediaInfo> {
  let json: ProbeJson;
  try {
    const { stdout } = await runEngine('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...safeInputArgs(file, demuxer)], { signal });
    json = JSON.parse(stdout.toString('utf8')) as ProbeJson;
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ConvertError(MEDIA_UNREADABLE, { cause: error });
    throw error;
  }
  const streams: MediaStream[] = (json.streams ?? []).map((s) => ({
    index: s.index,
    kind: (s.codec_type ?? 'data') as StreamKind,
    codec: s.codec_name ?? '',
    width: s.width,
    height: s.height,
    sampleRate: positiveNumber(s.sample_rate),
    channels: s.channels,
    bitRate: positiveNumber(s.bit_rate),
    isCoverArt: s.disposition?.attached_pic === 1,
  }));
  const streamDurations = (json.streams ?? []).map((s) => positiveNumber(s.duration) ?? 0);
  return {
    formatName: json.format?.format_name ?? '',
    durationSeconds: positiveNumber(json.format?.duration) ?? Math.max(0, ...streamDurations),
    bitRate: positiveNumber(json.format?.bit_rate),
    streams,
  };
}
