// The hostile corpus (issue 11): inputs made at run time that try to exhaust memory or disk, read
// files they should not, or confuse the upload and the option parsing. Shared by the test
// (tests/hostile/hostile.test.ts) and the bench (scripts/bench/hostile.mjs). Each case says what a
// correct server answers: a refusal at upload (4xx with a Chinese message), a failed task with a
// Chinese message, or, where the input is legitimate after all, a finished task.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import yazl from 'yazl';

export type Outcome = 'refused' | 'failed' | 'done';

export interface HostileCase {
  name: string;
  tool: string;
  /** The submit call (two-step tools use submitMiddleTask). */
  call?: string;
  files(dir: string): Promise<Array<{ name: string; data: Buffer }>>;
  options?: Record<string, unknown>;
  /** Every outcome a correct server may give for this input. */
  allowed: readonly Outcome[];
  /** Text that must never appear in any result (a secret the input tries to pull in). */
  mustNotLeak?: string;
  /** What a finished task's results (downloaded files, in task order) must hold: throws a description otherwise. */
  check?(files: string[]): void;
}

/** Throws `message` unless `condition` holds: the checks below report instead of asserting. */
function demand(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Exactly one result, a PDF qpdf finds clean (exit 0: warnings are not clean), with `pages` pages. */
function onePdf(files: string[], pages: number): string {
  demand(files.length === 1, `${files.length} results, not one PDF`);
  const check = spawnSync('qpdf', ['--check', files[0]!], { encoding: 'utf8' });
  demand(check.status === 0, `qpdf --check exits ${check.status}: ${check.stdout}${check.stderr}`);
  const count = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [files[0]!], { encoding: 'utf8' }))?.[1]);
  demand(count === pages, `${count} pages, not ${pages}`);
  return files[0]!;
}

/** textPdf() turned a quarter: both pages at /Rotate 90, their words kept. */
function turnedTextPdf(files: string[]): void {
  const pdf = onePdf(files, 2);
  const turns = [...execFileSync('pdfinfo', ['-f', '1', '-l', '2', pdf], { encoding: 'utf8' }).matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => m[1]).join(',');
  demand(turns === '90,90', `page rotations ${turns}, not 90,90`);
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
  demand(/hostile corpus[\s\S]*page two/.test(text), `text ${JSON.stringify(text)} lacks the pages' words`);
}

/** One JPEG of `width` × `height` (ffprobe), all white: what a blank page draws. */
function blankJpeg(files: string[], width: (w: number) => boolean, height: (h: number) => boolean): void {
  demand(files.length === 1, `${files.length} results, not one picture`);
  const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', files[0]!], { encoding: 'utf8' }).trim();
  const [codec, w, h] = probe.split(',');
  demand(codec === 'mjpeg' && width(Number(w)) && height(Number(h)), `picture ${probe}`);
  // The darkest pixel, by ffmpeg's signalstats over luma.
  const stats = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-i', files[0]!, '-vf', 'signalstats,metadata=mode=print:key=lavfi.signalstats.YMIN', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  const darkest = Number(/lavfi\.signalstats\.YMIN=(\d+)/.exec(stats)?.[1]);
  demand(darkest >= 200, `darkest luma ${darkest} on a blank page`);
}

/** What /etc/passwd starts with: an input that pulls it in leaks it into its result. */
export const PASSWD_MARKER = 'root:x:0:0';

async function zip(entries: Array<[string, Buffer | string]>, stored: string[] = []): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, data] of entries) archive.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name, { compress: !stored.includes(name) });
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** 200 MB of one byte: it deflates to about 200 KB, and is bomb enough for every reader here. */
function bombEntry(): Buffer {
  return Buffer.alloc(200 * 1024 * 1024, ' ');
}

async function textPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText('hostile corpus', { x: 20, y: 150, size: 18 });
  doc.addPage([300, 300]).drawText('page two', { x: 20, y: 150, size: 18 });
  return Buffer.from(await doc.save());
}

