// PDF editing tools built on pdf-lib (merge, split, rotate, insert, delete, numbering, watermarks, portfolios).
import type { Converter } from '../../types';

export const pdfEditConverters: Converter<any>[] = [];
