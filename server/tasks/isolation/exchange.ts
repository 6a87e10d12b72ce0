// A job child's only writable folder. The child is jailed (host.ts) before it knows its job, so
// the job is brought to it: the files of each input's folder are hard-linked into exchange/in/<n>
// and the work happens in exchange/work. Afterwards the results move into the runner's work dir
// and files the job added beside its inputs (the ID photo's person mask) go back beside them.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ConvertOutput } from '../../convert/types';
import type { JobRequest } from './protocol';

interface StagedFolder {
  outside: string;
  inside: string;
  before: Set<string>;
}

export interface StagedJob {
  /** The request as the child sees it: every path inside the exchange folder. */
  request: JobRequest;
  /** Moves the results out and maps their paths back to the runner's work dir. */
  bringBack(outputs: ConvertOutput[]): Promise<ConvertOutput[]>;
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await fs.link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.copyFile(from, to);
  }
}

async function filesIn(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

function within(folder: string, file: string): boolean {
  return file === folder || file.startsWith(folder + path.sep);
}

export async function stageJob(exchange: string, request: JobRequest): Promise<StagedJob> {
  const folders: StagedFolder[] = [];
  const stageFolder = async (outside: string): Promise<StagedFolder> => {
    const known = folders.find((folder) => folder.outside === outside);
    if (known) return known;
    const staged = { outside, inside: path.join(exchange, 'in', String(folders.length)), before: new Set(await filesIn(outside)) };
    folders.push(staged);
    await fs.mkdir(staged.inside, { recursive: true });
    for (const name of staged.before) await linkOrCopy(path.join(outside, name), path.join(staged.inside, name));
    return staged;
  };
  const inputs = [];
  for (const input of request.inputs) {
    const folder = await stageFolder(path.dirname(input.path));
    inputs.push({ ...input, path: path.join(folder.inside, path.basename(input.path)) });
  }
  const workDir = path.join(exchange, 'work');
  await fs.mkdir(workDir, { recursive: true });

  return {
    request: { ...request, inputs, workDir },
    async bringBack(outputs) {
      for (const name of await fs.readdir(workDir)) await fs.rename(path.join(workDir, name), path.join(request.workDir, name));
      for (const folder of folders) {
        for (const name of await filesIn(folder.inside)) {
          if (folder.before.has(name)) continue;
          await linkOrCopy(path.join(folder.inside, name), path.join(folder.outside, name)).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'EEXIST') throw error;
          });
        }
      }
      return outputs.map((output) =>
        path.isAbsolute(output.path) && within(workDir, output.path) ? { ...output, path: path.join(request.workDir, path.relative(workDir, output.path)) } : output,
      );
    },
  };
}
