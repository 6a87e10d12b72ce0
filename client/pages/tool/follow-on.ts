// 继续处理: the tools a finished result can go on to without being downloaded and uploaded again
// (moreConvert / moreConvertMiddle on the server). Chosen by the results' type, in the order a
// visitor most often wants them; a tool that cannot take them all (type, count) is left out, and
// tools that edit a local file in the page (crop box, waveform, ID photo) are never offered.
import { findTool, type Tool } from '../../../shared/catalogue';
import { extensionOf, type Tier } from './file-checks';

const IMAGE_NEXT = ['img-compress', 'img-convert', 'jpg-to-pdf', 'img-to-txt'];
const AUDIO_NEXT = ['audio-compress', 'audio-to-audio'];
const VIDEO_NEXT = ['video-compress', 'video-to-audio', 'video-to-video'];

const NEXT_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  pdf: ['pdf-compress', 'pdf-to-word', 'pdf-split', 'pdf-merge', 'watermark', 'pdf-to-jpg', 'pdf-lock', 'pdf-add-page-number', 'pdf-rotate'],
  jpg: IMAGE_NEXT,
  jpeg: IMAGE_NEXT,
  png: IMAGE_NEXT,
  webp: IMAGE_NEXT,
  bmp: IMAGE_NEXT,
  gif: IMAGE_NEXT,
  tiff: IMAGE_NEXT,
  docx: ['word-to-pdf'],
  xlsx: ['excel-to-pdf'],
  pptx: ['ppt-to-pdf'],
  epub: ['epub-to-pdf', 'epub-mobi-azw3'],
  mp3: AUDIO_NEXT,
  wav: AUDIO_NEXT,
  m4a: AUDIO_NEXT,
  mp4: VIDEO_NEXT,
  webm: VIDEO_NEXT,
};

/** At most this many buttons under a result. */
const MAX_OFFERED = 4;

/**
 * The tools offered for these result files: all of one type the tool takes, no more files than
 * the visitor's tier may send it, merge only for two or more, never the tool that made them.
 */
export function followOnTools(fromTool: string, fileNames: readonly string[], tier: Tier, unavailable: Readonly<Record<string, string>>): Tool[] {
  const types = new Set(fileNames.map(extensionOf));
  if (types.size !== 1) return [];
  const [type] = [...types];
  const offered: Tool[] = [];
  for (const id of NEXT_BY_TYPE[type!] ?? []) {
    const tool = findTool(id);
    if (!tool || id === fromTool || unavailable[id]) continue;
    if (!tool.accept.includes(type!) || fileNames.length > tool.maxFiles[tier]) continue;
    if (id === 'pdf-merge' && fileNames.length < 2) continue;
    offered.push(tool);
    if (offered.length === MAX_OFFERED) break;
  }
  return offered;
}

/** The target tool's page with the result named, for its workbench to take over (UploadPanel). */
export function followOnHref(tool: Tool, taskId: string): string {
  return `${tool.path}?from=${encodeURIComponent(taskId)}`;
}
