// E-books. A DOCX with two Chinese/Latin chapters, headings, a list, a table and an image is
// generated with `docx` and printed to PDF by LibreOffice; pdf-to-html is parsed with xmldom's HTML
// parser, pdf-to-epub's package is unzipped and read by calibre (ebook-meta, ebook-convert to text),
// epub-to-pdf is read by pdftotext and pdffonts, and epub-mobi-azw3 round-trips through AZW3 and MOBI.
// Then every real-world fixture goes to HTML and EPUB, and broken or DRM-locked books are refused in Chinese.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { AlignmentType, Document, HeadingLevel, ImageRun, LevelFormat, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import sharp from 'sharp';
import { ConvertError } from '../../server/convert/errors';
import { ebookConverters } from '../../server/convert/tools/ebook';
import type { ConvertOutput } from '../../server/convert/types';
import { printDocx, SOFFICE_TIMEOUT_MS } from '../support/soffice';
import { missingWords, sampleWords } from '../support/pdf-fixtures';
import { readZipParts, zipBytes, type ZipPart } from '../support/zip';
import { expectTransparentCircle, softMaskPdf, zipEntry, zipEntryNames } from '../support/transparent-image';
import { HTTP_LINK, linkPdf, MAIL_LINK, PAGE_LINK, SCRIPT_LINK } from '../support/link-pdf';
import { scratchFolder } from '../support/convert-job';

const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/pdf');
/** calibre starts slowly, and its PDF output starts a whole QtWebEngine; the machines are shared. */
const CALIBRE_TIMEOUT_MS = 300_000;

const CHINESE_ONE = '春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。这是第一章的正文段落，足够长以便在页面上折行，并且与English words混排。';
const LATIN_ONE = 'The quick brown fox jumps over the lazy dog while the report explains how revenue grew in every region of the country.';
const CHINESE_TWO = '白日依山尽，黄河入海流。欲穷千里目，更上一层楼。第二章的内容在新的一页开始。';

const scratch = scratchFolder('ebook-test-');
let calibreHome: string;
beforeAll(() => {
  calibreHome = path.join(scratch, 'calibre-home');
  mkdirSync(calibreHome);
});

let jobs = 0;
async function run(
  toolId: string,
  file: string,
  type: string,
  options: Record<string, unknown> = {},
  name = path.basename(file),
  signal = new AbortController().signal,
  workDir = path.join(scratch, `job-${++jobs}`),
): Promise<ConvertOutput> {
  const tool = ebookConverters.find((c) => c.toolId === toolId)!;
  mkdirSync(workDir, { recursive: true });
  const ctx = { workDir, signal, progress: () => {}, tier: 'vip' as const };
  const input = { name, path: file, size: statSync(file).size, type };
  const outputs = await tool.convert({ inputs: [input], options: tool.options.parse(options) }, ctx);
  expect(outputs).toHaveLength(1);
  return outputs[0];
}

/** calibre's own tools, as an independent reader, with the environment they need as root. */
function calibre(program: 'ebook-meta' | 'ebook-convert', args: string[]): string {
  return execFileSync(program, args, {
    encoding: 'utf8',
    timeout: CALIBRE_TIMEOUT_MS,
    env: { ...process.env, HOME: calibreHome, QTWEBENGINE_CHROMIUM_FLAGS: '--no-sandbox', QT_QPA_PLATFORM: 'offscreen' },
  });
}

function titleOf(book: string): string {
  return /^Title\s*:\s*(.*)$/m.exec(calibre('ebook-meta', [book]))?.[1].trim() ?? '';
}

/** The text of a book, as calibre reads it (the extension tells it the format). */
function bookText(book: string, extension: string): string {
  const copy = path.join(scratch, `read-${++jobs}.${extension}`);
  execFileSync('cp', [book, copy]);
  const txt = path.join(scratch, `read-${jobs}.txt`);
  calibre('ebook-convert', [copy, txt]);
  return execFileSync('cat', [txt], { encoding: 'utf8' });
}

