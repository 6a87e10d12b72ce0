// Runs a media tool over each input in turn; each input owns an equal share of the job's progress.
import path from 'node:path';
import { JobProgress } from '../pdf-edit/job-progress';
import type { ConvertContext, ConvertInput, ConvertOutput } from '../../types';

export interface MediaStep {
  input: ConvertInput;
  /** A fresh file name inside the work dir for this input's output. */
  outputPath(extension: string): string;
  /** 0–1 of this input. */
  onProgress(fraction: number): void;
}

export async function convertEach(
  toolId: string,
  inputs: readonly ConvertInput[],
  ctx: ConvertContext,
  convertOne: (step: MediaStep) => Promise<ConvertOutput>,
): Promise<ConvertOutput[]> {
  const job = new JobProgress(ctx);
  const outputs: ConvertOutput[] = [];
  await job.forEach(inputs, async (input, index) => {
    const share = job.part(index, inputs.length);
    let files = 0;
    outputs.push(
      await convertOne({
        input,
        outputPath: (extension) => path.join(ctx.workDir, `${toolId}-${index}-${++files}.${extension}`),
        onProgress: (fraction) => share.report(fraction),
      }),
    );
  });
  return outputs;
}
