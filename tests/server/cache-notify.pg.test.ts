/**
 * Read-cache invalidation across processes (server/core/notify.ts, read-cache.ts) on PostgreSQL: a listener hears
 * other processes' notifications and not its own, reconnects after its connection is killed (and then starts clean),
 * and the app notifies after a request that reached its handler with a writing method, not after a GET or a request
 * refused before its handler. Runs only with DATABASE_URL (vitest.server.config.ts).
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CHANNEL, CacheListener } from '../../server/core/notify';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let listener: CacheListener;
let heard = 0;
const logged: string[] = [];

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  listener = new CacheListener({ connection: pool.options, onInvalidate: () => heard++, log: (m) => logged.push(m) });
  await listener.start();
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `check` holds (however loaded the machine; the test's timeout ends a hang). */
async function until(check: () => boolean) {
  while (!check()) await sleep(10);
}
const notify = (payload: string) => t.database.db.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${payload})`);

describe('cache listener', () => {
  it('starts clean, hears other processes and not itself', async () => {
    expect(listener.connected).toBe(true);
    expect(heard).toBe(1); // the invalidation of a (re)connection
    await notify('another-process');
    await until(() => heard === 2);
    await notify(listener.instanceId);
    await notify('yet-another');
    await until(() => heard === 3);
    await sleep(50);
    expect(heard).toBe(3);
  });

  it('reconnects when its connection is killed, and drops the cache then (notifications meanwhile are lost)', async () => {
    const before = heard;
    const killed = await t.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'bo-cache-listener'`,
    );
    expect(killed.rows.length).toBeGreaterThanOrEqual(2); // this listener and the app's
    await until(() => !listener.connected || heard > before);
    await until(() => listener.connected && heard > before);
    expect(logged.join('\n')).toMatch(/cache listener: .*reconnecting/);
    const after = heard;
    await notify('another-process');
    await until(() => heard === after + 1);
  });
});

describe('the app notifies other processes', () => {
  it('after a write that reached its handler, not after a GET or a request refused before its handler', async () => {
    await until(() => t.app.cacheListener?.connected === true);
    const { access_token } = await login(t.app, 'sales');
    await sleep(50);
    let count = heard;
    expect((await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: access_token })).statusCode).toBe(200);
    // Refused by validation (400), by the access guard (401), or no route (404): nothing written, nothing sent.
    expect((await call(t.app, 'POST', '/api/auth/admin/v1/login', { body: { username: 'x' } })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/auth/admin/v1/logout')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/no-such-route', { token: access_token })).statusCode).toBe(404);
    await sleep(100);
    expect(heard).toBe(count);
    // The notification is sent before the answer leaves: heard within moments of it.
    count = heard;
    expect((await call(t.app, 'POST', '/api/auth/admin/v1/logout', { token: access_token })).statusCode).toBeLessThan(
      300,
    );
    await until(() => heard === count + 1);
  });
});
