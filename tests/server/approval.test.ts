/**
 * Maker-checker on money (domain/approval.ts, server/modules/approval/): the maker cannot check his own record, tiers
 * per kind and currency decide one or two checkers, credits and exchanges at or above a tier wait without moving
 * money, a record with a pending approval is frozen, the queue and its count (ETag) per staff member, the policy for
 * administrators only. Every money assertion reads the client's account and a neighbour's that must not move.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { checkLedger } from '../../server/ledger';
import { seedRates } from '../../server/db/seed-funds';
import { createDeposit } from '../../server/modules/deposit/service';
import { bySystem } from '../../server/modules/records/common';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { makeClient, type LedgerFixture } from './ledger-helpers';
import { approvedChange, secondAdmin } from './approval-helpers';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const staffId: Record<string, number> = {};
let c1: { clientId: number; acc: Record<string, number> };
let c2: { clientId: number; acc: Record<string, number> };

const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers = {}) =>
  call(app, method, `/api${url}`, { token: tokens[user], body, headers });

/** balance, deposit, compensation and bonus of an account, as decimal strings. */
async function account(id: number) {
  const r = await t.database.db.execute(
    sql`SELECT balance::text, deposit::text, compensation::text, bonus::text FROM account WHERE id = ${id}`,
  );
  return r.rows[0] as { balance: string; deposit: string; compensation: string; bonus: string };
}

