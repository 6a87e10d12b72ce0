// What a page-keeping tool must carry besides pages and text (issue 14): document attachments,
// page labels and links (web links, and links into the document — explicit, named, GoTo — which
// must still open the same page). Checked on a generated file that has all of them and on the real
// with-attachment.pdf, through every tool family, with readers that share no code with pdf-lib:
// mutool (links, resolved to page numbers), poppler's pdfdetach (attachments and their bytes),
// qpdf --json (each page's label).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pdfEditConverters } from '../../server/convert/tools/pdf-edit';
import { configureTimestamps, pdfRenderConverters } from '../../server/convert/tools/pdf-render';
import type { ConvertInput, ConvertOutput } from '../../server/convert/types';
import { jobContext } from '../support/convert-job';
import { writeInput, writeSamplePdf } from '../support/pdf-fixtures';
import { ANNOTATION_ATTACHMENT, ATTACHMENT, RICH_LABELS, WEB_LINK, richPdf } from '../support/rich-pdf';

const run = promisify(execFile);
const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/pdf');
const converters = [...pdfEditConverters, ...pdfRenderConverters];

let scratch: string;
let rich: ConvertInput;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'pdf-carried-'));
  configureTimestamps({ authorityDir: path.join(scratch, 'tsa') });
  rich = await writeInput(scratch, 'rich.pdf', await richPdf());
  await writeFile(path.join(scratch, 'links.js'), LINKS_SCRIPT);
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function convert(toolId: string, inputs: ConvertInput[], options: Record<string, unknown> = {}): Promise<ConvertOutput[]> {
  const converter = converters.find((candidate) => candidate.toolId === toolId)!;
  return converter.convert({ inputs, options: converter.options.parse(options) }, jobContext(scratch));
}

const pdfOutput = async (toolId: string, inputs: ConvertInput[], options: Record<string, unknown> = {}) =>
  (await convert(toolId, inputs, options)).filter((output) => output.path.endsWith('.pdf'));

/** mutool's reading of each page's links: a web address, or "#N" for a link into page N. */
const LINKS_SCRIPT = `
var doc = new PDFDocument(scriptArgs[0]);
if (doc.needsPassword()) doc.authenticatePassword(scriptArgs[1]);
for (var i = 0; i < doc.countPages(); i++) {
  var links = doc.loadPage(i).getLinks();
  var out = [];
  for (var j = 0; j < links.length; j++) {
    var uri = links[j].uri;
    out.push(uri.charAt(0) === '#' ? '#' + /page=(\\d+)/.exec(uri)[1] : uri);
  }
  print(JSON.stringify(out));
}`;

async function linksOf(file: string, password = ''): Promise<string[][]> {
  const { stdout } = await run('mutool', ['run', path.join(scratch, 'links.js'), file, password]);
  return stdout.trim().split('\n').map((line) => JSON.parse(line) as string[]);
}

/** Each attachment poppler finds (document and page ones), as "name:bytes". */
async function attachmentsOf(file: string, password = ''): Promise<string[]> {
  const folder = await mkdtemp(path.join(scratch, 'detach-'));
  const passwordArgs = password ? ['-upw', password] : [];
  const { stdout } = await run('pdfdetach', [...passwordArgs, '-list', file]);
  const names = stdout.split('\n').slice(1).filter(Boolean).map((line) => line.replace(/^\d+: /, ''));
  const found: string[] = [];
  for (const [index, name] of names.entries()) {
    const saved = path.join(folder, `${index}`);
    await run('pdfdetach', [...passwordArgs, '-save', String(index + 1), '-o', saved, file]);
    found.push(`${name}:${(await readFile(saved)).toString('utf8')}`);
  }
  return found.sort();
}

