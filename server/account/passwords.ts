// Password hashing with scrypt from Node's crypto (no native add-on to build): OWASP's password
// storage guidance gives N=2^17, r=8, p=1 for scrypt. The parameters travel with each hash so
// they can be raised later without locking anyone out.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { Semaphore } from '../convert/engines/semaphore';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
// One hash holds 128 * N * r bytes (128 MiB): two at a time keeps a login flood from exhausting memory.
const hashing = new Semaphore(2);

async function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const release = await hashing.acquire();
  try {
    return await scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N: n, r, p, maxmem: 256 * n * r });
  } finally {
    release();
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** 8–64 characters with at least one letter and one digit. */
export function isAcceptablePassword(password: string): boolean {
  return password.length >= 8 && password.length <= 64 && /[A-Za-z]/.test(password) && /\d/.test(password);
}
