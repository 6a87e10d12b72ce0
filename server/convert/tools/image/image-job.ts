// Runs an image tool over each input in turn, reporting progress after each image.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JobProgress } from '../pdf-edit/job-progress';
import type { ConvertContext, ConvertInput, ConvertOutput } from '../../types';
import { openImage, type ImageSource } from './image-source';

export async function convertEachImage(
  toolId: string,
  inputs: readonly ConvertInput[],
  ctx: ConvertContext,
  convertOne: (source: ImageSource, save: (bytes: Buffer, extension: string) => Promise<string>) => Promise<ConvertOutput>,
): Promise<ConvertOutput[]> {
  const outputs: ConvertOutput[] = [];
  await new JobProgress(ctx).forEach(inputs, async (input, index) => {
    const source = await openImage(input, index, ctx);
    const save = async (bytes: Buffer, extension: string) => {
      const file = path.join(ctx.workDir, `${toolId}-${index}.${extension}`);
      await writeFile(file, bytes);
      return file;
    };
    outputs.push(await convertOne(source, save));
  });
  return outputs;
}
