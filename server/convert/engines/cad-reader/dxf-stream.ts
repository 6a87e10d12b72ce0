// Prepares a text DXF's group-code stream for dxf-json, which reads only what AutoCAD 2000+ writes:
// - R12 has no `100 AcDbBlockEnd` after ENDBLK; dxf-json's block reader looks for it and, missing,
//   swallows the rest of the file (an R12 DXF gave no entity at all). The marker is added.
// - dxf-json has no TRACE parser (the entity vanished). A TRACE has SOLID's group codes, so it is
//   handed over as a SOLID carrying an XDATA mark that the normaliser turns back into a TRACE.
// - Files before 2007 hold non-ASCII text as \U+XXXX escapes or in their code page ($DWGCODEPAGE);
//   both are decoded here, once, for every string.

/** The XDATA application name that marks a SOLID that was a TRACE (normalize.ts). */
export const TRACE_MARK = 'PDF365_TRACE';

/** $DWGCODEPAGE → a TextDecoder label, for the code pages CAD files come in. */
const CODE_PAGES: Record<string, string> = {
  ANSI_936: 'gbk',
  ANSI_950: 'big5',
  ANSI_932: 'shift_jis',
  ANSI_949: 'euc-kr',
  ANSI_874: 'windows-874',
};

function headerValue(head: string, variable: string): string | undefined {
  return new RegExp(`\\r?\\n\\s*9\\r?\\n\\${variable}\\r?\\n\\s*\\d+\\r?\\n([^\\r\\n]*)`).exec(head)?.[1]?.trim();
}

/**
 * The file's text. UTF-8 when it is valid UTF-8 (every 2007+ file, every ASCII one); otherwise a
 * pre-2007 file in the code page it declares (a Chinese AutoCAD writes GBK bytes).
 */
export function decodeDxf(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64 * 1024));
    const page = (headerValue(head, '$DWGCODEPAGE') ?? '').toUpperCase();
    const label = CODE_PAGES[page] ?? (/^ANSI_125\d$/.test(page) ? `windows-${page.slice(5)}` : 'gbk');
    return new TextDecoder(label).decode(bytes);
  }
}

const unescapeUnicode = (value: string) => value.replace(/\\U\+([0-9A-Fa-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The DXF's lines (code, value, code, value…) ready for dxf-json's parseLines. */
export function prepareDxfLines(text: string): string[] {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\r|\n/);
  const out: string[] = [];
  /** The entity being copied is a TRACE: its mark goes before the next code 0. */
  let inTrace = false;
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = lines[i].trim();
    let value = lines[i + 1];
    if (code === '0') {
      if (inTrace) out.push('1001', TRACE_MARK);
      inTrace = value.trim() === 'TRACE';
      if (inTrace) value = 'SOLID';
      out.push(code, value);
      if (value.trim() === 'ENDBLK' && !endsBlockWithMarker(lines, i + 2)) out.push('100', 'AcDbBlockEnd');
      continue;
    }
    out.push(code, value.includes('\\U+') ? unescapeUnicode(value) : value);
  }
  return out;
}

/** Whether the ENDBLK whose codes start at line `from` already has its 100 AcDbBlockEnd. */
function endsBlockWithMarker(lines: string[], from: number): boolean {
  for (let i = from; i + 1 < lines.length; i += 2) {
    const code = lines[i].trim();
    if (code === '0') return false;
    if (code === '100' && lines[i + 1].trim() === 'AcDbBlockEnd') return true;
  }
  return false;
}
