// A refusal of the account service: the HTTP status and the Chinese message the page shows.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { fail } from '../../shared/errors';

export class AccountRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'AccountRefusal';
  }
}

/**
 * An async route whose AccountRefusal answers its status with the envelope (ret and code both the
 * status: the SSO and company calls are read by code as well as ret); other errors go on to Express.
 */
export function answeringRefusals<R extends Request>(work: (req: R, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    work(req as R, res).catch((error: unknown) => {
      if (error instanceof AccountRefusal) {
        res.status(error.status).json({ ...fail(error.status, error.message), code: error.status });
        return;
      }
      next(error);
    });
  };
}
