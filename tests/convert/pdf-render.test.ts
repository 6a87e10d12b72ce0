// PDF tools on external engines, each result checked by an independent reader (qpdf, pdfinfo,
// pdfimages, sharp, openssl), then every tool over the real-world fixtures.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { ConvertError } from '../../server/convert/errors';
import { configureTimestamps, pdfRenderConverters } from '../../server/convert/tools/pdf-render';
import type { Converter, ConvertInput, ConvertOutput } from '../../server/convert/types';
import { jobContext, scratchFolder } from '../support/convert-job';
import { greyPixels, inkDifference, pageDifference, popplerPage, region } from '../support/pixels';
import { CIRCLE_SIDE, expectTransparentCircle, softMaskPdf } from '../support/transparent-image';

const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/pdf');
const FIXTURE_PASSWORD = 'openpassword';

const scratch = scratchFolder('pdf-render-test-');
let authorityDir: string;

beforeAll(() => {
  authorityDir = path.join(scratch, 'tsa');
  configureTimestamps({ authorityDir });
});

function converter(toolId: string): Converter<any> {
  const found = pdfRenderConverters.find((c) => c.toolId === toolId);
  if (!found) throw new Error(`no converter ${toolId}`);
  return found;
}

const context = () => jobContext(scratch);

function inputFile(file: string, name = path.basename(file)): ConvertInput {
  return { name, path: file, size: statSync(file).size, type: 'pdf' };
}

async function run(toolId: string, file: string, options: Record<string, unknown> = {}): Promise<ConvertOutput[]> {
  const tool = converter(toolId);
  return tool.convert({ inputs: [inputFile(file)], options: tool.options.parse(options) }, context());
}

function savePdf(bytes: Uint8Array, name: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, bytes);
  return file;
}

/** Exit code of a command (its output discarded). */
function exitCode(command: string, args: string[]): number {
  return spawnSync(command, args, { stdio: 'ignore' }).status ?? -1;
}

function qpdfCheckPasses(file: string, password?: string): boolean {
  // Exit 0 only: 3 means qpdf found warnings, which are not a pass.
  return exitCode('qpdf', [...(password ? [`--password=${password}`] : []), '--check', file]) === 0;
}

async function textPdf(pageSizes: Array<[number, number]>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [index, size] of pageSizes.entries()) {
    pdf.addPage(size).drawText(`Page ${index + 1}`, { x: 20, y: 20, size: 18, font });
  }
  return pdf.save();
}

/** A photo-like JPEG (noise does not compress) to make image-heavy PDFs. */
function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function imagePdf(jpeg: Buffer, pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedJpg(jpeg);
  for (let i = 0; i < pages; i++) pdf.addPage([288, 216]).drawImage(image, { x: 0, y: 0, width: 288, height: 216 });
  return pdf.save();
}

