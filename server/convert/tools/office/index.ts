// Office documents and images to PDF, images of documents, and document tables to Excel.
import type { Converter } from '../../types';
import { imageZipToPdf } from './image-zip-to-pdf';
import { jpgToPdf } from './images-to-pdf';
import { excelToPdf, pptToPdf, txtToPdf, wordToPdf } from './to-pdf';
import { wordToImage } from './to-images';
import { wordToExcel } from './word-to-excel';

export const officeConverters: Converter<any>[] = [wordToPdf, excelToPdf, pptToPdf, txtToPdf, wordToImage, wordToExcel, jpgToPdf, imageZipToPdf];
