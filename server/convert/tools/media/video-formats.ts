// Video output formats: muxer, encoders, and which codecs each container takes as they are, so a
// change of container alone is a fast stream copy instead of a re-encode.
import { z } from 'zod';

export const VIDEO_FORMAT_NAMES = ['mp4', 'webm', 'mov', 'avi', 'mkv', 'flv', 'gif'] as const;
export type VideoFormat = (typeof VIDEO_FORMAT_NAMES)[number];

/** 4:2:0 video needs even dimensions. */
const EVEN_SIZE = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';

export const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'] as const;
const VP9 = ['-c:v', 'libvpx-vp9', '-deadline', 'good', '-cpu-used', '5', '-row-mt', '1', '-crf', '33', '-b:v', '0', '-pix_fmt', 'yuv420p'];
const MPEG4 = ['-c:v', 'mpeg4', '-q:v', '4', '-tag:v', 'XVID', '-pix_fmt', 'yuv420p'];
export const AAC = ['-c:a', 'aac', '-b:a', '160k'] as const;
const OPUS = ['-c:a', 'libopus', '-b:a', '128k'];
const MP3 = ['-c:a', 'libmp3lame', '-q:a', '3'];

interface VideoFormatSpec {
  muxer: string;
  video: readonly string[];
  audio: readonly string[];
  copyableVideo: readonly string[];
  copyableAudio: readonly string[];
  muxerOptions: readonly string[];
}

type ContainerFormat = Exclude<VideoFormat, 'gif'>;

export const VIDEO_FORMATS: Record<ContainerFormat, VideoFormatSpec> = {
  mp4: { muxer: 'mp4', video: H264, audio: AAC, copyableVideo: ['h264', 'hevc'], copyableAudio: ['aac', 'mp3'], muxerOptions: ['-movflags', '+faststart'] },
  mov: { muxer: 'mov', video: H264, audio: AAC, copyableVideo: ['h264', 'hevc'], copyableAudio: ['aac', 'mp3'], muxerOptions: ['-movflags', '+faststart'] },
  mkv: {
    muxer: 'matroska',
    video: H264,
    audio: AAC,
    copyableVideo: ['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4'],
    copyableAudio: ['aac', 'mp3', 'opus', 'vorbis', 'flac', 'ac3'],
    muxerOptions: [],
  },
  webm: { muxer: 'webm', video: VP9, audio: OPUS, copyableVideo: ['vp8', 'vp9', 'av1'], copyableAudio: ['opus', 'vorbis'], muxerOptions: [] },
  avi: { muxer: 'avi', video: MPEG4, audio: MP3, copyableVideo: ['mpeg4'], copyableAudio: ['mp3'], muxerOptions: [] },
  flv: { muxer: 'flv', video: H264, audio: AAC, copyableVideo: ['h264'], copyableAudio: ['aac', 'mp3'], muxerOptions: [] },
};

export const videoFormatOption = z.enum(VIDEO_FORMAT_NAMES).default('mp4');

export const GIF_MAX_SECONDS = 60;

/** 10 frames a second, at most 480 px wide, one palette made for the whole clip. */
export const GIF_ARGS = [
  '-an',
  '-vf',
  "fps=10,scale='min(480,iw)':-1:flags=lanczos,split[frames][forPalette];[forPalette]palettegen=stats_mode=diff[palette];[frames][palette]paletteuse=dither=bayer:bayer_scale=3",
  '-f',
  'gif',
];

export interface StreamCodecs {
  video: string;
  /** Absent when the input has no audio. */
  audio?: string;
}

/** Codec and muxer arguments; streams the container takes as they are are copied. */
export function containerOutputArgs(format: ContainerFormat, codecs: StreamCodecs, encode: { video?: readonly string[]; audio?: readonly string[]; filter?: string } = {}): string[] {
  const spec = VIDEO_FORMATS[format];
  const copyVideo = !encode.video && !encode.filter && spec.copyableVideo.includes(codecs.video);
  const copyAudio = !encode.audio && codecs.audio !== undefined && spec.copyableAudio.includes(codecs.audio);
  const filters = [encode.filter, EVEN_SIZE].filter(Boolean).join(',');
  const video = copyVideo ? ['-c:v', 'copy'] : [...(encode.video ?? spec.video), '-vf', filters];
  const audio = codecs.audio === undefined ? [] : copyAudio ? ['-c:a', 'copy'] : [...(encode.audio ?? spec.audio)];
  return [...video, ...audio, '-sn', '-dn', ...spec.muxerOptions, '-f', spec.muxer];
}
