// Zip archives made in tests (OFD packages, DOCX and EPUB parts, image zips, hostile zips), entries
// in the order given.
import yauzl from 'yauzl';
import yazl from 'yazl';

/** Entry name → contents; `stored` names are written uncompressed (an EPUB's `mimetype`). */
export async function zipBytes(entries: Record<string, string | Buffer> | Array<[string, string | Buffer]>, { stored = [] as string[] } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, contents] of Array.isArray(entries) ? entries : Object.entries(entries)) {
    zip.addBuffer(Buffer.isBuffer(contents) ? contents : Buffer.from(contents), name, { compress: !stored.includes(name) });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface ZipPart {
  name: string;
  /** Written without compression (an EPUB's `mimetype` must be). */
  stored: boolean;
  text: string;
}

/** Every entry of an archive as UTF-8 text, in archive order: an independent reader for our packages. */
export function readZipParts(file: string): Promise<ZipPart[]> {
  return new Promise((resolve, reject) => {
    const parts: ZipPart[] = [];
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            parts.push({ name: entry.fileName, stored: entry.compressionMethod === 0, text: Buffer.concat(chunks).toString('utf8') });
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(parts));
      zip.readEntry();
    });
  });
}

/** One entry of an archive as UTF-8 text; fails the test when the archive has no such entry. */
export async function zipPartText(file: string, name: string): Promise<string> {
  const part = (await readZipParts(file)).find((p) => p.name === name);
  if (!part) throw new Error(`${file} has no ${name}`);
  return part.text;
}