describe('pdf-lock and pdf-unlock', () => {
  let plain: string;
  beforeAll(async () => {
    plain = savePdf(await textPdf([[300, 200]]), 'plain.pdf');
  });

  it('encrypts with AES-256 so the file needs its open password', async () => {
    const [locked] = await run('pdf-lock', plain, { password: 'open-秘密', ownerPassword: 'owner', permissions: { copy: false } });
    expect(locked.name).toBe('plain-已加密.pdf');
    expect(exitCode('qpdf', ['--requires-password', locked.path])).toBe(0);
    expect(exitCode('pdfinfo', [locked.path])).not.toBe(0);
    expect(qpdfCheckPasses(locked.path, 'open-秘密')).toBe(true);
    const encryption = execFileSync('qpdf', ['--password=open-秘密', '--show-encryption', locked.path], { encoding: 'utf8' });
    expect(encryption).toMatch(/R = 6/);
    expect(encryption).toMatch(/extract for any purpose: not allowed/);
    expect(encryption).toMatch(/print high resolution: allowed/);
    // What the password opens is the document that was locked.
    expect(execFileSync('pdftotext', ['-upw', 'open-秘密', locked.path, '-'], { encoding: 'utf8' }).trim()).toBe('Page 1');
  });

  it('does not grow a file whose big literal strings encryption would write as hex (issue 14 item 11)', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([300, 200]).drawText('Long metadata', { x: 20, y: 20, size: 18, font });
    // 400 KB of text in a literal string, as some producers write XMP-like notes or embedded data.
    const note = Array.from({ length: 8000 }, (_, i) => `note line ${i} of a long producer record;`).join(' ');
    pdf.setTitle('Long metadata');
    pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict).set(PDFName.of('Keywords'), PDFString.of(note));
    const source = savePdf(await pdf.save({ useObjectStreams: false }), 'long-note.pdf');
    const [locked] = await run('pdf-lock', source, { password: 'k' });
    expect(statSync(locked.path).size).toBeLessThan(statSync(source).size);
    expect(qpdfCheckPasses(locked.path, 'k')).toBe(true);
    const info = execFileSync('pdfinfo', ['-upw', 'k', locked.path], { encoding: 'utf8', maxBuffer: 8 << 20 });
    expect(info).toContain('note line 7999 of a long producer record;');
    expect(execFileSync('pdftotext', ['-upw', 'k', locked.path, '-'], { encoding: 'utf8' }).trim()).toBe('Long metadata');
  });

  it('unlocks with the right password and refuses a wrong or missing one', async () => {
    const [locked] = await run('pdf-lock', plain, { password: 'right' });
    await expect(run('pdf-unlock', locked.path, { password: 'wrong' })).rejects.toThrow(new ConvertError('密码错误，请输入正确的PDF密码'));
    // No password given is not a wrong one (issue 14 item 11).
    await expect(run('pdf-unlock', locked.path)).rejects.toThrow(new ConvertError('该PDF设有打开密码，请输入密码后再解除'));
    const [unlocked] = await run('pdf-unlock', locked.path, { password: 'right' });
    expect(exitCode('qpdf', ['--is-encrypted', unlocked.path])).toBe(2);
    expect(qpdfCheckPasses(unlocked.path)).toBe(true);
    expect(execFileSync('pdftotext', [unlocked.path, '-'], { encoding: 'utf8' }).trim()).toBe('Page 1');
  });

  it('asks for a password when there is none to set', async () => {
    await expect(run('pdf-lock', plain)).rejects.toBeInstanceOf(ConvertError);
  });
});

describe('pdf-getimg', () => {
  it('extracts the embedded JPEG byte for byte, once even when drawn on every page', async () => {
    const jpeg = await noisyJpeg(64, 48);
    const file = savePdf(await imagePdf(jpeg, 3), 'images.pdf');
    const outputs = await run('pdf-getimg', file);
    expect(outputs).toHaveLength(1);
    expect(outputs[0].name).toBe('images_第1页_1.jpg');
    expect(readFileSync(outputs[0].path).equals(jpeg)).toBe(true);
  });

  it('gives an image with a soft mask as one PNG with the mask as alpha, not on black, and not the mask apart', async () => {
    const file = savePdf(await softMaskPdf(), 'circle.pdf');
    // The input really holds an image and its SMask (poppler lists both).
    expect(popplerKinds(file)).toEqual(['image', 'smask']);
    const outputs = await run('pdf-getimg', file);
    expect(outputs.map((o) => o.name)).toEqual(['circle_第1页_1.png']);
    const picture = readFileSync(outputs[0].path);
    expect([(await sharp(picture).metadata()).width, (await sharp(picture).metadata()).height]).toEqual([CIRCLE_SIDE, CIRCLE_SIDE]);
    await expectTransparentCircle(picture);
  });

  it('says so when there is no image', async () => {
    const file = savePdf(await textPdf([[200, 200]]), 'no-images.pdf');
    await expect(run('pdf-getimg', file)).rejects.toThrow('PDF中没有可提取的图片');
  });
});

