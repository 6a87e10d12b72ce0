// A one-page PDF holding the map's picture, written here in the browser: the RGB pixels of the
// PNG export, Flate-compressed (fflate) into an image XObject that fills a page of the map's
// proportions. The fallback of the vector PDF (vector-pdf.ts) when the server cannot draw it
// (a map over its request limit, offline); README "Online mind map" says more.
import { zlibSync } from 'fflate';

/** CSS pixels to PDF points (96 dpi to 72 dpi), with the page capped at PDF's 200-inch limit. */
const POINTS_PER_PX = 0.75;
const MAX_PAGE_PT = 14_400;

function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/**
 * `rgba` is the canvas's pixel data (width × height × 4) at `scale` device pixels per CSS pixel;
 * alpha is dropped (the export has an opaque background).
 */
export function pdfFromPixels(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, scale: number, title: string): Uint8Array<ArrayBuffer> {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i];
    rgb[j + 1] = rgba[i + 1];
    rgb[j + 2] = rgba[i + 2];
  }
  const image = zlibSync(rgb, { level: 6 });
  let pageW = (width / scale) * POINTS_PER_PX;
  let pageH = (height / scale) * POINTS_PER_PX;
  const shrink = Math.min(1, MAX_PAGE_PT / pageW, MAX_PAGE_PT / pageH);
  pageW = Math.round(pageW * shrink * 100) / 100;
  pageH = Math.round(pageH * shrink * 100) / 100;

  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: string, stream?: Uint8Array) => {
    offsets.push(length);
    add(`${offsets.length} 0 obj\n${body}\n`);
    if (stream) {
      add('stream\n');
      add(stream);
      add('\nendstream\n');
    }
    add('endobj\n');
  };
  const content = encoder.encode(`q ${pageW} 0 0 ${pageH} 0 0 cm /Im0 Do Q`);
  add('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`);
  object(`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>`, image);
  object(`<< /Length ${content.length} >>`, content);
  object(`<< /Title ${utf16Hex(title)} /Producer (PDF365 mind map) >>`);
  const xref = length;
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R /Info ${offsets.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
