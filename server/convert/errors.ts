// Errors a converter raises on purpose. The task runner shows a ConvertError's message to the
// visitor as the task's failure `msg`; any other exception is a bug and gets a generic message.

/** A user-facing conversion failure; `message` is Chinese and safe to show as is. */
export class ConvertError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConvertError';
  }
}

export function isConvertError(error: unknown): error is ConvertError {
  return error instanceof ConvertError;
}
