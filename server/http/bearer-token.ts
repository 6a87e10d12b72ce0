// Operator endpoints (refunds, metrics) are authorised by `Authorization: Bearer <token>`.
import crypto from 'node:crypto';
import type { Request } from 'express';

/** Compares the bearer token in constant time (both sides hashed to the same length first). */
export function holdsBearerToken(req: Request, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
