// pdf-lib writes every object it ever loaded, so deleted pages, removed watermarks and dropped
// annotations would still be in the file. Dropping what the trailer no longer reaches keeps
// results as small as the visitor expects.
import { PDFArray, PDFDict, PDFDocument, PDFObject, PDFRef, PDFStream } from 'pdf-lib';

export function dropUnreachableObjects(doc: PDFDocument): void {
  const { context } = doc;
  const reached = new Set<PDFRef>();
  const pending: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter(
    (root): root is PDFObject => root !== undefined,
  );
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFDict) {
      pending.push(...object.values());
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) context.delete(ref);
  }
}
