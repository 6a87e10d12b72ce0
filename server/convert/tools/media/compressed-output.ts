// The download of a compression tool: the smaller file with the saving in its name, or the
// visitor's own file, named so, when nothing smaller came out (never hand back a bigger file).
import { copyFile } from 'node:fs/promises';
import { extensionOf } from '../../../files/sniff';
import type { ConvertInput, ConvertOutput } from '../../types';
import { outputName } from '../pdf-render/output-name';

export interface Candidate {
  path: string;
  size: number;
  extension: string;
}

export async function compressedOutput(input: ConvertInput, candidate: Candidate): Promise<ConvertOutput> {
  if (candidate.size < input.size) {
    const savedPercent = Math.max(1, Math.round((1 - candidate.size / input.size) * 100));
    return { name: outputName(input.name, `-已压缩-节省${savedPercent}%`, candidate.extension), path: candidate.path };
  }
  const unchanged = `${candidate.path}.original`;
  await copyFile(input.path, unchanged);
  return { name: outputName(input.name, '-已是最小体积', extensionOf(input.name) || input.type), path: unchanged };
}
