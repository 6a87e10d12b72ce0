// PDF layout → an EPUB 3 package we write ourselves: reflowable XHTML chapters (split at the
// document's top headings, or every few pages when it has none), nav.xhtml with a table of contents
// and a page list, toc.ncx for EPUB 2 readers, images as package files. The zip starts with the
// `mimetype` entry, stored, as the OCF container format requires.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Block, PageLayout, ParagraphBlock } from '../pdf-to-office/layout/blocks';
import type { PdfImage } from '../pdf-to-office/page-content';
import { BASE_CSS, escapeXml, pageMarkup, paragraphText } from './markup';

/** Without headings to split at, a chapter holds this many pages. */
const PAGES_PER_CHAPTER = 10;
/** A chapter is cut at the next page once it runs this long, headings or not (readers slow down on huge files). */
const MAX_PAGES_PER_CHAPTER = 30;
const MAX_TITLE_CHARS = 80;

interface PagePart {
  page: PageLayout;
  blocks: Block[];
  /** The part begins the page (where the page-break marker goes). */
  startsPage: boolean;
}

interface Chapter {
  title: string;
  parts: PagePart[];
  /** Headings one level below the split level, listed under the chapter in the table of contents. */
  sections: ParagraphBlock[];
}

function headingsOf(pages: readonly PageLayout[], level: number): ParagraphBlock[] {
  return pages.flatMap((page) => page.blocks.filter((b): b is ParagraphBlock => b.kind === 'paragraph' && b.headingLevel === level));
}

const titleOf = (p: ParagraphBlock) => paragraphText(p).replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_CHARS);

function pageSpanTitle(parts: readonly PagePart[]): string {
  const first = parts[0].page.number;
  const last = parts.at(-1)!.page.number;
  return first === last ? `第 ${first} 页` : `第 ${first}–${last} 页`;
}

/** The highest heading level that occurs at least twice splits the book; otherwise page counts do. */
export function splitChapters(pages: readonly PageLayout[]): Chapter[] {
  const splitLevel = [1, 2].find((level) => headingsOf(pages, level).length >= 2);
  const chapters: { opener?: ParagraphBlock; parts: PagePart[]; sections: ParagraphBlock[]; startPage: number }[] = [];
  let current: (typeof chapters)[number] | undefined;
  for (const page of pages) {
    const pagesSoFar = current ? page.number - current.startPage : 0;
    const cutAtPage = !current || (splitLevel === undefined ? pagesSoFar >= PAGES_PER_CHAPTER : pagesSoFar >= MAX_PAGES_PER_CHAPTER);
    let part: PagePart = { page, blocks: [], startsPage: true };
    if (cutAtPage) {
      current = { parts: [], sections: [], startPage: page.number };
      chapters.push(current);
    }
    current!.parts.push(part);
    for (const block of page.blocks) {
      const heading = block.kind === 'paragraph' ? block.headingLevel : undefined;
      if (splitLevel !== undefined && heading === splitLevel && block.kind === 'paragraph') {
        const hasContent = current!.parts.some((p) => p.blocks.length > 0);
        if (hasContent) {
          part = { page, blocks: [], startsPage: false };
          current = { parts: [part], sections: [], startPage: page.number };
          chapters.push(current);
        }
        current!.opener ??= block;
      } else if (splitLevel !== undefined && heading === splitLevel + 1 && block.kind === 'paragraph') {
        current!.sections.push(block);
      }
      part.blocks.push(block);
    }
  }
  return chapters.map(({ opener, parts, sections }) => {
    const firstHeading = parts.flatMap((p) => p.blocks).find((b): b is ParagraphBlock => b.kind === 'paragraph' && b.headingLevel !== undefined);
    const heading = opener ?? firstHeading;
    return { title: (heading && titleOf(heading)) || pageSpanTitle(parts), parts, sections };
  });
}

const chapterFile = (index: number) => `text/chapter-${String(index + 1).padStart(3, '0')}.xhtml`;

