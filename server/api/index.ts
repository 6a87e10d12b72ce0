// The API of SPEC §7, one router per group, mounted in the site server or run behind API_ORIGIN.
import express from 'express';
import type { ApiDeps } from './deps';
import { createSiteRouter } from './site';
import { createTaskRouter } from './tasks';

export function createApiRouter(deps: ApiDeps): express.Router {
  const router = express.Router();
  router.use(createSiteRouter(deps));
  router.use(createTaskRouter(deps));
  return router;
}
