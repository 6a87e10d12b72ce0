// Audio output formats: muxer and encoder per format, at a default quality or at a bitrate.
import { z } from 'zod';

export const AUDIO_FORMAT_NAMES = ['mp3', 'wav', 'aac', 'flac', 'ogg', 'm4a'] as const;
export type AudioFormat = (typeof AUDIO_FORMAT_NAMES)[number];

interface AudioFormatSpec {
  muxer: string;
  encoder: string;
  /** Lossless formats have no bitrate to choose. */
  lossless: boolean;
  /** Encoder settings when no bitrate is asked for. */
  quality: readonly string[];
  muxerOptions: readonly string[];
}

export const AUDIO_FORMATS: Record<AudioFormat, AudioFormatSpec> = {
  mp3: { muxer: 'mp3', encoder: 'libmp3lame', lossless: false, quality: ['-q:a', '2'], muxerOptions: [] },
  wav: { muxer: 'wav', encoder: 'pcm_s16le', lossless: true, quality: [], muxerOptions: [] },
  aac: { muxer: 'adts', encoder: 'aac', lossless: false, quality: ['-b:a', '192k'], muxerOptions: [] },
  flac: { muxer: 'flac', encoder: 'flac', lossless: true, quality: [], muxerOptions: [] },
  ogg: { muxer: 'ogg', encoder: 'libvorbis', lossless: false, quality: ['-q:a', '5'], muxerOptions: [] },
  m4a: { muxer: 'ipod', encoder: 'aac', lossless: false, quality: ['-b:a', '192k'], muxerOptions: ['-movflags', '+faststart'] },
};

export const audioFormatOption = z.enum(AUDIO_FORMAT_NAMES).default('mp3');

/** LAME writes only these constant bitrates and rounds others up, which would overshoot a target size. */
const MP3_BITRATES = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

export function isAudioFormat(type: string): type is AudioFormat {
  return (AUDIO_FORMAT_NAMES as readonly string[]).includes(type);
}

/** The input's own format when we can write it, else mp3; lossless only when `allowLossless`. */
export function keptAudioFormat(inputType: string, allowLossless: boolean): AudioFormat {
  if (!isAudioFormat(inputType)) return 'mp3';
  return AUDIO_FORMATS[inputType].lossless && !allowLossless ? 'mp3' : inputType;
}

/** Encoder and muxer arguments (audio only; `-vn` drops video and cover art). */
export function audioOutputArgs(format: AudioFormat, bitrateKbps?: number): string[] {
  const spec = AUDIO_FORMATS[format];
  let rate = spec.quality;
  if (bitrateKbps !== undefined && !spec.lossless) {
    const kbps = format === 'mp3' ? Math.max(...MP3_BITRATES.filter((b) => b <= bitrateKbps), MP3_BITRATES[0]) : Math.floor(bitrateKbps);
    rate = ['-b:a', `${kbps}k`];
  }
  return ['-vn', '-sn', '-dn', '-c:a', spec.encoder, ...rate, ...spec.muxerOptions, '-f', spec.muxer];
}