describe('pdf-to-png, pdf-to-jpg, pdf-to-longpng', () => {
  let twoPages: string;
  beforeAll(async () => {
    twoPages = savePdf(await textPdf([[300, 200], [300, 400], [150, 100]]), 'three-pages.pdf');
  });

  it('renders each page at dpi × page size, showing what poppler draws of that page', async () => {
    const outputs = await run('pdf-to-png', twoPages, { dpi: 144 });
    expect(outputs.map((o) => o.name)).toEqual(['three-pages_第1页.png', 'three-pages_第2页.png', 'three-pages_第3页.png']);
    const sizes = await Promise.all(outputs.map((o) => sharp(o.path).metadata()));
    const expected = [[600, 400], [600, 800], [300, 200]];
    for (const [i, size] of sizes.entries()) {
      expect(size.format).toBe('png');
      expect(Math.abs(size.width - expected[i][0])).toBeLessThanOrEqual(1);
      expect(Math.abs(size.height - expected[i][1])).toBeLessThanOrEqual(1);
      expect(await pageDifference(outputs[i].path, twoPages, i + 1, 144)).toBeLessThan(0.2);
    }
  });

  it('renders only the chosen pages as JPEG', async () => {
    const outputs = await run('pdf-to-jpg', twoPages, { pages: '2-3', dpi: 72 });
    expect(outputs.map((o) => o.name)).toEqual(['three-pages_第2页.jpg', 'three-pages_第3页.jpg']);
    const size = await sharp(outputs[0].path).metadata();
    expect([size.format, size.width, size.height]).toEqual(['jpeg', 300, 400]);
    for (const [i, output] of outputs.entries()) expect(await pageDifference(output.path, twoPages, i + 2, 72)).toBeLessThan(0.2);
  });

  it('refuses page ranges outside the document', async () => {
    await expect(run('pdf-to-png', twoPages, { pages: '7-9' })).rejects.toBeInstanceOf(ConvertError);
    await expect(run('pdf-to-png', twoPages, { pages: 'abc' })).rejects.toBeInstanceOf(ConvertError);
  });

  it('stacks every page into one long PNG', async () => {
    const [long] = await run('pdf-to-longpng', twoPages, { dpi: 72 });
    const size = await sharp(long.path).metadata();
    expect(size.width).toBe(300);
    expect(Math.abs(size.height - (200 + 400 + 100))).toBeLessThanOrEqual(3);
    // Top to bottom, each band is its page as poppler draws it (the narrow third page centred).
    const picture = await greyPixels(long.path);
    const bands = [[0, 0, 300, 200], [0, 200, 300, 400], [75, 600, 150, 100]];
    for (const [i, [left, top, width, height]] of bands.entries()) expect(await pageDifference(region(picture, left, top, width, height), twoPages, i + 1, 72)).toBeLessThan(0.2);
  });

  it('draws a filled form by its values where /NeedAppearances leaves the old empty appearance (issue 14 item 7)', async () => {
    // Appearances drawn for the empty form, then a value set as LibreOffice leaves it: for the viewer to draw.
    const blank = await PDFDocument.create();
    const field = blank.getForm().createTextField('name');
    field.addToPage(blank.addPage([400, 300]), { x: 50, y: 200, width: 250, height: 40 });
    const filled = await PDFDocument.load(await blank.save());
    filled.getForm().getTextField('name').acroField.dict.set(PDFName.of('V'), PDFString.of('FILLED VALUE'));
    filled.getForm().acroForm.dict.set(PDFName.of('NeedAppearances'), filled.context.obj(true));
    const form = savePdf(await filled.save({ updateFieldAppearances: false }), 'stale-form.pdf');
    // Dark pixels inside the field's box (its border left out): the value's letters.
    const inkInField = (picture: Awaited<ReturnType<typeof greyPixels>>) => [...region(picture, 54, 64, 242, 32).data].filter((v) => v < 128).length;
    const [png] = await run('pdf-to-png', form, { dpi: 72 });
    expect(inkInField(await greyPixels(png.path))).toBeGreaterThan(150);
    const [long] = await run('pdf-to-longpng', form, { dpi: 72 });
    expect(inkInField(await greyPixels(long.path))).toBeGreaterThan(150);
    // The premise: MuPDF on the file as it is draws the empty appearance.
    const raw = path.join(path.dirname(form), 'stale-form-mutool.png');
    execFileSync('mutool', ['draw', '-q', '-r', '72', '-o', raw, form, '1'], { stdio: 'ignore' });
    expect(inkInField(await greyPixels(raw))).toBeLessThan(20);
  });

  it('refuses a long image beyond the height cap, in Chinese', async () => {
    const tall = savePdf(await textPdf(Array.from({ length: 40 }, () => [595, 842] as [number, number])), 'forty-pages.pdf');
    await expect(run('pdf-to-longpng', tall, { dpi: 300 })).rejects.toThrow(/长图高度/);
  });
});

