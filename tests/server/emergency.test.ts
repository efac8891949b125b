/**
 * Emergency plans (domain/emergency.ts, server/modules/emergency/): each kind takes effect only once a checker (not
 * the maker) approves its `emergency` approval in the approvals queue, and is enforced by the API (withdrawal
 * approval 409 withdrawals_frozen, product not tradable in the effective permission, clients forced offline, the
 * banner in GET active), a neighbour tenant unaffected; lifting restores; audited; administrators only.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { auditDeposit, createDeposit } from '../../server/modules/deposit/service';
import { requestWithdrawal } from '../../server/modules/withdraw/service';
import { bySystem } from '../../server/modules/records/common';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { makeClient, type LedgerFixture } from './ledger-helpers';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const clients: Record<string, { clientId: number; acc: Record<string, number> }> = {};

const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, tenant = 'tr') =>
  call(app, method, `/api${url}`, {
    token: tokens[tenant === 'tr' ? user : `${tenant}:${user}`],
    tenant,
    body,
    headers: method === 'GET' ? {} : { 'idempotency-key': `k-${Math.random()}` },
  });

/** A client of `tenant` with 100 USD. */
async function fundedClient(tenant: string, username: string) {
  const c = await makeClient({ db: t.database.db, tenantId: tenant } as LedgerFixture, username, null, ['USD']);
  await withRetry(t.database.db, async (tx) => {
    const d = await createDeposit(tx, bySystem(tenant), c.clientId, {
      account_id: c.acc.USD,
      amount: '100',
      currency: 'USD',
    });
    await auditDeposit(tx, bySystem(tenant), d.id, 'approved');
  });
  return c;
}

/** A pending withdrawal of 10 USD the client asked for. */
const withdrawal = (tenant: string, c: { clientId: number; acc: Record<string, number> }) =>
  withRetry(t.database.db, (tx) =>
    requestWithdrawal(tx, bySystem(tenant), c.clientId, { account_id: c.acc.USD, amount: '10' }),
  );

const sessionVersion = async (clientId: number) =>
  Number(
    (
      (await t.database.db.execute(sql`SELECT session_version FROM client WHERE id = ${clientId}`)).rows[0] as {
        session_version: number;
      }
    ).session_version,
  );

const tradable = async (user: string, clientId: number, product: string, tenant = 'tr') => {
  const res = await as(user, 'GET', `/trading_permission/admin/v1/effective/${clientId}`, undefined, tenant);
  expect(res.statusCode).toBe(200);
  return (res.json().products as { product: string; tradable: boolean }[]).find((p) => p.product === product)!.tradable;
};

