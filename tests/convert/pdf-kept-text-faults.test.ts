// The text check wired into the tools: each writer of a PDF → PDF result is made to damage the text
// on purpose (the result's fonts lose their /ToUnicode maps; the pages look the same) and the tool
// must refuse with the check's message instead of returning the file. The writers still run for
// real (pdf-lib, qpdf); only their result is damaged afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Converter, ConvertInput } from '../../server/convert/types';
import { jobContext, refusal } from '../support/convert-job';
import { stripToUnicode } from '../support/damaged-text';
import { writeForeignWatermarkedPdf, writeSamplePdf } from '../support/pdf-fixtures';

jest.mock('../../server/convert/tools/pdf-edit/pdf-files', () => {
  const actual = jest.requireActual('../../server/convert/tools/pdf-edit/pdf-files');
  return {
    ...actual,
    savePdf: async (...args: unknown[]) => {
      const output = await actual.savePdf(...args);
      await stripToUnicode(output.path);
      return output;
    },
  };
});
jest.mock('../../server/convert/tools/pdf-edit/qpdf-pages', () => {
  const actual = jest.requireActual('../../server/convert/tools/pdf-edit/qpdf-pages');
  return {
    ...actual,
    writePages: async (sources: unknown, output: string, signal: AbortSignal) => {
      await actual.writePages(sources, output, signal);
      await stripToUnicode(output);
    },
    splitEvery: async (...args: unknown[]) => {
      const files: string[] = await actual.splitEvery(...args);
      for (const file of files) await stripToUnicode(file);
      return files;
    },
  };
});
jest.mock('../../server/convert/tools/pdf-render/scan/sanitize', () => {
  const actual = jest.requireActual('../../server/convert/tools/pdf-render/scan/sanitize');
  return {
    ...actual,
    writeSanitizedCopy: async (source: string, output: string, ...rest: unknown[]) => {
      await actual.writeSanitizedCopy(source, output, ...rest);
      await stripToUnicode(output);
    },
  };
});

const DAMAGED = /第 \d+ 页的文字与原文件不一致/;
// Required after the mocks above are registered (the esbuild transform does not hoist jest.mock).
let converters: Converter<any>[];

let scratch: string;
let sample: ConvertInput;
let other: ConvertInput;
beforeAll(async () => {
  converters = [
    ...(require('../../server/convert/tools/pdf-edit') as typeof import('../../server/convert/tools/pdf-edit')).pdfEditConverters,
    ...(require('../../server/convert/tools/pdf-render') as typeof import('../../server/convert/tools/pdf-render')).pdfRenderConverters,
  ];
  scratch = await mkdtemp(path.join(os.tmpdir(), 'kept-text-faults-'));
  sample = await writeSamplePdf(scratch, 'sample.pdf', { pages: 3 });
  other = await writeSamplePdf(scratch, 'other.pdf', { pages: 2, label: '另一份' });
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function damagedRun(toolId: string, inputs: ConvertInput[], options: Record<string, unknown>): Promise<string> {
  const converter = converters.find((candidate) => candidate.toolId === toolId)!;
  return refusal(converter.convert({ inputs, options: converter.options.parse(options) }, jobContext(scratch)));
}

it.each([
  ['pdf-rotate', () => [sample], { angle: 90 }],
  ['pdf-delete-page', () => [sample], { pages: '2' }],
  ['pdf-insert', () => [sample, other], { position: 1 }],
  ['pdf-insert', () => [sample], { position: 1, count: 2 }],
  ['pdf-add-page-number', () => [sample], {}],
  ['watermark', () => [sample], { text: '内部资料', position: 'tile' }],
  ['pdf-merge', () => [sample, other], {}],
  ['pdf-split', () => [sample], { mode: 'ranges', pages: '1-2,3' }],
  ['pdf-split', () => [sample], { mode: 'single' }],
  ['pdf-scan', () => [sample], {}],
] as Array<[string, () => ConvertInput[], Record<string, unknown>]>)('%s refuses a result whose text was damaged (%#)', async (toolId, inputs, options) => {
  expect(await damagedRun(toolId, inputs(), options)).toMatch(DAMAGED);
});

it('del-watermark refuses a result whose remaining text was damaged', async () => {
  const marked = await writeForeignWatermarkedPdf(scratch, 'marked.pdf', { named: '机密', inForm: '草稿' });
  expect(await damagedRun('del-watermark', [marked], {})).toMatch(DAMAGED);
});
