// Content negotiation for Content-Encoding (RFC 9110 §12.5.3), small on purpose: the server only
// ever offers a few encodings of its own, so the question is "which of these may I send?".
import type { IncomingHttpHeaders } from 'node:http';

export type Encoding = 'br' | 'gzip';

/** Each coding named in the header with its q-value; `*` stands for every coding not named. */
function qualities(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const item of header.split(',')) {
    const [coding, ...params] = item.trim().toLowerCase().split(';');
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name === 'q') q = Number(value);
    }
    named.set(coding, Number.isFinite(q) ? q : 0);
  }
  return named;
}

/**
 * The first of `offered` (in the server's order of preference) the request accepts with q > 0;
 * undefined means identity. No header at all accepts only identity here: a client that says
 * nothing may not be able to decode anything (RFC 9110 allows any coding, but nothing is gained).
 */
export function acceptedEncoding(headers: IncomingHttpHeaders, offered: readonly Encoding[]): Encoding | undefined {
  const header = headers['accept-encoding'];
  if (!header) return undefined;
  const named = qualities(header);
  const anyOther = named.get('*') ?? 0;
  return offered.find((coding) => (named.get(coding) ?? anyOther) > 0);
}
