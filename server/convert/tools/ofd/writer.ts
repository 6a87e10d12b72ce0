// Writes an OFD package (GB/T 33190-2016) from the pages the PDF reader of pdf-to-office gives:
//   OFD.xml (DocBody: DocInfo, DocRoot) → Doc_0/Document.xml (CommonData: MaxUnitID, PageArea,
//   PublicRes, DocumentRes; Pages) → Doc_0/Pages/Page_N/Content.xml (one Layer of objects),
//   Doc_0/PublicRes.xml (Fonts), Doc_0/DocumentRes.xml (MultiMedias, files under Doc_0/Res/).
// Text stays text: one TextObject per run of characters sharing font, size and baseline, with
// TextCode X/Y and DeltaX from the characters' own positions; a line that does not run left to
// right (a rotated page, turned text) stays one TextObject too, turned by its CTM; vertical writing
// (CJK running down) keeps its characters upright, stepped down by DeltaY, and says it reads down
// (ReadDirection 90). Images become ImageObjects over
// PNG MultiMedia, as do glyphs no table could read (PdfChar.picture, at their box); the straight
// ruling lines the reader finds become PathObjects. Units are mm.
// A run of characters under a link annotation carries the link as the TextObject's own Actions
// (CT_GraphicUnit's Actions: a CLICK Action with a URI, or a Goto to the page's Dest), which is
// how GB/T 33190 makes an object clickable without a separate annotation part.
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import yazl from 'yazl';
import { sameLink } from '../pdf-to-office/extraction/page-links';
import { quarterTurn, writesVertically } from '../pdf-to-office/layout/turned-text';
import { charPictures, CJK_ASCENT, type LinkTarget, type PdfChar, type PdfPage } from '../pdf-to-office/page-content';
import { OFD_NAMESPACE } from './model';
import { escapeXml } from './xml';

const MM_PER_PT = 25.4 / 72;
const RULE_WIDTH_MM = 0.25;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** Millimetres from points, with three decimals (a micrometre). */
function mm(pt: number): number {
  return Math.round(pt * MM_PER_PT * 1000) / 1000;
}

function n(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** Characters XML 1.0 cannot carry, and the BOM. */
function xmlSafe(value: string): string {
  return value.replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]|\ufeff/gu, '');
}

export interface OfdWriteOptions {
  title: string;
  /** Called after each page is laid out (fraction of pages done). */
  onProgress?: (fraction: number) => void;
}

class Ids {
  private last = 0;
  next(): number {
    return ++this.last;
  }
  get max(): number {
    return this.last;
  }
}

/** A run of characters drawn as one TextObject. */
interface TextRun {
  font: string;
  color: number;
  size: number;
  baseline: number;
  chars: PdfChar[];
  link?: LinkTarget;
  /** The line's direction when it does not run left to right; its characters then all have originX. */
  direction?: { x: number; y: number };
}

/** Whether char goes on with run: the same look and link, and on a left-to-right line the same baseline, moving right. */
function continuesRun(run: TextRun | undefined, char: PdfChar, fontKey: string): run is TextRun {
  const last = run?.chars[run.chars.length - 1];
  if (!run || !last || run.font !== fontKey || run.color !== (char.color ?? 0) || Math.abs(run.size - char.size) > 0.01 || !sameLink(run.link, char.link)) return false;
  // A turned line is one line by MuPDF's reading; its boxes say little about order along it.
  return run.direction !== undefined || (Math.abs(run.baseline - char.baseline) <= 0.5 && char.box.x0 >= last.box.x0 - 0.5);
}

function textRuns(page: PdfPage): TextRun[] {
  const runs: TextRun[] = [];
  for (const line of page.lines) {
    const direction = line.direction && line.chars.every((c) => c.originX !== undefined) ? line.direction : undefined;
    let run: TextRun | undefined;
    for (const char of line.chars) {
      const text = xmlSafe(char.text);
      if (text === '') continue;
      const fontKey = `${char.font.name}|${char.font.bold}|${char.font.italic}`;
      if (!continuesRun(run, char, fontKey)) {
        run = { font: fontKey, color: char.color ?? 0, size: char.size, baseline: char.baseline, chars: [], link: char.link, ...(direction ? { direction } : {}) };
        runs.push(run);
      }
      run.chars.push({ ...char, text });
    }
  }
  return runs.filter((r) => r.chars.some((c) => c.text.trim() !== ''));
}

