// What ffmpeg and ffprobe may open for a visitor's file: local files only (no network protocols),
// and only demuxers of self-contained media. Playlists (HLS, ffconcat) name other files or URLs,
// so a file that is one is refused before any engine reads it.
import { open } from 'node:fs/promises';
import { ConvertError } from '../errors';

export const PLAYLIST_REFUSED = '不支持播放列表类文件（其中引用了其他文件或网址），请上传音视频文件本身';

/**
 * Demuxers of the audio and video types the catalogue accepts (mov covers mp4, m4a and 3gp;
 * matroska covers webm; asf covers wmv and wma), plus the single-image ones image tools use.
 */
const MEDIA_DEMUXERS = ['mov', 'matroska', 'avi', 'flv', 'asf', 'mp3', 'wav', 'aac', 'flac', 'ogg', 'amr', 'amrnb', 'amrwb'];
const IMAGE_DEMUXERS = ['bmp_pipe', 'ico'];

/** Options placed before `-i`: no protocol but local files and pipes, no demuxer outside the list. */
export const SAFE_INPUT_OPTIONS: readonly string[] = [
  '-protocol_whitelist',
  'file,pipe',
  '-format_whitelist',
  [...MEDIA_DEMUXERS, ...IMAGE_DEMUXERS].join(','),
];

/** Text that starts a playlist or concat script (after optional BOM and blank space). */
const PLAYLIST_HEAD = /^(?:\uFEFF)?\s*(?:#EXTM3U|ffconcat|\[playlist\]|<\?xml[^>]*>\s*<(?:smil|playlist|asx)|<asx)/i;

const HEAD_BYTES = 512;

/** Refuses a file whose first bytes are a playlist, whatever its name says. */
export async function refusePlaylist(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    if (PLAYLIST_HEAD.test(head.subarray(0, bytesRead).toString('latin1'))) throw new ConvertError(PLAYLIST_REFUSED);
  } finally {
    await handle.close();
  }
}

/** `-i file` with the safety options; `-f demuxer` forces one where probing by content could pick another. */
export function safeInputArgs(file: string, demuxer?: string): string[] {
  return [...SAFE_INPUT_OPTIONS, ...(demuxer ? ['-f', demuxer] : []), '-i', `file:${file}`];
}
