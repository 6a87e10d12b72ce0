// PDF → Word, Excel and PowerPoint, built on our own layout analysis of MuPDF's structured text
// (ARCHITECTURE.md: LibreOffice's PDF import gives a text frame per line; this gives real
// paragraphs, headings, lists, tables, images and slides).
import type { Converter } from '../../types';
import { pdfLayoutConverter } from './office-converter';
import { writeDocx } from './writers/docx-writer';
import { writePptx } from './writers/pptx-writer';
import { writeXlsx } from './writers/xlsx-writer';

export const pdfToWord = pdfLayoutConverter('pdf-to-word', 'docx', writeDocx, { labelsAsText: true });
export const pdfToExcel = pdfLayoutConverter('pdf-to-excel', 'xlsx', writeXlsx);
export const pdfToPpt = pdfLayoutConverter('pdf-to-ppt', 'pptx', writePptx, { labelsAsText: true });

export const pdfToOfficeConverters: Converter<any>[] = [pdfToWord, pdfToExcel, pdfToPpt];