/** Each page's label as qpdf computes it: style and number ("r2", "D1"); "-" for none. */
async function labelsOf(file: string, password = ''): Promise<string[]> {
  const { stdout } = await run('qpdf', [...(password ? [`--password=${password}`] : []), '--json', '--json-key=pages', file], { maxBuffer: 64 * 1024 * 1024 });
  const pages = (JSON.parse(stdout) as { pages: Array<{ label: { '/S'?: string; '/St'?: number } | null }> }).pages;
  return pages.map(({ label }) => (label ? `${(label['/S'] ?? '/').slice(1)}${label['/St'] ?? 1}` : '-'));
}

const DATA = `${ATTACHMENT.name}:${ATTACHMENT.bytes.toString('utf8')}`;
const NOTE = `${ANNOTATION_ATTACHMENT.name}:${ANNOTATION_ATTACHMENT.bytes.toString('utf8')}`;
const LABELS = RICH_LABELS.map((label, index) => (index < 2 ? `r${index + 1}` : `D${index - 1}`));
const LINKS = [[WEB_LINK, '#4'], ['#5'], ['#1'], [], []];

interface Carried {
  links: string[][];
  attachments: string[];
  labels: string[];
}

async function carried(file: string, password = ''): Promise<Carried> {
  return { links: await linksOf(file, password), attachments: await attachmentsOf(file, password), labels: await labelsOf(file, password) };
}

it('the generated file has what the tools must keep, as the readers see it', async () => {
  expect(RICH_LABELS).toHaveLength(LABELS.length);
  expect(await carried(rich.path)).toEqual({ links: LINKS, attachments: [DATA, NOTE], labels: LABELS });
});

describe('tools that keep every page', () => {
  it.each([
    ['pdf-rotate', { angle: 90 }],
    ['pdf-add-page-number', {}],
    ['watermark', { text: '内部资料', position: 'tile' }],
    ['pdf-compress', { level: 'high' }],
    ['pdf-compress', { level: 'low' }],
    ['timestamp', {}],
  ] as Array<[string, Record<string, unknown>]>)('%s keeps links, attachments and labels (%#)', async (toolId, options) => {
    const [output] = await pdfOutput(toolId, [rich], options);
    expect(await carried(output!.path)).toEqual({ links: LINKS, attachments: [DATA, NOTE], labels: LABELS });
  });

  it('del-watermark keeps them after watermark added a mark', async () => {
    const [marked] = await pdfOutput('watermark', [rich], { text: '草稿' });
    const [clean] = await pdfOutput('del-watermark', [{ ...rich, path: marked!.path }]);
    expect(await carried(clean!.path)).toEqual({ links: LINKS, attachments: [DATA, NOTE], labels: LABELS });
  });

  it('pdf-lock keeps them behind the password, and pdf-unlock gives them back', async () => {
    const [locked] = await pdfOutput('pdf-lock', [rich], { password: 'open123' });
    expect(await carried(locked!.path, 'open123')).toEqual({ links: LINKS, attachments: [DATA, NOTE], labels: LABELS });
    const [unlocked] = await pdfOutput('pdf-unlock', [{ ...rich, path: locked!.path }], { password: 'open123' });
    expect(await carried(unlocked!.path)).toEqual({ links: LINKS, attachments: [DATA, NOTE], labels: LABELS });
  });

  it('pdf-scan’s clean copy keeps links and labels (attachments are what it removes)', async () => {
    const [clean] = await pdfOutput('pdf-scan', [rich]);
    expect(await carried(clean!.path)).toEqual({ links: LINKS, attachments: [], labels: LABELS });
  });
});

