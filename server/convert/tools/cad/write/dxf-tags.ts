// The group-code stream of a DXF file: one code and one value per line pair, numbers written
// without exponent noise, strings escaped for the target release (\U+XXXX below 2007, where the
// file is not UTF-8), and the handles every object of a 2000+ file needs.
import type { CadPoint } from '../../../engines/cad-reader';
import { isUtf8, type DxfVersion } from './dxf-versions';

export class DxfTags {
  private readonly lines: string[] = [];
  private nextHandle = 0x20;

  constructor(readonly version: DxfVersion) {}

  /** A fresh handle (hex, upper case). */
  handle(): string {
    return (this.nextHandle++).toString(16).toUpperCase();
  }

  /** The next handle not yet given: $HANDSEED. */
  get handleSeed(): string {
    return this.nextHandle.toString(16).toUpperCase();
  }

  tag(code: number, value: string | number): this {
    this.lines.push(String(code).padStart(3, ' '), typeof value === 'number' ? formatNumber(code, value) : this.text(value));
    return this;
  }

  /** A point as codes base, base+10, base+20 (z only when `withZ`). */
  point(base: number, p: CadPoint, withZ = true): this {
    this.tag(base, p.x).tag(base + 10, p.y);
    if (withZ) this.tag(base + 20, p.z ?? 0);
    return this;
  }

  /** Long strings (MTEXT) in 250-character pieces: code 3 for all but the last, `last` for it. */
  chunked(text: string, last: number): this {
    const value = this.escape(text);
    let rest = value;
    while (rest.length > 250) {
      // Never split an escape sequence or a surrogate pair.
      let cut = 250;
      const tail = rest.slice(cut - 7, cut);
      const escapeAt = tail.lastIndexOf('\\U+');
      if (escapeAt >= 0) cut = cut - 7 + escapeAt;
      this.lines.push('  3', rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    this.lines.push(String(last).padStart(3, ' '), rest);
    return this;
  }

  private text(value: string): string {
    return this.escape(value);
  }

  /** Line breaks would break the stream; non-ASCII needs \U+ below 2007. */
  private escape(value: string): string {
    const flat = value.replace(/\r\n|\r|\n/g, ' ');
    if (isUtf8(this.version)) return flat;
    let out = '';
    for (const ch of flat) {
      const code = ch.codePointAt(0)!;
      if (code < 0x80) out += ch;
      else if (code <= 0xffff) out += `\\U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      else out += '?';
    }
    return out;
  }

  toString(): string {
    return this.lines.join('\r\n') + '\r\n';
  }
}

/** Integers for the integer group codes, shortest exact decimal for floats. */
function formatNumber(code: number, value: number): string {
  const integer = (code >= 60 && code <= 99) || (code >= 170 && code <= 179) || (code >= 270 && code <= 299) || (code >= 160 && code <= 169) || (code >= 370 && code <= 389) || (code >= 400 && code <= 409) || (code >= 420 && code <= 429) || (code >= 440 && code <= 459) || (code >= 1060 && code <= 1071);
  if (!Number.isFinite(value)) value = 0;
  if (integer) return String(Math.round(value));
  if (Number.isInteger(value)) return `${value}.0`;
  const s = String(Math.round(value * 1e12) / 1e12);
  return s.includes('e') ? value.toFixed(12) : s;
}