/** One DeltaX per code point after the first, from each character's advance (shared by a character of several code points). */
function deltaX(chars: readonly PdfChar[], advance: (char: PdfChar, next: PdfChar) => number): number[] {
  const deltas: number[] = [];
  for (const [i, char] of chars.entries()) {
    const points = Array.from(char.text).length;
    const next = chars[i + 1];
    const step = next ? advance(char, next) : 0;
    for (let k = 0; k < points; k++) deltas.push(step / points);
  }
  deltas.pop();
  return deltas;
}

/** Where a TextObject goes, in mm: its Boundary, the CTM from its text space, the TextCode's origin and its steps (DeltaX, or DeltaY down a column). */
interface TextPlacement {
  boundary: [x: number, y: number, width: number, height: number];
  ctm?: [number, number, number, number, number, number];
  x: number;
  y: number;
  deltas: number[];
  deltaAxis?: 'DeltaX' | 'DeltaY';
  /**
   * GB/T 33190 §11.3's ReadDirection, degrees clockwise from left to right: 90 reads down the page
   * (characters upright: CharDirection stays at its default 0). It tells a reader the way the
   * text reads; the Deltas still place every glyph.
   */
  readDirection?: 90;
}

function uprightPlacement(run: TextRun): TextPlacement {
  const size = mm(run.size);
  const x0 = mm(run.chars[0].box.x0);
  const x1 = mm(Math.max(...run.chars.map((c) => c.box.x1)));
  return {
    boundary: [x0, mm(run.baseline) - size, Math.max(x1 - x0, size * 0.5), size * 1.3],
    x: 0,
    y: size,
    deltas: deltaX(run.chars, (char, next) => mm(next.box.x0 - char.box.x0)),
  };
}

/**
 * A turned line: text space has x along the line and y down from the baseline, turned onto the
 * page by the CTM; the Boundary holds the turned box of the run, the CTM's shift putting the first
 * glyph's origin where it stood.
 */
function turnedPlacement(run: TextRun, direction: { x: number; y: number }): TextPlacement {
  const first = run.chars[0];
  const origin = { x: first.originX ?? first.box.x0, y: first.baseline };
  const along = (char: PdfChar): number => ((char.originX ?? char.box.x0) - origin.x) * direction.x + (char.baseline - origin.y) * direction.y;
  const length = Math.max(...run.chars.map(along)) + run.size * 0.6;
  // Text space corners (along, down) → page points: origin + along·d + down·(−d.y, d.x).
  const corners = [[0, -run.size], [length, -run.size], [0, run.size * 0.3], [length, run.size * 0.3]].map(([u, v]) => ({
    x: origin.x + u * direction.x - v * direction.y,
    y: origin.y + u * direction.y + v * direction.x,
  }));
  const left = Math.min(...corners.map((c) => c.x));
  const top = Math.min(...corners.map((c) => c.y));
  const right = Math.max(...corners.map((c) => c.x));
  const bottom = Math.max(...corners.map((c) => c.y));
  return {
    boundary: [mm(left), mm(top), mm(right - left), mm(bottom - top)],
    ctm: [direction.x, direction.y, -direction.y, direction.x, mm(origin.x - left), mm(origin.y - top)],
    x: 0,
    y: 0,
    deltas: deltaX(run.chars, (char, next) => mm(along(next) - along(char))),
  };
}

/**
 * Vertical writing (Chinese or Japanese running down the page): upright characters one below the
 * other, each from the origin the page draws it from (PdfChar.drawnOrigin: its baseline's left
 * end; without one, its reading point taken as the top left of its em box), stepped by DeltaY,
 * where a turned line would lay them on their side.
 */
function verticalPlacement(run: TextRun): TextPlacement {
  const foot = (c: PdfChar) => c.drawnOrigin ?? { x: c.originX ?? c.box.x0, y: c.baseline + CJK_ASCENT * run.size };
  const first = foot(run.chars[0]);
  const top = first.y - CJK_ASCENT * run.size;
  const bottom = Math.max(...run.chars.map((c) => foot(c).y)) + (1 - CJK_ASCENT) * run.size;
  return {
    boundary: [mm(first.x), mm(top), mm(run.size), mm(bottom - top)],
    x: 0,
    y: mm(first.y - top),
    deltas: deltaX(run.chars, (char, next) => mm(foot(next).y - foot(char).y)),
    deltaAxis: 'DeltaY',
    readDirection: 90,
  };
}

