// The content calls the pages' loaders make on client navigation (and a site server behind
// API_ORIGIN makes for its renders): a content address's page data, and the sitemap's index.
import express from 'express';
import { z } from 'zod';
import { CONTENT_INDEX_CALL, CONTENT_PAGE_CALL, type ContentSource } from '../../shared/articles';
import { fail, httpStatusMessage, ok } from '../../shared/errors';

const MSG = { badPath: '页面地址不正确' } as const;

const pageQuery = z.object({
  path: z.string().startsWith('/').max(300),
  size: z.coerce.number().int().optional(),
});

export function createContentRouter(content: ContentSource): express.Router {
  const router = express.Router();

  router.get(CONTENT_PAGE_CALL, async (req, res) => {
    const query = pageQuery.safeParse(req.query);
    if (!query.success) {
      res.status(400).json(fail(400, MSG.badPath));
      return;
    }
    const answer = await content.page(query.data.path, query.data.size ?? 0);
    if (answer.kind === 'missing') {
      res.status(404).json(fail(404, httpStatusMessage(404)));
      return;
    }
    res.json(ok(answer));
  });

  router.get(CONTENT_INDEX_CALL, async (_req, res) => {
    res.json(ok(await content.index()));
  });

  return router;
}
