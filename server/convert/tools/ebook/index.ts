// E-books: PDF → HTML and EPUB from our own layout analysis (text stays text), and calibre's
// ebook-convert among EPUB, MOBI and AZW3 and to PDF.
import type { Converter } from '../../types';
import { pdfToEpub, pdfToHtml } from './from-pdf';
import { ebookFormatConvert, epubToPdf } from './with-calibre';

export { pdfToEpub, pdfToHtml, ebookFormatConvert, epubToPdf };

export const ebookConverters: Converter<any>[] = [pdfToHtml, pdfToEpub, epubToPdf, ebookFormatConvert];
