// cad-to-img, cad-to-pdf and cad-to-dwf: the drawing read by engines/cad-reader, drawn into
// primitives (draw.ts) and written by one back end (svg.ts → sharp for PNG/JPG, pdf.ts, dwfx.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { readCadDrawing, type CadDrawing } from '../../../engines/cad-reader';
import { ConvertError } from '../../../errors';
import type { ConvertContext, ConvertInput, Converter, ConvertOutput } from '../../../types';
import { outputName } from '../../pdf-render/output-name';
import { drawSheets, type DrawOptions, type SheetChoice } from './draw';
import { sheetsToDwfx } from './dwfx';
import { CAD_EMPTY_MESSAGE, CAD_IMAGE_TOO_LARGE_MESSAGE } from './messages';
import { ORIENTATIONS, PAPER_SIZES, paperFor } from './paper';
import { sheetsToPdf } from './pdf';
import type { Sheet } from './primitives';
import { sheetToSvg } from './svg';

/** Pixels one picture may have (a 10000 × 10000 image). */
const MAX_PIXELS = 100_000_000;

const spaceOption = z.enum(['model', 'layouts']);
const paperOptions = {
  paper: z.enum(PAPER_SIZES).default('fit'),
  orientation: z.enum(ORIENTATIONS).default('auto'),
  space: spaceOption.default('layouts'),
};

/** Reads one input and draws its sheets (model space when layouts were asked for and none holds anything, as the option says). */
async function drawInput(input: ConvertInput, space: SheetChoice, options: DrawOptions, ctx: ConvertContext): Promise<{ drawing: CadDrawing; sheets: Sheet[] }> {
  const format = input.type === 'dxf' ? 'dxf' : 'dwg';
  const drawing = await readCadDrawing(input.path, format, ctx.workDir, ctx.signal);
  ctx.signal.throwIfAborted();
  const sheets = drawSheets(drawing, space, options);
  if (sheets.every((s) => s.primitives.length === 0)) throw new ConvertError(CAD_EMPTY_MESSAGE);
  return { drawing, sheets };
}

/** `图纸.dwg`, sheet `布局1` of several → `图纸-布局1`. */
function sheetSuffix(sheets: Sheet[], index: number): string {
  return sheets.length > 1 ? `-${sheets[index]!.name.replace(/[\\/:*?"<>|]/g, '_')}` : '';
}

const imageOptions = z.object({
  format: z.enum(['png', 'jpg', 'svg']).default('png'),
  background: z.enum(['white', 'black']).default('white'),
  sizing: z.enum(['width', 'dpi']).default('width'),
  width: z.coerce.number().int().min(200).max(10000).default(2000),
  dpi: z.coerce.number().int().min(36).max(600).default(150),
  space: spaceOption.default('model'),
});

export const cadToImg: Converter<z.infer<typeof imageOptions>> = {
  toolId: 'cad-to-img',
  options: imageOptions,
  engines: [],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      const { sheets } = await drawInput(input, options.space, { plotOnly: false }, ctx);
      for (const [i, sheet] of sheets.entries()) {
        ctx.signal.throwIfAborted();
        // Pixels per millimetre of the sheet on its (fitted) paper: what turns lineweights into pen widths.
        const paper = paperFor(sheet, 'fit', 'auto');
        const unitsPerMm = options.sizing === 'dpi' ? options.dpi / 25.4 : options.width / paper.widthMm;
        const width = Math.round(paper.widthMm * unitsPerMm);
        const height = Math.max(1, Math.round(paper.heightMm * unitsPerMm));
        if (width * height > MAX_PIXELS) throw new ConvertError(CAD_IMAGE_TOO_LARGE_MESSAGE);
        const svg = sheetToSvg(sheet, { width, height, background: options.background, unitsPerMm });
        const file = path.join(ctx.workDir, `${index + 1}-${i + 1}.${options.format}`);
        if (options.format === 'svg') await writeFile(file, svg);
        else {
          const picture = sharp(Buffer.from(svg), { limitInputPixels: MAX_PIXELS });
          await (options.format === 'png' ? picture.png({ compressionLevel: 6 }) : picture.flatten({ background: options.background === 'white' ? '#ffffff' : '#000000' }).jpeg({ quality: 90 })).toFile(file);
        }
        outputs.push({ name: outputName(input.name, sheetSuffix(sheets, i), options.format), path: file });
      }
      ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
    }
    return outputs;
  },
};

const pdfOptions = z.object(paperOptions);

export const cadToPdf: Converter<z.infer<typeof pdfOptions>> = {
  toolId: 'cad-to-pdf',
  options: pdfOptions,
  engines: [],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      const { sheets } = await drawInput(input, options.space, { plotOnly: true }, ctx);
      const title = path.basename(input.name, path.extname(input.name)) || 'drawing';
      const bytes = await sheetsToPdf(sheets, { paper: options.paper, orientation: options.orientation, title }, ctx.signal);
      const file = path.join(ctx.workDir, `${index + 1}.pdf`);
      await writeFile(file, bytes);
      outputs.push({ name: outputName(input.name, '', 'pdf'), path: file });
      ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
    }
    return outputs;
  },
};

const dwfOptions = z.object(paperOptions);

export const cadToDwf: Converter<z.infer<typeof dwfOptions>> = {
  toolId: 'cad-to-dwf',
  options: dwfOptions,
  engines: [],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      const { sheets } = await drawInput(input, options.space, { plotOnly: true }, ctx);
      const file = path.join(ctx.workDir, `${index + 1}.dwfx`);
      await sheetsToDwfx(sheets, { paper: options.paper, orientation: options.orientation }, file, ctx.signal);
      outputs.push({ name: outputName(input.name, '', 'dwfx'), path: file });
      ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
    }
    return outputs;
  },
};

export const cadRenderConverters: Converter<any>[] = [cadToImg, cadToPdf, cadToDwf];
