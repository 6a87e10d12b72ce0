// OCR tools on tesseract (chi_sim+eng): pictures and scanned PDFs to text, Word and Excel.
import type { Converter } from '../../types';
import { imgToExcel, imgToTxt, scanToExcel, scanToWord } from './ocr-tools';

export const ocrConverters: Converter<any>[] = [imgToTxt, imgToExcel, scanToWord, scanToExcel];
