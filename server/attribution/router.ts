// POST /v2/user/bindAccessBd (SPEC §7, a form): binds the Baidu click id the visitor landed with
// to the logged-in account (ad-bindings.ts says why and which click wins).
import express from 'express';
import { z } from 'zod';
import { ok } from '../../shared/errors';
import type { AuthenticatedRequest } from '../account/authenticate';
import { ACCOUNT_MESSAGES } from '../account/messages';
import { AccountRefusal, answeringRefusals } from '../account/refusal';
import type { AdBindings } from './ad-bindings';

const MESSAGES = {
  badClick: '推广来源参数不正确',
} as const;

/** Baidu's click ids are URL-safe tokens; the landing page must be one of ours (desktop or mobile site). */
const bindBody = (siteOrigins: readonly string[]) =>
  z.object({
    bd_vid: z.string().trim().regex(/^[A-Za-z0-9_-]{1,128}$/),
    url: z
      .string()
      .trim()
      .max(1000)
      .refine((value) => {
        try {
          return siteOrigins.includes(new URL(value).origin);
        } catch {
          return false;
        }
      }),
  });

export function createAttributionRouter(bindings: AdBindings, siteOrigins: readonly string[]): express.Router {
  const router = express.Router();
  const body = bindBody(siteOrigins.map((origin) => new URL(origin).origin));
  router.post('/v2/user/bindAccessBd', answeringRefusals<AuthenticatedRequest>(async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.user) throw new AccountRefusal(401, ACCOUNT_MESSAGES.notLoggedIn);
    const parsed = body.safeParse(req.body ?? {});
    if (!parsed.success) throw new AccountRefusal(400, MESSAGES.badClick);
    const { bound, binding } = await bindings.bind(req.user.id, parsed.data.bd_vid, parsed.data.url);
    res.json(ok({ bound, bdVid: binding.bdVid }));
  }));
  return router;
}
