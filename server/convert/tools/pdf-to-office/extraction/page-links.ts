// Link annotations of a page → the characters they cover. Only targets that are safe to hand to a
// reader's click survive: web and mail addresses (http, https, mailto) and pages of the document.
// A javascript:, file:, launch or any other scheme is hostile input and is dropped, so its text
// stays plain text.
import { containsPoint, type LinkTarget, type PdfLine, type PdfLink } from '../page-content';

/** [x0, y0, x1, y1, uri, target page (1-based, 0 for none)], as the page dump prints it. */
export type RawLink = [number, number, number, number, string, number];

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
/** Word refuses longer addresses (2,083 characters, as Internet Explorer did). */
const MAX_URI_LENGTH = 2000;
/** Points a character's centre may lie outside the rectangle (annotation boxes are drawn tight). */
const TOLERANCE = 1;

/** A URI a writer may emit, normalised (`new URL` escapes spaces and quotes), or undefined. */
export function safeUri(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    return undefined;
  }
  if (!SAFE_SCHEMES.has(url.protocol) || url.href.length > MAX_URI_LENGTH) return undefined;
  if (url.protocol !== 'mailto:' && !url.hostname) return undefined;
  return url.href;
}

export function linkFromRaw([x0, y0, x1, y1, uri, page]: RawLink): PdfLink | undefined {
  if (!(x1 > x0 && y1 > y0)) return undefined;
  let target: LinkTarget | undefined;
  if (page > 0) target = { page };
  else if (!uri.startsWith('#')) {
    const safe = safeUri(uri);
    target = safe === undefined ? undefined : { uri: safe };
  }
  return target && { box: { x0, y0, x1, y1 }, target };
}

/**
 * Each character whose centre lies in a link's rectangle takes that link's target (the smallest
 * rectangle wins); a space at the rectangle's edge does not, so the link is the words alone.
 */
export function attachLinks(lines: readonly PdfLine[], links: readonly PdfLink[]): void {
  if (links.length === 0) return;
  const bySize = [...links].sort((a, b) => (a.box.x1 - a.box.x0) * (a.box.y1 - a.box.y0) - (b.box.x1 - b.box.x0) * (b.box.y1 - b.box.y0));
  for (const line of lines) {
    for (const c of line.chars) {
      const x = (c.box.x0 + c.box.x1) / 2;
      const y = (c.box.y0 + c.box.y1) / 2;
      const link = bySize.find(({ box }) => containsPoint(box, x, y, TOLERANCE));
      if (link) c.link = link.target;
    }
    line.chars.forEach((c, i) => {
      if (c.link && c.text.trim() === '' && !(sameLink(line.chars[i - 1]?.link, c.link) && sameLink(line.chars[i + 1]?.link, c.link))) delete c.link;
    });
  }
}

/** Same link: targets are shared per annotation, and two annotations to one place read as one. */
export function sameLink(a: LinkTarget | undefined, b: LinkTarget | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return 'uri' in a ? 'uri' in b && a.uri === b.uri : 'page' in b && a.page === b.page;
}
