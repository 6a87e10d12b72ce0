// A bounded, ageing map for responses (SPEC §9: 1000 entries, 8 h). Least recently used goes first.

export interface ResponseCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
}

export function createResponseCache<V>(maxEntries: number, maxAgeMs: number, now: () => number): ResponseCache<V> {
  // A Map iterates in insertion order, so re-inserting on use keeps the oldest-used entry first.
  const entries = new Map<string, { value: V; storedAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (now() - entry.storedAt > maxAgeMs) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, storedAt: now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
