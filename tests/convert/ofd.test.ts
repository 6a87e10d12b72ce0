// OFD (GB/T 33190-2016): pdf-to-ofd (our writer) and ofd-to-pdf (our reader), each checked by the
// other and by readers that share no code with them: unzip + an XML parser for the package
// structure, poppler's pdftotext / pdfinfo / pdfimages and qpdf for the PDFs.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DOMParser } from '@xmldom/xmldom';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { ofdConverters } from '../../server/convert/tools/ofd';
import type { ConvertInput, ConvertOutput } from '../../server/convert/types';
import { embedTestFont, missingWords, sampleWords, writeInput } from '../support/pdf-fixtures';
import { zipBytes } from '../support/zip';
import { refusal } from '../support/convert-job';
import { expectTransparentCircle, softMaskPdf, zipEntry } from '../support/transparent-image';
import { HTTP_LINK, linkPdf, MAIL_LINK, PAGE_LINK, SCRIPT_LINK } from '../support/link-pdf';
import { ROTATED_LINES, rotatedTextPdf } from '../support/rotated-text-pdf';
import { ACTUAL_TEXT_WORDS, actualTextPdf, CID_FONT_WORDS, cidFontWithoutToUnicodePdf, EMPTY_MAPPING_WORDS, emptyMappingPdf } from '../support/unmapped-glyph-pdfs';

const run = promisify(execFile);
const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/pdf');
const CHINESE = /[\u4e00-\u9fff]/;
const PT_PER_MM = 72 / 25.4;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'ofd-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function convert(toolId: string, input: ConvertInput, options: Record<string, unknown> = {}): Promise<ConvertOutput> {
  const converter = ofdConverters.find((candidate) => candidate.toolId === toolId);
  if (!converter) throw new Error(`no converter ${toolId}`);
  const workDir = await mkdtemp(path.join(scratch, `${toolId}-`));
  const outputs = await converter.convert(
    { inputs: [input], options: converter.options.parse(options) },
    { workDir, signal: new AbortController().signal, progress: () => undefined, tier: 'vip' },
  );
  expect(outputs).toHaveLength(1);
  expect(path.dirname(outputs[0].path)).toBe(workDir);
  return outputs[0];
}

async function convertError(toolId: string, input: ConvertInput): Promise<string> {
  const message = await refusal(convert(toolId, input));
  expect(message).toMatch(CHINESE);
  return message;
}

function asInput(file: string, name: string, type: string): ConvertInput {
  return { name, path: file, size: 0, type };
}

const squash = (text: string): string => text.replace(/\s+/g, '');

