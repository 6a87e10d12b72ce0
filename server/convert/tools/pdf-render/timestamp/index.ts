// timestamp: an RFC 3161 document timestamp proving the PDF existed, unchanged, at a moment.
// The token comes from a trusted external authority when one is configured, else from the built-in one.
import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { ConvertError } from '../../../errors';
import { runEngine } from '../../../engines';
import type { Converter, ConvertContext, ConvertInput, ConvertOutput } from '../../../types';
import { PDF_CORRUPT } from '../messages';
import { passwordOption } from '../options';
import { outputName } from '../output-name';
import { openReadablePdf } from '../pdf-input';
import { builtInTimeStampToken } from './built-in-authority';
import { remoteTimeStampToken } from './remote-authority';
import { coveredBytes, fillHole, withTimestampPlaceholder } from './signature-placeholder';

export { builtInAuthority, type AuthorityFiles } from './built-in-authority';

export interface TimestampSettings {
  /** Where the built-in authority's certificates and key live (generated on first use). */
  authorityDir: string;
  /** A trusted RFC 3161 authority (HTTP POST application/timestamp-query); the built-in one when absent. */
  tsaUrl?: string;
}

// The server sets this from its config at start (DATA_DIR/tsa, TSA_URL); this default matches DATA_DIR's.
let settings: TimestampSettings = { authorityDir: path.resolve('data', 'tsa') };

export function configureTimestamps(next: TimestampSettings): void {
  settings = next;
}

async function loadPdf(file: string): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(await readFile(file), { updateMetadata: false });
  } catch (error) {
    throw new ConvertError(PDF_CORRUPT, { cause: error });
  }
}

async function timeStampToken(digest: Buffer, ctx: ConvertContext): Promise<Buffer> {
  const query = path.join(ctx.workDir, `tsa-query-${randomUUID()}.tsq`);
  // -cert asks for the authority's certificate inside the token, so it verifies on its own.
  await runEngine('openssl', ['ts', '-query', '-digest', digest.toString('hex'), '-sha256', '-cert', '-out', query], { signal: ctx.signal });
  const token = settings.tsaUrl
    ? await remoteTimeStampToken(settings.tsaUrl, query, ctx.workDir, ctx.signal)
    : await builtInTimeStampToken(settings.authorityDir, query, ctx.workDir, ctx.signal);
  return readFile(token);
}

async function timestampOne(input: ConvertInput, index: number, password: string, ctx: ConvertContext): Promise<ConvertOutput> {
  const source = await openReadablePdf(input.path, { password, workDir: ctx.workDir, signal: ctx.signal });
  const prepared = await withTimestampPlaceholder(await loadPdf(source.path));
  const digest = coveredBytes(prepared).reduce((hash, part) => hash.update(part), createHash('sha256')).digest();
  const output = path.join(ctx.workDir, `timestamped-${index}.pdf`);
  await writeFile(output, fillHole(prepared, await timeStampToken(digest, ctx)));
  return { name: outputName(input.name, '-时间戳', 'pdf'), path: output };
}

const timestampOptions = z.object({ password: passwordOption });

export type TimestampOptions = z.infer<typeof timestampOptions>;

export const pdfTimestamp: Converter<TimestampOptions> = {
  toolId: 'timestamp',
  options: timestampOptions,
  engines: ['qpdf', 'openssl'],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      outputs.push(await timestampOne(input, index, options.password, ctx));
      ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
    }
    return outputs;
  },
};
