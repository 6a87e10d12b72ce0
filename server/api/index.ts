// The API of SPEC §7, one router per group, mounted in the site server or run behind API_ORIGIN.
import express from 'express';
import { authenticate } from '../account/authenticate';
import { createAccountRouter } from '../account/router';
import { createSsoRouter } from '../account/sso-router';
import { AdBindings } from '../attribution/ad-bindings';
import { createAttributionRouter } from '../attribution/router';
import { Companies } from '../company/companies';
import { createFeedbackRouter } from '../feedback/router';
import { createMindMapRouter } from '../mindmaps/router';
import { MindMaps } from '../mindmaps/store';
import { createCompanyRouter } from '../company/router';
import { createPayAdminRouter } from '../pay/admin-router';
import { createInvoiceRouter } from '../pay/invoice-router';
import { createPayRouter } from '../pay/router';
import { createPointsRouter } from '../points/router';
import { Points } from '../points/service';
import type { ApiDeps } from './deps';
import { createRecordRouter } from './records';
import { createSiteRouter } from './site';
import { createTaskRouter } from './tasks';

export function createApiRouter(deps: ApiDeps): express.Router {
  const router = express.Router();
  // Who is asking comes first: the task calls read req.user for the owner and tier.
  if (deps.accounts) {
    router.use(authenticate(deps.accounts, deps.commerce?.membershipOf));
    const { production, publicOrigin, accountSites } = deps.config;
    router.use(createSsoRouter({ accounts: deps.accounts, production, publicOrigin, accountSites }));
    router.use(createAccountRouter({ accounts: deps.accounts, production }));
    router.use(createCompanyRouter(new Companies(deps.db)));
    router.use(createAttributionRouter(new AdBindings(deps.db), [publicOrigin, deps.config.mobileOrigin]));
    if (deps.commerce) {
      router.use(createPayAdminRouter(deps.commerce.orders, deps.config.adminToken));
      router.use(createPayRouter(deps.commerce));
      router.use(createPointsRouter(new Points(deps.db, deps.commerce.entitlements)));
      router.use(createInvoiceRouter({ db: deps.db, commerce: deps.commerce, accounts: deps.accounts }));
    }
  }
  if (deps.feedback) router.use(createFeedbackRouter(deps.feedback, { production: deps.config.production, adminToken: deps.config.adminToken }));
  router.use(createSiteRouter(deps));
  router.use(createTaskRouter(deps));
  router.use(createRecordRouter(deps));
  router.use(createMindMapRouter(new MindMaps(deps.db)));
  return router;
}
