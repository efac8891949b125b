/**
 * The audit trail's coverage of refusals, refresh, lockout and exports (server/core/audit.ts), the throttle of refusal
 * rows, and the audit log API (server/modules/audit): filters, tenant scope, administrators only, detail with history.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, localDay } from '../../domain/time-zone';
import { auditLog, staffUser } from '../../server/db/schema';
import { verifyAuditChain } from '../../server/core/audit-chain';
import { REFUSAL_BURST, RefusalThrottle } from '../../server/core/audit';
import { md5hex } from '../../server/security/password';
import { clientSuite } from './client-fixture';
import { call, DEMO_PASSWORD, login, loginBody, makeTestApp } from './helpers';

const suite = clientSuite(['admin', 'supervisor', 'sales']);
const db = () => suite.f.t.database.db;
const app = () => suite.f.t.app;

/** The highest audit id now: rows written after it are what a step wrote. */
async function mark(): Promise<number> {
  const [r] = await db()
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
    .from(auditLog);
  return Number(r.id);
}

/** The rows written after `since`, oldest first. */
async function rowsAfter(since: number) {
  return db().select().from(auditLog).where(gt(auditLog.id, since)).orderBy(auditLog.id);
}

describe('refusals, refresh, lockout and exports write their row', () => {
  it('refresh: a success names the staff member; an unknown and a revoked token are refused rows', async () => {
    const tokens = await login(app(), 'supervisor');
    const since = await mark();
    const ok = await call(app(), 'POST', '/api/auth/admin/v1/token/refresh', { token: tokens.refresh_token });
    expect(ok.statusCode).toBe(200);
    const [row] = await rowsAfter(since);
    expect(row).toMatchObject({ action: 'auth.refresh', result: 'success', username: 'supervisor', tenantId: 'tr' });
    expect(await rowsAfter(since)).toHaveLength(1);

    const bad = await mark();
    expect(
      (await call(app(), 'POST', '/api/auth/admin/v1/token/refresh', { token: 'not-a-token', ip: '10.9.0.1' }))
        .statusCode,
    ).toBe(401);
    expect(await rowsAfter(bad)).toEqual([
      expect.objectContaining({ action: 'auth.refresh', result: 'denied', userId: null, ip: '10.9.0.1' }),
    ]);

    // sign out, then the refresh token of that session
    const next = ok.json();
    await call(app(), 'POST', '/api/auth/admin/v1/logout', { token: next.access_token });
    const revoked = await mark();
    const refused = await call(app(), 'POST', '/api/auth/admin/v1/token/refresh', { token: next.refresh_token });
    expect(refused.statusCode).toBe(401);
    const rows = await rowsAfter(revoked);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'auth.refresh', result: 'denied', username: 'supervisor' });
    expect(rows[0].userId).toBe(suite.f.staffId.supervisor);
    expect(rows[0].detail).toContain('401 unauthorized');
  });

  it('401: a request bearing a bad token is a row; one without a token is not', async () => {
    const since = await mark();
    expect(
      (await call(app(), 'GET', '/api/client/admin/v1/list', { token: 'garbage', ip: '10.9.1.1' })).statusCode,
    ).toBe(401);
    expect((await call(app(), 'GET', '/api/client/admin/v1/list', { ip: '10.9.1.1' })).statusCode).toBe(401);
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'access.unauthorized',
      result: 'denied',
      resource: 'client',
      ip: '10.9.1.1',
    });
    expect(rows[0].detail).toMatch(/^401 unauthorized: GET \/api\/client\/admin\/v1\/list/);
  });

  it('403: a denied grant is one row (not two); password_change_required is a row', async () => {
    const since = await mark();
    expect((await suite.as('sales', 'GET', '/api/user/v1/list')).statusCode).toBe(403);
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'access.denied', result: 'denied', username: 'sales' });

    await db().update(staffUser).set({ mustChangePassword: true }).where(eq(staffUser.id, suite.f.staffId.sales));
    try {
      const token = (await login(app(), 'sales')).access_token;
      const before = await mark();
      const res = await call(app(), 'GET', '/api/client/admin/v1/list', { token });
      expect(res.json().code).toBe('password_change_required');
      const [row, ...more] = await rowsAfter(before);
      expect(more).toEqual([]);
      expect(row).toMatchObject({ action: 'access.denied', username: 'sales', resource: 'client' });
      expect(row.detail).toContain('password_change_required');
    } finally {
      await db().update(staffUser).set({ mustChangePassword: false }).where(eq(staffUser.id, suite.f.staffId.sales));
    }
  });

  it("404: a record outside the caller's scope names its type and id", async () => {
    const since = await mark();
    const other = suite.id('c_sales2');
    expect((await suite.as('sales', 'GET', `/api/client/admin/v1/detail/${other}`)).statusCode).toBe(404);
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'access.not_found',
      resource: 'client',
      targetId: String(other),
      username: 'sales',
      result: 'denied',
    });
    // an unknown route is not a record lookup
    const none = await mark();
    expect((await suite.as('sales', 'GET', '/api/nothing/here')).statusCode).toBe(404);
    expect(await rowsAfter(none)).toEqual([]);
  });

  it('an export is one row: who, which list, its filters and how many rows', async () => {
    const since = await mark();
    const res = await suite.as('admin', 'GET', '/api/client/admin/v1/list/export?username=c_sales&lang=en-US');
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n').length - 1;
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'list.export', resource: 'client', result: 'success', username: 'admin' });
    expect(rows[0].after).toEqual({
      list: '/api/client/admin/v1/list/export',
      filters: { username: 'c_sales' },
      format: 'csv',
      rows: lines,
      file: expect.stringMatching(/^client-\d{8}-\d{6}\.csv$/),
    });
    expect(lines).toBeGreaterThan(0);
  });

  it('throttles refusal rows per source: a flood of bad tokens is REFUSAL_BURST rows', async () => {
    const since = await mark();
    for (let i = 0; i < REFUSAL_BURST + 6; i++) {
      await call(app(), 'GET', '/api/identify/admin/v1/list', { token: `bad${i}`, ip: '10.9.2.2' });
    }
    const rows = (await rowsAfter(since)).filter((r) => r.ip === '10.9.2.2');
    expect(rows).toHaveLength(REFUSAL_BURST);
  });

  it("throttles the access plugin's own refusal rows too: a staff member hammering a denied route", async () => {
    const since = await mark();
    for (let i = 0; i < REFUSAL_BURST + 4; i++) {
      expect((await suite.as('sales', 'GET', '/api/ip_access/admin/v1/list')).statusCode).toBe(403);
    }
    const rows = (await rowsAfter(since)).filter((r) => r.action === 'access.denied');
    expect(rows).toHaveLength(REFUSAL_BURST);
    expect(rows.every((r) => r.username === 'sales' && r.result === 'denied')).toBe(true);
  });

  it('the chain still verifies', async () => {
    const report = await verifyAuditChain(db());
    expect(report.problems).toEqual([]);
  });
});

