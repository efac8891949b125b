/**
 * Per-address rate limits shared by every API process of one database (routes declare `config.rateLimit`).
 *
 * The count lives in the UNLOGGED table `rate_limit` (migration 0017): one row per (bucket, address) holding the hits
 * of the current fixed minute and of the previous one. A hit is one statement (an upsert that locks the row, so
 * concurrent hits from several processes are counted exactly) and is allowed while the sliding-window estimate
 * `ceil(previous × share of the previous minute still in the window) + current` is below the limit; a refused hit is
 * not counted. Rounding up makes the first minute exact and never lets more than the limit through a minute boundary.
 *
 * - A refused address is remembered by this process until its retry-after (the count can only grow meanwhile), so a
 *   flood from one address costs one statement per process and retry period, not one per request.
 * - Rows untouched for two windows are purged by each process at most once a window (an address is its own row).
 * - If the statement fails (database unreachable), the process falls back to its own in-memory window (the limit
 *   then holds per process, as it did before the table) rather than failing open.
 * - UNLOGGED: counts are not WAL-logged (cheap) and start again from zero after a crash of PostgreSQL.
 *
 * The embedded PGlite default uses the same table and statement.
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-address sliding-window limit bucket (config.loginRateLimitPerMin per minute, shared by every process). */
    rateLimit?: 'login' | 'captcha';
  }
}

/** The window of every bucket, in seconds. */
export const RATE_WINDOW_SEC = 60;

/** A per-key sliding-window counter kept in memory (the fallback when the shared count cannot be read). */
export class SlidingWindow {
  private hits = new Map<string, number[]>();
  private calls = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Records a hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    if (++this.calls % 1000 === 0) this.sweep(now);
    const since = now - this.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (times.length >= this.limit) {
      this.hits.set(key, times);
      return Math.max(1, Math.ceil((times[0] + this.windowMs - now) / 1000));
    }
    times.push(now);
    this.hits.set(key, times);
    return 0;
  }

  private sweep(now: number) {
    for (const [key, times] of this.hits) if (times[times.length - 1] <= now - this.windowMs) this.hits.delete(key);
  }
}

/** A row of `rate_limit` after a hit. */
export interface WindowCount {
  allowed: boolean;
  /** Hits counted in the previous and the current fixed window. */
  prev: number;
  cur: number;
  /** Seconds since the current window started. */
  elapsed: number;
}

/**
 * Seconds until a refused key may be allowed again (no further hit is counted meanwhile): the earliest time the
 * estimate `ceil(prev × (1 − elapsed/window)) + cur` is below the limit, in this window or the next.
 */
export function retryAfterSec({ prev, cur, elapsed }: WindowCount, limit: number, windowSec = RATE_WINDOW_SEC): number {
  if (limit <= 0) return windowSec;
  const room = limit - 1 - cur;
  // In this window: ceil(prev × (1 − f)) ≤ room ⇔ f ≥ 1 − room / prev.
  if (room >= 0 && prev > 0) return windowSec * (1 - room / prev) - elapsed;
  // In the next one (this window's hits become the previous ones, none counted yet).
  return windowSec - elapsed + windowSec * Math.max(0, 1 - (limit - 1) / cur);
}

