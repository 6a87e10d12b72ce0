// Who is asking: the owner a task belongs to and the tier whose limits apply. Accounts come later
// and will set `req.user`; until then everyone is a guest identified by the UUID cookie.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Tier } from '../convert/types';

export const VISITOR_COOKIE = 'UUID';
const VISITOR_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
const VISITOR_ID = /^[A-Za-z0-9-]{16,64}$/;

/** What the account middleware is expected to put on `req.user`; anything else counts as logged out. */
const accountUser = z.object({
  id: z.union([z.string().min(1), z.number()]),
  vip: z.boolean().optional(),
});

export interface Visitor {
  owner: string;
  tier: Tier;
  /** The client's address (the edge's header only from a trusted proxy): the queue's per-IP share. */
  ip: string;
}

/** The one place that decides a visitor's tier. */
export function tierOf(user: z.infer<typeof accountUser> | undefined): Tier {
  if (!user) return 'guest';
  return user.vip ? 'vip' : 'user';
}

/** Reads the visitor; gives an anonymous visitor a UUID cookie when it has none yet (Secure in production). */
export function identify(req: Request, res: Response, production = false): Visitor {
  const parsed = accountUser.safeParse((req as { user?: unknown }).user);
  const ip = req.ip ?? '';
  if (parsed.success) return { owner: `u:${parsed.data.id}`, tier: tierOf(parsed.data), ip };
  let id: unknown = req.cookies?.[VISITOR_COOKIE];
  if (typeof id !== 'string' || !VISITOR_ID.test(id)) {
    id = crypto.randomUUID();
    res.cookie(VISITOR_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure: production, maxAge: VISITOR_COOKIE_MAX_AGE_MS, path: '/' });
    // Later reads in the same request see the same id.
    req.cookies = { ...(req.cookies ?? {}), [VISITOR_COOKIE]: id };
  }
  return { owner: `v:${id as string}`, tier: tierOf(undefined), ip };
}