async function pdfText(file: string): Promise<string> {
  return squash((await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout);
}

/** Page sizes in points, from pdfinfo. */
async function pageSizes(file: string): Promise<[number, number][]> {
  const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '9999', file]);
  return [...stdout.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

async function expectValidPdf(file: string): Promise<void> {
  const { stdout } = await run('qpdf', ['--check', file]);
  expect(stdout).toContain('No syntax or stream encoding errors');
}

// ---- an independent look at an OFD package: unzip and a DOM parser, none of our reader ----

interface Package {
  names: string[];
  xml(name: string): Promise<Document>;
}

async function openPackage(file: string): Promise<Package> {
  const { stdout } = await run('unzip', ['-Z1', file]);
  const names = stdout.split('\n').filter(Boolean);
  return {
    names,
    async xml(name) {
      expect(names).toContain(name);
      const { stdout: body } = await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
      const errors: string[] = [];
      const doc = new DOMParser({ errorHandler: { error: (m: string) => errors.push(m), fatalError: (m: string) => errors.push(m) } }).parseFromString(
        body.toString('utf8'),
        'text/xml',
      );
      expect(errors).toEqual([]);
      return doc as unknown as Document;
    },
  };
}

const byName = (doc: Document | Element, name: string): Element[] => Array.from(doc.getElementsByTagNameNS('*', name));

interface PackageFacts {
  pageCount: number;
  textCodes: string;
  imageObjects: number;
  pathObjects: number;
  /** FillColor values of the text objects. */
  fillColors: string[];
  /** PhysicalBox width × height of each page, mm. */
  boxes: [number, number][];
}

/** Checks the structure GB/T 33190 asks for and returns what the pages hold. */
async function checkPackage(file: string): Promise<PackageFacts> {
  const pkg = await openPackage(file);
  const ofd = await pkg.xml('OFD.xml');
  expect(ofd.documentElement.localName).toBe('OFD');
  expect(byName(ofd, 'DocBody')).toHaveLength(1);
  expect(byName(ofd, 'DocInfo')).toHaveLength(1);
  expect(byName(ofd, 'DocID')[0]?.textContent).toMatch(/^[0-9a-f]{32}$/);
  const docRoot = byName(ofd, 'DocRoot')[0]?.textContent ?? '';
  const document = await pkg.xml(docRoot);
  const docDir = path.posix.dirname(docRoot);
  const common = byName(document, 'CommonData')[0];
  expect(common).toBeDefined();
  const maxUnitId = Number(byName(common, 'MaxUnitID')[0]?.textContent);
  expect(byName(common, 'PageArea')).toHaveLength(1);

  const ids = new Map<string, string>();
  const collectIds = (doc: Document): void => {
    for (const element of byName(doc, '*')) {
      const id = element.getAttribute('ID');
      if (element.hasAttribute('ID') && id !== null) {
        expect(ids.has(id)).toBe(false);
        ids.set(id, element.localName);
      }
    }
  };
  collectIds(document);
  for (const resName of ['PublicRes', 'DocumentRes']) {
    for (const ref of byName(common, resName)) {
      const res = await pkg.xml(path.posix.join(docDir, ref.textContent ?? ''));
      collectIds(res);
      const base = res.documentElement.getAttribute('BaseLoc') ?? '';
      for (const media of byName(res, 'MediaFile')) expect(pkg.names).toContain(path.posix.join(docDir, base, media.textContent ?? ''));
    }
  }
  const pageRefs = byName(byName(document, 'Pages')[0], 'Page');
  const facts: PackageFacts = { pageCount: pageRefs.length, textCodes: '', imageObjects: 0, pathObjects: 0, fillColors: [], boxes: [] };
  const defaultBox = (byName(common, 'PhysicalBox')[0]?.textContent ?? '').split(' ').map(Number);
  const references: [string, string][] = [];
  for (const ref of pageRefs) {
    const content = await pkg.xml(path.posix.join(docDir, ref.getAttribute('BaseLoc') ?? ''));
    collectIds(content);
    const box = (byName(content, 'PhysicalBox')[0]?.textContent?.split(' ').map(Number) ?? defaultBox) as number[];
    facts.boxes.push([box[2], box[3]]);
    for (const text of byName(content, 'TextObject')) {
      references.push([text.getAttribute('Font') ?? '', 'Font']);
      for (const color of byName(text, 'FillColor')) facts.fillColors.push(color.getAttribute('Value') ?? '');
      expect(Number(text.getAttribute('Size'))).toBeGreaterThan(0);
      for (const code of byName(text, 'TextCode')) {
        facts.textCodes += code.textContent ?? '';
        const deltas = (code.getAttribute('DeltaX') ?? '').split(' ').filter(Boolean);
        expect(deltas.length).toBeLessThanOrEqual(Array.from(code.textContent ?? '').length - 1);
      }
    }
    for (const image of byName(content, 'ImageObject')) references.push([image.getAttribute('ResourceID') ?? '', 'MultiMedia']);
    facts.imageObjects += byName(content, 'ImageObject').length;
    facts.pathObjects += byName(content, 'PathObject').length;
    for (const data of byName(content, 'AbbreviatedData')) expect(data.textContent).toMatch(/^[MLQBACSZ\d\s.-]+$/);
  }
  for (const [id, kind] of references) expect(ids.get(id)).toBe(kind);
  for (const id of ids.keys()) expect(Number(id)).toBeLessThanOrEqual(maxUnitId);
  return facts;
}

// ---- inputs made by the tests ----

const LATIN = 'Hello OFD 2024';
const CHINESE_LINE = '国家版式文档标准测试';

async function pngBytes(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set([(i * 7) % 256, 120, 200], i * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function writeSourcePdf(): Promise<ConvertInput> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc);
  const image = await doc.embedPng(await pngBytes(64, 48));
  const first = doc.addPage([595.28, 841.89]);
  first.drawText(CHINESE_LINE, { x: 72, y: 760, size: 20, font });
  first.drawText(LATIN, { x: 72, y: 720, size: 14, font, color: rgb(0.8, 0, 0) });
  first.drawRectangle({ x: 72, y: 500, width: 200, height: 120, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  first.drawImage(image, { x: 320, y: 500, width: 160, height: 120 });
  const second = doc.addPage([400, 300]);
  second.drawText('第二页横向内容', { x: 40, y: 240, size: 16, font });
  return writeInput(scratch, 'source.pdf', await doc.save());
}

const NS = 'xmlns:ofd="http://www.ofdspec.org/2016"';

async function writeZip(name: string, entries: Record<string, string | Buffer>): Promise<string> {
  const file = path.join(scratch, name);
  await writeFile(file, await zipBytes(entries));
  return file;
}

/** A small OFD written by hand, the way other producers lay it out (template, DrawParam, CTM, arcs, `g` deltas). */
async function handWrittenOfd(name: string, overrides: Record<string, string | Buffer> = {}): Promise<string> {
  return writeZip(name, {
    'OFD.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:OFD ${NS} Version="1.0" DocType="OFD"><ofd:DocBody><ofd:DocInfo><ofd:DocID>abc</ofd:DocID><ofd:Title>发票</ofd:Title></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`,
    'Doc_0/Document.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:Document ${NS}><ofd:CommonData><ofd:MaxUnitID>20</ofd:MaxUnitID><ofd:PageArea><ofd:PhysicalBox>0 0 140 90</ofd:PhysicalBox></ofd:PageArea><ofd:PublicRes>PublicRes.xml</ofd:PublicRes><ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes><ofd:TemplatePage ID="9" BaseLoc="Tpls/Tpl_0/Content.xml"/></ofd:CommonData><ofd:Pages><ofd:Page ID="10" BaseLoc="Pages/Page_0/Content.xml"/></ofd:Pages></ofd:Document>`,
    'Doc_0/PublicRes.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:Res ${NS} BaseLoc="Res"><ofd:ColorSpaces><ofd:ColorSpace ID="2" Type="RGB" BitsPerComponent="8"/></ofd:ColorSpaces><ofd:DrawParams><ofd:DrawParam ID="3" LineWidth="0.5"><ofd:StrokeColor Value="128 0 0"/></ofd:DrawParam></ofd:DrawParams><ofd:Fonts><ofd:Font ID="4" FontName="宋体" FamilyName="宋体"/></ofd:Fonts></ofd:Res>`,
    'Doc_0/DocumentRes.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:Res ${NS} BaseLoc="Res"><ofd:MultiMedias><ofd:MultiMedia ID="5" Type="Image" Format="PNG"><ofd:MediaFile>seal.png</ofd:MediaFile></ofd:MultiMedia></ofd:MultiMedias></ofd:Res>`,
    'Doc_0/Res/seal.png': await pngBytes(40, 40),
    'Doc_0/Tpls/Tpl_0/Content.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${NS}><ofd:Content><ofd:Layer ID="11" DrawParam="3"><ofd:PathObject ID="12" Boundary="5 5 130 80"><ofd:AbbreviatedData>M 0 0 L 130 0 L 130 80 L 0 80 C</ofd:AbbreviatedData></ofd:PathObject><ofd:TextObject ID="13" Boundary="10 8 60 8" Font="4" Size="5"><ofd:TextCode X="0" Y="5" DeltaX="g 3 5">电子发票</ofd:TextCode></ofd:TextObject></ofd:Layer></ofd:Content></ofd:Page>`,
    'Doc_0/Pages/Page_0/Content.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${NS}><ofd:Template TemplateID="9" ZOrder="Background"/><ofd:Content><ofd:Layer ID="14"><ofd:TextObject ID="15" Boundary="10 30 100 10" Font="4" Size="4" CTM="1.5 0 0 1.5 0 0"><ofd:FillColor Value="0 0 255" ColorSpace="2"/><ofd:TextCode X="0" Y="4" DeltaX="4 4 4 4 2 2 2">价税合计ABC</ofd:TextCode></ofd:TextObject><ofd:PageBlock ID="16"><ofd:PathObject ID="17" Boundary="90 50 30 30" Fill="true" Stroke="false"><ofd:FillColor Value="200 0 0"/><ofd:AbbreviatedData>M 0 15 A 15 15 0 1 1 30 15 A 15 15 0 1 1 0 15 Z</ofd:AbbreviatedData></ofd:PathObject><ofd:ImageObject ID="18" Boundary="95 55 20 20" CTM="20 0 0 20 0 0" ResourceID="5"/></ofd:PageBlock></ofd:Layer></ofd:Content></ofd:Page>`,
    ...overrides,
  });
}

// ---- the tests ----

describe('pdf-to-ofd and back', () => {
  let source: ConvertInput;
  let ofd: ConvertOutput;
  beforeAll(async () => {
    source = await writeSourcePdf();
    ofd = await convert('pdf-to-ofd', source);
  });

  it('writes a well-formed package that keeps text as text, images and rectangles', async () => {
    expect(ofd.name).toBe('source.ofd');
    const facts = await checkPackage(ofd.path);
    expect(facts.pageCount).toBe(2);
    expect(squash(facts.textCodes)).toContain(CHINESE_LINE);
    expect(squash(facts.textCodes)).toContain(squash(LATIN));
    expect(squash(facts.textCodes)).toContain('第二页横向内容');
    expect(facts.imageObjects).toBe(1);
    expect(facts.pathObjects).toBeGreaterThanOrEqual(4);
    expect(facts.fillColors).toContain('204 0 0');
    expect(facts.boxes[0][0]).toBeCloseTo(210, 0);
    expect(facts.boxes[0][1]).toBeCloseTo(297, 0);
    expect(facts.boxes[1][0]).toBeCloseTo((400 / 72) * 25.4, 1);
  });

  it('reads its own package back into a PDF with the same text, pages and page sizes', async () => {
    const pdf = await convert('ofd-to-pdf', asInput(ofd.path, 'source.ofd', 'ofd'));
    expect(pdf.name).toBe('source.pdf');
    await expectValidPdf(pdf.path);
    const text = await pdfText(pdf.path);
    expect(text).toContain(CHINESE_LINE);
    expect(text).toContain(squash(LATIN));
    expect(text).toContain('第二页横向内容');
    const sizes = await pageSizes(pdf.path);
    const original = await pageSizes(source.path);
    expect(sizes).toHaveLength(original.length);
    for (const [index, [w, h]] of sizes.entries()) {
      expect(Math.abs(w - original[index][0])).toBeLessThan(0.5 * PT_PER_MM);
      expect(Math.abs(h - original[index][1])).toBeLessThan(0.5 * PT_PER_MM);
    }
    const { stdout: images } = await run('pdfimages', ['-list', pdf.path]);
    expect(images.trim().split('\n').length - 2).toBe(1);
  });
});

describe('pdf-to-ofd: an image with a soft mask (issue 14 item 6)', () => {
  it('keeps its transparency in the package\'s image resource, and ofd-to-pdf gives it back as an image with its SMask', async () => {
    const file = path.join(scratch, 'circle.pdf');
    await writeFile(file, await softMaskPdf());
    const ofd = await convert('pdf-to-ofd', asInput(file, 'circle.pdf', 'pdf'));
    const pkg = await openPackage(ofd.path);
    const resources = await Promise.all(pkg.names.filter((name) => /Res\.xml$/.test(name)).map((name) => pkg.xml(name)));
    const media = resources.flatMap((doc) => byName(doc, 'MultiMedia')).filter((m) => m.getAttribute('Type') === 'Image');
    expect(media).toHaveLength(1);
    const mediaFile = byName(media[0], 'MediaFile')[0]?.textContent ?? '';
    const entry = pkg.names.filter((name) => name.endsWith(`/${mediaFile}`));
    expect(entry).toHaveLength(1);
    await expectTransparentCircle(await zipEntry(ofd.path, entry[0]));
    const back = await convert('ofd-to-pdf', asInput(ofd.path, 'circle.ofd', 'ofd'));
    const { stdout: images } = await run('pdfimages', ['-list', back.path]);
    expect(images.split('\n').slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/)[2])).toEqual(['image', 'smask']);
  });
});

describe('pdf-to-ofd links (issue 14 item 9)', () => {
  it('puts a CLICK Action on the linked text: a URI for web and mail links, a Goto to page 2 for the page link; the javascript: link is plain text', async () => {
    const source = await writeInput(scratch, 'links.pdf', await linkPdf());
    const ofd = await convert('pdf-to-ofd', source);
    const facts = await checkPackage(ofd.path);
    expect(squash(facts.textCodes)).toContain(squash(`Never follow a ${SCRIPT_LINK.text} here.`));
    const pkg = await openPackage(ofd.path);
    const document = await pkg.xml('Doc_0/Document.xml');
    const pageIds = byName(byName(document, 'Pages')[0], 'Page').map((p) => p.getAttribute('ID'));
    const content = await pkg.xml('Doc_0/Pages/Page_0/Content.xml');
    const linked = byName(content, 'TextObject')
      .filter((text) => byName(text, 'Actions').length > 0)
      .map((text) => {
        // GB/T 33190's CT_GraphicUnit puts Actions before the text's own children.
        expect((Array.from(text.childNodes).find((node) => node.nodeType === 1) as Element | undefined)?.localName).toBe('Actions');
        const action = byName(text, 'Action')[0];
        expect(action.getAttribute('Event')).toBe('CLICK');
        const uri = byName(action, 'URI')[0]?.getAttribute('URI');
        const dest = byName(action, 'Dest')[0];
        return { text: byName(text, 'TextCode')[0].textContent, target: uri ?? `page ${pageIds.indexOf(dest?.getAttribute('PageID') ?? '') + 1}` };
      });
    expect(linked).toEqual([
      { text: HTTP_LINK.text, target: HTTP_LINK.uri },
      { text: MAIL_LINK.text, target: MAIL_LINK.uri },
      { text: PAGE_LINK.text, target: 'page 2' },
    ]);
    const { stdout } = await run('unzip', ['-p', ofd.path], { maxBuffer: 64 * 1024 * 1024 });
    expect(stdout).not.toMatch(/javascript/i);
  });
});

describe('pdf-to-ofd on rotated pages and turned text (issue 14 item 11)', () => {
  let source: ConvertInput;
  let ofd: ConvertOutput;
  beforeAll(async () => {
    source = await writeInput(scratch, 'rotated.pdf', await rotatedTextPdf());
    ofd = await convert('pdf-to-ofd', source);
  });

  /** Each page's lines as pdftotext reads them, spaces squashed. */
  async function pdftotextLines(file: string, page: number): Promise<string[]> {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-']);
    return stdout.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
  }

  it('pdftotext reads each line of the input whole (the reference)', async () => {
    for (const [index, lines] of ROTATED_LINES.entries()) expect((await pdftotextLines(source.path, index + 1)).sort()).toEqual([...lines].sort());
  });

  it('keeps each line as one whole TextObject: the text of each object in Content.xml is a line pdftotext reads', async () => {
    const pkg = await openPackage(ofd.path);
    const document = await pkg.xml('Doc_0/Document.xml');
    const pageRefs = byName(byName(document, 'Pages')[0], 'Page');
    expect(pageRefs).toHaveLength(ROTATED_LINES.length);
    for (const [index, ref] of pageRefs.entries()) {
      const content = await pkg.xml(path.posix.join('Doc_0', ref.getAttribute('BaseLoc') ?? ''));
      const objects = byName(content, 'TextObject').map((object) => byName(object, 'TextCode').map((code) => code.textContent ?? '').join('').replace(/\s+/g, ' ').trim());
      expect({ page: index + 1, objects: objects.filter(Boolean).sort() }).toEqual({ page: index + 1, objects: (await pdftotextLines(source.path, index + 1)).sort() });
    }
  });

  it('draws the lines where they stood: ofd-to-pdf of the package reads back line for line', async () => {
    const pdf = await convert('ofd-to-pdf', asInput(ofd.path, 'rotated.ofd', 'ofd'));
    for (const [index, lines] of ROTATED_LINES.entries()) {
      // The OFD page is the page as shown, so its text reads upright where the input's page was rotated.
      const back = (await pdftotextLines(pdf.path, index + 1)).map((line) => line.replace(/\s+/g, ''));
      expect({ page: index + 1, back: back.sort() }).toEqual({ page: index + 1, back: lines.map((line) => line.replace(/\s+/g, '')).sort() });
    }
  });
});

describe('pdf-to-ofd: glyphs whose text comes from ActualText, a CID font\'s cmap or an empty mapping (issue 14 item 4)', () => {
  it.each([
    ['actual-text', actualTextPdf, ACTUAL_TEXT_WORDS],
    ['cid-without-tounicode', cidFontWithoutToUnicodePdf, CID_FONT_WORDS],
    ['empty-mapping', emptyMappingPdf, EMPTY_MAPPING_WORDS],
  ] as const)('%s: every word in the TextCodes of Content.xml, no U+FFFD', async (name, make, words) => {
    const ofd = await convert('pdf-to-ofd', await writeInput(scratch, `${name}.pdf`, await make()));
    const pkg = await openPackage(ofd.path);
    const content = await pkg.xml('Doc_0/Pages/Page_0/Content.xml');
    const text = byName(content, 'TextCode').map((code) => code.textContent ?? '').join(' ');
    expect(text).not.toContain('\uFFFD');
    expect(words.filter((word) => !text.includes(word))).toEqual([]);
  });
});

describe('ofd-to-pdf', () => {
  it('draws a hand-written OFD: template, text with CTM and colour, arcs, image', async () => {
    const file = await handWrittenOfd('invoice.ofd');
    const pdf = await convert('ofd-to-pdf', asInput(file, '发票.ofd', 'ofd'));
    expect(pdf.name).toBe('发票.pdf');
    await expectValidPdf(pdf.path);
    const text = await pdfText(pdf.path);
    expect(text).toContain('电子发票');
    expect(text).toContain('价税合计ABC');
    const [[w, h]] = await pageSizes(pdf.path);
    expect(w).toBeCloseTo(140 * PT_PER_MM, 0);
    expect(h).toBeCloseTo(90 * PT_PER_MM, 0);
    // The text of the page sits below the template's title: 30 mm + 4·1.5 mm baseline from the top.
    const { stdout: bbox } = await run('pdftotext', ['-bbox', pdf.path, '-']);
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">价税合计ABC/.exec(bbox);
    expect(word).not.toBeNull();
    expect(Number(word![1])).toBeCloseTo(10 * PT_PER_MM, -1);
    expect(Number(word![4])).toBeGreaterThan(33 * PT_PER_MM);
    expect(Number(word![2])).toBeLessThan(36 * PT_PER_MM);
    const { stdout: images } = await run('pdfimages', ['-list', pdf.path]);
    expect(images.trim().split('\n').length - 2).toBe(1);
  });

  it('answers damaged and hostile packages in Chinese', async () => {
    const notZip = path.join(scratch, 'not-a-zip.ofd');
    await writeFile(notZip, 'this is not a zip');
    expect(await convertError('ofd-to-pdf', asInput(notZip, 'a.ofd', 'ofd'))).toBe('OFD文件已损坏或格式不受支持');

    const otherZip = await writeZip('other.ofd', { 'word/document.xml': '<w/>' });
    expect(await convertError('ofd-to-pdf', asInput(otherZip, 'b.ofd', 'ofd'))).toBe('OFD文件已损坏或格式不受支持');

    const badXml = await handWrittenOfd('bad-xml.ofd', { 'Doc_0/Document.xml': '<ofd:Document><unclosed>' });
    expect(await convertError('ofd-to-pdf', asInput(badXml, 'c.ofd', 'ofd'))).toBe('OFD文件已损坏或格式不受支持');

    // Path traversal: an entry named ../…, made by renaming a same-length entry in the zip bytes.
    const traversal = await readFile(await handWrittenOfd('traversal-src.ofd', { 'xx/evil.xml': '<x/>' }));
    const patched = Buffer.from(traversal.toString('latin1').replaceAll('xx/evil.xml', '../evil.xml'), 'latin1');
    const traversalFile = path.join(scratch, 'traversal.ofd');
    await writeFile(traversalFile, patched);
    expect(await convertError('ofd-to-pdf', asInput(traversalFile, 'd.ofd', 'ofd'))).toMatch(/OFD文件/);

    // Zip bomb: a part declaring 4 GB uncompressed is refused before anything is inflated.
    const bomb = await readFile(await handWrittenOfd('bomb-src.ofd'));
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0xfffffff0, central + 24);
    const bombFile = path.join(scratch, 'bomb.ofd');
    await writeFile(bombFile, bomb);
    expect(await convertError('ofd-to-pdf', asInput(bombFile, 'e.ofd', 'ofd'))).toMatch(/OFD文件/);
  });
});

