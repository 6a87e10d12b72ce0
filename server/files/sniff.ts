// File type from the first bytes, not from the name. Containers (zip, OLE compound files, MP4, ASF,
// XML) and plain text cannot say which format they hold, so there the name's extension decides,
// but only when the bytes are that kind of container.
// The core entry: buffer sniffing needs no Node stream helpers, and it resolves under jest's CommonJS too.
import { fileTypeFromBuffer } from 'file-type/core';

/** Bytes read before deciding; file-type needs at most this many. */
export const SNIFF_BYTES = 4100;

/** Sniffed container → the extensions it may legitimately carry. */
const CONTAINERS: Record<string, readonly string[]> = {
  zip: ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub', 'ofd', 'wps'],
  cfb: ['doc', 'xls', 'ppt', 'wps'],
  mp4: ['mp4', 'm4v', 'm4a', 'mov', '3gp'],
  mov: ['mov', 'mp4', 'm4v'],
  m4a: ['m4a', 'mp4'],
  '3gp': ['3gp', 'mp4'],
  asf: ['wma', 'wmv'],
  mobi: ['mobi', 'azw3'],
  xml: ['svg'],
  tif: ['tiff'],
  jpg: ['jpeg'],
};

/** Formats file-type cannot see because they are text. */
const TEXT_TYPES = new Set(['txt', 'csv', 'dxf', 'svg']);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function looksLikeText(head: Buffer): boolean {
  return head.length > 0 && !head.includes(0);
}

function textTypeMatches(ext: string, head: Buffer): boolean {
  const text = head.toString('utf8');
  if (ext === 'svg') return /<svg[\s>]/i.test(text);
  if (ext === 'dxf') return /^\s*0\s*\r?\n\s*SECTION/.test(text) || /^\s*999\s*\r?\n/.test(text);
  return true;
}

/**
 * DWG names its release in its first six bytes: AC1012 (R13) to AC1032 (2018 and later), the
 * releases LibreDWG reads; file-type has no signature for DWG.
 */
const DWG_RELEASE = /^AC10(1[2-9]|2\d|3[0-2])/;

/** The type to give the converter, or undefined when the bytes are not an accepted format. */
export async function sniffType(head: Buffer, fileName: string, accept: readonly string[]): Promise<string | undefined> {
  const named = extensionOf(fileName);
  if (accept.includes('dwg') && DWG_RELEASE.test(head.subarray(0, 6).toString('latin1'))) return 'dwg';
  const found = await fileTypeFromBuffer(head);
  if (found) {
    if (accept.includes(found.ext)) return found.ext;
    const carried = CONTAINERS[found.ext];
    if (carried?.includes(named) && accept.includes(named)) {
      return named === 'svg' && !textTypeMatches('svg', head) ? undefined : named;
    }
    return undefined;
  }
  if (TEXT_TYPES.has(named) && accept.includes(named) && looksLikeText(head) && textTypeMatches(named, head)) return named;
  return undefined;
}