describe('pdf-compress', () => {
  it('shrinks an image-heavy PDF and keeps it valid', async () => {
    const file = savePdf(await imagePdf(await noisyJpeg(1200, 900), 2), 'photos.pdf');
    const [compressed] = await run('pdf-compress', file, { level: 'medium' });
    expect(compressed.name).toBe('photos-已压缩.pdf');
    expect(statSync(compressed.path).size).toBeLessThan(statSync(file).size / 2);
    expect(qpdfCheckPasses(compressed.path)).toBe(true);
    expect(execFileSync('qpdf', ['--show-npages', compressed.path], { encoding: 'utf8' }).trim()).toBe('2');
    // Each page still shows the photo: an image on each page (pdfimages), the page drawn alike.
    expect(execFileSync('pdfimages', ['-list', compressed.path], { encoding: 'utf8' }).split('\n').slice(2).filter((line) => / image /.test(line)).map((line) => Number(line.trim().split(/\s+/)[0]))).toEqual([1, 2]);
    for (const page of [1, 2]) expect(await pageDifference(await popplerPage(compressed.path, page, 20), file, page, 20)).toBeLessThan(0.1);
  });

  it('never returns a bigger file', async () => {
    const file = savePdf(await textPdf([[200, 200]]), 'tiny.pdf');
    const outputs = await run('pdf-compress', file, { level: 'low' });
    expect(statSync(outputs[0].path).size).toBeLessThanOrEqual(statSync(file).size);
    expect(qpdfCheckPasses(outputs[0].path)).toBe(true);
    expect(execFileSync('pdftotext', [outputs[0].path, '-'], { encoding: 'utf8' }).trim()).toBe('Page 1');
  });
});

/** A PDF with a script on open, a JavaScript name tree, a launch action, a web link and an attachment. */
async function riskyPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 300]);
  const { context } = pdf;
  const script = context.register(context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hi")') }));
  pdf.catalog.set(PDFName.of('OpenAction'), script);
  const jsTree = context.obj({ Names: [PDFHexString.fromText('init'), script] });
  const names = context.obj({ JavaScript: jsTree });
  pdf.catalog.set(PDFName.of('Names'), names);
  const link = context.register(
    context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 20], A: { S: 'URI', URI: PDFString.of('https://example.com/x') } }),
  );
  const launch = context.register(
    context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 30, 100, 50], A: { S: 'Launch', F: PDFString.of('calc.exe') } }),
  );
  page.node.set(PDFName.of('Annots'), context.obj([link, launch]));
  page.node.set(PDFName.of('AA'), context.obj({ O: script }));
  await pdf.attach(Buffer.from('secret payload'), 'payload.txt', { mimeType: 'text/plain' });
  return pdf.save();
}

describe('pdf-scan', () => {
  it('finds scripts, automatic actions, links and attachments, and writes a clean copy', async () => {
    const file = savePdf(await riskyPdf(), 'risky.pdf');
    const outputs = await run('pdf-scan', file);
    expect(outputs.map((o) => o.name)).toEqual(['risky-安全检测报告.json', 'risky-净化版.pdf']);
    // The report, against what riskyPdf() planted (written here, not recomputed by the scanner).
    const report = JSON.parse(readFileSync(outputs[0].path, 'utf8')) as { riskLevel: string; findings: Array<{ kind: string; details: string[] }> };
    expect(report.riskLevel).toBe('高');
    expect(report.findings.map((f) => f.kind).sort()).toEqual(['additionalActions', 'embeddedFile', 'javascript', 'launch', 'openAction', 'uri']);
    expect(report.findings.find((f) => f.kind === 'uri')?.details).toEqual(['https://example.com/x']);
    expect(report.findings.find((f) => f.kind === 'embeddedFile')?.details).toEqual(['payload.txt']);

    // The clean copy, read by qpdf: valid, no attachment, and once uncompressed no active content
    // left, while the page and its web link stay.
    const clean = outputs[1].path;
    expect(qpdfCheckPasses(clean)).toBe(true);
    expect(execFileSync('qpdf', ['--list-attachments', clean], { encoding: 'utf8' })).toMatch(/no embedded files/);
    const plain = execFileSync('qpdf', ['--qdf', '--object-streams=disable', clean, '-'], { maxBuffer: 64 * 1024 * 1024 }).toString('latin1');
    for (const active of ['/JavaScript', '/JS', '/OpenAction', '/Launch', '/AA', '/EmbeddedFile', 'secret payload']) expect([active, plain.includes(active)]).toEqual([active, false]);
    expect(plain).toContain('(https://example.com/x)');
    expect(execFileSync('qpdf', ['--show-npages', clean], { encoding: 'utf8' }).trim()).toBe('1');
  });

  // Each /OpenAction written by hand, with what the report must say of it.
  const OPEN_ACTIONS: Array<[string, (pdf: PDFDocument) => unknown, string[]]> = [
    ['a destination [page /Fit]', (pdf) => pdf.context.obj([pdf.getPage(1).ref, PDFName.of('Fit')]), []],
    ['a destination [page /XYZ left top zoom]', (pdf) => pdf.context.obj([pdf.getPage(1).ref, PDFName.of('XYZ'), 0, 300, null]), []],
    ['a named destination', () => PDFString.of('chapter.2'), []],
    ['a GoTo action (indirect)', (pdf) => pdf.context.register(pdf.context.obj({ S: 'GoTo', D: [pdf.getPage(1).ref, PDFName.of('FitH'), 300] })), []],
    ['a page turn (Named /NextPage)', (pdf) => pdf.context.obj({ S: 'Named', N: 'NextPage' }), []],
    ['a JavaScript action', (pdf) => pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }), ['javascript', 'openAction']],
    ['a GoTo followed by JavaScript (/Next)', (pdf) => pdf.context.obj({ S: 'GoTo', D: [pdf.getPage(0).ref, PDFName.of('Fit')], Next: { S: 'JavaScript', JS: PDFString.of('app.alert(1)') } }), ['javascript', 'openAction']],
    ['a web address (URI)', (pdf) => pdf.context.obj({ S: 'URI', URI: PDFString.of('https://example.com/') }), ['openAction', 'uri']],
    ['a launch', (pdf) => pdf.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }), ['launch', 'openAction']],
    ['a form submission', (pdf) => pdf.context.obj({ S: 'SubmitForm', F: PDFString.of('https://example.com/') }), ['openAction', 'submitForm']],
    ['a jump into another file (GoToR)', (pdf) => pdf.context.obj({ S: 'GoToR', F: PDFString.of('other.pdf'), D: [0, PDFName.of('Fit')] }), ['externalGoTo', 'openAction']],
    ['a named action other than a page turn (/Print)', (pdf) => pdf.context.obj({ S: 'Named', N: 'Print' }), ['openAction']],
  ];
  it.each(OPEN_ACTIONS)('an /OpenAction that is %s', async (label, openAction, kinds) => {
    const pdf = await PDFDocument.load(await textPdf([[200, 200], [200, 400]]));
    pdf.catalog.set(PDFName.of('OpenAction'), openAction(pdf) as never);
    const [reportFile] = await run('pdf-scan', savePdf(await pdf.save(), 'open-action.pdf'));
    const report = JSON.parse(readFileSync(reportFile.path, 'utf8')) as { riskLevel: string; findings: Array<{ kind: string }> };
    expect(report.findings.map((f) => f.kind).sort()).toEqual(kinds);
    if (kinds.length === 0) expect(report.riskLevel).toBe('低');
  });

  it('reports a plain document as low risk', async () => {
    const [reportFile] = await run('pdf-scan', savePdf(await textPdf([[200, 200]]), 'harmless.pdf'));
    expect(JSON.parse(readFileSync(reportFile.path, 'utf8'))).toMatchObject({ riskLevel: '低', findings: [], encrypted: false, pageCount: 1 });
  });
});

