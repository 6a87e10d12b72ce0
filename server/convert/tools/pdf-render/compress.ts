// pdf-compress: several candidate rewrites (Ghostscript's image downsampling, qpdf's lossless
// restructuring, both chained); the smallest one that is still a sound PDF with every page wins,
// and the visitor never gets a file bigger than the one uploaded.
import { copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import { EngineFailedError, runEngine } from '../../engines';
import type { Converter, ConvertContext, ConvertInput, ConvertOutput } from '../../types';
import { PDF_CORRUPT } from './messages';
import { passwordOption } from './options';
import { outputName } from './output-name';
import { isValidPdf, openReadablePdf } from './pdf-input';
import { allPagesOf, KeptTextCheck } from '../pdf-kept-text';

const compressOptions = z.object({
  level: z.enum(['low', 'medium', 'high']).default('medium'),
  password: passwordOption,
});

export type CompressOptions = z.infer<typeof compressOptions>;
type Level = CompressOptions['level'];

/**
 * Ghostscript presets per level; the image resolution (dpi) is what shrinks scans and photos.
 * Ghostscript's own choice of filter keeps noisy or sharp-edged images lossless (Flate), often
 * bigger than the JPEG it replaced; above `low` we insist on JPEG.
 */
const GHOSTSCRIPT_SETTINGS: Record<Level, { preset: string; imageDpi: number; monoDpi: number; forceJpeg: boolean }> = {
  low: { preset: '/printer', imageDpi: 220, monoDpi: 600, forceJpeg: false },
  medium: { preset: '/ebook', imageDpi: 150, monoDpi: 300, forceJpeg: true },
  high: { preset: '/screen', imageDpi: 96, monoDpi: 200, forceJpeg: true },
};

/** Lossless: recompress every Flate stream at the highest level and pack objects into streams. */
const QPDF_LOSSLESS = ['--recompress-flate', '--compression-level=9', '--object-streams=generate', '--remove-unreferenced-resources=yes'];

async function ghostscriptRewrite(source: string, output: string, level: Level, signal: AbortSignal): Promise<void> {
  const { preset, imageDpi, monoDpi, forceJpeg } = GHOSTSCRIPT_SETTINGS[level];
  const args = ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dCompatibilityLevel=1.5', `-dPDFSETTINGS=${preset}`];
  args.push('-dDetectDuplicateImages=true', '-dCompressFonts=true', '-dSubsetFonts=true');
  for (const kind of ['Color', 'Gray', 'Mono']) {
    args.push(`-dDownsample${kind}Images=true`, `-d${kind}ImageResolution=${kind === 'Mono' ? monoDpi : imageDpi}`);
  }
  if (forceJpeg) {
    for (const kind of ['Color', 'Gray']) args.push(`-dAutoFilter${kind}Images=false`, `-d${kind}ImageFilter=/DCTEncode`);
  }
  args.push(`-sOutputFile=${output}`, source);
  await runEngine('gs', args, { signal });
}

async function qpdfRewrite(source: string, output: string, extraArgs: readonly string[], signal: AbortSignal): Promise<void> {
  await runEngine('qpdf', [...QPDF_LOSSLESS, ...extraArgs, source, output], { signal, okExitCodes: [0, 3] });
}

/** What a rewrite must keep: Ghostscript, for one, silently drops form fields and attachments. */
interface DocumentFeatures {
  pages: number;
  formFields: number;
  attachments: number;
  outlines: number;
}

async function documentFeatures(file: string, signal: AbortSignal): Promise<DocumentFeatures | undefined> {
  const args = ['--json', '--json-key=pages', '--json-key=acroform', '--json-key=attachments', '--json-key=outlines', file];
  const { exitCode, stdout } = await runEngine('qpdf', args, { signal, okExitCodes: [0, 2, 3] });
  if (exitCode === 2) return undefined;
  const json = JSON.parse(stdout.toString('utf8')) as {
    pages: unknown[];
    acroform: { fields: unknown[] };
    attachments: Record<string, unknown>;
    outlines: unknown[];
  };
  return {
    pages: json.pages.length,
    formFields: json.acroform.fields.length,
    attachments: Object.keys(json.attachments).length,
    outlines: json.outlines.length,
  };
}

const sameFeatures = (a: DocumentFeatures, b: DocumentFeatures) =>
  a.pages === b.pages && a.formFields === b.formFields && a.attachments === b.attachments && a.outlines === b.outlines;

/** A candidate counts only when it passes qpdf --check, kept everything the source had, and reads as the same text on every page. */
async function acceptedSize(file: string, source: { features: DocumentFeatures; text: KeptTextCheck }, signal: AbortSignal): Promise<number | undefined> {
  if (!(await isValidPdf(file, signal))) return undefined;
  const features = await documentFeatures(file, signal);
  if (!features || !sameFeatures(features, source.features)) return undefined;
  // Ghostscript re-encodes fonts and, with unusual encodings, keeps the look while the extracted
  // text turns to garbage ("habibi حَبيبي", emoji flags): only a text check catches that.
  if ((await source.text.firstDamagedPage({ path: file }, allPagesOf(0, features.pages))) !== undefined) return undefined;
  return (await stat(file)).size;
}

async function compressOne(input: ConvertInput, index: number, options: CompressOptions, ctx: ConvertContext): Promise<ConvertOutput> {
  const { signal, workDir } = ctx;
  const source = await openReadablePdf(input.path, { password: options.password, workDir, signal });
  const sourceFeatures = await documentFeatures(source.path, signal);
  if (!sourceFeatures) throw new ConvertError(PDF_CORRUPT, { code: 'corrupt' });
  const sourceText = new KeptTextCheck({ sources: [source], sameLayout: true }, workDir, signal);
  const file = (name: string) => path.join(workDir, `compress-${index}-${name}.pdf`);
  const candidates: Array<{ file: string; make(): Promise<void> }> = [
    { file: file('lossless'), make: () => qpdfRewrite(source.path, file('lossless'), [], signal) },
    {
      file: file('ghostscript'),
      make: async () => {
        await ghostscriptRewrite(source.path, file('gs-raw'), options.level, signal);
        await qpdfRewrite(file('gs-raw'), file('ghostscript'), [], signal);
      },
    },
  ];
  if (options.level === 'high') {
    candidates.push({ file: file('jpeg'), make: () => qpdfRewrite(source.path, file('jpeg'), ['--optimize-images'], signal) });
  }
  const sizes = await Promise.all(
    candidates.map(async (candidate) => {
      try {
        await candidate.make();
      } catch (error) {
        // One engine choking on an odd file leaves the other candidates to win.
        if (error instanceof EngineFailedError) return undefined;
        throw error;
      }
      return acceptedSize(candidate.file, { features: sourceFeatures, text: sourceText }, signal);
    }),
  );
  let best: { file: string; size: number } | undefined;
  sizes.forEach((size, i) => {
    if (size !== undefined && (!best || size < best.size)) best = { file: candidates[i].file, size };
  });
  if (best && best.size < input.size) return { name: outputName(input.name, '-已压缩', 'pdf'), path: best.file };
  const unchanged = file('original');
  await copyFile(input.path, unchanged);
  return { name: outputName(input.name, '-已是最小体积', 'pdf'), path: unchanged };
}

export const pdfCompress: Converter<CompressOptions> = {
  toolId: 'pdf-compress',
  options: compressOptions,
  engines: ['qpdf', 'ghostscript', 'poppler'],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      outputs.push(await compressOne(input, index, options, ctx));
      ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
    }
    return outputs;
  },
};
