// Whole anonymous pages cached in memory (SPEC §9: 1000 entries, 8 h), keyed by path and query.
// Pages are stored as UTF-8 bytes split where the CSP nonce goes, so a hit writes the parts around
// its own nonce instead of substituting into, re-encoding or even copying the whole document.
import crypto from 'node:crypto';
import NodeCache from 'node-cache';
import { RESPONSE_CACHE_MAX_AGE_MS, RESPONSE_CACHE_MAX_ENTRIES } from '../../shared/constants';
import { deflateParts, gzipWithNonce } from './gzip-splice';

export interface CachedPage {
  status: number;
  /** The document's bytes between nonce placeholders. */
  parts: Buffer[];
  /** The parts deflated, made on the first gzip answer (server/ssr/gzip-splice.ts). */
  deflated?: Buffer[];
  /** The document's length in bytes, less its nonces. */
  bytes: number;
}

export class PageCache {
  /** Rendered into pages in place of the nonce; random per process so no content can forge it. */
  readonly noncePlaceholder = `nonce-${crypto.randomBytes(12).toString('hex')}`;
  // The entry limit is kept here, not with node-cache's maxKeys, which refuses even an overwrite when full.
  private readonly cache = new NodeCache({ stdTTL: RESPONSE_CACHE_MAX_AGE_MS / 1000, useClones: false });
  /** Keys oldest first: node-cache has no eviction, and listing its keys costs O(entries) per call. */
  private readonly insertionOrder = new Set<string>();

  constructor() {
    // Expired entries are deleted through del(), so this one listener keeps the order exact.
    this.cache.on('del', (key: string) => this.insertionOrder.delete(key));
  }

  /** A rendered document (with placeholders) in the form the cache keeps and serves. */
  prepare(status: number, html: string): CachedPage {
    const parts = html.split(this.noncePlaceholder).map((part) => Buffer.from(part));
    return { status, parts, bytes: parts.reduce((sum, part) => sum + part.length, 0) };
  }

  get(key: string): CachedPage | undefined {
    return this.cache.get<CachedPage>(key);
  }

  set(key: string, page: CachedPage): void {
    // Full: drop the oldest entry to make room.
    if (!this.insertionOrder.has(key) && this.insertionOrder.size >= RESPONSE_CACHE_MAX_ENTRIES) {
      this.cache.del(this.insertionOrder.values().next().value!);
    }
    this.cache.set(key, page);
    this.insertionOrder.add(key);
  }

  /** The document's bytes with `nonce` at every placeholder, as the pieces to write in order. */
  bodyWithNonce(page: CachedPage, nonce: string): Buffer[] {
    const nonceBytes = Buffer.from(nonce);
    const pieces: Buffer[] = [page.parts[0]];
    for (let i = 1; i < page.parts.length; i++) pieces.push(nonceBytes, page.parts[i]);
    return pieces;
  }

  /** bodyWithNonce's bytes as gzip, deflated once per page however many times it is sent. */
  gzipBodyWithNonce(page: CachedPage, nonce: string): Buffer[] {
    page.deflated ??= deflateParts(page.parts);
    return gzipWithNonce(page.parts, page.deflated, Buffer.from(nonce));
  }

  get size(): number {
    return this.cache.getStats().keys;
  }
}
