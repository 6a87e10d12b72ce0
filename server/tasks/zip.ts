// A zip of all of a task's outputs, built on first download (most visitors fetch single files).
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { FileStore, StoredFile } from './store';

/** Names inside one zip must differ: "a.pdf", "a (2).pdf"… */
function uniqueNames(files: StoredFile[]): string[] {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const count = (seen.get(file.name) ?? 0) + 1;
    seen.set(file.name, count);
    if (count === 1) return file.name;
    const dot = file.name.lastIndexOf('.');
    return dot > 0 ? `${file.name.slice(0, dot)} (${count})${file.name.slice(dot)}` : `${file.name} (${count})`;
  });
}

export async function writeZip(files: StoredFile[], store: FileStore, target: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const names = uniqueNames(files);
  files.forEach((file, i) => zip.addReadStream(store.get(file.key), names[i], { size: file.size }));
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(target, { mode: 0o600 }));
}