/** The token and the covered bytes of a document timestamp, read back from the file. */
function timestampParts(file: string): { token: Buffer; covered: Buffer } {
  const bytes = readFileSync(file);
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(bytes.toString('latin1'));
  if (!match) throw new Error('no /ByteRange');
  const [a, b, c, d] = match.slice(1).map(Number);
  expect(a).toBe(0);
  expect(c + d).toBe(bytes.length);
  const hex = bytes.subarray(b + 1, c - 1).toString('latin1');
  const der = Buffer.from(hex, 'hex');
  // The hole is zero padded: the DER length says where the token ends (0x30 0x82 LL LL).
  expect(der[0]).toBe(0x30);
  const length = der[1] === 0x82 ? 4 + der.readUInt16BE(2) : 3 + der[2];
  return { token: der.subarray(0, length), covered: Buffer.concat([bytes.subarray(a, b), bytes.subarray(c, c + d)]) };
}

function verifyTimestamp(file: string): string {
  const { token, covered } = timestampParts(file);
  const dir = mkdtempSync(path.join(scratch, 'verify-'));
  writeFileSync(path.join(dir, 'token.der'), token);
  writeFileSync(path.join(dir, 'covered.bin'), covered);
  const args = ['ts', '-verify', '-data', path.join(dir, 'covered.bin'), '-in', path.join(dir, 'token.der'), '-token_in'];
  return execFileSync('openssl', [...args, '-CAfile', path.join(authorityDir, 'ca.crt')], { encoding: 'utf8', stdio: 'pipe' });
}

