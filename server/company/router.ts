// The company-account calls (companies.ts): register, invite, members, unlink for the company;
// invitations, accept, leave for the person. All need a login; answers are never cached.
import express from 'express';
import { fail, ok } from '../../shared/errors';
import { bodyField } from '../http/body-field';
import type { AuthenticatedRequest } from '../account/authenticate';
import { ACCOUNT_MESSAGES } from '../account/messages';
import { maskMobile } from '../account/mobile';
import { answeringRefusals } from '../account/refusal';
import type { Companies } from './companies';

export function createCompanyRouter(companies: Companies): express.Router {
  const router = express.Router();
  router.use('/api/company', (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (!(req as AuthenticatedRequest).user) {
      res.status(401).json({ ...fail(401, ACCOUNT_MESSAGES.notLoggedIn), code: 401 });
      return;
    }
    next();
  });
  const handle = (work: (userId: number, req: AuthenticatedRequest, res: express.Response) => Promise<void>) =>
    answeringRefusals<AuthenticatedRequest>((req, res) => work(req.user!.id, req, res));

  router.post('/api/company/register', handle(async (userId, req, res) => {
    res.json(ok(await companies.register(userId, bodyField(req.body, 'companyName'))));
  }));
  router.post('/api/company/invite', handle(async (userId, req, res) => {
    await companies.invite(userId, bodyField(req.body, 'mobile'));
    res.json(ok({ invited: true }));
  }));
  // SPEC §6: a company user's linked sub-accounts (and the invitations still open). The company
  // sees the numbers it typed itself in full, so it can unlink them.
  router.get('/api/company/members', handle(async (userId, _req, res) => {
    const members = await companies.members(userId);
    res.json(ok({ list: members.map((m) => ({ ...m, mobile: maskMobile(m.mobile), fullMobile: m.mobile })) }));
  }));
  router.post('/api/company/unlink', handle(async (userId, req, res) => {
    await companies.unlink(userId, bodyField(req.body, 'mobile'));
    res.json(ok({ unlinked: true }));
  }));
  router.get('/api/company/invitations', handle(async (userId, _req, res) => {
    res.json(ok({ list: await companies.invitations(userId) }));
  }));
  router.post('/api/company/accept', handle(async (userId, req, res) => {
    await companies.accept(userId, bodyField(req.body, 'companyId'));
    res.json(ok({ linked: true }));
  }));
  router.post('/api/company/leave', handle(async (userId, req, res) => {
    await companies.leave(userId, bodyField(req.body, 'companyId'));
    res.json(ok({ left: true }));
  }));

  return router;
}
