/**
 * A short-lived read cache per database and process, for answers that are read on every request but change rarely:
 * the session check of each authenticated call (core/auth.ts) and list totals (core/list.ts).
 *
 * - Each entry lives `ttlMs`; concurrent misses of one key share one computation.
 * - Any write request through this process (every non-GET, see app.ts) invalidates every entry at once, including
 *   computations still running, so no answer read before the write is served after it.
 * - Writes made by another process (a second API instance) are seen when the entry expires: that lag is the TTL.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: Promise<unknown>; expires: number }>();
  constructor(private readonly maxEntries = 10_000) {}

  /** The cached answer of `key`, else `compute()`'s (kept `ttlMs` unless a write happened meanwhile). */
  through<T>(key: string, ttlMs: number, compute: () => PromiseLike<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    // Promise.resolve runs a lazy thenable (a drizzle query) exactly once.
    const value = Promise.resolve(compute());
    const entry = { value: value as Promise<unknown>, expires: now + ttlMs };
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    // A failure is not kept.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every entry (a write happened). */
  invalidate(): void {
    this.entries.clear();
  }
}

const caches = new WeakMap<object, ReadCache>();

/** The read cache of a database (the root drizzle object; a transaction gets a throwaway one). */
export function readCache(db: object): ReadCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ReadCache()));
  return cache;
}