/**
 * A book's format from its bytes: EPUB is a zip whose first entry is the stored `mimetype`; MOBI and
 * AZW3 are Palm databases of type BOOKMOBI, told apart by the MOBI header's version in record 0
 * (8 for KF8 alone, AZW3; 6 for MOBI, which calibre writes with a KF8 part after it).
 */
function signatureOf(bytes: Buffer): string {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(30, 58).toString('latin1') === 'mimetypeapplication/epub+zip') return 'epub';
  if (bytes.subarray(60, 68).toString('latin1') === 'BOOKMOBI') {
    const record0 = bytes.readUInt32BE(78);
    if (bytes.subarray(record0 + 16, record0 + 20).toString('latin1') !== 'MOBI') return 'unknown';
    const version = bytes.readUInt32BE(record0 + 36);
    return version === 8 ? 'azw3' : version === 6 ? 'mobi' : `mobi version ${version}`;
  }
  return 'unknown';
}

/** A ConvertError with this message (its cause, calibre's traceback, is not compared). */
const refusal = (message: string) => ({ name: 'ConvertError', message });

/** Process ids pgrep finds (it never lists itself; run directly, no shell whose command line would match). */
function pgrep(args: string[]): string {
  try {
    return execFileSync('pgrep', args, { encoding: 'utf8' }).trim();
  } catch {
    return ''; // exit 1: none
  }
}

/** Processes of a process group that are not zombies (`ps` state Z). */
function liveMembers(group: string): string[] {
  return execFileSync('ps', ['-e', '-o', 'pid=,pgid=,stat='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, pgid, stat]) => pid && pgid === group && stat && !stat.startsWith('Z'))
    .map(([pid, , stat]) => `${pid} ${stat}`);
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Readers wrap Chinese lines wherever; compare Chinese text with all white space removed. */
const dense = (text: string) => text.replace(/\s+/g, '');

/** Parses XML and fails on any error or warning xmldom reports. */
function parseXml(text: string, mimeType: 'application/xhtml+xml' | 'text/xml' | 'text/html' = 'application/xhtml+xml') {
  const problems: string[] = [];
  const doc = new DOMParser({ onError: (level: string, message: string) => problems.push(`${level}: ${message}`) } as never).parseFromString(text, mimeType);
  expect(problems).toEqual([]);
  return doc;
}

const elements = (doc: ReturnType<typeof parseXml>, tag: string) => Array.from(doc.getElementsByTagName(tag));

