// Answers for the calls SPEC §7 marks "jsonp": the body wrapped in the page's callback when one is
// named, plain JSON otherwise. The callback is a bare (dotted) name, nothing that could run code.
import type { Response } from 'express';
import { z } from 'zod';

export const jsonpCallback = z.string().regex(/^[A-Za-z_$][\w$.]{0,63}$/);

export function sendJsonp(res: Response, body: unknown, callback: string | undefined): void {
  res.set('Cache-Control', 'no-store');
  if (!callback) {
    res.json(body);
    return;
  }
  // The leading comment keeps the body from being read as anything but script; U+2028/9 are
  // line breaks inside JavaScript strings on older engines.
  const json = JSON.stringify(body).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  res.set('X-Content-Type-Options', 'nosniff');
  res.type('application/javascript').send(`/**/ ${callback}(${json});`);
}