/** Requests a plan as admin; answers it. */
async function request(body: Record<string, unknown>) {
  const res = await as('admin', 'POST', '/emergency/admin/v1/create', { reason: 'Market incident', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** admin2 (another administrator) approves the plan's pending approval through the queue. */
async function check(planId: number, decision: 'approved' | 'rejected' = 'approved') {
  const plan = (await as('admin', 'GET', `/emergency/admin/v1/detail/${planId}`)).json();
  expect(plan.approval_id).toBeTypeOf('number');
  const queue = await as('admin2', 'GET', '/approval/admin/v1/list?view=queue&kind=emergency');
  expect(queue.json().data.map((a: { id: number }) => a.id)).toContain(plan.approval_id);
  const res = await as('admin2', 'PUT', `/approval/admin/v1/decide/${plan.approval_id}`, { decision });
  expect(res.statusCode, res.body).toBe(200);
  return (await as('admin', 'GET', `/emergency/admin/v1/detail/${planId}`)).json();
}

async function lift(planId: number) {
  const res = await as('admin', 'PUT', `/emergency/admin/v1/lift/${planId}`, { reason: 'Resolved' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('pending_lift');
  return check(planId);
}

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  await t.database.db.execute(sql`INSERT INTO staff_user (tenant_id, username, name, role, password_hash)
    SELECT tenant_id, 'admin2', 'Administrator 2', 'god', password_hash FROM staff_user
    WHERE tenant_id = 'tr' AND username = 'admin'`);
  for (const u of ['admin', 'admin2', 'supervisor', 'sales']) tokens[u] = (await login(app, u)).access_token;
  tokens['pl:admin'] = (await login(app, 'admin', { tenant: 'pl' })).access_token;
  clients.a = await fundedClient('tr', 'emg_a');
  clients.b = await fundedClient('tr', 'emg_b');
  clients.n = await fundedClient('pl', 'emg_neighbour');
});

afterAll(async () => {
  await t?.close();
});

describe('emergency plans', () => {
  it('freeze_withdrawals: nothing until a checker approves; then 409 withdrawals_frozen; neighbour tenant pays; lift restores', async () => {
    const w1 = await withdrawal('tr', clients.a);
    const plan = await request({ kind: 'freeze_withdrawals' });
    expect(plan.status).toBe('pending_activation');
    // the maker cannot approve his own plan
    const own = await as('admin', 'PUT', `/approval/admin/v1/decide/${plan.approval_id}`, { decision: 'approved' });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('maker_cannot_check');
    expect((await as('admin', 'GET', '/emergency/admin/v1/active')).json().data).toEqual([]);

    expect((await check(plan.id)).status).toBe('active');
    const frozen = await as('admin', 'POST', `/withdraw/admin/v1/audit/${w1.id}`, { status: 'approved' });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().code).toBe('withdrawals_frozen');
    // a rejection (unfreezing the client's money) stays allowed
    const w2 = await withdrawal('tr', clients.a);
    expect((await as('admin', 'POST', `/withdraw/admin/v1/audit/${w2.id}`, { status: 'rejected' })).statusCode).toBe(
      200,
    );
    // neighbour tenant: paid out
    const wn = await withdrawal('pl', clients.n);
    const paid = await as('admin', 'POST', `/withdraw/admin/v1/audit/${wn.id}`, { status: 'approved' }, 'pl');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('approved');

    expect((await lift(plan.id)).status).toBe('lifted');
    const after = await as('admin', 'POST', `/withdraw/admin/v1/audit/${w1.id}`, { status: 'approved' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().status).toBe('approved');
  });

  it('halt_trading: the product is not tradable once approved, other products and the neighbour tenant are; lift restores', async () => {
    expect(await tradable('admin', clients.a.clientId, 'ipo')).toBe(true);
    const plan = await request({ kind: 'halt_trading', product: 'ipo' });
    expect(await tradable('admin', clients.a.clientId, 'ipo')).toBe(true);
    expect((await check(plan.id)).status).toBe('active');
    expect(await tradable('admin', clients.a.clientId, 'ipo')).toBe(false);
    expect(await tradable('admin', clients.a.clientId, 'fund')).toBe(true);
    expect(await tradable('admin', clients.n.clientId, 'ipo', 'pl')).toBe(true);
    await lift(plan.id);
    expect(await tradable('admin', clients.a.clientId, 'ipo')).toBe(true);
  });

  it('force_offline: every client of the tenant offline when approved, not before; the neighbour stays', async () => {
    const before = {
      a: await sessionVersion(clients.a.clientId),
      b: await sessionVersion(clients.b.clientId),
      n: await sessionVersion(clients.n.clientId),
    };
    const plan = await request({ kind: 'force_offline' });
    expect(await sessionVersion(clients.a.clientId)).toBe(before.a);
    await check(plan.id);
    expect(await sessionVersion(clients.a.clientId)).toBe(before.a + 1);
    expect(await sessionVersion(clients.b.clientId)).toBe(before.b + 1);
    expect(await sessionVersion(clients.n.clientId)).toBe(before.n);
    // lifting ends the plan; nobody is forced offline again
    expect((await lift(plan.id)).status).toBe('lifted');
    expect(await sessionVersion(clients.a.clientId)).toBe(before.a + 1);
  });

  it('banner: every staff member of the tenant reads it while active; a rejected plan never shows; audited', async () => {
    const rejected = await request({ kind: 'banner', message_zh: '系统维护', message_en: 'Maintenance' });
    expect((await check(rejected.id, 'rejected')).status).toBe('rejected');
    const plan = await request({ kind: 'banner', message_zh: '交易暂停', message_en: 'Trading paused' });
    expect((await as('sales', 'GET', '/emergency/admin/v1/active')).json().data).toEqual([]);
    await check(plan.id);
    const seen = (await as('sales', 'GET', '/emergency/admin/v1/active')).json().data;
    expect(seen).toEqual([
      expect.objectContaining({ kind: 'banner', message_zh: '交易暂停', message_en: 'Trading paused' }),
    ]);
    expect((await as('admin', 'GET', '/emergency/admin/v1/active', undefined, 'pl')).json().data).toEqual([]);
    await lift(plan.id);
    expect((await as('sales', 'GET', '/emergency/admin/v1/active')).json().data).toEqual([]);

    const audit = await t.database.db.execute(
      sql`SELECT action, username, result FROM audit_log WHERE tenant_id = 'tr' AND resource IN ('emergency', 'approval')
          AND ((resource = 'emergency' AND target_id = ${String(plan.id)})
            OR (after ->> 'kind' = 'emergency' AND after -> 'record' ->> 'id' = ${String(plan.id)})) ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      { action: 'emergency.request', username: 'admin', result: 'success' },
      expect.objectContaining({ action: 'approval.approve', username: 'admin2' }),
      { action: 'emergency.lift_request', username: 'admin', result: 'success' },
      expect.objectContaining({ action: 'approval.approve', username: 'admin2' }),
    ]);
  });

  it('validates on the server with the shared rule: reason, product, both banner messages', async () => {
    const bad = await as('admin', 'POST', '/emergency/admin/v1/create', {
      kind: 'banner',
      message_zh: '维护',
      reason: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['message_en', 'reason']);
    const noProduct = await as('admin', 'POST', '/emergency/admin/v1/create', { kind: 'halt_trading', reason: 'x' });
    expect(noProduct.statusCode).toBe(400);
    expect(Object.keys(noProduct.json().errors)).toEqual(['product']);
  });

  it('a lift only of an active plan (409); another tenant’s plan is 404', async () => {
    const plan = await request({ kind: 'banner', message_zh: '甲', message_en: 'A' });
    const early = await as('admin', 'PUT', `/emergency/admin/v1/lift/${plan.id}`, { reason: 'x' });
    expect(early.statusCode).toBe(409);
    expect((await as('admin', 'GET', `/emergency/admin/v1/detail/${plan.id}`, undefined, 'pl')).statusCode).toBe(404);
  });

  it('403 by role: only administrators read or request plans and check them; every staff member reads active', async () => {
    for (const u of ['supervisor', 'sales']) {
      expect((await as(u, 'GET', '/emergency/admin/v1/list')).statusCode).toBe(403);
      expect(
        (await as(u, 'POST', '/emergency/admin/v1/create', { kind: 'force_offline', reason: 'x' })).statusCode,
      ).toBe(403);
      expect((await as(u, 'GET', '/emergency/admin/v1/active')).statusCode).toBe(200);
    }
    const plan = await request({ kind: 'banner', message_zh: '乙', message_en: 'B' });
    // a supervisor may use the approvals queue but not check an emergency plan: not in his queue, 404 on decide
    const queue = await as('supervisor', 'GET', '/approval/admin/v1/list?view=queue');
    expect(queue.json().data.map((a: { id: number }) => a.id)).not.toContain(plan.approval_id);
    const res = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${plan.approval_id}`, {
      decision: 'approved',
    });
    expect(res.statusCode).toBe(404);
    const list = await as('admin', 'GET', '/emergency/admin/v1/list?status=pending_activation');
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(plan.id);
  });
});