/** A deposit recorded by `user` (specialized deposit) and its answer. */
async function staffDeposit(user: string, clientId: number, accountId: number, amount: string, currency = 'USD') {
  const res = await as(user, 'POST', `/deposit/admin/v2/specialized/${clientId}`, {
    account_id: accountId,
    amount,
    currency,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A deposit the client asked for himself (no maker). */
const clientDeposit = (clientId: number, accountId: number, amount: string) =>
  withRetry(t.database.db, (tx) =>
    createDeposit(tx, bySystem('tr'), clientId, { account_id: accountId, amount, currency: 'USD' }),
  );

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  await secondAdmin(t.database.db, 'tr');
  for (const u of ['admin', 'admin2', 'supervisor', 'leader', 'sales']) tokens[u] = (await login(app, u)).access_token;
  const rows = await t.database.db.execute(sql`SELECT id, username FROM staff_user WHERE tenant_id = 'tr'`);
  for (const r of rows.rows as { id: number; username: string }[]) staffId[r.username] = Number(r.id);
  await withRetry(t.database.db, (tx) => seedRates(tx, 'tr'));
  const f = { db: t.database.db, tenantId: 'tr' } as LedgerFixture;
  c1 = await makeClient(f, 'mc_one', staffId.sales, ['USD', 'CNY']);
  c2 = await makeClient(f, 'mc_two', staffId.sales, ['USD']);
});
afterAll(async () => {
  await t?.close();
});

/** A policy change asked by the administrator and approved by the second one (a control change). */
const setPolicy = (body: Record<string, unknown>) =>
  approvedChange(app, tokens.admin, tokens.admin2, { method: 'PUT', url: '/approval/admin/v1/policy', body });

describe('maker-checker on records', () => {
  it('the maker cannot check his own deposit; another checker approves it and only that account moves', async () => {
    const before = [await account(c1.acc.USD), await account(c2.acc.USD)];
    const d = await staffDeposit('admin', c1.clientId, c1.acc.USD, '500.00');
    expect(d.approval).toMatchObject({ kind: 'deposit', required_checkers: 1, approvals: 0 });
    const own = await as('admin', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    expect([own.statusCode, own.json().code]).toEqual([409, 'maker_cannot_check']);
    const ownDecide = await as('admin', 'PUT', `/approval/admin/v1/decide/${d.approval.id}`, { decision: 'approved' });
    // not in his queue's kinds? he may check deposits, so the decision is refused as his own
    expect([ownDecide.statusCode, ownDecide.json().code]).toEqual([409, 'maker_cannot_check']);
    expect(await account(c1.acc.USD)).toEqual(before[0]);

    const ok = await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    expect([ok.statusCode, ok.json().status, ok.json().approval]).toEqual([200, 'approved', null]);
    expect((await account(c1.acc.USD)).balance).toBe((Number(before[0].balance) + 500).toFixed(2));
    expect(await account(c2.acc.USD)).toEqual(before[1]);

    const detail = (await as('admin', 'GET', `/approval/admin/v1/detail/${d.approval.id}`)).json();
    expect(detail).toMatchObject({
      status: 'approved',
      maker_id: staffId.admin,
      maker_name: 'Administrator',
      approvals: 1,
      can_decide: false,
      record: { id: d.id, status: 'approved' },
    });
    expect(detail.decisions).toEqual([
      expect.objectContaining({ checker_id: staffId.supervisor, decision: 'approved', remark: null }),
    ]);
    expect(detail.resolved_at).toEqual(expect.any(String));
    const decisions = (await as('admin', 'GET', `/approval/admin/v1/detail/${d.approval.id}/decisions`)).json();
    expect(decisions).toMatchObject({ total: 1, data: [{ checker_id: staffId.supervisor, decision: 'approved' }] });
  });

  it('two checkers from the tier: the first approval leaves it pending and moves nothing, the second executes once', async () => {
    const before = [await account(c1.acc.USD), await account(c2.acc.USD)];
    const d = await clientDeposit(c1.clientId, c1.acc.USD, '10000.00');
    const first = await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    expect([first.statusCode, first.json().status, first.json().approval]).toEqual([
      200,
      'pending',
      expect.objectContaining({ required_checkers: 2, approvals: 1 }),
    ]);
    expect(await account(c1.acc.USD)).toEqual(before[0]);
    const again = await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'already_decided']);
    // the supervisor's queue no longer shows it, the administrator's does
    const q = (who: string) =>
      as(who, 'GET', '/approval/admin/v1/list?kind=deposit').then((r) =>
        r.json().data.map((x: { id: number }) => x.id),
      );
    const approvalId = first.json().approval.id;
    expect(await q('supervisor')).not.toContain(approvalId);
    expect(await q('admin')).toContain(approvalId);

    const second = await as('admin', 'PUT', `/approval/admin/v1/decide/${approvalId}`, { decision: 'approved' });
    expect([second.statusCode, second.json().status, second.json().approvals]).toEqual([200, 'approved', 2]);
    expect(second.json().record).toMatchObject({ status: 'approved', resolved_by: staffId.admin });
    expect((await account(c1.acc.USD)).deposit).toBe((Number(before[0].deposit) + 10000).toFixed(2));
    expect(await account(c2.acc.USD)).toEqual(before[1]);
    const late = await as('leader', 'PUT', `/approval/admin/v1/decide/${approvalId}`, { decision: 'approved' });
    expect(late.statusCode).toBe(403);
  });

  it('one rejection ends it with nothing moved', async () => {
    const before = await account(c1.acc.USD);
    const d = await clientDeposit(c1.clientId, c1.acc.USD, '20000.00');
    await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    const no = await as('admin', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'rejected', remark: 'no proof' });
    expect([no.statusCode, no.json().status, no.json().approval]).toEqual([200, 'rejected', null]);
    expect(await account(c1.acc.USD)).toEqual(before);
  });

  it('tiers are per currency: a tenant row for EUR needs two checkers from 100 EUR, USD keeps its own', async () => {
    await setPolicy({
      kind: 'deposit',
      currency: 'eur',
      enabled: true,
      one_checker_from: '0',
      two_checkers_from: '100',
    });
    const set = (await as('admin', 'GET', '/approval/admin/v1/policy')).json().data;
    expect(set.find((r: { id: string }) => r.id === 'deposit:EUR')).toEqual({
      id: 'deposit:EUR',
      kind: 'deposit',
      currency: 'EUR',
      enabled: true,
      one_checker_from: '0.00',
      two_checkers_from: '100.00',
      maker_daily_limit: '5000.00',
      client_daily_limit: '1000.00',
      source: 'tenant',
      pending_approval_id: null,
    });
    const eur = await staffDeposit('supervisor', c1.clientId, c1.acc.USD, '150.00', 'EUR');
    const usd = await staffDeposit('supervisor', c1.clientId, c1.acc.USD, '150.00', 'USD');
    expect([eur.approval.required_checkers, usd.approval.required_checkers]).toEqual([2, 1]);
    // below one_checker_from nothing is asked: the maker may audit it himself
    await setPolicy({
      kind: 'deposit',
      currency: 'EUR',
      enabled: false,
      one_checker_from: 0,
    });
    const off = await staffDeposit('supervisor', c1.clientId, c1.acc.USD, '150.00', 'EUR');
    expect(off.approval).toBeNull();
    const self = await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${off.id}`, { status: 'approved' });
    expect([self.statusCode, self.json().status]).toEqual([200, 'approved']);
  });
});

describe('credits and exchanges at or above the tier wait', () => {
  it('a bonus-points credit above the tier is pending, moves nothing until approved, then credits once', async () => {
    const before = [await account(c1.acc.USD), await account(c2.acc.USD)];
    const small = await as('admin', 'POST', `/overdrawn/admin/v1/compensation/${c1.clientId}`, {
      account_id: c1.acc.USD,
      amount: '999.99',
    });
    expect([small.json().status, small.json().approval]).toEqual(['approved', null]);
    const big = await as('admin', 'POST', `/overdrawn/admin/v1/compensation/${c1.clientId}`, {
      account_id: c1.acc.USD,
      amount: '1000.00',
    });
    expect(big.json()).toMatchObject({ status: 'pending', approval: { kind: 'compensation', required_checkers: 1 } });
    const mid = await account(c1.acc.USD);
    expect(mid.compensation).toBe((Number(before[0].compensation) + 999.99).toFixed(2));
    const rb = await as('admin', 'PUT', `/overdrawn/admin/v1/rollback/${big.json().id}`);
    expect(rb.json().code).toBe('approval_pending');

    const ok = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${big.json().approval.id}`, {
      decision: 'approved',
      remark: 'checked',
    });
    expect(ok.json()).toMatchObject({
      status: 'approved',
      record: { status: 'approved', resolved_by: staffId.supervisor },
    });
    const after = await account(c1.acc.USD);
    expect(after.compensation).toBe((Number(mid.compensation) + 1000).toFixed(2));
    expect(after.balance).toBe((Number(mid.balance) + 1000).toFixed(2));
    expect(await account(c2.acc.USD)).toEqual(before[1]);
  });

  it('a rejected bonus moves nothing', async () => {
    const before = await account(c2.acc.USD);
    const big = await as('admin', 'POST', `/overdrawn/admin/v1/bonus/${c2.clientId}`, {
      account_id: c2.acc.USD,
      amount: '5000',
    });
    expect(big.json()).toMatchObject({ status: 'pending', approval: { kind: 'bonus' } });
    const no = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${big.json().approval.id}`, {
      decision: 'rejected',
    });
    expect(no.json()).toMatchObject({ status: 'rejected', record: { status: 'rejected' } });
    expect(await account(c2.acc.USD)).toEqual(before);
  });

  it('an exchange above the tier is pending; approved, it runs once at the current rate', async () => {
    await setPolicy({
      kind: 'exchange',
      currency: '*',
      enabled: true,
      one_checker_from: '100',
      two_checkers_from: null,
    });
    const before = [await account(c1.acc.USD), await account(c1.acc.CNY), await account(c2.acc.USD)];
    const ex = await as('admin', 'POST', `/acc/admin/v1/exchange/${c1.clientId}`, {
      from_account: c1.acc.USD,
      to_account: c1.acc.CNY,
      amount: '100.00',
    });
    expect([ex.statusCode, ex.json().status, ex.json().txn_id]).toEqual([200, 'pending', null]);
    expect([await account(c1.acc.USD), await account(c1.acc.CNY)]).toEqual(before.slice(0, 2));
    const [a] = (
      await t.database.db.execute(
        sql`SELECT id FROM approval WHERE target_type = 'exchange_record' AND target_id = ${ex.json().id}`,
      )
    ).rows as { id: number }[];
    const ok = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${a.id}`, { decision: 'approved' });
    expect(ok.json().record).toMatchObject({ status: 'completed', amount: '100.00', txn_id: expect.any(Number) });
    expect((await account(c1.acc.USD)).balance).toBe((Number(before[0].balance) - 100).toFixed(2));
    expect((await account(c1.acc.CNY)).balance).toBe(
      (Number(before[1].balance) + Number(ok.json().record.to_amount)).toFixed(2),
    );
    expect(await account(c2.acc.USD)).toEqual(before[2]);
    const twice = await as('admin', 'PUT', `/approval/admin/v1/decide/${a.id}`, { decision: 'approved' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'invalid_state']);
  });
});