/** A /Pages /Count that names a stream inflating to 512 MB (its page count cannot be read as a number). */
export function countBomb(): Buffer {
  const deflated = zlib.deflateSync(Buffer.alloc(512 * 1024 * 1024, '7'), { level: 9 });
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(buf);
    length += buf.length;
  };
  const object = (n: number, ...body: Array<Buffer | string>) => {
    offsets[n] = length;
    push(`${n} 0 obj\n`);
    body.forEach(push);
    push('\nendobj\n');
  };
  push('%PDF-1.7\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 4 0 R >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
  object(4, `<< /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n`, deflated, '\nendstream');
  const xref = length;
  push(`xref\n0 5\n0000000000 65535 f \n${offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A PDF page whose content stream inflates to 300 MB of drawing operators. */
function contentBomb(): Buffer {
  const deflated = zlib.deflateSync(Buffer.alloc(300 * 1024 * 1024, '0 0 m 1 1 l S\n'), { level: 9 });
  const head = '%PDF-1.7\n';
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
  ];
  const parts: Buffer[] = [Buffer.from(head)];
  const offsets: number[] = [];
  let length = head.length;
  objs.forEach((o, i) => {
    offsets.push(length);
    const b = Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`);
    parts.push(b);
    length += b.length;
  });
  offsets.push(length);
  const streamHead = Buffer.from(`4 0 obj\n<< /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n`);
  const streamTail = Buffer.from('\nendstream\nendobj\n');
  parts.push(streamHead, deflated, streamTail);
  length += streamHead.length + deflated.length + streamTail.length;
  parts.push(Buffer.from(`xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A PNG whose header claims 100000×100000 pixels, with one row of data. */
function pngDimensionBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + 300_000))), chunk('IEND', Buffer.alloc(0))]);
}

function video(dir: string): Buffer {
  const file = path.join(dir, 'ok.mp4');
  if (!fs.existsSync(file)) execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=160x120:d=2:r=10', '-f', 'lavfi', '-i', 'sine=d=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
  return fs.readFileSync(file);
}

function mp3(dir: string): Buffer {
  const file = path.join(dir, 'ok.mp3');
  if (!fs.existsSync(file)) execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=d=3', file]);
  return fs.readFileSync(file);
}

async function docx(documentXml: string | Buffer): Promise<Buffer> {
  return zip([
    ['[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'],
    ['_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'],
    ['word/document.xml', documentXml],
  ]);
}

const half = (b: Buffer) => b.subarray(0, Math.floor(b.length / 2));
const FAIL_OR_REFUSE = ['refused', 'failed'] as const;

export const HOSTILE_CASES: readonly HostileCase[] = [
  // Decompression bombs.
  { name: 'DOCX whose document.xml inflates to 200 MB', tool: 'word-to-pdf', files: async () => [{ name: 'bomb.docx', data: await docx(bombEntry()) }], allowed: FAIL_OR_REFUSE },
  { name: 'image zip with a 200 MB member', tool: 'image_zip_to_pdf', files: async () => [{ name: 'bomb.zip', data: await zip([['a.png', bombEntry()]]) }], allowed: FAIL_OR_REFUSE },
  { name: 'EPUB whose chapter inflates to 200 MB', tool: 'epub-to-pdf', files: async () => [{ name: 'bomb.epub', data: await zip([['mimetype', 'application/epub+zip'], ['OEBPS/c.xhtml', bombEntry()]], ['mimetype']) }], allowed: FAIL_OR_REFUSE },
  { name: 'OFD whose page inflates to 200 MB', tool: 'ofd-to-pdf', files: async () => [{ name: 'bomb.ofd', data: await zip([['OFD.xml', '<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"/>'], ['Doc_0/Pages/Page_0/Content.xml', bombEntry()]]) }], allowed: FAIL_OR_REFUSE },
  { name: 'PDF /Count naming a 512 MB stream, two-step split', tool: 'pdf-split', call: '/task/submitMiddleTask', files: async () => [{ name: 'count.pdf', data: countBomb() }], allowed: ['failed'] },
  {
    name: 'PDF page content inflating to 300 MB',
    tool: 'pdf-to-jpg',
    files: async () => [{ name: 'content.pdf', data: contentBomb() }],
    allowed: ['failed', 'done'],
    // Drawn after all, within its time: the 200 pt page at the default 150 dpi.
    check: (files) => {
      demand(files.length === 1, `${files.length} results, not one picture`);
      const size = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', files[0]!], { encoding: 'utf8' }).trim();
      demand(size === '417,417', `picture of ${size}, not 417×417`);
    },
  },
  // Pixel bombs.
  { name: 'PNG header claiming 100000×100000', tool: 'img-convert', options: { format: 'jpg' }, files: async () => [{ name: 'huge.png', data: pngDimensionBomb() }], allowed: FAIL_OR_REFUSE },
  {
    name: '9900×10000 16-bit RGBA PNG',
    tool: 'img-compress',
    files: async () => [{ name: 'deep.png', data: await sharp({ create: { width: 9900, height: 10000, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } }).toColourspace('rgb16').png({ compressionLevel: 9 }).toBuffer() }],
    allowed: FAIL_OR_REFUSE,
  },
  {
    name: '3000 pt page at 600 dpi',
    tool: 'pdf-to-jpg',
    options: { dpi: 600 },
    files: async () => {
      const doc = await PDFDocument.create();
      doc.addPage([3000, 3000]);
      return [{ name: 'big-page.pdf', data: Buffer.from(await doc.save()) }];
    },
    allowed: ['done'],
    // A blank square within the 40-megapixel budget (as tests/shipped/pixel-budget.test.ts has it).
    check: (files) => blankJpeg(files, (w) => w > 6000 && w * w <= 40_000_000, (h) => h > 6000 && h * h <= 40_000_000),
  },
  // Truncated and malformed files of the accepted types.
  { name: 'truncated PDF', tool: 'pdf-rotate', options: { angle: 90 }, files: async () => [{ name: 'half.pdf', data: half(await textPdf()) }], allowed: FAIL_OR_REFUSE },
  { name: 'truncated DOCX', tool: 'word-to-pdf', files: async () => [{ name: 'half.docx', data: half(await docx('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>x</w:t></w:r></w:p></w:body></w:document>')) }], allowed: FAIL_OR_REFUSE },
  { name: 'truncated PNG', tool: 'img-convert', options: { format: 'jpg' }, files: async () => [{ name: 'half.png', data: half(await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } }).png().toBuffer()) }], allowed: FAIL_OR_REFUSE },
  { name: 'truncated MP4', tool: 'video-to-audio', files: async (dir) => [{ name: 'half.mp4', data: half(video(dir)) }], allowed: FAIL_OR_REFUSE },
  { name: 'truncated MP3', tool: 'audio-to-audio', options: { format: 'wav' }, files: async (dir) => [{ name: 'half.mp3', data: mp3(dir).subarray(0, 200) }], allowed: FAIL_OR_REFUSE },
  { name: 'PDF that is only a header', tool: 'pdf-compress', files: async () => [{ name: 'head.pdf', data: Buffer.from('%PDF-1.7\n%%EOF\n') }], allowed: FAIL_OR_REFUSE },
  // Playlists and external references.
  { name: 'HLS playlist pointing at /etc/passwd, named .mp4', tool: 'video-to-audio', files: async () => [{ name: 'list.mp4', data: Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n') }], allowed: FAIL_OR_REFUSE, mustNotLeak: PASSWD_MARKER },
  { name: 'ffconcat list naming /etc/passwd, named .mp3', tool: 'audio-to-audio', files: async () => [{ name: 'list.mp3', data: Buffer.from("ffconcat version 1.0\nfile '/etc/passwd'\n") }], allowed: FAIL_OR_REFUSE, mustNotLeak: PASSWD_MARKER },
  { name: 'SVG with an external image, named .png', tool: 'img-convert', files: async () => [{ name: 'x.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd"/></svg>') }], allowed: FAIL_OR_REFUSE, mustNotLeak: PASSWD_MARKER },
  { name: 'RTF including /etc/passwd as text', tool: 'word-to-pdf', files: async () => [{ name: 'include.rtf', data: Buffer.from('{\\rtf1\\ansi{\\field{\\*\\fldinst INCLUDETEXT "/etc/passwd"}{\\fldrslt placeholder}}}') }], allowed: ['done', 'failed'], mustNotLeak: PASSWD_MARKER, check: (files) => void onePdf(files, 1) },
  { name: 'DOCX with an external image link to /etc/passwd', tool: 'word-to-pdf', files: async () => [{ name: 'link.docx', data: await docx('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:fldSimple w:instr="INCLUDETEXT &quot;/etc/passwd&quot;"><w:r><w:t>x</w:t></w:r></w:fldSimple></w:p></w:body></w:document>') }], allowed: ['done', 'failed'], mustNotLeak: PASSWD_MARKER, check: (files) => void onePdf(files, 1) },
  // Absurd options.
  { name: 'dpi 1e9', tool: 'pdf-to-png', options: { dpi: 1e9 }, files: async () => [{ name: 'a.pdf', data: await textPdf() }], allowed: ['refused'] },
  { name: 'quality -5', tool: 'pdf-to-jpg', options: { quality: -5 }, files: async () => [{ name: 'a.pdf', data: await textPdf() }], allowed: ['refused'] },
  { name: 'angle 45', tool: 'pdf-rotate', options: { angle: 45 }, files: async () => [{ name: 'a.pdf', data: await textPdf() }], allowed: ['refused'] },
  { name: 'pages 1-999999999', tool: 'pdf-delete-page', options: { pages: '1-999999999' }, files: async () => [{ name: 'a.pdf', data: await textPdf() }], allowed: FAIL_OR_REFUSE },
  { name: 'cut start after end', tool: 'cut-audio', options: { start: '00:00:02.0', end: '00:00:01.0' }, files: async (dir) => [{ name: 'a.mp3', data: mp3(dir) }], allowed: FAIL_OR_REFUSE },
  { name: 'watermark text of 100000 characters', tool: 'watermark', options: { text: '水'.repeat(100_000) }, files: async () => [{ name: 'a.pdf', data: await textPdf() }], allowed: ['refused'] },
  // Names and empty files.
  { name: 'zero-byte PDF', tool: 'pdf-rotate', files: async () => [{ name: 'empty.pdf', data: Buffer.alloc(0) }], allowed: ['refused'] },
  { name: 'PNG bytes named .pdf', tool: 'pdf-rotate', files: async () => [{ name: 'fake.pdf', data: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer() }], allowed: ['refused'] },
  { name: 'path traversal and bidi controls in the name', tool: 'pdf-rotate', options: { angle: 90 }, files: async () => [{ name: '../../../etc/\u202Efdp.evil.pdf', data: await textPdf() }], allowed: ['done'], check: turnedTextPdf },
  { name: 'a 5000-character file name', tool: 'pdf-rotate', options: { angle: 90 }, files: async () => [{ name: `${'长'.repeat(5000)}.pdf`, data: await textPdf() }], allowed: ['done'], check: turnedTextPdf },
];