describe('pdf-to-ofd on real-world PDFs', () => {
  const fixtures = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((name) => name.endsWith('.pdf')) : [];
  if (fixtures.length === 0) {
    it.skip(`skipped: no fixtures at ${FIXTURES}`, () => {});
    return;
  }
  it('converts each fixture to an OFD that reads back with the same page count and words', async () => {
    for (const fixture of fixtures) {
      const input = asInput(path.join(FIXTURES, fixture), fixture, 'pdf');
      if (fixture.includes('password')) {
        expect(await convertError('pdf-to-ofd', input)).toMatch(CHINESE);
        continue;
      }
      const ofd = await convert('pdf-to-ofd', input);
      const facts = await checkPackage(ofd.path);
      const original = await pageSizes(input.path);
      expect([fixture, facts.pageCount]).toEqual([fixture, original.length]);
      // The words pdftotext reads on the fixture's first pages are text in the package, and text
      // again in the PDF read back from it (none for a picture-only file).
      const words = sampleWords(input.path);
      expect([fixture, missingWords(squash(facts.textCodes), words)]).toEqual([fixture, []]);
      const pdf = await convert('ofd-to-pdf', asInput(ofd.path, ofd.name, 'ofd'));
      await expectValidPdf(pdf.path);
      expect([fixture, (await pageSizes(pdf.path)).length]).toEqual([fixture, original.length]);
      expect([fixture, missingWords(await pdfText(pdf.path), words)]).toEqual([fixture, []]);
    }
  }, 240_000);
});
