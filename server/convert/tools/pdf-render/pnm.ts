// Reads the binary PNM (P5 grey / P6 RGB) files `mutool draw` writes, as raw pixels for sharp.
import { readFile } from 'node:fs/promises';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

const PNM_HEADER = /^P([56])\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s/;

export async function readPnm(file: string): Promise<RawImage> {
  const bytes = await readFile(file);
  const match = PNM_HEADER.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!match || match[4] !== '255') throw new Error(`${file}: not an 8-bit binary PNM`);
  const channels = match[1] === '6' ? 3 : 1;
  const width = Number(match[2]);
  const height = Number(match[3]);
  const data = bytes.subarray(match[0].length, match[0].length + width * height * channels);
  if (data.length !== width * height * channels) throw new Error(`${file}: truncated PNM`);
  return { data, width, height, channels };
}
