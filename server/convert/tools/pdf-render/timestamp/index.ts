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
import { allPagesOf, assertTextKept } from '../../pdf-kept-text';
import { builtInTimeStampToken } from './built-in-authority';
import { remoteTimeStampToken } from './remote-authority';
import { coveredBytes, fillHole, withTimestampPlaceholder, type TimestampLabel } from './signature-placeholder';

export { builtInAuthority, type AuthorityFiles } from './built-in-authority';

/** How the file names the built-in authority: never as a trusted third party. */
export const BUILT_IN_AUTHORITY_NAME = 'PDF365 内置时间戳服务';

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

/** What configureTimestamps set (a job's child process is given the server's). */
export function timestampSettings(): TimestampSettings {
  return settings;
}

async function loadPdf(file: string): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(await readFile(file), { updateMetadata: false });
  } catch (error) {
    throw new ConvertError(PDF_CORRUPT, { cause: error, code: 'corrupt' });
  }
}

/** Turns a document digest into a DER TimeStampToken; `workDir` takes its scratch files. */
export type TimestampAuthority = (digest: Buffer, work: { workDir: string; signal: AbortSignal }) => Promise<Buffer>;

/** The configured authority, asked from this process: TSA_URL over the network, else the built-in key. */
export const configuredTimestampAuthority: TimestampAuthority = async (digest, { workDir, signal }) => {
  const query = path.join(workDir, `tsa-query-${randomUUID()}.tsq`);
  // -cert asks for the authority's certificate inside the token, so it verifies on its own.
  await runEngine('openssl', ['ts', '-query', '-digest', digest.toString('hex'), '-sha256', '-cert', '-out', query], { signal });
  const token = settings.tsaUrl
    ? await remoteTimeStampToken(settings.tsaUrl, query, workDir, signal)
    : await builtInTimeStampToken(settings.authorityDir, query, workDir, signal);
  return readFile(token);
};

let authority: TimestampAuthority = configuredTimestampAuthority;

/** A job's jailed child has neither the key nor the network: it asks the server (tasks/isolation). */
export function useTimestampAuthority(next: TimestampAuthority): void {
  authority = next;
}

/**
 * The built-in authority signs under its own certificate with a private policy: useful to prove a
 * file is unchanged since, but no third party vouches for its clock. The file says so; a TSA_URL
 * authority is named by its host.
 */
export function timestampLabel(tsaUrl: string | undefined): TimestampLabel {
  if (!tsaUrl) return { name: BUILT_IN_AUTHORITY_NAME, reason: '本站内置时间戳服务签发，未经第三方可信时间戳机构认证' };
  const host = new URL(tsaUrl).host;
  return { name: host, reason: `由时间戳机构 ${host} 签发（RFC 3161）` };
}

async function timestampOne(input: ConvertInput, index: number, password: string, ctx: ConvertContext): Promise<ConvertOutput> {
  const source = await openReadablePdf(input.path, { password, workDir: ctx.workDir, signal: ctx.signal });
  const prepared = await withTimestampPlaceholder(await loadPdf(source.path), timestampLabel(settings.tsaUrl));
  const digest = coveredBytes(prepared).reduce((hash, part) => hash.update(part), createHash('sha256')).digest();
  const output = path.join(ctx.workDir, `timestamped-${index}.pdf`);
  await writeFile(output, fillHole(prepared, await authority(digest, ctx)));
  await assertTextKept({ path: output }, { sources: [source], pages: allPagesOf(0, source.pageCount) }, ctx);
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
