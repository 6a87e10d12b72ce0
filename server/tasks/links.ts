// Signed download links: /files/<token>, where the token names a task and one of its files and
// carries an expiry, signed with HMAC-SHA256. A link never outlives its task's files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/** How long a link works, unless the task expires sooner. */
export const LINK_TTL_MS = 30 * 60 * 1000;

/**
 * Which file of a task a link opens: an output, the zip of all outputs, a middle thumbnail, a result
 * (tgt) or source (src) preview page, the first page of a result file (res, resultPreview).
 */
export type FileRef = `out${number}` | 'zip' | `mid${number}` | `tgt${number}` | `src${number}` | `res${number}`;

export interface LinkClaims {
  taskId: string;
  file: FileRef;
  /** Epoch ms. */
  expires: number;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** The configured secret, else one generated once and kept in the data dir so links survive restarts. */
export function loadSecret(config: Pick<Config, 'secret' | 'dataDir'>): string {
  if (config.secret) return config.secret;
  const file = path.join(config.dataDir, 'link-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    // 'wx': when two processes race, the first one's secret wins and the other reads it.
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

const FILE_REF = /^(out\d+|zip|mid\d+|tgt\d+|src\d+|res\d+)$/;

export class LinkSigner {
  constructor(private readonly secret: string) {}

  private mac(payload: string): string {
    return crypto.createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  sign(claims: LinkClaims): string {
    const payload = `${claims.taskId}.${claims.file}.${claims.expires.toString(36)}`;
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string, now = Date.now()): LinkCheck {
    const parts = token.split('.');
    if (parts.length !== 4) return { ok: false, reason: 'invalid' };
    const [taskId, file, expiresText, mac] = parts;
    const expected = Buffer.from(this.mac(`${taskId}.${file}.${expiresText}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    const expires = parseInt(expiresText, 36);
    if (!FILE_REF.test(file) || !Number.isFinite(expires)) return { ok: false, reason: 'invalid' };
    if (expires <= now) return { ok: false, reason: 'expired' };
    return { ok: true, claims: { taskId, file: file as FileRef, expires } };
  }
}
