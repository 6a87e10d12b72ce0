// A logged-in user's conversion history (SPEC §7 user centre): GET /user/getPdf365Record lists the
// user's tasks a page at a time (SPEC §9 pagination: 10 a page, 10–100), GET /user/downloadRecordUrl
// gives a fresh signed link to one entry's result; DELETE /task/deleteById (tasks.ts) removes one.
// Guests have no history (their tasks live on their tool page): both answer 401.
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { fail, ok } from '../../shared/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, PAGE_SIZES } from '../../shared/paging';
import { TaskRefusal } from '../tasks/errors';
import { TASK_MESSAGES } from '../tasks/messages';
import { identify, type Visitor } from '../tasks/visitor';
import type { ApiDeps } from './deps';

const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().refine((n) => (PAGE_SIZES as readonly number[]).includes(n)).default(DEFAULT_PAGE_SIZE),
});
const recordQuery = z.object({ taskId: z.string().min(1).max(64) });

export const RECORD_MESSAGES = { loginFirst: '请先登录后查看转换记录' } as const;

export function createRecordRouter(deps: ApiDeps): express.Router {
  const router = express.Router();

  const user = (req: Request, res: Response): Visitor => {
    const visitor = identify(req, res, deps.config.production);
    if (visitor.tier === 'guest') throw new TaskRefusal(401, RECORD_MESSAGES.loginFirst);
    return visitor;
  };
  const query = <T>(schema: z.ZodType<T>, req: Request): T => {
    const parsed = schema.safeParse(req.query);
    if (!parsed.success) throw new TaskRefusal(400, TASK_MESSAGES.badRequest);
    return parsed.data;
  };
  const handle = (work: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    work(req, res).catch((error: unknown) => {
      if (error instanceof TaskRefusal) res.status(error.status).json(fail(error.ret, error.message));
      else next(error);
    });
  };

  router.get('/user/getPdf365Record', handle(async (req, res) => {
    const { owner } = user(req, res);
    const { page, pageSize } = query(historyQuery, req);
    res.json(ok(await deps.tasks.history(owner, page, pageSize)));
  }));

  router.get('/user/downloadRecordUrl', handle(async (req, res) => {
    const { owner } = user(req, res);
    res.json(ok(await deps.tasks.recordUrl(query(recordQuery, req).taskId, owner)));
  }));

  return router;
}
