// pdf-to-html and pdf-to-epub: the PDF layout analysis of tools/pdf-to-office written as flowing
// HTML or as an EPUB 3 package, text kept as text.
import { pdfLayoutConverter } from '../pdf-to-office/office-converter';
import { writeEpub } from './epub-writer';
import { writeHtml } from './html-writer';

export const pdfToHtml = pdfLayoutConverter('pdf-to-html', 'html', writeHtml);
export const pdfToEpub = pdfLayoutConverter('pdf-to-epub', 'epub', (pages, file, title) => writeEpub(pages, file, { title }));