describe('lockout and rate limit', () => {
  it('the locking failure is one auth.lockout row; 429 is a row once per source', async () => {
    const t = await makeTestApp({ lockoutThreshold: 2, lockoutSec: 600, captcha: false, loginRateLimitPerMin: 4 });
    try {
      const ip = '10.7.0.1';
      const wrong = async () =>
        call(t.app, 'POST', '/api/auth/admin/v1/login', {
          ip,
          body: { ...(await loginBody(t.app, 'sales')), password: md5hex('wrong') },
        });
      const [start] = await t.database.db
        .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
        .from(auditLog);
      expect((await wrong()).statusCode).toBe(401);
      expect((await wrong()).statusCode).toBe(423);
      const after = await t.database.db
        .select()
        .from(auditLog)
        .where(gt(auditLog.id, Number(start.id)))
        .orderBy(auditLog.id);
      expect(after.map((r) => [r.action, r.result, r.detail?.split(':')[0]])).toEqual([
        ['auth.login', 'failure', 'wrong_password'],
        ['auth.lockout', 'failure', expect.stringContaining('locked out of sales')],
      ]);
      expect(after[1]).toMatchObject({ username: 'sales', ip, tenantId: 'tr' });
      expect(after[1].userId).toEqual(expect.any(Number));

      // beyond 4 requests a minute from this address: 429, a row per source (not per request) up to the burst
      for (let i = 0; i < 12; i++) await wrong();
      const limited = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'access.rate_limited'), eq(auditLog.ip, ip)));
      expect(limited).toHaveLength(REFUSAL_BURST);
      expect(limited[0]).toMatchObject({ result: 'denied', tenantId: 'tr' });
      expect(limited[0].detail).toContain('429 rate_limited');
      expect((await verifyAuditChain(t.database.db)).problems).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('RefusalThrottle', () => {
  it('writes a burst per source, counts the rest, reports them once and carries them on the next row', () => {
    const th = new RefusalThrottle(1000, 2, 100);
    expect(th.take('a', 'tr', 'x', 0).write).toBe(true);
    expect(th.take('a', 'tr', 'x', 1).write).toBe(true);
    expect(th.take('a', 'tr', 'x', 2).write).toBe(false);
    expect(th.take('a', 'tr', 'x', 3).write).toBe(false);
    expect(th.take('b', 'tr', 'x', 4).write).toBe(true);
    expect(th.take('a', 'tr', 'x', 1500)).toEqual({ write: true, suppressedBefore: 2, since: 2 });
    expect(th.take('a', 'tr', 'x', 1501).write).toBe(true);
    expect(th.take('a', 'tr', 'x', 1502).write).toBe(false);
    const drained = th.drain(2600);
    expect(drained.get('tr')).toEqual({ total: 1, sources: [{ source: 'a', count: 1, since: expect.any(String) }] });
    expect(th.drain(2700).size).toBe(0);
  });

  it('caps a tenant and folds sources beyond the limit into one', () => {
    const th = new RefusalThrottle(1000, 5, 3, 2);
    const writes = ['s1', 's2', 's3', 's4'].map((k) => th.take(k, 'tr', 'x', 0).write);
    expect(writes).toEqual([true, true, true, false]);
    expect(th.drain(1000).get('tr')).toEqual({
      total: 1,
      sources: [{ source: 'tr|x|*', count: 1, since: expect.any(String) }],
    });
  });
});

describe('the audit log API', () => {
  const list = (who: 'admin' | 'supervisor' | 'sales', query: string) =>
    suite.as(who, 'GET', `/api/audit/admin/v1/list?${query}`);

  it('administrators only: a salesman and a supervisor get 403', async () => {
    expect((await list('sales', '')).statusCode).toBe(403);
    expect((await list('supervisor', '')).statusCode).toBe(403);
    expect((await suite.as('sales', 'GET', '/api/audit/admin/v1/history?type=client&id=1')).statusCode).toBe(403);
    const res = await list('admin', 'page_size=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(5);
  });

  it("filters by staff member, action, target, result and time, newest first, in the caller's tenant", async () => {
    const admin = suite.f.staffId.admin;
    const mine = (await list('admin', `user_id=${admin}&page_size=200`)).json().data as { user_id: number }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.user_id === admin)).toBe(true);
    const byName = (await list('admin', 'username=sup&page_size=200')).json().data as { username: string }[];
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((r) => r.username.startsWith('sup'))).toBe(true);
    const auth = (await list('admin', 'action=auth.&page_size=200')).json().data as { action: string; at: string }[];
    expect(auth.every((r) => r.action.startsWith('auth.'))).toBe(true);
    const times = auth.map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());
    const two = (await list('admin', 'action_in=auth.refresh,list.export&page_size=200')).json().data as {
      action: string;
    }[];
    expect(new Set(two.map((r) => r.action))).toEqual(new Set(['auth.refresh', 'list.export']));
    const target = String(suite.id('c_sales2'));
    const about = (await list('admin', `resource=client&target_id=${target}`)).json().data;
    expect(about).toEqual([expect.objectContaining({ action: 'access.not_found', target_id: target })]);
    const denied = (await list('admin', 'result=denied,failure&page_size=200')).json().data as { result: string }[];
    expect(denied.every((r) => ['denied', 'failure'].includes(r.result))).toBe(true);
    const today = localDay(new Date(), DEFAULT_TIME_ZONE); // the tenant's day (its year on 31 December too)
    expect((await list('admin', `at_from=2000-01-01&at_to=2000-01-02`)).json().data).toEqual([]);
    expect((await list('admin', `at_to=${today.slice(0, 4)}-12-31`)).json().total).toBeGreaterThan(0);
    // another tenant's rows never show
    await login(app(), 'admin', { tenant: 'pl' });
    const pl = (await list('admin', 'page_size=200')).json().data as { id: number }[];
    const plRows = await db().select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.tenantId, 'pl'));
    expect(plRows.length).toBeGreaterThan(0);
    const ids = new Set(pl.map((r) => r.id));
    expect(plRows.some((r) => ids.has(r.id))).toBe(false);
  });

  it('hostile filters are 400', async () => {
    for (const q of [
      'action_in=DROP TABLE',
      'user_id=-1',
      'user_id=1e400',
      'at_from=2026-13-45',
      'result=maybe',
      'sort=hash',
      'cursor=bm9wZQ',
      `username=${'x'.repeat(100)}`,
    ]) {
      const res = await list('admin', q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBeTruthy();
    }
    for (const q of ['', 'type=client', 'type=a%20b&id=1', `type=client&id=${'9'.repeat(100)}`]) {
      expect((await suite.as('admin', 'GET', `/api/audit/admin/v1/history?${q}`)).statusCode, q).toBe(400);
    }
    expect((await suite.as('admin', 'GET', '/api/audit/admin/v1/detail/0')).statusCode).toBe(400);
  });

  it("a row's detail: before and after, its chain position, and its target's history in time order", async () => {
    const id = suite.id('c_sales');
    const change = await suite.as('admin', 'PUT', `/api/client/admin/v1/fake/${id}`, { fake: true });
    expect(change.statusCode).toBe(200);
    const back = await suite.as('admin', 'PUT', `/api/client/admin/v1/fake/${id}`, { fake: false });
    expect(back.statusCode).toBe(200);
    const [last] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'client'), eq(auditLog.targetId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const res = await suite.as('admin', 'GET', `/api/audit/admin/v1/detail/${last.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ id: last.id, resource: 'client', target_id: String(id), seq: expect.any(Number) });
    expect(detail.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.before).not.toBeNull();
    expect(detail.after).not.toBeNull();
    const history = detail.history as { id: number; at: string; target_id: string }[];
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history.every((r) => r.target_id === String(id))).toBe(true);
    expect(history.map((r) => r.id)).toEqual([...history.map((r) => r.id)].sort((a, b) => a - b));
    expect(history[history.length - 1].id).toBe(last.id);
    const same = await suite.as('admin', 'GET', `/api/audit/admin/v1/history?type=client&id=${id}`);
    expect(same.json()).toEqual({ data: history, truncated: false });
    // another tenant's row: 404
    const [plRow] = await db().select().from(auditLog).where(eq(auditLog.tenantId, 'pl')).limit(1);
    expect((await suite.as('admin', 'GET', `/api/audit/admin/v1/detail/${plRow.id}`)).statusCode).toBe(404);
  });

  it("a deposit's history starts with its creation (recorded on its client)", async () => {
    const clientId = suite.id('c_sales');
    const accounts = (await suite.as('admin', 'GET', `/api/acc/admin/v1/list/${clientId}`)).json();
    const accountId = (accounts.data ?? accounts)[0].id;
    const made = await call(app(), 'POST', `/api/deposit/admin/v2/specialized/${clientId}`, {
      token: suite.f.tokens.admin,
      body: { account_id: accountId, amount: '12.30' },
      headers: { 'idempotency-key': `aud-${Date.now()}` },
    });
    expect(made.statusCode).toBe(200);
    const depositId = made.json().id;
    const history = (await suite.as('admin', 'GET', `/api/audit/admin/v1/history?type=deposit&id=${depositId}`)).json();
    expect(history.data[0]).toMatchObject({ action: 'deposit.specialized', resource: 'client' });
  });

  it('the export of the audit log is itself audited', async () => {
    const since = await mark();
    const res = await suite.as('admin', 'GET', '/api/audit/admin/v1/list/export?action=auth.');
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toContain('操作');
    expect(await rowsAfter(since)).toEqual([
      expect.objectContaining({ action: 'list.export', resource: 'auditLog', result: 'success' }),
    ]);
  });
});

it('sign-in rows stay as they were (one per attempt)', async () => {
  const since = await mark();
  expect(
    (await call(app(), 'POST', '/api/auth/admin/v1/login', { body: await loginBody(app(), 'admin', 'nope') }))
      .statusCode,
  ).toBe(401);
  expect((await rowsAfter(since)).map((r) => r.action)).toEqual(['auth.login']);
  void DEMO_PASSWORD;
});
