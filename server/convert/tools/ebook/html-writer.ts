// PDF layout → one self-contained HTML file: real headings, paragraphs, lists and tables whose text
// can be selected, searched and copied, images embedded as data URIs at their place, one <section>
// per PDF page. One file (no folder of images) opens the same way wherever the visitor saves it.
import { open, readFile } from 'node:fs/promises';
import type { PageLayout } from '../pdf-to-office/layout/blocks';
import { BASE_CSS, escapeXml, pageImages, pageMarkup } from './markup';

const PAGE_CSS = `
body { margin: 0; background: #f2f2f2; color: #222; }
main { padding: 16px 8px; }
section.page { box-sizing: border-box; margin: 0 auto 16px; padding: 48px 56px; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
section.page::after { content: "— " attr(data-page) " —"; display: block; margin: 24px 0 0; text-align: center; color: #999; font-size: 12px; }
@media (max-width: 640px) { section.page { padding: 20px 16px; } }
@media print { body { background: #fff; } main { padding: 0; } section.page { box-shadow: none; margin: 0; padding: 0; break-after: page; } section.page::after { display: none; } }
`;

export async function writeHtml(pages: readonly PageLayout[], file: string, title: string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.write(
      `<!DOCTYPE html>\n<html lang="zh-CN">\n<head>\n<meta charset="utf-8" />\n<meta name="viewport" content="width=device-width, initial-scale=1" />\n` +
        `<meta name="generator" content="pdf-to-html" />\n<title>${escapeXml(title)}</title>\n<style>${BASE_CSS}${PAGE_CSS}</style>\n</head>\n<body>\n<main>\n`,
    );
    const written = new Set(pages.map((p) => p.number));
    const pageHref = (number: number) => (written.has(number) ? `#page-${number}` : undefined);
    for (const page of pages) {
      // Sections keep the page's width, so lines break about where the PDF broke them; the page
      // number is drawn by CSS from data-page, so it never mixes into copied or searched text.
      // Pictures are read page by page, so a long document never holds all of them at once.
      const images = new Map<string, string>();
      for (const { file } of pageImages(page)) {
        if (!images.has(file)) images.set(file, `data:image/png;base64,${(await readFile(file)).toString('base64')}`);
      }
      const body = pageMarkup(page, { imageSource: (image) => images.get(image.file)!, pageHref });
      await handle.write(
        `<section class="page" id="page-${page.number}" data-page="${page.number}" style="max-width:${Math.round(page.width * (4 / 3))}px">\n${body}\n</section>\n`,
      );
    }
    await handle.write('</main>\n</body>\n</html>\n');
  } finally {
    await handle.close();
  }
}
