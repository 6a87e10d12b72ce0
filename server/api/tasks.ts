// The task calls of SPEC §7 "Tasks" and the signed downloads. Contract (ARCHITECTURE.md, details in
// server/tasks/README.md): every answer is {ret:0, msg:'', data}; a refusal is {ret:<status>, msg:'<Chinese>'}
// with the same HTTP status (400 bad input, 402 quota/try-out, 404 unknown or foreign task, 413 too
// large, 415 wrong type, 429 busy). The calls without files take their parameters as JSON, as a
// form-encoded or a multipart body (fields only) or as query parameters.
//
//   GET    /v2/user/getTryOutDetail  taskName → {isNowGet, nowAvailableCount, dailyCount} (-1: not counted)
//   GET    /v2/user/getTryToken      taskName, count? (1–20) → {tryTokens, nowAvailableCount}; 402 when used up
//   POST   /v2/user/sendBackTryToken tryTokens[] → {returned}
//   POST   /task/submitTask          multipart taskName, options?, idempotencyKey?, tryToken?, file+ → {taskId}
//   POST   /task/submitTask_group    same; one task per file, or one task for combining tools (pdf-merge…) → {taskIds}
//   POST   /task/submitTaskGroupNew  same as submitTask_group
//   POST   /task/taskQuery           taskId → {taskId, tool, stage, status, progress, msg, expiresAt, partial, files:[{name,size,url}], zipUrl?}
//   DELETE /task/deleteById          taskId → {taskId}; aborts running work and deletes the files
//   POST   /task/submitMiddleTask    multipart like submitTask → {taskId}; runs the preview (middle) step
//   POST   /task/taskMiddleQuery     taskId → {taskId, status, progress, msg, expiresAt, pageCount?, data, pages:[{page,name,size,url}]}
//   POST   /task/submitResult        taskId, options → {taskId}; the final run on the same inputs
//   POST   /task/goOnConvert         taskId → {taskId}; finishes a try-out's partial result
//   POST   /task/goOnConvertBatch    taskIds[] → {taskIds}
//   POST   /task/moreConvert         taskId, taskName, options? → {taskId}; a new task on the results
//   POST   /task/moreConvertMiddle taskId, taskName → {taskIds}; the results as free thumbnail tasks of a page tool, one per file
//   POST   /task/submitResultGroup taskIds[], options? → {taskId}; the final run over thumbnail tasks' files, in that order
//   POST   /task/resultPreview     taskId → {taskId, files:[{index, kind: page|image|none, url?, pageCount?}]}
//   POST   /task/targetYee           taskId → {taskId, pageCount, images:[{page,url}]}; first pages of the result PDF
//   POST   /task/previewYee          taskId → same, of the uploaded PDF
//   POST   /task/pdf-scan/analysis   taskId (a finished pdf-scan task) → taskQuery's answer plus {report}
//   GET    /files/<token>            the file (signed, expiring link); 403 tampered, 410 expired or deleted
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { findTool } from '../../shared/catalogue';
import { fail, ok } from '../../shared/errors';
import { TaskRefusal } from '../tasks/errors';
import { TASK_MESSAGES } from '../tasks/messages';
import { receiveFields } from '../tasks/upload';
import type { SubmitMode } from '../tasks/service';
import { identify } from '../tasks/visitor';
import { MAX_TRY_TOKENS } from '../usage/allowance';
import type { ApiDeps } from './deps';
import { logger } from '../log';

type Handler = (req: Request, res: Response) => Promise<void>;