function xhtmlDocument(title: string, body: string, stylesheet: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n` +
    `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="zh-CN" lang="zh-CN">\n` +
    `<head>\n<meta charset="utf-8" />\n<title>${escapeXml(title)}</title>\n<link rel="stylesheet" type="text/css" href="${stylesheet}" />\n</head>\n` +
    `<body>\n${body}\n</body>\n</html>\n`
  );
}

export interface EpubMetadata {
  title: string;
  /** Fixed in tests; a fresh one otherwise. */
  identifier?: string;
  modified?: Date;
}

export async function writeEpub(pages: readonly PageLayout[], file: string, metadata: EpubMetadata): Promise<void> {
  const chapters = splitChapters(pages);
  const headingIds = new Map<ParagraphBlock, string>();
  for (const page of pages) {
    for (const block of page.blocks) if (block.kind === 'paragraph' && block.headingLevel) headingIds.set(block, `heading-${headingIds.size + 1}`);
  }
  // Chapters sit side by side in text/, so a link to a page names the chapter file that starts it.
  const pageChapters = new Map<number, string>();
  chapters.forEach((chapter, index) => {
    for (const part of chapter.parts) if (part.startsPage) pageChapters.set(part.page.number, chapterFile(index).replace(/^text\//, ''));
  });
  const pageHref = (number: number) => {
    const chapter = pageChapters.get(number);
    return chapter && `${chapter}#page-${number}`;
  };
  const imageNames = new Map<string, string>();
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/epub+zip'), 'mimetype', { compress: false });
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n` +
        `<rootfiles>\n<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml" />\n</rootfiles>\n</container>\n`,
    ),
    'META-INF/container.xml',
  );
  // A reading system pages rather than scrolls: a listing's long lines wrap instead of running off the page.
  zip.addBuffer(Buffer.from(BASE_CSS + 'body { margin: 0 0.5em; }\npre { white-space: pre-wrap; overflow-wrap: anywhere; }\n'), 'OEBPS/style.css');

  chapters.forEach((chapter, index) => {
    const body = chapter.parts
      .map((part) => {
        const marker = part.startsPage ? `<span epub:type="pagebreak" role="doc-pagebreak" id="page-${part.page.number}" aria-label="${part.page.number}"></span>\n` : '';
        const imageSource = (image: PdfImage) => {
          let name = imageNames.get(image.file);
          if (!name) {
            name = `images/image-${String(imageNames.size + 1).padStart(4, '0')}.png`;
            imageNames.set(image.file, name);
            // PNGs are compressed already.
            zip.addFile(image.file, `OEBPS/${name}`, { compress: false });
          }
          return `../${name}`;
        };
        return marker + pageMarkup({ ...part.page, blocks: part.blocks }, { imageSource, headingId: (p) => headingIds.get(p), pageHref });
      })
      .join('\n');
    zip.addBuffer(Buffer.from(xhtmlDocument(chapter.title, body, '../style.css')), `OEBPS/${chapterFile(index)}`);
  });

  const tocEntries = chapters
    .map((chapter, index) => {
      const sections = chapter.sections.map((s) => `<li><a href="${chapterFile(index)}#${headingIds.get(s)}">${escapeXml(titleOf(s) || '…')}</a></li>`).join('');
      return `<li><a href="${chapterFile(index)}">${escapeXml(chapter.title)}</a>${sections ? `<ol>${sections}</ol>` : ''}</li>`;
    })
    .join('\n');
  const pageEntries = chapters
    .flatMap((chapter, index) => chapter.parts.filter((p) => p.startsPage).map((p) => `<li><a href="${chapterFile(index)}#page-${p.page.number}">${p.page.number}</a></li>`))
    .join('\n');
  const nav =
    `<nav epub:type="toc" id="toc"><h1>目录</h1>\n<ol>\n${tocEntries}\n</ol></nav>\n` +
    `<nav epub:type="page-list" hidden=""><h1>页码</h1>\n<ol>\n${pageEntries}\n</ol></nav>`;
  zip.addBuffer(Buffer.from(xhtmlDocument('目录', nav, 'style.css')), 'OEBPS/nav.xhtml');

  const identifier = metadata.identifier ?? `urn:uuid:${randomUUID()}`;
  let playOrder = 0;
  // Play order follows reading order: a chapter before the sections inside it.
  const navPoint = (label: string, src: string, children: () => string = () => '') => {
    const order = ++playOrder;
    return `<navPoint id="nav-${order}" playOrder="${order}"><navLabel><text>${escapeXml(label)}</text></navLabel><content src="${src}" />${children()}</navPoint>`;
  };
  const navPoints = chapters
    .map((chapter, index) =>
      navPoint(chapter.title, chapterFile(index), () =>
        chapter.sections.map((s) => navPoint(titleOf(s) || '…', `${chapterFile(index)}#${headingIds.get(s)}`)).join(''),
      ),
    )
    .join('\n');
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="zh-CN">\n` +
        `<head><meta name="dtb:uid" content="${escapeXml(identifier)}" /><meta name="dtb:depth" content="2" /><meta name="dtb:totalPageCount" content="0" /><meta name="dtb:maxPageNumber" content="0" /></head>\n` +
        `<docTitle><text>${escapeXml(metadata.title)}</text></docTitle>\n<navMap>\n${navPoints}\n</navMap>\n</ncx>\n`,
    ),
    'OEBPS/toc.ncx',
  );

  const modified = (metadata.modified ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav" />',
    '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml" />',
    '<item id="style" href="style.css" media-type="text/css" />',
    ...chapters.map((_, index) => `<item id="chapter-${index + 1}" href="${chapterFile(index)}" media-type="application/xhtml+xml" />`),
    ...[...imageNames.values()].map((name, index) => `<item id="image-${index + 1}" href="${name}" media-type="image/png" />`),
  ].join('\n');
  const spine = chapters.map((_, index) => `<itemref idref="chapter-${index + 1}" />`).join('\n');
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="zh-CN">\n` +
        `<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n<dc:identifier id="book-id">${escapeXml(identifier)}</dc:identifier>\n` +
        `<dc:title>${escapeXml(metadata.title)}</dc:title>\n<dc:language>zh-CN</dc:language>\n<meta property="dcterms:modified">${modified}</meta>\n</metadata>\n` +
        `<manifest>\n${manifest}\n</manifest>\n<spine toc="ncx">\n${spine}\n</spine>\n</package>\n`,
    ),
    'OEBPS/content.opf',
  );
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
}