describe('rollbacks and frozen records', () => {
  it('a rollback waits for its checker; the record is frozen meanwhile; executed once on approval', async () => {
    const d = await clientDeposit(c2.clientId, c2.acc.USD, '300.00');
    await as('admin', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    const credited = await account(c2.acc.USD);
    const asked = await as('supervisor', 'PUT', `/deposit/admin/v1/rollback/${d.id}`, { remark: 'duplicate' });
    expect(asked.json()).toMatchObject({ status: 'approved', approval: { kind: 'rollback', required_checkers: 1 } });
    expect(await account(c2.acc.USD)).toEqual(credited);
    for (const [method, url, body] of [
      ['PUT', `/deposit/admin/v1/rollback/${d.id}`, undefined],
      ['PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' }],
    ] as const) {
      const r = await as('admin', method, url, body);
      expect([r.statusCode, r.json().code]).toEqual([409, 'approval_pending']);
    }
    const own = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${asked.json().approval.id}`, {
      decision: 'approved',
    });
    expect(own.json().code).toBe('maker_cannot_check');
    const ok = await as('admin', 'PUT', `/approval/admin/v1/decide/${asked.json().approval.id}`, {
      decision: 'approved',
    });
    expect(ok.json()).toMatchObject({
      kind: 'rollback',
      target_kind: 'deposit',
      remark: 'duplicate',
      record: { status: 'rolled_back', remark: 'duplicate' },
    });
    expect((await account(c2.acc.USD)).balance).toBe((Number(credited.balance) - 300).toFixed(2));
  });
});

describe('queue, count and policy', () => {
  it('count answers a strong ETag and 304 while nothing changed; it goes down after a decision', async () => {
    const d = await clientDeposit(c2.clientId, c2.acc.USD, '10.00');
    const first = await as('supervisor', 'GET', '/approval/admin/v1/count');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.json().etag).toBe(etag);
    expect(first.json().by_kind.deposit).toBeGreaterThanOrEqual(1);
    const same = await as('supervisor', 'GET', '/approval/admin/v1/count', undefined, { 'if-none-match': etag });
    expect([same.statusCode, same.body]).toEqual([304, '']);
    await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    const after = await as('supervisor', 'GET', '/approval/admin/v1/count', undefined, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().total).toBe(first.json().total - 1);
  });

  it("the queue leaves out the caller's own requests; mine lists them", async () => {
    const d = await staffDeposit('supervisor', c2.clientId, c2.acc.USD, '20.00');
    const queue = (await as('supervisor', 'GET', '/approval/admin/v1/list')).json();
    expect(queue.data.map((x: { id: number }) => x.id)).not.toContain(d.approval.id);
    const mine = (await as('supervisor', 'GET', '/approval/admin/v1/list?view=mine')).json();
    expect(mine.data.find((x: { id: number }) => x.id === d.approval.id)).toMatchObject({
      kind: 'deposit',
      maker_name: 'Supervisor',
      username: 'mc_two',
      amount: '20.00',
      currency: 'USD',
      status: 'pending',
    });
    const adminQueue = (await as('admin', 'GET', '/approval/admin/v1/list?status=pending')).json();
    expect(adminQueue.data.map((x: { id: number }) => x.id)).toContain(d.approval.id);
  });

  it('salesmen and leaders have no approvals (403); the policy is for administrators only', async () => {
    for (const u of ['sales', 'leader']) {
      expect((await as(u, 'GET', '/approval/admin/v1/list')).statusCode).toBe(403);
      expect((await as(u, 'GET', '/approval/admin/v1/count')).statusCode).toBe(403);
    }
    expect((await as('supervisor', 'GET', '/approval/admin/v1/policy')).statusCode).toBe(403);
    const put = await as('supervisor', 'PUT', '/approval/admin/v1/policy', {
      kind: 'deposit',
      currency: '*',
      enabled: false,
      one_checker_from: 0,
    });
    expect(put.statusCode).toBe(403);
    const policy = (await as('admin', 'GET', '/approval/admin/v1/policy')).json().data;
    expect(policy.find((r: { kind: string; currency: string }) => r.kind === 'bonus' && r.currency === '*')).toEqual({
      id: 'bonus:*',
      kind: 'bonus',
      currency: '*',
      enabled: true,
      one_checker_from: '1000.00',
      two_checkers_from: '10000.00',
      maker_daily_limit: '5000.00',
      client_daily_limit: '1000.00',
      source: 'default',
      pending_approval_id: null,
    });
    const bad = await as('admin', 'PUT', '/approval/admin/v1/policy', {
      kind: 'deposit',
      currency: 'USD',
      enabled: true,
      one_checker_from: '100',
      two_checkers_from: '50',
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation']);
  });
});

describe('the ledger check', () => {
  it('holds with pending and rejected credits and exchanges (nothing posted for them)', async () => {
    await as('admin', 'POST', `/overdrawn/admin/v1/bonus/${c1.clientId}`, { account_id: c1.acc.USD, amount: '2000' });
    await as('admin', 'POST', `/acc/admin/v1/exchange/${c1.clientId}`, {
      from_account: c1.acc.USD,
      to_account: c1.acc.CNY,
      amount: '150.00',
    });
    const pending = await t.database.db.execute(
      sql`SELECT (SELECT count(*) FROM overdrawn_record WHERE status IN ('pending', 'rejected') AND sub_type <> 'loan')::int AS credits,
        (SELECT count(*) FROM exchange_record WHERE status <> 'completed')::int AS exchanges`,
    );
    expect(pending.rows[0]).toMatchObject({ credits: expect.any(Number), exchanges: expect.any(Number) });
    const row = pending.rows[0] as { credits: number; exchanges: number };
    expect(Number(row.credits)).toBeGreaterThan(0);
    expect(Number(row.exchanges)).toBeGreaterThan(0);
    const report = await checkLedger(t.database.db);
    expect(report.violations).toEqual([]);
  });
});

describe('maker-checker under a tenant narrowing', () => {
  it("a checker whose approve grant the tenant removed no longer sees or decides the kind's approvals", async () => {
    const d = await staffDeposit('admin', c2.clientId, c2.acc.USD, '40.00');
    const queued = async () =>
      ((await as('supervisor', 'GET', '/approval/admin/v1/list?page=1&page_size=100')).json().data as { id: number }[])
        .map((a) => a.id)
        .includes(d.approval.id);
    expect(await queued()).toBe(true);
    const narrow = async (removed: { resource: string; action: string }[]) => {
      const version = (await as('admin', 'GET', '/permission/admin/v1/list')).json().version;
      // a change of the funds grants is a control change: the second administrator approves it (202, then 200)
      await approvedChange(app, tokens.admin, tokens.admin2, {
        method: 'PUT',
        url: '/permission/admin/v1/role/angel',
        body: { removed, version },
      });
      expect((await as('admin', 'GET', '/permission/admin/v1/list')).json().version).toBe(version + 1);
    };
    await narrow([{ resource: 'funds', action: 'approve' }]);
    expect(await queued()).toBe(false);
    const decide = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${d.approval.id}`, {
      decision: 'approved',
    });
    expect([403, 404]).toContain(decide.statusCode);
    await narrow([]);
    expect(await queued()).toBe(true);
  });
});