/** One hit of `key` in `bucket`: one upsert that counts it when allowed. `at`: the database's now() unless given (tests). */
export async function hitShared(
  db: Db,
  bucket: string,
  key: string,
  limit: number,
  windowSec = RATE_WINDOW_SEC,
  at?: Date,
): Promise<WindowCount> {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const w = sql`excluded.window_start`;
  const same = sql`r.window_start = ${w}`;
  const previousWindow = sql`r.window_start = ${w} - make_interval(secs => ${windowSec})`;
  const prev = sql`(CASE WHEN ${same} THEN r.prev_hits WHEN ${previousWindow} THEN r.hits ELSE 0 END)`;
  const cur = sql`(CASE WHEN ${same} THEN r.hits ELSE 0 END)`;
  const share = sql`(1 - extract(epoch FROM ${now} - ${w}) / ${windowSec})`;
  const allowed = sql`(ceil(${prev} * ${share}) + ${cur} < ${limit})`;
  const result = await db.execute(sql`
    INSERT INTO rate_limit AS r (bucket, key, window_start, prev_hits, hits, allowed)
    VALUES (${bucket}, ${key}, to_timestamp(floor(extract(epoch FROM ${now}) / ${windowSec}) * ${windowSec}), 0,
      CASE WHEN ${limit} > 0 THEN 1 ELSE 0 END, ${limit} > 0)
    ON CONFLICT (bucket, key) DO UPDATE SET
      window_start = ${w},
      prev_hits = ${prev},
      hits = ${cur} + CASE WHEN ${allowed} THEN 1 ELSE 0 END,
      allowed = ${allowed}
    RETURNING allowed, prev_hits AS prev, hits AS cur, extract(epoch FROM ${now} - window_start)::float8 AS elapsed`);
  const row = result.rows[0] as { allowed: boolean; prev: number; cur: number; elapsed: number | string };
  return { allowed: row.allowed, prev: Number(row.prev), cur: Number(row.cur), elapsed: Number(row.elapsed) };
}

/** Rows of keys not hit for two windows. */
export async function purgeStale(db: Db, windowSec = RATE_WINDOW_SEC): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit WHERE window_start < now() - make_interval(secs => ${2 * windowSec})`);
}

/** The limiter of one process: the shared count, refused keys remembered until their retry-after, the fallback. */
export class SharedRateLimiter {
  private readonly blocked = new Map<string, number>();
  private readonly fallback = new Map<string, SlidingWindow>();
  private lastPurge = 0;
  private lastWarning = 0;

  constructor(
    private readonly db: Db,
    private readonly limit: number,
    private readonly log: (message: string) => void = (m) => console.error(m),
    private readonly windowSec = RATE_WINDOW_SEC,
  ) {}

  /** Records a hit; returns seconds to wait when over the limit, else 0. */
  async hit(bucket: string, key: string, now = Date.now()): Promise<number> {
    const id = `${bucket}\u0000${key}`;
    const until = this.blocked.get(id);
    if (until !== undefined) {
      if (until > now) return Math.max(1, Math.ceil((until - now) / 1000));
      this.blocked.delete(id);
    }
    this.purgeNow(now);
    let count: WindowCount;
    try {
      count = await hitShared(this.db, bucket, key, this.limit, this.windowSec);
    } catch (error) {
      return this.fallbackHit(bucket, key, now, error);
    }
    if (count.allowed) return 0;
    const wait = Math.max(0, retryAfterSec(count, this.limit, this.windowSec));
    if (this.blocked.size >= 10_000) this.blocked.delete(this.blocked.keys().next().value!);
    this.blocked.set(id, now + wait * 1000);
    return Math.max(1, Math.ceil(wait));
  }

  private purgeNow(now: number) {
    if (now - this.lastPurge < this.windowSec * 1000) return;
    this.lastPurge = now;
    for (const [id, until] of this.blocked) if (until <= now) this.blocked.delete(id);
    purgeStale(this.db, this.windowSec).catch((e: Error) => this.log(`rate limit purge failed: ${e.message}`));
  }

  private fallbackHit(bucket: string, key: string, now: number, error: unknown): number {
    if (now - this.lastWarning > 60_000) {
      this.lastWarning = now;
      this.log(`shared rate limit unavailable, limiting per process: ${(error as Error).message}`);
    }
    let window = this.fallback.get(bucket);
    if (!window) this.fallback.set(bucket, (window = new SlidingWindow(this.limit, this.windowSec * 1000)));
    return window.hit(key, now);
  }
}

/** Answers 429 `rate_limited` when an address exceeds its bucket on routes that declare `config.rateLimit`. */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const limiter = new SharedRateLimiter(app.db, app.config.loginRateLimitPerMin, (m) => app.log.error(m));
  app.addHook('onRequest', async (req, reply) => {
    const bucket = req.routeOptions.config.rateLimit;
    if (!bucket) return;
    const wait = await limiter.hit(bucket, req.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${wait} seconds.`);
    }
  });
});
