// PDF tools built on external engines (qpdf, Ghostscript, poppler, mupdf, openssl).
import type { Converter } from '../../types';
import { pdfCompress } from './compress';
import { pdfGetImages } from './get-images';
import { pdfLock } from './lock';
import { pdfScan } from './scan';
import { pdfTimestamp } from './timestamp';
import { pdfToJpg, pdfToPng } from './to-images';
import { pdfToLongPng } from './to-long-image';
import { pdfUnlock } from './unlock';

export { scanPdf, type PdfScanReport } from './scan';
export { configureTimestamps, timestampSettings, builtInAuthority, configuredTimestampAuthority, useTimestampAuthority, type TimestampSettings, type TimestampAuthority } from './timestamp';

export const pdfRenderConverters: Converter<any>[] = [
  pdfCompress,
  pdfLock,
  pdfUnlock,
  pdfGetImages,
  pdfToJpg,
  pdfToPng,
  pdfToLongPng,
  pdfScan,
  pdfTimestamp,
];
