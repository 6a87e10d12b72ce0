// image_zip_to_pdf: the images inside a zip, ordered by natural name sort (第2页 before 第10页,
// folders included in the name), as one PDF. Entries that are not images are skipped; an entry
// whose bytes are not the image its name says is refused, as an upload would be.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { findTool } from '../../../../shared/catalogue';
import { ConvertError } from '../../errors';
import { extensionOf, sniffType, SNIFF_BYTES } from '../../../files/sniff';
import type { Converter, ConvertInput } from '../../types';
import { IMAGE_ENGINES } from '../image/image-source';
import { NOT_AN_IMAGE } from '../image/messages';
import { outputName } from '../pdf-render/output-name';
import { imagePdfOptions, imagesToPdf, type ImagePdfOptions } from './image-pdf';
import { ZIP_NO_IMAGES } from './messages';
import { extractZipEntries } from './zip-entries';

const MB = 1024 * 1024;
export const ZIP_LIMITS = { maxEntries: 1000, maxTotalBytes: 512 * MB } as const;

/** The image types jpg-to-pdf accepts are the ones a zip may carry. */
const IMAGE_TYPES = findTool('jpg-to-pdf')?.accept ?? [];

const naturalOrder = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'base' }).compare;

/** macOS resource forks (`__MACOSX/`, `._name`) and hidden files are not pictures of the document. */
function isImageEntry(name: string): boolean {
  const base = path.posix.basename(name);
  return !name.startsWith('__MACOSX/') && !base.startsWith('.') && IMAGE_TYPES.includes(extensionOf(base));
}

async function sniffedType(file: string, name: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    const type = await sniffType(buffer.subarray(0, bytesRead), name, IMAGE_TYPES);
    if (!type) throw new ConvertError(`${NOT_AN_IMAGE}：${name}`);
    return type;
  } finally {
    await handle.close();
  }
}

export const imageZipToPdf: Converter<ImagePdfOptions> = {
  toolId: 'image_zip_to_pdf',
  options: imagePdfOptions,
  engines: IMAGE_ENGINES,
  async convert({ inputs, options }, ctx) {
    const [zip] = inputs;
    const entries = await extractZipEntries(zip.path, {
      ...ZIP_LIMITS,
      select: isImageEntry,
      // Entry names never become paths: each image gets a numbered file of our own.
      targetOf: (index) => path.join(ctx.workDir, `entry-${index}`),
      signal: ctx.signal,
    });
    if (entries.length === 0) throw new ConvertError(ZIP_NO_IMAGES);
    entries.sort((a, b) => naturalOrder(a.name, b.name));
    const images: ConvertInput[] = [];
    for (const entry of entries) {
      images.push({ name: entry.name, path: entry.path, size: entry.size, type: await sniffedType(entry.path, entry.name) });
    }
    const pdf = await imagesToPdf(images, options, ctx);
    return [{ name: outputName(zip.name, '', 'pdf'), path: pdf }];
  },
};
