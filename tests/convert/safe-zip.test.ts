import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SafeZip, type ZipMessages } from '../../server/convert/archive/safe-zip';
import { zipBytes } from '../support/zip';
import { scratchFolder } from '../support/convert-job';

const messages: ZipMessages = { corrupt: '损坏', encrypted: '加密', tooLarge: '过大', tooManyEntries: '过多' };
const scratch = scratchFolder('safe-zip-');

async function zipOf(entries: Array<[string, Buffer]>, name: string): Promise<string> {
  const file = path.join(scratch, name);
  writeFileSync(file, await zipBytes(entries));
  return file;
}

/** Rewrites what the local and central headers declare: the uncompressed size, or the name (same length). */
function forgeHeaders(file: string, change: { uncompressedSize?: number; name?: [string, string] }): void {
  const bytes = readFileSync(file);
  for (let at = 0; at < bytes.length - 4; at++) {
    const signature = bytes.readUInt32LE(at);
    if (signature !== 0x04034b50 && signature !== 0x02014b50) continue;
    const central = signature === 0x02014b50;
    if (change.uncompressedSize !== undefined) bytes.writeUInt32LE(change.uncompressedSize, at + (central ? 24 : 22));
    if (change.name) {
      const nameAt = at + (central ? 46 : 30);
      const [from, to] = change.name;
      if (bytes.subarray(nameAt, nameAt + from.length).toString() === from) bytes.write(to, nameAt);
    }
  }
  writeFileSync(file, bytes);
}

describe('SafeZip', () => {
  it('refuses an entry whose header understates what it inflates to, before writing it all', async () => {
    const file = await zipOf([['zeros.bin', Buffer.alloc(5_000_000)]], 'liar.zip');
    forgeHeaders(file, { uncompressedSize: 100 });
    const zip = await SafeZip.open(file, { maxEntries: 10, maxTotalBytes: 1_000_000 }, messages);
    try {
      zip.assertReadable(zip.files);
      await expect(zip.read(zip.files[0])).rejects.toThrow(/^(过大|损坏)$/);
    } finally {
      zip.close();
    }
  });

  it('counts inflated bytes across every read of the archive', async () => {
    const file = await zipOf([['a.bin', Buffer.alloc(600)], ['b.bin', Buffer.alloc(600)]], 'two.zip');
    const zip = await SafeZip.open(file, { maxEntries: 10, maxTotalBytes: 1000 }, messages);
    try {
      expect(() => zip.assertReadable(zip.files)).toThrow('过大');
      expect((await zip.read(zip.files[0])).length).toBe(600);
      await expect(zip.read(zip.files[1])).rejects.toThrow('过大');
    } finally {
      zip.close();
    }
  });

  it('refuses names that climb out of the archive', async () => {
    const file = await zipOf([['xx/evil.txt', Buffer.from('x')]], 'climb.zip');
    forgeHeaders(file, { name: ['xx/', '../'] });
    await expect(SafeZip.open(file, { maxEntries: 10, maxTotalBytes: 1000 }, messages)).rejects.toThrow('损坏');
  });

  it('refuses too many entries and bytes that are not a zip', async () => {
    const many = await zipOf(Array.from({ length: 5 }, (_, i): [string, Buffer] => [`${i}.txt`, Buffer.from('x')]), 'many.zip');
    await expect(SafeZip.open(many, { maxEntries: 4, maxTotalBytes: 1000 }, messages)).rejects.toThrow('过多');
    const notZip = path.join(scratch, 'not.zip');
    writeFileSync(notZip, 'plain text');
    await expect(SafeZip.open(notZip, { maxEntries: 4, maxTotalBytes: 1000 }, messages)).rejects.toThrow('损坏');
  });
});
