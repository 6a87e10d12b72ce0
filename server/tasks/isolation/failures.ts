// Failures across the IPC channel (protocol.ts JobFailure), both ways: the child's job failing for
// the server, and the server's timestamp failing for the child. A ConvertError keeps its Chinese
// message; anything else is a bug whose detail is logged, never shown.
import { RESOURCE_LIMIT_MESSAGE } from '../../convert/engines/run';
import { ConvertError, isConvertError } from '../../convert/errors';
import type { JobFailure } from './protocol';

/** How allocation failures read when a library (libvips, pdf-lib on a huge buffer) meets the limit. */
const OUT_OF_MEMORY = /out of memory|cannot allocate memory|bad_alloc|array buffer allocation failed|invalid (typed )?array length|invalid string length/i;

export function failureOf(error: unknown): JobFailure {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (isConvertError(error)) return { convertMessage: error.message, ...(error.code && { convertCode: error.code }), detail };
  if (error instanceof Error && OUT_OF_MEMORY.test(error.message)) return { convertMessage: RESOURCE_LIMIT_MESSAGE, detail };
  return { detail };
}

/** The error a failure from the other side stands for; `where` says which side failed. */
export function errorOf(failure: JobFailure, where: string): Error {
  return failure.convertMessage ? new ConvertError(failure.convertMessage, { cause: new Error(failure.detail), code: failure.convertCode }) : new Error(`${where}: ${failure.detail}`);
}
