/**
 * The API on PostgreSQL survives the server ending its connections (a restart, an administrator's command): the
 * pool drops them and the next requests are answered on new ones. Runs only with DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

describe('database connections', () => {
  it('answers again after the server terminated every pooled connection, and the process lives on', async () => {
    const { access_token } = await login(t.app, 'admin');
    const clients = () => call(t.app, 'GET', '/api/client/admin/v1/list?page_size=1', { token: access_token });
    expect((await clients()).statusCode).toBe(200);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Open several pooled connections at once, then end the others from one of them: idle, they receive FATAL
      // 57P01 (what a server restart or an administrator's command sends).
      await Promise.all(Array.from({ length: 4 }, () => t.database.db.execute(sql`SELECT pg_sleep(0.05)`)));
      const ended = await t.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(ended.rows.length).toBeGreaterThanOrEqual(3);
      await new Promise((r) => setTimeout(r, 200));
      for (let i = 0; i < 5; i++) expect((await clients()).statusCode).toBe(200);
    } finally {
      logged.mockRestore();
    }
  });
});
