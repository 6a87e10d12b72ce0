// CAD tools that write DXF: dwg-to-dxf and cad-to-cad from a read drawing, pdf-to-cad from a
// PDF's vector paths and text.
import type { Converter } from '../../../types';
import { cadToCad, dwgToDxf } from './cad-to-dxf';
import { pdfToCad } from './pdf-to-cad';

export const cadWriteConverters: Converter<any>[] = [dwgToDxf, cadToCad, pdfToCad];
