// The mind maps of a logged-in user (the /online-mindmap/ page's 我的导图):
//   GET    /api/mindmaps        the list, newest first
//   GET    /api/mindmaps/:id    one map with its document
//   POST   /api/mindmaps        {doc} → a new map's summary
//   PUT    /api/mindmaps/:id    {doc} → the saved summary
//   DELETE /api/mindmaps/:id
//   POST   /api/mindmaps/pdf    the map's scene (shared/mindmap/pdf-request.ts) → a vector PDF; guests too,
//                                drawn in a thread (pdf-in-thread.ts), one at a time per address
//                                (429 beyond: export-gate.ts)
// Guests get 401 (their maps stay in the browser); another user's id, like an unknown one, 404;
// a document over the size, node or depth bounds 413; one that is not a map 400.
import express, { type NextFunction, type Request, type Response } from 'express';
import { fail, ok } from '../../shared/errors';
import { MINDMAP_LIMITS, MINDMAP_MESSAGES } from '../../shared/mindmap/document';
import type { AuthenticatedRequest } from '../account/authenticate';
import { MINDMAP_PDF_MESSAGES } from '../../shared/mindmap/pdf-request';
import { ExportGate } from './export-gate';
import { pdfRequestSchema } from './pdf';
import { mindMapPdfInThread } from './pdf-in-thread';
import { docSchema, roughShape } from './schema';
import type { MindMaps } from './store';

export const MINDMAP_API_MESSAGES = {
  loginFirst: '请先登录，登录后导图可保存到账户',
  notFound: '导图不存在或已删除',
  badDoc: '导图内容格式不正确',
  tooMany: `每个账户最多保存 ${MINDMAP_LIMITS.maxMapsPerUser} 个导图，请先删除不用的导图`,
} as const;

class Refusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413 | 429,
    message: string,
  ) {
    super(message);
  }
}

const MAP_ID = /^[0-9a-f]{24}$/;

export function createMindMapRouter(maps: MindMaps): express.Router {
  const router = express.Router();
  const pdfExports = new ExportGate();

  const userOf = (req: Request): number => {
    const user = (req as AuthenticatedRequest).user;
    if (!user) throw new Refusal(401, MINDMAP_API_MESSAGES.loginFirst);
    return user.id;
  };
  const idOf = (req: Request): string => {
    const id = req.params.id;
    if (typeof id !== 'string' || !MAP_ID.test(id)) throw new Refusal(404, MINDMAP_API_MESSAGES.notFound);
    return id;
  };
  /** The body's document, checked: bounds first (cheap, iterative), then its shape. */
  const docOf = (req: Request) => {
    const value: unknown = (req.body as { doc?: unknown } | undefined)?.doc;
    if (typeof value !== 'object' || value === null) throw new Refusal(400, MINDMAP_API_MESSAGES.badDoc);
    const { nodes, depth } = roughShape(value);
    if (nodes > MINDMAP_LIMITS.maxNodes) throw new Refusal(413, MINDMAP_MESSAGES.tooManyNodes);
    if (depth > MINDMAP_LIMITS.maxDepth) throw new Refusal(413, MINDMAP_MESSAGES.tooDeep);
    const json = JSON.stringify(value);
    if (Buffer.byteLength(json) > MINDMAP_LIMITS.maxDocBytes) throw new Refusal(413, MINDMAP_MESSAGES.tooLarge);
    const parsed = docSchema.safeParse(value);
    if (!parsed.success) throw new Refusal(400, MINDMAP_API_MESSAGES.badDoc);
    return { doc: parsed.data, json };
  };
  const handle = (work: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    work(req, res).catch((error: unknown) => {
      if (error instanceof Refusal) res.status(error.status).json(fail(error.status, error.message));
      else next(error);
    });
  };

  // Drawn from what the page sends, kept nowhere: an export, like the SVG and PNG ones.
  router.post('/api/mindmaps/pdf', handle(async (req, res) => {
    const parsed = pdfRequestSchema.safeParse(req.body);
    if (!parsed.success) throw new Refusal(400, MINDMAP_PDF_MESSAGES.badScene);
    const release = pdfExports.enter(req.ip ?? '');
    if (!release) throw new Refusal(429, MINDMAP_PDF_MESSAGES.busy);
    const pdf = await mindMapPdfInThread(parsed.data).finally(release);
    res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="mindmap.pdf"' });
    res.end(Buffer.from(pdf));
  }));

  router.get('/api/mindmaps', handle(async (req, res) => {
    res.json(ok({ list: await maps.list(userOf(req)) }));
  }));

  router.get('/api/mindmaps/:id', handle(async (req, res) => {
    const map = await maps.get(userOf(req), idOf(req));
    if (!map) throw new Refusal(404, MINDMAP_API_MESSAGES.notFound);
    res.json(ok(map));
  }));

  router.post('/api/mindmaps', handle(async (req, res) => {
    const user = userOf(req);
    const { doc, json } = docOf(req);
    if ((await maps.count(user)) >= MINDMAP_LIMITS.maxMapsPerUser) throw new Refusal(403, MINDMAP_API_MESSAGES.tooMany);
    res.json(ok(await maps.create(user, doc, json)));
  }));

  router.put('/api/mindmaps/:id', handle(async (req, res) => {
    const user = userOf(req);
    const id = idOf(req);
    const { doc, json } = docOf(req);
    const saved = await maps.update(user, id, doc, json);
    if (!saved) throw new Refusal(404, MINDMAP_API_MESSAGES.notFound);
    res.json(ok(saved));
  }));

  router.delete('/api/mindmaps/:id', handle(async (req, res) => {
    if (!(await maps.remove(userOf(req), idOf(req)))) throw new Refusal(404, MINDMAP_API_MESSAGES.notFound);
    res.json(ok({}));
  }));

  return router;
}
