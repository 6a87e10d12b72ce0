// dwg-to-dxf and cad-to-cad: a DWG or DXF read into a CadDrawing (engines/cad-reader, its own
// jailed process) and written as DXF of the release the visitor picks. DWG is not offered as an
// output: no engine here writes DWG that LibreDWG reads back.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readCadDrawing } from '../../../engines/cad-reader';
import type { Converter, ConvertContext, ConvertInput, ConvertOutput } from '../../../types';
import { outputName } from '../../pdf-render/output-name';
import { dxfVersionOption, isR12, type DxfVersion } from './dxf-versions';
import { writeDxf } from './dxf-writer';
import { skippedNote } from './messages';

const cadToDxfOptions = z.object({ version: dxfVersionOption });
type CadToDxfOptions = z.infer<typeof cadToDxfOptions>;

async function convertToDxf(inputs: ConvertInput[], version: DxfVersion, ctx: ConvertContext): Promise<ConvertOutput[]> {
  const outputs: ConvertOutput[] = [];
  for (const [index, input] of inputs.entries()) {
    ctx.signal.throwIfAborted();
    const drawing = await readCadDrawing(input.path, input.type === 'dwg' ? 'dwg' : 'dxf', ctx.workDir, ctx.signal);
    ctx.progress(Math.round(((index + 0.7) / inputs.length) * 100));
    const file = path.join(ctx.workDir, `${index + 1}.dxf`);
    await writeFile(file, writeDxf(drawing, version));
    outputs.push({ name: outputName(input.name, version === '2018' ? '' : `-${version}`, 'dxf'), path: file });
    // 2000+ carries the layouts' viewports (a layout's own is made again by every reader); R12 does not.
    const { VIEWPORT: viewports, ...skipped } = drawing.skipped;
    const note = skippedNote(isR12(version) && viewports ? { ...skipped, VIEWPORT: viewports } : skipped, inputs.length > 1 ? input.name : undefined);
    if (note) ctx.note?.(note);
  }
  ctx.progress(100);
  return outputs;
}

export const dwgToDxf: Converter<CadToDxfOptions> = {
  toolId: 'dwg-to-dxf',
  options: cadToDxfOptions,
  engines: ['cad-reader'],
  convert: ({ inputs, options }, ctx) => convertToDxf(inputs, options.version, ctx),
};

export const cadToCad: Converter<CadToDxfOptions> = {
  toolId: 'cad-to-cad',
  options: cadToDxfOptions,
  engines: ['cad-reader'],
  convert: ({ inputs, options }, ctx) => convertToDxf(inputs, options.version, ctx),
};
