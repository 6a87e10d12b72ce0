// Whole anonymous pages cached in memory (SPEC §9: 1000 entries, 8 h), keyed by path and query.
// Pages are stored with a placeholder where the CSP nonce goes, and each response gets its own.
import crypto from 'node:crypto';
import NodeCache from 'node-cache';
import { RESPONSE_CACHE_MAX_AGE_MS, RESPONSE_CACHE_MAX_ENTRIES } from '../../shared/constants';

export interface CachedPage {
  status: number;
  html: string;
}

export class PageCache {
  /** Rendered into pages in place of the nonce; random per process so no content can forge it. */
  readonly noncePlaceholder = `nonce-${crypto.randomBytes(12).toString('hex')}`;
  private readonly cache = new NodeCache({ stdTTL: RESPONSE_CACHE_MAX_AGE_MS / 1000, maxKeys: RESPONSE_CACHE_MAX_ENTRIES, useClones: false });

  get(key: string): CachedPage | undefined {
    return this.cache.get<CachedPage>(key);
  }

  set(key: string, page: CachedPage): void {
    // node-cache refuses new keys when full: drop the oldest entry to make room.
    if (this.cache.getStats().keys >= RESPONSE_CACHE_MAX_ENTRIES) this.cache.del(this.cache.keys()[0]);
    this.cache.set(key, page);
  }

  withNonce(page: CachedPage, nonce: string): string {
    return page.html.replaceAll(this.noncePlaceholder, nonce);
  }

  get size(): number {
    return this.cache.getStats().keys;
  }
}
