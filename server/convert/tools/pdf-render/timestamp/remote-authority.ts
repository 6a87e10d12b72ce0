// A trusted external time-stamping authority, spoken to over HTTP as RFC 3161 §3.4 describes.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConvertError } from '../../../errors';
import { EngineFailedError, runEngine } from '../../../engines';

const REQUEST_TIMEOUT_MS = 30_000;
const TSA_UNAVAILABLE = '时间戳服务暂时不可用，请稍后重试';

/** Sends the query, checks the response status with openssl and returns the DER TimeStampToken. */
export async function remoteTimeStampToken(tsaUrl: string, queryFile: string, workDir: string, signal: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(tsaUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/timestamp-query' },
      body: await readFile(queryFile),
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
  } catch (error) {
    signal.throwIfAborted();
    throw new ConvertError(TSA_UNAVAILABLE, { cause: error });
  }
  if (!response.ok) throw new ConvertError(TSA_UNAVAILABLE, { cause: new Error(`${tsaUrl} answered ${response.status}`) });
  const reply = path.join(workDir, 'tsa-reply.tsr');
  await writeFile(reply, Buffer.from(await response.arrayBuffer()));
  const token = path.join(workDir, 'tsa-token.der');
  try {
    // Fails unless the reply is a granted TimeStampResp holding a token.
    await runEngine('openssl', ['ts', '-reply', '-in', reply, '-token_out', '-out', token], { signal });
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ConvertError(TSA_UNAVAILABLE, { cause: error });
    throw error;
  }
  return token;
}