describe('timestamp', () => {
  it('adds an RFC 3161 document timestamp that verifies against the authority', async () => {
    const file = savePdf(await textPdf([[300, 200], [300, 200]]), 'contract.pdf');
    const [stamped] = await run('timestamp', file);
    expect(stamped.name).toBe('contract-时间戳.pdf');
    expect(qpdfCheckPasses(stamped.path)).toBe(true);
    expect(verifyTimestamp(stamped.path)).toMatch(/Verification: OK/);
    // poppler 22 parses the token's signer and ranges (it names the type "unknown" and leaves validation to openssl).
    const pdfsig = spawnSync('pdfsig', [stamped.path], { encoding: 'utf8' }).stdout;
    expect(pdfsig).toMatch(/Signer Certificate Common Name: PDF365 Time Stamping Authority/);
    expect(pdfsig).toMatch(/Total document signed/);
    const certificate = execFileSync('openssl', ['x509', '-in', path.join(authorityDir, 'tsa.crt'), '-noout', '-ext', 'extendedKeyUsage'], {
      encoding: 'utf8',
    });
    expect(certificate).toMatch(/critical[\s\S]*Time Stamping/);
  });

  it('detects tampering: a changed byte fails verification', async () => {
    const [stamped] = await run('timestamp', savePdf(await textPdf([[300, 200]]), 'tamper.pdf'));
    const bytes = readFileSync(stamped.path);
    // The second line is the binary-marker comment: part of the covered bytes, harmless to change.
    const at = bytes.indexOf('\n') + 2;
    bytes[at] ^= 1;
    const tampered = savePdf(bytes, 'tampered.pdf');
    expect(() => verifyTimestamp(tampered)).toThrow();
  });
});

/** Page sizes (pt) of the real-world fixtures, written down from pdfinfo; every page has /Rotate 0. */
const FIXTURE_PAGE_SIZES: Readonly<Record<string, Array<[number, number]>>> = {
  '002-trivial-libre-office-writer.pdf': [[595.304, 841.89]],
  'annotated_pdf.pdf': [[595.28, 841.89]],
  'cmyk-image.pdf': [[612, 792]],
  'google-doc-document.pdf': [[596, 842]],
  'grayscale-image.pdf': [[243, 337.5]],
  'imagemagick-CCITTFaxDecode.pdf': [[3.84, 3.84]],
  'imagemagick-lzw.pdf': [[3.84, 3.84]],
  'libreoffice-writer-password.pdf': [[595.304, 841.89]],
  'multicolumn.pdf': Array(3).fill([595.276, 841.89]),
  'pdflatex-4-pages.pdf': Array(4).fill([595.276, 841.89]),
  'pdflatex-forms.pdf': [[612, 792]],
  'with-attachment.pdf': [[595.276, 841.89]],
};
/** Images each fixture holds, from pdfimages -list (an smask entry is the transparency of the image before it, not an image). */
const FIXTURE_IMAGES_BY_HAND: Readonly<Record<string, number>> = { 'cmyk-image.pdf': 1, 'google-doc-document.pdf': 1, 'grayscale-image.pdf': 1, 'imagemagick-CCITTFaxDecode.pdf': 1, 'imagemagick-lzw.pdf': 1 };
/**
 * What pdf-scan must find in each fixture, written down from the keys qpdf shows in the
 * uncompressed files: the form has a /SubmitForm button, with-attachment.pdf embeds image.png.
 * The others hold none of these. LibreOffice's files and pdfTeX's form do have an /OpenAction, but
 * one that only shows the first page ([page /XYZ …], [page /FitH …], a GoTo to [page /Fit]): no finding.
 */
const FIXTURE_RISKS_BY_HAND: Readonly<Record<string, string[]>> = {
  'pdflatex-forms.pdf': ['submitForm'],
  'with-attachment.pdf': ['embeddedFile'],
};

/** The kind of each row of `pdfimages -list` (image, smask, mask, stencil), in file order. */
function popplerKinds(file: string): string[] {
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter((line) => line.trim() !== '').map((line) => line.trim().split(/\s+/)[2]);
}

/**
 * The images poppler extracts from a PDF (pdfimages -png) in file order, each with the soft mask
 * listed right after it, if any (then it is the image's transparency, not an image).
 */
function popplerImages(file: string): Array<{ image: string; smask?: string }> {
  const dir = mkdtempSync(path.join(scratch, 'pdfimages-'));
  execFileSync('pdfimages', ['-png', file, path.join(dir, 'img')]);
  const kinds = popplerKinds(file);
  const png = (i: number) => path.join(dir, `img-${String(i).padStart(3, '0')}.png`);
  return kinds.flatMap((kind, i) => (kind === 'image' ? [{ image: png(i), smask: kinds[i + 1] === 'smask' ? png(i + 1) : undefined }] : []));
}

