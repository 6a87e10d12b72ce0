// The feedback calls (issue 17; SPEC §7 names none, these are ours):
//   POST /api/feedback              multipart category, content, contact, submitKey, then up to 3 `file`
//                                   parts (or the fields alone as JSON / a form) → {id}. The page sends it
//                                   without the Authorization header (SPEC §6); the accessToken cookie
//                                   still names a logged-in sender. Refusals: 400 (fields, too many
//                                   files), 413 (file too large), 415 (wrong type), 429 (too often).
//   GET  /admin/feedback            page, size → {total, page, size, list}; the operators' token
//   GET  /admin/feedback/:id/files/:n  one attachment, as a download
import express, { type NextFunction, type Request, type Response } from 'express';
import { fail, httpStatusMessage, ok } from '../../shared/errors';
import { pageRequest } from '../../shared/paging';
import type { AuthenticatedRequest } from '../account/authenticate';
import { contentDisposition } from '../api/tasks';
import { adminOnly } from '../http/admin-token';
import { TaskRefusal } from '../tasks/errors';
import { identify } from '../tasks/visitor';
import { AlreadySent, type FeedbackService } from './service';

type Handler = (req: Request, res: Response) => Promise<void>;

export function createFeedbackRouter(feedback: FeedbackService, options: { production: boolean; adminToken: string | undefined }): express.Router {
  const router = express.Router();

  const handle =
    (handler: Handler) =>
    (req: Request, res: Response, next: NextFunction): void => {
      res.set('Cache-Control', 'no-store');
      handler(req, res).catch((error: unknown) => {
        if (res.headersSent) return void res.destroy();
        if (error instanceof AlreadySent) return void res.json(ok({ id: error.id }));
        if (error instanceof TaskRefusal) {
          // A refused upload may still be streaming its body: don't keep the connection for it.
          if (req.is('multipart/form-data') && !req.complete) res.setHeader('Connection', 'close');
          return void res.status(error.status).json(fail(error.ret, error.message));
        }
        next(error);
      });
    };

  router.post(
    '/api/feedback',
    handle(async (req, res) => {
      const visitor = identify(req, res, options.production);
      const userId = (req as AuthenticatedRequest).user?.id ?? null;
      const id = await feedback.submit(req, { visitor, userId });
      res.json(ok({ id }));
    }),
  );

  router.use('/admin/feedback', adminOnly(options.adminToken));

  router.get(
    '/admin/feedback',
    handle(async (req, res) => {
      const { page, size } = pageRequest(req.query.page, req.query.size);
      const { total, list } = await feedback.list(page, size);
      res.json(
        ok({
          total,
          page,
          size,
          list: list.map((entry) => ({
            ...entry,
            // Store keys stay on the server; the listing links each file through the token-protected call.
            attachments: entry.attachments.map((file, n) => ({
              name: file.name,
              size: file.size,
              type: file.type,
              url: entry.filesDeletedAt === null ? `/admin/feedback/${entry.id}/files/${n}` : null,
            })),
          })),
        }),
      );
    }),
  );

  router.get(
    '/admin/feedback/:id/files/:n',
    handle(async (req, res) => {
      const id = String(req.params.id);
      const n = Number(req.params.n);
      const file = /^[A-Za-z0-9_-]{1,32}$/.test(id) && Number.isInteger(n) && n >= 0 ? await feedback.attachment(id, n) : undefined;
      if (!file) return void res.status(404).json(fail(404, httpStatusMessage(404)));
      // Always a download: a visitor's file is never rendered on the site's origin.
      res.set({ 'Content-Type': file.contentType, 'Content-Length': String(file.size), 'Content-Disposition': contentDisposition('attachment', file.name) });
      file.body.on('error', () => res.destroy());
      file.body.pipe(res);
    }),
  );

  return router;
}
