// del-watermark: takes off what is marked as a watermark — /Watermark annotations, and
// watermark marked content in the page content and in the forms it draws (our own watermarks
// and Acrobat's). Unmarked text that merely looks like a watermark is left alone: guessing
// would delete the visitor's own content.
import { PDFArray, PDFDict, PDFName, PDFPage, PDFRawStream, PDFRef, decodePDFRawStream, type PDFContext } from 'pdf-lib';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter } from '../../types';
import { textOf } from './content-operators';
import { editEachPdf } from './each-pdf';
import { cutSpans, findWatermarkSpans, inlineWatermarkProperties, type WatermarkProperties } from './watermark-spans';

const options = z.object({});

const WATERMARK = PDFName.of('Watermark');
const SUBTYPE = PDFName.of('Subtype');
const RESOURCES = PDFName.of('Resources');
const STREAM_ENCODING = ['Filter', 'DecodeParms', 'Length'].map((key) => PDFName.of(key));

function dictAt(context: PDFContext, container: PDFDict | undefined, key: string): PDFDict | undefined {
  const value = container && context.lookup(container.get(PDFName.of(key)));
  return value instanceof PDFDict ? value : undefined;
}

/** Inline property dicts, and names of /Properties entries, that say Subtype /Watermark. */
function watermarkPropertiesOf(context: PDFContext, resources: PDFDict | undefined): WatermarkProperties {
  const named = dictAt(context, resources, 'Properties');
  return (properties, bytes) =>
    inlineWatermarkProperties(properties, bytes) ||
    (properties.kind === 'name' && dictAt(context, named, textOf(bytes, properties).slice(1))?.get(SUBTYPE) === WATERMARK);
}

function decoded(stream: unknown): Uint8Array | undefined {
  if (!(stream instanceof PDFRawStream)) return undefined;
  try {
    return decodePDFRawStream(stream).decode();
  } catch {
    return undefined; // A filter pdf-lib cannot decode: leave that content as it is.
  }
}

/** `content` without its watermark sequences, with how many were cut; undefined when there were none. */
function withoutWatermarks(context: PDFContext, content: Uint8Array, resources: PDFDict | undefined) {
  const spans = findWatermarkSpans(content, watermarkPropertiesOf(context, resources));
  return spans.length === 0 ? undefined : { content: cutSpans(content, spans), removed: spans.length };
}

class WatermarkRemover {
  removed = 0;
  private readonly visitedForms = new Set<PDFRef>();

  constructor(private readonly context: PDFContext) {}

  fromPage(page: PDFPage): void {
    const resources = this.context.lookup(page.node.getInheritableAttribute(RESOURCES));
    const pageResources = resources instanceof PDFDict ? resources : undefined;
    this.removeAnnotations(page);
    this.removeFromPageContent(page, pageResources);
    this.removeFromForms(pageResources);
  }

  private removeAnnotations(page: PDFPage) {
    const annotations = page.node.Annots();
    if (!annotations) return;
    for (let index = annotations.size() - 1; index >= 0; index--) {
      const annotation = annotations.lookup(index);
      if (annotation instanceof PDFDict && annotation.get(SUBTYPE) === WATERMARK) {
        annotations.remove(index);
        this.removed++;
      }
    }
  }

  /** The page's content streams are joined first: a sequence may open in one and close in the next. */
  private removeFromPageContent(page: PDFPage, resources: PDFDict | undefined) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => this.context.lookup(ref)) : [contents];
    const parts = streams.map(decoded);
    if (parts.length === 0 || parts.some((part) => part === undefined)) return;
    const joined = Buffer.concat(parts.flatMap((part) => [part!, Buffer.from('\n')]));
    const result = withoutWatermarks(this.context, joined, resources);
    if (!result) return;
    page.node.set(PDFName.of('Contents'), this.context.register(this.context.flateStream(result.content)));
    this.removed += result.removed;
  }

  private removeFromForms(resources: PDFDict | undefined) {
    const xObjects = dictAt(this.context, resources, 'XObject');
    for (const ref of xObjects?.values() ?? []) {
      if (!(ref instanceof PDFRef) || this.visitedForms.has(ref)) continue;
      this.visitedForms.add(ref);
      const form = this.context.lookup(ref);
      if (!(form instanceof PDFRawStream) || form.dict.get(SUBTYPE) !== PDFName.of('Form')) continue;
      // Old files let a form use the resources of the page that draws it.
      const formResources = dictAt(this.context, form.dict, 'Resources') ?? resources;
      const content = decoded(form);
      const result = content && withoutWatermarks(this.context, content, formResources);
      if (result) {
        const rewritten = this.context.flateStream(result.content);
        for (const [key, value] of form.dict.entries()) if (!STREAM_ENCODING.includes(key)) rewritten.dict.set(key, value);
        this.context.assign(ref, rewritten);
        this.removed += result.removed;
      }
      this.removeFromForms(formResources);
    }
  }
}

export const delWatermarkConverter: Converter<z.infer<typeof options>> = {
  toolId: 'del-watermark',
  options,
  engines: [],
  convert: ({ inputs }, ctx) =>
    editEachPdf(inputs, ctx, '去水印', async (doc, progress) => {
      const remover = new WatermarkRemover(doc.context);
      await progress.forEach(doc.getPages(), (page) => remover.fromPage(page));
      if (remover.removed === 0) throw new ConvertError('未发现可去除的水印：本工具去除标记为水印的文字、图片和水印注释');
      return () => ({ kind: 'removed' });
    }),
};