const taskIdSchema = z.string().min(1).max(64);
const idBody = z.object({ taskId: taskIdSchema });
const batchBody = z.object({ taskIds: z.union([z.array(taskIdSchema).min(1).max(200), taskIdSchema.transform((id) => [id])]) });
const moreBody = z.object({ taskId: taskIdSchema, taskName: z.string().min(1).max(64), options: z.unknown().optional() });
const moreMiddleBody = z.object({ taskId: taskIdSchema, taskName: z.string().min(1).max(64) });
const resultGroupBody = z.object({ taskIds: z.array(taskIdSchema).min(1).max(200), options: z.unknown().optional() });
const tryOutQuery = z.object({ taskName: z.string().min(1).max(64), platform: z.string().max(16).optional(), agent: z.string().max(64).optional() });
const tryTokenQuery = tryOutQuery.extend({ count: z.coerce.number().int().min(1).max(MAX_TRY_TOKENS).default(1) });
const sendBackBody = z.object({ tryTokens: z.array(z.string().max(64)).min(1).max(MAX_TRY_TOKENS), taskName: z.string().max(64).optional(), platform: z.string().max(16).optional() });
const resultBody = z.object({ taskId: taskIdSchema, options: z.unknown().optional() });

/** The call's parameters: JSON, form-encoded or multipart body, with query parameters filling the gaps. */
async function params<T>(schema: z.ZodType<T>, req: Request): Promise<T> {
  // The app's body parsers read JSON and form-encoded bodies; a page's FormData comes as multipart.
  const body: unknown = req.is('multipart/form-data') ? await receiveFields(req) : req.body;
  const parsed = schema.safeParse({ ...(req.query as object), ...(typeof body === 'object' && body ? body : {}) });
  if (!parsed.success) throw new TaskRefusal(400, TASK_MESSAGES.badRequest);
  return parsed.data;
}

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function createTaskRouter(deps: ApiDeps): express.Router {
  const who = (req: express.Request, res: express.Response) => identify(req, res, deps.config.production);
  const router = express.Router();

  const handle =
    (handler: Handler) =>
    (req: Request, res: Response, next: NextFunction): void => {
      handler(req, res).catch((error: unknown) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (error instanceof TaskRefusal) {
          // A refused upload may still be streaming its body: don't keep the connection for it.
          if (req.is('multipart/form-data') && !req.complete) res.setHeader('Connection', 'close');
          res.status(error.status).json(fail(error.ret, error.message));
          return;
        }
        next(error);
      });
    };

  const submit = (mode: SubmitMode, many: boolean): Handler => async (req, res) => {
    const ids = await deps.tasks.submit(req, who(req, res), mode);
    res.json(ok(many ? { taskIds: ids } : { taskId: ids[0] }));
  };

  // SPEC §7 getTryOutDetail: the day's free uses of a tool left to this visitor (server/usage).
  // isNowGet: a use is available now; nowAvailableCount: how many (-1: not counted, VIP).
  router.get(
    '/v2/user/getTryOutDetail',
    handle(async (req, res) => {
      const { taskName } = await params(tryOutQuery, req);
      if (!findTool(taskName)) throw new TaskRefusal(400, TASK_MESSAGES.unknownTool);
      const uses = await deps.tasks.allowance.left(who(req, res), taskName);
      res.set('Cache-Control', 'no-store');
      res.json(ok({ isNowGet: uses.unlimited || uses.left > 0, nowAvailableCount: uses.unlimited ? -1 : uses.left, dailyCount: uses.unlimited ? -1 : uses.daily }));
    }),
  );

  // SPEC §7 getTryToken: `count` free uses taken ahead, as tokens the submit sends in its tryToken
  // field; sendBackTryToken gives unused ones back (a failed task's use comes back by itself).
  router.get(
    '/v2/user/getTryToken',
    handle(async (req, res) => {
      const { taskName, count } = await params(tryTokenQuery, req);
      if (!findTool(taskName)) throw new TaskRefusal(400, TASK_MESSAGES.unknownTool);
      const visitor = who(req, res);
      const tryTokens = await deps.tasks.allowance.issueTokens(visitor, taskName, count);
      const uses = await deps.tasks.allowance.left(visitor, taskName);
      res.set('Cache-Control', 'no-store');
      res.json(ok({ tryTokens, nowAvailableCount: uses.unlimited ? -1 : uses.left }));
    }),
  );

  router.post(
    '/v2/user/sendBackTryToken',
    handle(async (req, res) => {
      const { tryTokens } = await params(sendBackBody, req);
      res.json(ok({ returned: await deps.tasks.allowance.returnTokens(who(req, res), tryTokens) }));
    }),
  );

  router.post('/task/submitTask', handle(submit('single', false)));
  router.post('/task/submitTask_group', handle(submit('group', true)));
  router.post('/task/submitTaskGroupNew', handle(submit('group', true)));
  router.post('/task/submitMiddleTask', handle(submit('middle', false)));

  router.post(
    '/task/taskQuery',
    handle(async (req, res) => {
      const { taskId } = await params(idBody, req);
      res.json(ok(await deps.tasks.query(taskId, who(req, res).owner)));
    }),
  );

  router.delete(
    '/task/deleteById',
    handle(async (req, res) => {
      const { taskId } = await params(idBody, req);
      await deps.tasks.delete(taskId, who(req, res).owner);
      res.json(ok({ taskId }));
    }),
  );

  router.post(
    '/task/taskMiddleQuery',
    handle(async (req, res) => {
      const { taskId } = await params(idBody, req);
      res.json(ok(await deps.tasks.middleQuery(taskId, who(req, res).owner)));
    }),
  );

  router.post(
    '/task/submitResult',
    handle(async (req, res) => {
      const { taskId, options } = await params(resultBody, req);
      res.json(ok({ taskId: await deps.tasks.submitResult(taskId, who(req, res), options) }));
    }),
  );

  router.post(
    '/task/goOnConvert',
    handle(async (req, res) => {
      const { taskId } = await params(idBody, req);
      res.json(ok({ taskId: await deps.tasks.goOn(taskId, who(req, res)) }));
    }),
  );

  router.post(
    '/task/goOnConvertBatch',
    handle(async (req, res) => {
      const visitor = who(req, res);
      const taskIds: string[] = [];
      for (const id of (await params(batchBody, req)).taskIds) taskIds.push(await deps.tasks.goOn(id, visitor));
      res.json(ok({ taskIds }));
    }),
  );

  router.post(
    '/task/moreConvert',
    handle(async (req, res) => {
      const { taskId, taskName, options } = await params(moreBody, req);
      res.json(ok({ taskId: await deps.tasks.moreConvert(taskId, who(req, res), taskName, options) }));
    }),
  );

  router.post(
    '/task/moreConvertMiddle',
    handle(async (req, res) => {
      const { taskId, taskName } = await params(moreMiddleBody, req);
      res.json(ok({ taskIds: await deps.tasks.moreConvertMiddle(taskId, who(req, res), taskName) }));
    }),
  );

  router.post(
    '/task/submitResultGroup',
    handle(async (req, res) => {
      const { taskIds, options } = await params(resultGroupBody, req);
      res.json(ok({ taskId: await deps.tasks.submitResultGroup(taskIds, who(req, res), options) }));
    }),
  );

  router.post(
    '/task/resultPreview',
    handle(async (req, res) => {
      const { taskId } = await params(idBody, req);
      res.json(ok(await deps.tasks.resultPreview(taskId, who(req, res).owner)));
    }),
  );

  router.post(
    '/task/targetYee',
    handle(async (req, res) => {
      const { taskId } = await params(idBody, req);
      res.json(ok(await deps.tasks.preview(taskId, who(req, res).owner, 'tgt')));
    }),
  );

  router.post(
    '/task/previewYee',
    handle(async (req, res) => {
      const { taskId } = await params(idBody, req);
      res.json(ok(await deps.tasks.preview(taskId, who(req, res).owner, 'src')));
    }),
  );

  router.post(
    '/task/pdf-scan/analysis',
    handle(async (req, res) => {
      const { taskId } = await params(idBody, req);
      res.json(ok(await deps.tasks.scanReport(taskId, who(req, res).owner)));
    }),
  );

  router.get(
    '/files/:token',
    handle(async (req, res) => {
      const file = await deps.tasks.download(String(req.params.token));
      res.setHeader('Content-Type', file.type);
      res.setHeader('Content-Length', String(file.size));
      res.setHeader('Content-Disposition', contentDisposition(file.inline ? 'inline' : 'attachment', file.name));
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      file.body.on('error', (error) => {
        logger.error({ err: error }, 'download stream failed');
        res.destroy();
      });
      file.body.pipe(res);
    }),
  );

  return router;
}
