// PDF editing tools built on pdf-lib (merge, split, rotate, insert, delete, numbering, watermarks,
// portfolios); merge and split write their documents with qpdf (qpdf-pages.ts).
import type { Converter } from '../../types';
import { deletePageConverter } from './delete-page';
import { delWatermarkConverter } from './del-watermark';
import { insertConverter } from './insert';
import { mergeConverter } from './merge';
import { pageNumberConverter } from './page-number';
import { portfolioConverter } from './portfolio';
import { rotateConverter } from './rotate';
import { splitConverter } from './split';
import { watermarkConverter } from './watermark';

export const pdfEditConverters: Converter<any>[] = [
  mergeConverter,
  splitConverter,
  rotateConverter,
  insertConverter,
  deletePageConverter,
  pageNumberConverter,
  watermarkConverter,
  delWatermarkConverter,
  portfolioConverter,
];
