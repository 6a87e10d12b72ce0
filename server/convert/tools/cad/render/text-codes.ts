// CAD text as plain lines: TEXT's %% control codes and MTEXT's inline format codes (\P new
// paragraph, {\f…;} font, \H height, \S stacking…) resolved to what is drawn. Formatting changes
// inside a paragraph (font, colour, height) are not kept: the whole text takes its entity's style.

const PERCENT: Record<string, string> = { c: 'Ø', d: '°', p: '±', '%': '%' };

function unicodeEscapes(text: string): string {
  return text.replace(/\\U\+([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/\\M\+[0-9a-fA-F]([0-9a-fA-F]{4})/g, '');
}

function percentCodes(text: string): string {
  return text
    .replace(/%%(\d{3})/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/%%([cdp%])/gi, (_, code: string) => PERCENT[code.toLowerCase()]!)
    .replace(/%%[uoUO]/g, '');
}

/** A TEXT or ATTRIB value as drawn. */
export function plainText(text: string): string {
  return percentCodes(unicodeEscapes(text));
}

/** An MTEXT value as its drawn paragraphs. */
export function mtextParagraphs(text: string): string[] {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '{' || ch === '}') continue;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const code = text[i + 1];
    if (code === undefined) break;
    i++;
    switch (code) {
      case 'P':
        out += '\n';
        break;
      case 'N':
        out += '\n';
        break;
      case '~':
        out += '\u00a0';
        break;
      case '\\':
      case '{':
      case '}':
        out += code;
        break;
      case 'S': {
        // \Sup^down; stacked fractions: drawn inline as up/down.
        const end = text.indexOf(';', i);
        const body = end < 0 ? text.slice(i + 1) : text.slice(i + 1, end);
        out += body.replace(/[\^#]/, '/').replace(/^\//, '');
        i = end < 0 ? text.length : end;
        break;
      }
      case 'U':
      case 'M':
        out += '\\' + code;
        break;
      case 'L':
      case 'l':
      case 'O':
      case 'o':
      case 'K':
      case 'k':
        break;
      default: {
        // \f…; \F…; \H…; \W…; \Q…; \T…; \A…; \C…; \c…; \p…; take an argument up to ';'.
        if ('fFHhWwQqTtAaCcp'.includes(code)) {
          const end = text.indexOf(';', i);
          i = end < 0 ? text.length : end;
        } else out += code;
      }
    }
  }
  return percentCodes(unicodeEscapes(out)).split('\n');
}
