// PDF tools built on external engines (qpdf, Ghostscript, poppler, mupdf, openssl).
import type { Converter } from '../../types';

export const pdfRenderConverters: Converter<any>[] = [];