function placement(run: TextRun): TextPlacement {
  if (!run.direction) return uprightPlacement(run);
  const verticalWriting = writesVertically(quarterTurn(run.direction), run.chars.map((c) => c.text).join(''));
  return verticalWriting ? verticalPlacement(run) : turnedPlacement(run, run.direction);
}

/** The Actions element of a linked TextObject, or '' (a page link whose page was not written is dropped). */
function linkActions(link: LinkTarget | undefined, pageIds: ReadonlyMap<number, number>): string {
  if (!link) return '';
  let action: string;
  if ('uri' in link) action = `<ofd:URI URI="${escapeXml(xmlSafe(link.uri))}"/>`;
  else {
    const pageId = pageIds.get(link.page);
    if (pageId === undefined) return '';
    action = `<ofd:Goto><ofd:Dest Type="Fit" PageID="${pageId}"/></ofd:Goto>`;
  }
  return `<ofd:Actions><ofd:Action Event="CLICK">${action}</ofd:Action></ofd:Actions>`;
}

export async function writeOfd(pages: readonly PdfPage[], file: string, { title, onProgress }: OfdWriteOptions): Promise<void> {
  const ids = new Ids();
  const zip = new yazl.ZipFile();
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(file);
    out.on('close', resolve);
    out.on('error', reject);
    zip.outputStream.on('error', reject);
    zip.outputStream.pipe(out);
  });

  const fonts = new Map<string, { id: number; name: string; bold: boolean; italic: boolean }>();
  const media: { id: number; file: string }[] = [];
  const pageEntries: { id: number; part: string }[] = [];

  for (const font of new Set(pages.flatMap((p) => p.lines.flatMap((l) => l.chars.map((c) => `${c.font.name}|${c.font.bold}|${c.font.italic}`))))) {
    const [name, bold, italic] = font.split('|');
    fonts.set(font, { id: ids.next(), name: name || 'SimSun', bold: bold === 'true', italic: italic === 'true' });
  }

  // Page IDs first, so a link can name a page further on.
  const pageIds = new Map(pages.map((page) => [page.number, ids.next()]));
  for (const [index, page] of pages.entries()) {
    const pageId = pageIds.get(page.number)!;
    const layerId = ids.next();
    const objects: string[] = [];

    for (const image of [...page.images, ...page.lines.flatMap((line) => charPictures(line.chars))]) {
      const width = mm(image.box.x1 - image.box.x0);
      const height = mm(image.box.y1 - image.box.y0);
      if (!(width > 0 && height > 0)) continue;
      const mediaId = ids.next();
      const name = `image_${mediaId}.png`;
      zip.addBuffer(await readFile(image.file), `Doc_0/Res/${name}`, { compress: false });
      media.push({ id: mediaId, file: name });
      objects.push(
        `<ofd:ImageObject ID="${ids.next()}" Boundary="${n(mm(image.box.x0))} ${n(mm(image.box.y0))} ${n(width)} ${n(height)}" CTM="${n(width)} 0 0 ${n(height)} 0 0" ResourceID="${mediaId}"/>`,
      );
    }

    for (const rule of page.rules) {
      const x0 = mm(rule.x0);
      const y0 = mm(rule.y0);
      const pad = RULE_WIDTH_MM;
      const w = mm(rule.x1 - rule.x0);
      const h = mm(rule.y1 - rule.y0);
      objects.push(
        `<ofd:PathObject ID="${ids.next()}" Boundary="${n(x0 - pad)} ${n(y0 - pad)} ${n(w + 2 * pad)} ${n(h + 2 * pad)}" LineWidth="${RULE_WIDTH_MM}">` +
          `<ofd:StrokeColor Value="0 0 0"/><ofd:AbbreviatedData>M ${n(pad)} ${n(pad)} L ${n(pad + w)} ${n(pad + h)}</ofd:AbbreviatedData></ofd:PathObject>`,
      );
    }

    for (const run of textRuns(page)) {
      const font = fonts.get(run.font);
      if (!font) continue;
      const size = mm(run.size);
      const place = placement(run);
      const text = run.chars.map((char) => char.text).join('');
      const deltaAttr = place.deltas.length > 0 ? ` ${place.deltaAxis ?? 'DeltaX'}="${place.deltas.map(n).join(' ')}"` : '';
      const ctmAttr = place.ctm ? ` CTM="${place.ctm.map(n).join(' ')}"` : '';
      const readAttr = place.readDirection ? ` ReadDirection="${place.readDirection}"` : '';
      objects.push(
        `<ofd:TextObject ID="${ids.next()}" Boundary="${place.boundary.map(n).join(' ')}"${ctmAttr}${readAttr} Font="${font.id}" Size="${n(size)}"${font.bold ? ' Weight="700"' : ''}${font.italic ? ' Italic="true"' : ''}>` +
          linkActions(run.link, pageIds) +
          `<ofd:FillColor Value="${(run.color >> 16) & 255} ${(run.color >> 8) & 255} ${run.color & 255}"/><ofd:TextCode X="${n(place.x)}" Y="${n(place.y)}"${deltaAttr}>${escapeXml(text)}</ofd:TextCode></ofd:TextObject>`,
      );
    }

    const part = `Pages/Page_${index}/Content.xml`;
    pageEntries.push({ id: pageId, part });
    const content =
      `${XML_HEAD}<ofd:Page xmlns:ofd="${OFD_NAMESPACE}"><ofd:Area><ofd:PhysicalBox>0 0 ${n(mm(page.width))} ${n(mm(page.height))}</ofd:PhysicalBox></ofd:Area>` +
      `<ofd:Content><ofd:Layer ID="${layerId}" Type="Body">${objects.join('')}</ofd:Layer></ofd:Content></ofd:Page>\n`;
    zip.addBuffer(Buffer.from(content), `Doc_0/${part}`);
    onProgress?.((index + 1) / pages.length);
  }

  const publicRes =
    `${XML_HEAD}<ofd:Res xmlns:ofd="${OFD_NAMESPACE}" BaseLoc="Res"><ofd:Fonts>` +
    [...fonts.values()].map((f) => `<ofd:Font ID="${f.id}" FontName="${escapeXml(xmlSafe(f.name))}" FamilyName="${escapeXml(xmlSafe(f.name))}"${f.bold ? ' Bold="true"' : ''}${f.italic ? ' Italic="true"' : ''}/>`).join('') +
    `</ofd:Fonts></ofd:Res>\n`;
  const documentRes =
    `${XML_HEAD}<ofd:Res xmlns:ofd="${OFD_NAMESPACE}" BaseLoc="Res"><ofd:MultiMedias>` +
    media.map((m) => `<ofd:MultiMedia ID="${m.id}" Type="Image" Format="PNG"><ofd:MediaFile>${m.file}</ofd:MediaFile></ofd:MultiMedia>`).join('') +
    `</ofd:MultiMedias></ofd:Res>\n`;
  const first = pages[0];
  const document =
    `${XML_HEAD}<ofd:Document xmlns:ofd="${OFD_NAMESPACE}"><ofd:CommonData><ofd:MaxUnitID>${ids.max}</ofd:MaxUnitID>` +
    `<ofd:PageArea><ofd:PhysicalBox>0 0 ${n(mm(first?.width ?? 595.28))} ${n(mm(first?.height ?? 841.89))}</ofd:PhysicalBox></ofd:PageArea>` +
    `<ofd:PublicRes>PublicRes.xml</ofd:PublicRes><ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes></ofd:CommonData>` +
    `<ofd:Pages>${pageEntries.map((p) => `<ofd:Page ID="${p.id}" BaseLoc="${p.part}"/>`).join('')}</ofd:Pages></ofd:Document>\n`;
  const now = new Date().toISOString().slice(0, 10);
  const ofd =
    `${XML_HEAD}<ofd:OFD xmlns:ofd="${OFD_NAMESPACE}" Version="1.0" DocType="OFD"><ofd:DocBody><ofd:DocInfo>` +
    `<ofd:DocID>${randomUUID().replace(/-/g, '')}</ofd:DocID><ofd:Title>${escapeXml(xmlSafe(title))}</ofd:Title>` +
    `<ofd:Creator>pdf365</ofd:Creator><ofd:CreationDate>${now}</ofd:CreationDate></ofd:DocInfo>` +
    `<ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>\n`;

  zip.addBuffer(Buffer.from(ofd), 'OFD.xml');
  zip.addBuffer(Buffer.from(document), 'Doc_0/Document.xml');
  zip.addBuffer(Buffer.from(publicRes), 'Doc_0/PublicRes.xml');
  zip.addBuffer(Buffer.from(documentRes), 'Doc_0/DocumentRes.xml');
  zip.end();
  await done;
}