async function sampleDocx(): Promise<Buffer> {
  const picture = await sharp({ create: { width: 160, height: 100, channels: 3, background: '#cc3366' } }).png().toBuffer();
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)], width: { size: 3000, type: WidthType.DXA } });
  const doc = new Document({
    numbering: {
      config: [{ reference: 'bullets', levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720, hanging: 360 } } } }] }],
    },
    styles: { default: { document: { run: { size: 22, font: { ascii: 'Liberation Serif', hAnsi: 'Liberation Serif', eastAsia: 'Noto Serif CJK SC' } } } } },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: '第一章 总则 Chapter One', size: 40, bold: true })] }),
          new Paragraph({ spacing: { after: 200 }, children: [new TextRun(CHINESE_ONE)] }),
          new Paragraph({ spacing: { after: 200 }, children: [new TextRun('Plain start, '), new TextRun({ text: 'bold words', bold: true }), new TextRun('. ' + LATIN_ONE)] }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: '要点 Highlights', size: 30, bold: true })] }),
          new Paragraph({ numbering: { reference: 'bullets', level: 0 }, text: '第一项 first bullet' }),
          new Paragraph({ numbering: { reference: 'bullets', level: 0 }, spacing: { after: 200 }, text: '第二项 second bullet' }),
          new Table({
            columnWidths: [3000, 3000],
            rows: [new TableRow({ children: [cell('地区 Region'), cell('收入 Revenue')] }), new TableRow({ children: [cell('华东'), cell('1,234,567')] })],
          }),
          new Paragraph({ spacing: { before: 200 }, children: [new ImageRun({ type: 'png', data: picture, transformation: { width: 160, height: 100 } })] }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: '第二章 结语 Chapter Two', size: 40, bold: true })] }),
          new Paragraph({ children: [new TextRun(CHINESE_TWO)] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

describe('a generated document', () => {
  let samplePdf: string;
  beforeAll(async () => {
    samplePdf = printDocx(await sampleDocx(), scratch);
  }, SOFFICE_TIMEOUT_MS);

  describe('pdf-to-html', () => {
    let output: ConvertOutput;
    let html: string;
    let doc: ReturnType<typeof parseXml>;
    beforeAll(async () => {
      output = await run('pdf-to-html', samplePdf, 'pdf');
      html = execFileSync('cat', [output.path], { encoding: 'utf8' });
      doc = parseXml(html, 'text/html');
    });

    it('is one UTF-8 Chinese page named after the input', () => {
      expect(output.name).toBe('sample.html');
      expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="zh-CN">/);
      expect(html).toMatch(/<meta charset="utf-8"/);
      expect(elements(doc, 'title')[0].textContent).toBe('sample');
    });

    it('has real headings, paragraphs, a list and a table, in reading order, one section per page', () => {
      const text = (tag: string) => elements(doc, tag).map((e) => squash(e.textContent ?? ''));
      expect(text('h1')).toEqual(['第一章 总则 Chapter One', '第二章 结语 Chapter Two']);
      expect(text('h2')).toEqual(['要点 Highlights']);
      const paragraphs = text('p');
      expect(paragraphs).toContain(CHINESE_ONE);
      expect(paragraphs).toContain(`Plain start, bold words. ${LATIN_ONE}`);
      expect(paragraphs).toContain(CHINESE_TWO);
      expect(elements(doc, 'strong').map((e) => e.textContent)).toContain('bold words');
      expect(text('li').map((t) => t.replace(/^•\s*/, ''))).toEqual(['第一项 first bullet', '第二项 second bullet']);
      expect(text('td')).toEqual(['地区 Region', '收入 Revenue', '华东', '1,234,567']);
      const sections = elements(doc, 'section');
      expect(sections.map((s) => s.getAttribute('data-page'))).toEqual(['1', '2']);
      const body = squash(doc.getElementsByTagName('body')[0].textContent ?? '');
      const order = ['第一章', '春眠不觉晓', 'Plain start', '要点', '第一项', '地区', '第二章', '白日依山尽'].map((s) => body.indexOf(s));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    });

    it('keeps text as flowing text: no positioned boxes, no element per character, the image embedded', () => {
      expect(html).not.toMatch(/position\s*:\s*(absolute|fixed)/);
      expect(elements(doc, 'span').length).toBeLessThan(10);
      const images = elements(doc, 'img');
      expect(images).toHaveLength(1);
      expect(images[0].getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/);
    });
  });

  describe('pdf-to-epub and calibre', () => {
    let epub: ConvertOutput;
    let parts: ZipPart[];
    beforeAll(async () => {
      epub = await run('pdf-to-epub', samplePdf, 'pdf');
      parts = await readZipParts(epub.path);
    });

    it('is an EPUB 3 package: mimetype first and stored, container, OPF, nav, NCX, a chapter per Heading 1, the image', () => {
      expect(epub.name).toBe('sample.epub');
      expect(parts[0]).toEqual({ name: 'mimetype', stored: true, text: 'application/epub+zip' });
      const part = (name: string) => parts.find((p) => p.name === name)?.text ?? '';
      const container = parseXml(part('META-INF/container.xml'), 'text/xml');
      expect(elements(container, 'rootfile')[0].getAttribute('full-path')).toBe('OEBPS/content.opf');
      const opf = parseXml(part('OEBPS/content.opf'), 'text/xml');
      expect(opf.documentElement!.getAttribute('version')).toBe('3.0');
      expect(elements(opf, 'dc:language')[0].textContent).toBe('zh-CN');
      const items = elements(opf, 'item').map((i) => ({ href: i.getAttribute('href')!, type: i.getAttribute('media-type'), properties: i.getAttribute('properties') }));
      expect(items).toContainEqual({ href: 'nav.xhtml', type: 'application/xhtml+xml', properties: 'nav' });
      // Every manifest item is in the package, and every package file but the OPF is in the manifest.
      for (const item of items) expect(parts.map((p) => p.name)).toContain(`OEBPS/${item.href}`);
      expect(parts.filter((p) => p.name.startsWith('OEBPS/') && p.name !== 'OEBPS/content.opf')).toHaveLength(items.length);
      expect(items.filter((i) => i.type === 'image/png')).toHaveLength(1);
      const spine = elements(opf, 'itemref').map((i) => i.getAttribute('idref'));
      expect(spine).toHaveLength(2);

      const chapters = spine.map((id) => parseXml(part(`OEBPS/${items.find((_, n) => elements(opf, 'item')[n].getAttribute('id') === id)!.href}`)));
      expect(squash(elements(chapters[0], 'h1')[0].textContent ?? '')).toBe('第一章 总则 Chapter One');
      expect(squash(elements(chapters[1], 'h1')[0].textContent ?? '')).toBe('第二章 结语 Chapter Two');
      const nav = parseXml(part('OEBPS/nav.xhtml'));
      const tocLinks = elements(nav, 'a').map((a) => squash(a.textContent ?? ''));
      expect(tocLinks.slice(0, 3)).toEqual(['第一章 总则 Chapter One', '要点 Highlights', '第二章 结语 Chapter Two']);
      const ncx = parseXml(part('OEBPS/toc.ncx'), 'text/xml');
      expect(elements(ncx, 'navPoint').map((p) => p.getAttribute('playOrder'))).toEqual(['1', '2', '3']);
    });

    it('is read by calibre: its title, and its text in order', () => {
      expect(titleOf(epub.path)).toBe('sample');
      const text = dense(bookText(epub.path, 'epub'));
      for (const phrase of [CHINESE_ONE, CHINESE_TWO, '第一章总则ChapterOne', '1,234,567']) expect(text).toContain(dense(phrase));
      expect(text.indexOf(dense(CHINESE_ONE))).toBeLessThan(text.indexOf(dense(CHINESE_TWO)));
    }, CALIBRE_TIMEOUT_MS);

    it('epub-to-pdf prints the book with Chinese fonts: pdftotext finds the text', async () => {
      const pdf = await run('epub-to-pdf', epub.path, 'epub', {}, epub.name);
      expect(pdf.name).toBe('sample.pdf');
      const text = dense(execFileSync('pdftotext', ['-enc', 'UTF-8', pdf.path, '-'], { encoding: 'utf8' }));
      expect(text).toContain(dense(CHINESE_TWO));
      expect(text).toContain('春眠不觉晓');
      expect(text).toContain('ChapterOne');
      // Chinese in a real embedded TrueType subset, not Type 3 glyph programs.
      const fonts = execFileSync('pdffonts', [pdf.path], { encoding: 'utf8' });
      expect(fonts).toMatch(/\+WenQuanYiZenHei\s+CID TrueType/);
      expect(fonts).not.toMatch(/Type 3/);
    }, CALIBRE_TIMEOUT_MS);

    it('epub-mobi-azw3: EPUB → AZW3 (the default) → EPUB (the default back), and EPUB → MOBI, keep title and text', async () => {
      const azw3 = await run('epub-mobi-azw3', epub.path, 'epub', {}, epub.name);
      expect(azw3.name).toBe('sample.azw3');
      expect(titleOf(azw3.path)).toBe('sample');
      const back = await run('epub-mobi-azw3', azw3.path, 'azw3', {}, azw3.name);
      expect(back.name).toBe('sample.epub');
      expect(titleOf(back.path)).toBe('sample');
      expect((await readZipParts(back.path))[0]).toEqual({ name: 'mimetype', stored: true, text: 'application/epub+zip' });
      const text = dense(bookText(back.path, 'epub'));
      for (const phrase of [CHINESE_ONE, CHINESE_TWO, LATIN_ONE]) expect(text).toContain(dense(phrase));

      const mobi = await run('epub-mobi-azw3', epub.path, 'epub', { format: 'mobi' }, epub.name);
      expect(mobi.name).toBe('sample.mobi');
      expect(titleOf(mobi.path)).toBe('sample');
      expect(dense(bookText(mobi.path, 'mobi'))).toContain(dense(CHINESE_TWO));
    }, CALIBRE_TIMEOUT_MS * 2);

    it('epub-mobi-azw3 writes each chosen format (read from the files\' signatures) and refuses any other', async () => {
      const options = ebookConverters.find((c) => c.toolId === 'epub-mobi-azw3')!.options;
      expect(options.safeParse({ format: 'docx' }).success).toBe(false);
      for (const format of ['epub', 'mobi', 'azw3', 'pdf']) {
        const book = await run('epub-mobi-azw3', epub.path, 'epub', { format }, epub.name);
        expect([book.name, signatureOf(readFileSync(book.path))]).toEqual([`sample.${format}`, format]);
        // And it is the book: its last chapter's text (PDF, EPUB) or its title (MOBI, AZW3; their
        // text is read back by calibre in the test above).
        if (format === 'pdf') expect(dense(execFileSync('pdftotext', ['-enc', 'UTF-8', book.path, '-'], { encoding: 'utf8' }))).toContain(dense(CHINESE_TWO));
        else if (format === 'epub') expect(dense((await readZipParts(book.path)).map((p) => p.text.replace(/<[^>]+>/g, '')).join(''))).toContain(dense(CHINESE_TWO));
        else expect(titleOf(book.path)).toBe('sample');
      }
    }, CALIBRE_TIMEOUT_MS * 4);

    it('cancelling epub-to-pdf kills calibre and everything it started (its process group)', async () => {
      const workDir = path.join(scratch, `job-${++jobs}`);
      const controller = new AbortController();
      const conversion = run('epub-to-pdf', epub.path, 'epub', {}, epub.name, controller.signal, workDir);
      conversion.catch(() => {});
      // ebook-convert names its input inside the job's work dir; wait until it runs, then cancel.
      let group = '';
      for (let i = 0; i < 600 && !group; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const found = pgrep(['-f', '-o', '--', `${workDir}/book-1/source.epub`]);
        if (found) group = execFileSync('ps', ['-o', 'pgid=', '-p', found], { encoding: 'utf8' }).trim();
      }
      expect(group).not.toBe('');
      controller.abort(new Error('cancelled by the test'));
      await expect(conversion).rejects.toThrow('cancelled by the test');
      // SIGKILL is sent to the whole group at once; the kernel takes a moment to end each member, and
      // a dead member stays listed as a zombie until it is reaped: poll (bounded) for live members.
      let alive = liveMembers(group);
      for (let i = 0; i < 100 && alive.length > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        alive = liveMembers(group);
      }
      expect(alive).toEqual([]);
    }, CALIBRE_TIMEOUT_MS);
  });
});

describe('links (issue 14 item 9)', () => {
  let linksFile: string;
  beforeAll(async () => {
    linksFile = path.join(scratch, 'links.pdf');
    writeFileSync(linksFile, await linkPdf());
  });

  const anchors = (doc: ReturnType<typeof parseXml>) => elements(doc, 'a').map((a) => ({ text: a.textContent, href: a.getAttribute('href') }));

  it('pdf-to-html: web and mail links are <a href> to their addresses, the page link to the page-2 section, the javascript: link plain text', async () => {
    const output = await run('pdf-to-html', linksFile, 'pdf');
    const html = readFileSync(output.path, 'utf8');
    const doc = parseXml(html, 'text/html');
    expect(anchors(doc)).toEqual([
      { text: HTTP_LINK.text, href: HTTP_LINK.uri },
      { text: MAIL_LINK.text, href: MAIL_LINK.uri },
      { text: PAGE_LINK.text, href: '#page-2' },
    ]);
    expect(doc.getElementById('page-2')?.getAttribute('data-page')).toBe('2');
    expect(elements(doc, 'p').map((p) => p.textContent)).toContain(`Never follow a ${SCRIPT_LINK.text} here.`);
    expect(html).not.toMatch(/javascript/i);
  });

  it('pdf-to-epub: the same links in the XHTML chapter, the page link to the page-break marker of page 2', async () => {
    const output = await run('pdf-to-epub', linksFile, 'pdf');
    const parts = await readZipParts(output.path);
    const chapters = parts.filter((p) => /^OEBPS\/text\/chapter-\d+\.xhtml$/.test(p.name));
    const found = chapters.flatMap((chapter) => anchors(parseXml(chapter.text)));
    expect(found).toEqual([
      { text: HTTP_LINK.text, href: HTTP_LINK.uri },
      { text: MAIL_LINK.text, href: MAIL_LINK.uri },
      { text: PAGE_LINK.text, href: expect.stringMatching(/^chapter-\d+\.xhtml#page-2$/) },
    ]);
    const [file, id] = found[2].href!.split('#');
    const target = parseXml(parts.find((p) => p.name === `OEBPS/text/${file}`)!.text);
    expect(target.getElementById(id)?.getAttribute('epub:type')).toBe('pagebreak');
    expect(parts.map((p) => p.text).join('')).not.toMatch(/javascript/i);
  });
});

describe('broken and locked books', () => {
  it('a corrupt EPUB is refused in Chinese by both calibre tools', async () => {
    const broken = path.join(scratch, 'broken.epub');
    writeFileSync(broken, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]));
    await expect(run('epub-to-pdf', broken, 'epub')).rejects.toMatchObject(refusal('电子书文件已损坏或格式无效，无法转换'));
    await expect(run('epub-mobi-azw3', broken, 'epub')).rejects.toMatchObject(refusal('电子书文件已损坏或格式无效，无法转换'));
  }, CALIBRE_TIMEOUT_MS);

  it('a DRM-protected EPUB is refused in Chinese', async () => {
    const locked = path.join(scratch, 'locked.epub');
    const epub = await zipBytes(
      {
        mimetype: 'application/epub+zip',
        'META-INF/container.xml': Buffer.from('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'),
        'META-INF/encryption.xml': Buffer.from(
          '<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">' +
            '<enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="chapter.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>',
        ),
        'content.opf': Buffer.from(
          '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier><dc:title>锁</dc:title><dc:language>zh</dc:language></metadata>' +
            '<manifest><item id="c" href="chapter.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c"/></spine></package>',
        ),
        'chapter.xhtml': Buffer.from([...Array(256).keys()].map((i) => (i * 37) % 256)),
      },
      { stored: ['mimetype'] },
    );
    writeFileSync(locked, epub);
    await expect(run('epub-mobi-azw3', locked, 'epub')).rejects.toMatchObject(refusal('该电子书受DRM版权保护，无法转换'));
  }, CALIBRE_TIMEOUT_MS);
});

describe('an image with a soft mask (issue 14 item 6)', () => {
  let file: string;
  beforeAll(async () => {
    file = path.join(scratch, 'circle.pdf');
    writeFileSync(file, await softMaskPdf());
  });

  it('pdf-to-html embeds it as a PNG that keeps its transparency, not on black', async () => {
    const html = await run('pdf-to-html', file, 'pdf');
    const sources = elements(parseXml(readFileSync(html.path, 'utf8'), 'text/html'), 'img').map((i) => i.getAttribute('src') ?? '');
    expect(sources).toHaveLength(1);
    const data = /^data:image\/png;base64,(.+)$/.exec(sources[0]);
    expect(data).not.toBeNull();
    await expectTransparentCircle(Buffer.from(data![1], 'base64'));
  });

  it('pdf-to-epub packs it as a PNG that keeps its transparency', async () => {
    const epub = await run('pdf-to-epub', file, 'pdf');
    const images = (await zipEntryNames(epub.path)).filter((name) => name.startsWith('OEBPS/images/'));
    expect(images).toEqual([expect.stringMatching(/\.png$/)]);
    await expectTransparentCircle(await zipEntry(epub.path, images[0]));
  });
});

describe('every real-world fixture', () => {
  const fixtures = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((name) => name.endsWith('.pdf')) : [];
  if (fixtures.length === 0) {
    it.skip(`skipped: no fixtures at ${FIXTURES}`, () => {});
    return;
  }
  const encrypted = 'libreoffice-writer-password.pdf';
  /**
   * The fixtures whose page shows a picture (pdfimages -list, written down here): the picture-only
   * ones have no words to look for, so the picture is what each book must carry. The ImageMagick
   * files' pictures are 3.84 pt specks, not counted.
   */
  const PICTURES_BY_HAND = ['cmyk-image.pdf', 'google-doc-document.pdf', 'grayscale-image.pdf'];

  it.each(fixtures.filter((name) => name !== encrypted))('%s converts to HTML and EPUB', async (fixture) => {
    const file = path.join(FIXTURES, fixture);
    // Both carry the words pdftotext reads on the first pages (none for a picture-only file), and
    // the fixture's picture where it has one; the HTML has a section per page poppler counts.
    const words = sampleWords(file);
    const picture = PICTURES_BY_HAND.includes(fixture);
    const html = await run('pdf-to-html', file, 'pdf');
    const doc = parseXml(readFileSync(html.path, 'utf8'), 'text/html');
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    expect(elements(doc, 'section').map((s) => s.getAttribute('data-page'))).toEqual(Array.from({ length: pages }, (_, i) => String(i + 1)));
    expect(missingWords(doc.documentElement?.textContent ?? '', words)).toEqual([]);
    if (picture) expect(elements(doc, 'img').map((i) => /^data:image\/(png|jpeg);base64,/.test(i.getAttribute('src') ?? ''))).toEqual([true]);
    const parts = await readZipParts((await run('pdf-to-epub', file, 'pdf')).path);
    expect(parts[0]).toEqual({ name: 'mimetype', stored: true, text: 'application/epub+zip' });
    if (picture) expect(parts.filter((p) => /^OEBPS\/images\/.+\.(png|jpe?g)$/.test(p.name))).toHaveLength(1);
    let bookText = '';
    for (const part of parts.filter((p) => p.name.endsWith('.xhtml') || p.name.endsWith('.opf') || p.name.endsWith('.ncx'))) {
      const parsed = parseXml(part.text, part.name.endsWith('.xhtml') ? 'application/xhtml+xml' : 'text/xml');
      if (part.name.endsWith('.xhtml')) bookText += ` ${parsed.documentElement?.textContent ?? ''}`;
    }
    expect(missingWords(bookText, words)).toEqual([]);
  });

  it('asks for the password of the encrypted fixture', async () => {
    const file = path.join(FIXTURES, encrypted);
    for (const toolId of ['pdf-to-html', 'pdf-to-epub']) {
      await expect(run(toolId, file, 'pdf')).rejects.toThrow(new ConvertError('PDF已加密，请先解密'));
    }
    const html = await run('pdf-to-html', file, 'pdf', { password: 'openpassword' });
    const words = sampleWords(file, { password: 'openpassword' });
    expect(words.length).toBeGreaterThan(0);
    expect(missingWords(parseXml(readFileSync(html.path, 'utf8'), 'text/html').documentElement?.textContent ?? '', words)).toEqual([]);
  });
});
