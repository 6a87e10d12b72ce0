// Download names derived from the visitor's file name.
import path from 'node:path';

/** `报告.pdf` + `-加密`, `pdf` → `报告-加密.pdf`. */
export function outputName(inputName: string, suffix: string, extension: string): string {
  const base = path.basename(inputName, path.extname(inputName)) || 'document';
  return `${base}${suffix}.${extension}`;
}
