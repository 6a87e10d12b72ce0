// Plain text from Chinese users is UTF-8 or GBK (Notepad and older Windows tools save GBK). Strict
// UTF-8 first: GBK bytes are almost never valid UTF-8, while UTF-8 bytes often decode as GB18030.
import { ConvertError } from '../../errors';
import { UNKNOWN_TEXT_ENCODING } from './messages';

const DECODERS = [new TextDecoder('utf-8', { fatal: true }), new TextDecoder('gb18030', { fatal: true })];

/** The text of `bytes` (BOM dropped, line ends as LF); ConvertError when it is neither UTF-8 nor GBK/GB18030. */
export function decodeChineseText(bytes: Uint8Array): string {
  for (const decoder of DECODERS) {
    try {
      return decoder.decode(bytes).replace(/\r\n?/g, '\n');
    } catch {
      // Not this encoding: try the next.
    }
  }
  throw new ConvertError(UNKNOWN_TEXT_ENCODING);
}