/** Poppler's image with its soft mask as alpha, joined here by sharp: what pdf-getimg must give. */
async function withPopplerMask({ image, smask }: { image: string; smask?: string }): Promise<Buffer> {
  if (!smask) return readFileSync(image);
  const colours = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const alpha = await sharp(smask).greyscale().extractChannel(0).raw().toBuffer();
  const { width, height } = colours.info;
  return sharp(colours.data, { raw: { width, height, channels: 3 } }).joinChannel(alpha, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

/** Width and height of a picture as ffprobe decodes it. */
function pictureSize(file: string): [number, number] {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  const [w, h] = out.trim().split(',').map(Number);
  return [w, h];
}
const pageCountOf = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
const sortedWords = (file: string) => words(file).split(' ').sort();
const at50dpi = (points: number) => Math.ceil((points * 50) / 72);
/** One pixel either way: renderers round a page's edge differently. */
const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1);
const words = (file: string, password?: string) => execFileSync('pdftotext', [...(password ? ['-upw', password] : []), file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();

describe('every tool over the real-world fixtures', () => {
  const fixtures = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((name) => name.endsWith('.pdf')).sort() : [];
  if (fixtures.length === 0) {
    it.skip(`skipped: no fixtures at ${FIXTURES}`, () => {});
    return;
  }
  const encryptedFixture = 'libreoffice-writer-password.pdf';
  const OPTIONS: Record<string, Record<string, unknown>> = {
    'pdf-lock': { password: 'new-password' },
    'pdf-to-png': { dpi: 50 },
    'pdf-to-jpg': { dpi: 50 },
    'pdf-to-longpng': { dpi: 50 },
  };

  it('every fixture has its facts written down here', () => {
    expect(Object.keys(FIXTURE_PAGE_SIZES).sort()).toEqual(fixtures);
  });

  /** The one outcome of each tool on each fixture: a check of the outputs, or the specific refusal. */
  function expected(toolId: string, fixture: string): { refused: string } | { check(outputs: ConvertOutput[], original: string): Promise<void> | void } {
    const sizes = FIXTURE_PAGE_SIZES[fixture];
    if (fixture === encryptedFixture && toolId !== 'pdf-unlock') return { refused: 'PDF已加密，请先解密' };
    switch (toolId) {
      case 'pdf-to-png':
      case 'pdf-to-jpg':
        return {
          check: async (outputs, original) => {
            expect(outputs).toHaveLength(sizes.length);
            for (const [i, output] of outputs.entries()) {
              const [w, h] = pictureSize(output.path);
              near(w, at50dpi(sizes[i][0]));
              near(h, at50dpi(sizes[i][1]));
              // The page as poppler draws it, not a blank or another picture.
              expect(await pageDifference(output.path, original, i + 1, 50)).toBeLessThan(0.5);
            }
          },
        };
      case 'pdf-to-longpng':
        return {
          check: async ([output], original) => {
            const [w, h] = pictureSize(output.path);
            near(w, Math.max(...sizes.map(([pw]) => at50dpi(pw))));
            expect(Math.abs(h - sizes.reduce((sum, [, ph]) => sum + at50dpi(ph), 0))).toBeLessThanOrEqual(sizes.length);
            // Each page, top to bottom, as poppler draws it.
            const picture = await greyPixels(output.path);
            let top = 0;
            for (const [i, [pw, ph]] of sizes.entries()) {
              const [width, height] = [Math.min(at50dpi(pw), picture.width), Math.min(at50dpi(ph), picture.height - top)];
              expect(await pageDifference(region(picture, Math.floor((picture.width - width) / 2), top, width, height), original, i + 1, 50)).toBeLessThan(0.5);
              top += height;
            }
          },
        };
      case 'pdf-compress':
        return {
          check: ([output], original) => {
            expect(qpdfCheckPasses(output.path)).toBe(true);
            expect(pageCountOf(output.path)).toBe(sizes.length);
            // The same words, in whatever order the rewritten columns read.
            expect(sortedWords(output.path)).toEqual(sortedWords(original));
          },
        };
      case 'pdf-lock':
        return {
          check: ([output], original) => {
            expect(exitCode('qpdf', ['--requires-password', output.path])).toBe(0);
            expect(qpdfCheckPasses(output.path, 'new-password')).toBe(true);
            expect(words(output.path, 'new-password')).toBe(words(original));
          },
        };
      case 'pdf-unlock':
        return {
          check: ([output], original) => {
            // exit 2: not encrypted.
            expect(exitCode('qpdf', ['--is-encrypted', output.path])).toBe(2);
            expect(output.name).toBe(fixture.replace(/\.pdf$/, fixture === encryptedFixture ? '-已解密.pdf' : '-未加密.pdf'));
            expect(words(output.path)).toBe(words(original, fixture === encryptedFixture ? FIXTURE_PASSWORD : undefined));
          },
        };
      case 'pdf-getimg':
        return FIXTURE_IMAGES_BY_HAND[fixture]
          ? {
              check: async (outputs, original) => {
                expect(outputs).toHaveLength(FIXTURE_IMAGES_BY_HAND[fixture]);
                // Each the picture poppler extracts: its size and its pixels (in grey: CMYK and
                // indexed colours come out as RGB). A soft-masked image (google-doc-document.pdf's)
                // comes with its mask as alpha; both are seen on white.
                const extracted = popplerImages(original);
                expect(extracted).toHaveLength(outputs.length);
                for (const [i, output] of outputs.entries()) {
                  expect((await sharp(output.path).metadata()).hasAlpha).toBe(extracted[i].smask !== undefined);
                  const [mine, poppler] = [await greyPixels(output.path), await greyPixels(await withPopplerMask(extracted[i]))];
                  expect([mine.width, mine.height]).toEqual([poppler.width, poppler.height]);
                  expect(inkDifference(mine, poppler)).toBeLessThan(0.02);
                }
              },
            }
          : { refused: 'PDF中没有可提取的图片' };
      case 'timestamp':
        return {
          check: ([output], original) => {
            expect(execFileSync('pdfsig', [output.path], { encoding: 'utf8' })).toMatch(/Signature #1/);
            expect(pageCountOf(output.path)).toBe(sizes.length);
            expect(words(output.path)).toBe(words(original));
          },
        };
      case 'pdf-scan':
        return {
          check: (outputs, original) => {
            const sanitized = outputs.find((o) => o.path.endsWith('.pdf'))!;
            const report = JSON.parse(readFileSync(outputs.find((o) => o.path.endsWith('.json'))!.path, 'utf8')) as { pageCount: number; encrypted: boolean; findings: Array<{ kind: string }> };
            expect({ pageCount: report.pageCount, encrypted: report.encrypted, kinds: report.findings.map((f) => f.kind).sort() }).toEqual({ pageCount: sizes.length, encrypted: false, kinds: FIXTURE_RISKS_BY_HAND[fixture] ?? [] });
            expect(qpdfCheckPasses(sanitized.path)).toBe(true);
            expect(execFileSync('qpdf', ['--list-attachments', sanitized.path], { encoding: 'utf8' })).toMatch(/no embedded files/);
            expect(words(sanitized.path)).toBe(words(original));
          },
        };
      default:
        throw new Error(`no expected outcome written for ${toolId}`);
    }
  }

  for (const toolId of pdfRenderConverters.map((c) => c.toolId)) {
    describe(toolId, () => {
      it.each(fixtures)('%s', async (fixture) => {
        const original = path.join(FIXTURES, fixture);
        const options = { ...OPTIONS[toolId], ...(fixture === encryptedFixture && toolId === 'pdf-unlock' ? { password: FIXTURE_PASSWORD } : {}) };
        const outcome = expected(toolId, fixture);
        if ('refused' in outcome) await expect(run(toolId, original, options)).rejects.toThrow(outcome.refused);
        else await outcome.check(await run(toolId, original, options), original);
      });
    });
  }

  it('the encrypted fixture opens with its password in a reading tool', async () => {
    const file = path.join(FIXTURES, encryptedFixture);
    const outputs = await run('pdf-to-png', file, { password: FIXTURE_PASSWORD, dpi: 50 });
    // A picture per page, as poppler counts them with the password, each with something drawn on it.
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-upw', FIXTURE_PASSWORD, file], { encoding: 'utf8' }))![1]);
    expect(outputs).toHaveLength(pages);
    for (const output of outputs) {
      const { channels } = await sharp(output.path).stats();
      expect(Math.min(...channels.map((c) => c.min))).toBeLessThan(128);
    }
    await expect(run('pdf-to-png', path.join(FIXTURES, encryptedFixture))).rejects.toThrow('PDF已加密，请先解密');
  });

  it('a damaged file is reported as such', async () => {
    const truncated = savePdf(readFileSync(path.join(FIXTURES, 'pdflatex-4-pages.pdf')).subarray(0, 1000), 'truncated.pdf');
    for (const toolId of ['pdf-compress', 'pdf-to-png', 'pdf-scan', 'timestamp']) {
      await expect(run(toolId, truncated)).rejects.toThrow('文件已损坏或不是有效的PDF');
    }
  });
});
