/**
 * A short-lived read cache per database and process, for answers that are read on every request but change rarely:
 * the session check of each authenticated call (core/auth.ts), the tenant's IP allow-list (core/ip-allow.ts) and
 * list totals (core/list/count.ts).
 *
 * - Each entry lives `ttlMs`; concurrent misses of one key share one computation.
 * - A request that may have written (a non-GET that reached the handler of a route: past the rate limit, the access
 *   guard and validation) invalidates every entry at once before its answer leaves, including computations still
 *   running, so no answer read before the write is served after it (readCachePlugin).
 * - On PostgreSQL the same request also notifies every other API process of the database (core/notify.ts), which
 *   drop their entries when the notification arrives: a sign-out, a disabled user or an allow-list change through
 *   any process applies in every process at once. Left: the time the notification takes to arrive (it is sent after
 *   the write commits and before the answer leaves; about a millisecond on one host), and while a process's listening
 *   connection is down, the TTL. A change made outside the API (SQL by hand) is also seen only after the TTL.
 * - PGlite (the embedded default) is one process: nothing to notify.
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { CACHE_CHANNEL, CacheListener } from './notify';

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

/** Requests that reached their handler with a method that may write. */
const writing = new WeakSet<FastifyRequest>();

/**
 * Invalidates the read cache of app.db after every request that may have written, in this process and, on
 * PostgreSQL, in every other process of the database (a LISTEN connection per process; see the top of this file).
 */
export const readCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = readCache(app.db);
  const log = (message: string) => app.log.error(message);
  let listener: CacheListener | null = null;
  if (app.database.kind === 'pg') {
    const pool = (app.db as unknown as { $client?: pg.Pool }).$client;
    const connection = pool?.options ?? app.config.databaseUrl;
    if (connection) {
      const started = new CacheListener({ connection, onInvalidate: () => cache.invalidate(), log });
      listener = started;
      // Started once the app is ready (nothing to close if a later plugin fails to register). A failed first
      // connection is retried in the background; entries meanwhile live their TTL.
      app.addHook('onReady', () => started.start().catch(() => {}));
      app.addHook('onClose', () => started.close());
    }
  }
  app.decorate('cacheListener', listener);
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !req.is404) writing.add(req);
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!writing.has(req)) return payload;
    cache.invalidate();
    if (listener) {
      await app.db
        .execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${listener.instanceId})`)
        .catch((e: Error) => log(`cache invalidation not sent to other processes: ${e.message}`));
    }
    return payload;
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The LISTEN side of cross-process invalidation (PostgreSQL only; null on PGlite). */
    cacheListener: CacheListener | null;
  }
}
