/**
 * The shared rate limit (server/core/rate-limit.ts): the count in `rate_limit`, exact under concurrent hits, the
 * sliding estimate across a window boundary, retry-after, refused keys answered without a statement, the in-memory
 * fallback and the purge. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedRateLimiter, hitShared, purgeStale, retryAfterSec } from '../../server/core/rate-limit';
import type { Db } from '../../server/db/client';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  db = t.database.db;
});
afterAll(() => t?.close());

const row = async (bucket: string, key: string) =>
  (
    await db.execute(
      sql`SELECT prev_hits AS prev, hits AS cur FROM rate_limit WHERE bucket = ${bucket} AND key = ${key}`,
    )
  ).rows[0] as { prev: number; cur: number } | undefined;

/** A fixed clock (2030-01-01 00:00 UTC plus `sec`), so that window boundaries fall where the test says. */
const at = (sec: number) => new Date(Date.UTC(2030, 0, 1) + sec * 1000);
const hit = (bucket: string, key: string, limit: number, sec = 5) => hitShared(db, bucket, key, limit, 60, at(sec));

describe('shared rate limit count', () => {
  it('allows `limit` hits of a key, refused hits not counted; other keys and buckets apart', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await hit('login', 'k1', 3)).allowed);
    expect(answers).toEqual([true, true, true, false, false]);
    expect(await row('login', 'k1')).toEqual({ prev: 0, cur: 3 });
    expect((await hit('login', 'k2', 3)).allowed).toBe(true);
    expect((await hit('captcha', 'k1', 3)).allowed).toBe(true);
  });

  it('is exact under concurrent hits (one upsert each, the row locked)', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hit('login', 'burst', 7)));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(await row('login', 'burst')).toEqual({ prev: 0, cur: 7 });
  });

  it('carries the previous window weighted by its overlap; two windows later the key starts again', async () => {
    for (let i = 0; i < 4; i++) await hit('login', 'k3', 4, 5);
    // 5 s into the next window: the 4 previous hits still weigh ceil(4 × 55/60) = 4 → refused.
    expect(await hit('login', 'k3', 4, 65)).toMatchObject({ allowed: false, prev: 4, cur: 0, elapsed: 5 });
    // 50 s into it: ceil(4 × 10/60) = 1 → three more allowed.
    const late = [];
    for (let i = 0; i < 4; i++) late.push((await hit('login', 'k3', 4, 110)).allowed);
    expect(late).toEqual([true, true, true, false]);
    // Two windows later the key starts again.
    expect(await hit('login', 'k3', 4, 190)).toMatchObject({ allowed: true, prev: 0, cur: 1 });
  });

  it('retry-after: when the estimate drops below the limit, in this window or the next', () => {
    // Full in its first window (no previous), 10 s in: the next window, once 3/4 of the 4 hits have left (15 s).
    expect(retryAfterSec({ allowed: false, prev: 0, cur: 4, elapsed: 10 }, 4)).toBeCloseTo(50 + 15);
    // 4 previous hits, 1 current, limit 4: ceil(4 × (1 − f)) ≤ 2 from f = 1/2: 30 s into the window.
    expect(retryAfterSec({ allowed: false, prev: 4, cur: 1, elapsed: 12 }, 4)).toBeCloseTo(18);
    expect(retryAfterSec({ allowed: false, prev: 0, cur: 0, elapsed: 5 }, 0)).toBe(60);
  });

  it('purges keys not hit for two windows', async () => {
    await hitShared(db, 'login', 'old', 3, 60, new Date(Date.now() - 121_000));
    await hitShared(db, 'login', 'recent', 3);
    await purgeStale(db);
    expect(await row('login', 'old')).toBeUndefined();
    expect(await row('login', 'recent')).toBeDefined();
  });
});

describe('SharedRateLimiter', () => {
  it('answers a refused key from memory until its retry-after, without a statement', async () => {
    let statements = 0;
    const counting = new Proxy(db, {
      get: (target, p) =>
        p === 'execute'
          ? (q: Parameters<Db['execute']>[0]) => {
              statements++;
              return target.execute(q);
            }
          : Reflect.get(target, p),
    });
    const limiter = new SharedRateLimiter(counting, 2);
    const now = Date.now();
    expect(await limiter.hit('login', 'mem', now)).toBe(0);
    expect(await limiter.hit('login', 'mem', now)).toBe(0);
    const wait = await limiter.hit('login', 'mem', now);
    expect(wait).toBeGreaterThan(0);
    const before = statements;
    expect(await limiter.hit('login', 'mem', now + 1000)).toBeGreaterThan(0);
    expect(await limiter.hit('login', 'mem', now + 2000)).toBeGreaterThan(0);
    expect(statements).toBe(before);
  });

  it('falls back to a per-process window when the shared count cannot be read', async () => {
    const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const logged: string[] = [];
    const limiter = new SharedRateLimiter(broken, 2, (m) => logged.push(m));
    const now = Date.now();
    expect(await limiter.hit('login', 'x', now)).toBe(0);
    expect(await limiter.hit('login', 'x', now)).toBe(0);
    expect(await limiter.hit('login', 'x', now)).toBeGreaterThan(0);
    expect(logged.join('\n')).toMatch(/limiting per process: connection refused/);
  });
});
