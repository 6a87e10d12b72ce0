// Page sizes in points as viewers show them (crop box, rotation applied), from pdfinfo.
import { runEngine } from '../../engines';
import { corruptOnEngineFailure } from './pdf-input';

export interface PageSize {
  page: number;
  width: number;
  height: number;
}

export async function readPageSizes(pdfPath: string, pageCount: number, signal?: AbortSignal): Promise<PageSize[]> {
  const { stdout } = await corruptOnEngineFailure(runEngine('pdfinfo', ['-f', '1', '-l', String(pageCount), pdfPath], { signal }));
  const sizes = new Map<number, PageSize>();
  const text = stdout.toString('utf8');
  for (const [, page, width, height] of text.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)) {
    sizes.set(Number(page), { page: Number(page), width: Number(width), height: Number(height) });
  }
  for (const [, page, rotation] of text.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) {
    const size = sizes.get(Number(page));
    if (size && Number(rotation) % 180 === 90) sizes.set(size.page, { page: size.page, width: size.height, height: size.width });
  }
  return [...sizes.values()];
}