describe('tools that change the pages', () => {
  it('pdf-delete-page points links at the pages as they now are, drops links into deleted pages and renumbers labels', async () => {
    const [output] = await pdfOutput('pdf-delete-page', [rich], { pages: '2' });
    // Pages 1, 3, 4, 5 remain: the link to page 4 now opens page 3; page 2's named link and its attachment went with it.
    expect(await carried(output!.path)).toEqual({ links: [[WEB_LINK, '#3'], ['#1'], [], []], attachments: [DATA], labels: ['r1', 'D1', 'D2', 'D3'] });
    const [withoutTarget] = await pdfOutput('pdf-delete-page', [rich], { pages: '4' });
    expect((await linksOf(withoutTarget!.path))[0]).toEqual([WEB_LINK]);
  });

  it('pdf-insert keeps both files’ links pointing at the right pages', async () => {
    const sample = await writeSamplePdf(scratch, 'three.pdf', { pages: 3 });
    const [inserted] = await pdfOutput('pdf-insert', [sample, rich], { position: 1 });
    // sample 1, rich 1–5, sample 2–3: rich's page 4 is now page 5.
    expect(await carried(inserted!.path)).toEqual({
      links: [[], [WEB_LINK, '#5'], ['#6'], ['#2'], [], [], [], []],
      attachments: [NOTE],
      labels: ['D1', 'r1', 'r2', 'D1', 'D2', 'D3', 'D7', 'D8'],
    });
    const [blank] = await pdfOutput('pdf-insert', [rich], { position: 1, count: 1 });
    expect(await carried(blank!.path)).toEqual({ links: [[WEB_LINK, '#5'], [], ['#6'], ['#1'], [], []], attachments: [DATA, NOTE], labels: ['r1', 'D2', 'r2', 'D1', 'D2', 'D3'] });
  });

  it('pdf-merge keeps every file’s attachments, labels and links, each into its own copy', async () => {
    const [merged] = await pdfOutput('pdf-merge', [rich, { ...rich, name: 'again.pdf' }]);
    expect(await carried(merged!.path)).toEqual({
      links: [...LINKS, [WEB_LINK, '#9'], ['#10'], ['#6'], [], []],
      attachments: [DATA, DATA, NOTE, NOTE],
      labels: [...LABELS, ...LABELS],
    });
  });

  it('pdf-split gives each part the attachments, its labels and the links among its pages', async () => {
    const parts = await pdfOutput('pdf-split', [rich], { mode: 'ranges', pages: '1-2,3-5' });
    expect(await Promise.all(parts.map((part) => carried(part.path)))).toEqual([
      { links: [[WEB_LINK], []], attachments: [DATA, NOTE], labels: ['r1', 'r2'] },
      { links: [[], [], []], attachments: [DATA], labels: ['D1', 'D2', 'D3'] },
    ]);
    const single = await pdfOutput('pdf-split', [rich], { mode: 'every', n: 4 });
    expect(await Promise.all(single.map((part) => carried(part.path)))).toEqual([
      { links: [[WEB_LINK, '#4'], [], ['#1'], []], attachments: [DATA, NOTE], labels: ['r1', 'r2', 'D1', 'D2'] },
      { links: [[]], attachments: [DATA], labels: ['D3'] },
    ]);
  });
});

const withAttachment = path.join(FIXTURES, 'with-attachment.pdf');
(existsSync(withAttachment) ? describe : describe.skip)('with-attachment.pdf (a real file)', () => {
  const input = (): ConvertInput => ({ name: 'with-attachment.pdf', path: withAttachment, size: 0, type: 'pdf' });
  it.each([
    ['pdf-rotate', {}],
    ['pdf-add-page-number', {}],
    ['watermark', { text: '机密' }],
    ['pdf-compress', {}],
    ['pdf-lock', { ownerPassword: 'owner' }],
    ['timestamp', {}],
    ['pdf-split', {}],
  ] as Array<[string, Record<string, unknown>]>)('%s keeps its attachment byte for byte', async (toolId, options) => {
    const expected = await attachmentsOf(withAttachment);
    expect(expected).toHaveLength(1);
    const outputs = await pdfOutput(toolId, [input()], options);
    for (const output of outputs) expect(await attachmentsOf(output.path)).toEqual(expected);
  });

  it('pdf-merge keeps it from both copies', async () => {
    const [merged] = await pdfOutput('pdf-merge', [input(), input()]);
    const [one] = await attachmentsOf(withAttachment);
    expect(await attachmentsOf(merged!.path)).toEqual([one, one]);
  });
});
