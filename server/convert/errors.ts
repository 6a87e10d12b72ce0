// Errors a converter raises on purpose. The task runner shows a ConvertError's message to the
// visitor as the task's failure `msg`; any other exception is a bug and gets a generic message.
import type { FailureCode } from '../../shared/task-api';

/** A user-facing conversion failure; `message` is Chinese and safe to show as is. */
export class ConvertError extends Error {
  /** What the page can do about it (shared/task-api.ts FailureCode), when the cause is one it knows. */
  readonly code?: FailureCode;

  constructor(message: string, options?: { cause?: unknown; code?: FailureCode }) {
    super(message, options);
    this.name = 'ConvertError';
    this.code = options?.code;
  }
}

export function isConvertError(error: unknown): error is ConvertError {
  return error instanceof ConvertError;
}
