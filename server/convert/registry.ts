// toolId → converter. A tool without a converter (or whose engines are missing) is shown as unavailable.
import type { Converter } from './types';
import { cadWriteConverters } from './tools/cad/write';
import { cadRenderConverters } from './tools/cad/render';
import { ebookConverters } from './tools/ebook';
import { imageConverters } from './tools/image';
import { mediaConverters } from './tools/media';
import { ofdConverters } from './tools/ofd';
import { ocrConverters } from './tools/ocr';
import { officeConverters } from './tools/office';
import { photoConverters } from './tools/photo';
import { fontConverters } from './tools/fonts';
import { pdfEditConverters } from './tools/pdf-edit';
import { pdfRenderConverters } from './tools/pdf-render';
import { pdfToOfficeConverters } from './tools/pdf-to-office';
import { speechConverters } from './tools/speech';
import { videoSlidesConverters } from './tools/video-slides';

const ALL: Converter<any>[] = [...pdfEditConverters, ...pdfRenderConverters, ...pdfToOfficeConverters, ...imageConverters, ...mediaConverters, ...officeConverters, ...photoConverters, ...fontConverters, ...ofdConverters, ...videoSlidesConverters, ...speechConverters, ...ocrConverters, ...ebookConverters, ...cadWriteConverters, ...cadRenderConverters];

const BY_TOOL = new Map(ALL.map((c) => [c.toolId, c]));

export function findConverter(toolId: string): Converter<any> | undefined {
  return BY_TOOL.get(toolId);
}

export function allConverters(): readonly Converter<any>[] {
  return ALL;
}
