/**
 * The controls one person cannot defeat (issue 18, docs/security.md "Maker-checker on money"): a change of the
 * approval policy waits for a second administrator (nothing changes before; the maker cannot check; a supervisor
 * cannot either); cumulative limits per maker and per client and day send split credits to the queue; a record is
 * checked under the policy in force when it was made. Money assertions read the client's account and a neighbour's.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { seedRates } from '../../server/db/seed-funds';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { makeClient, type LedgerFixture } from './ledger-helpers';
import { approvedChange, secondAdmin } from './approval-helpers';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const staffId: Record<string, number> = {};
let fixture: LedgerFixture;
let n = 0;

const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(app, method, `/api${url}`, { token: tokens[user], body });

/** balance and compensation of an account, as decimal strings. */
async function account(id: number) {
  const r = await t.database.db.execute(sql`SELECT balance::text, compensation::text FROM account WHERE id = ${id}`);
  return r.rows[0] as { balance: string; compensation: string };
}

/** A fresh client of the salesman with a USD account. */
const freshClient = () => makeClient(fixture, `pol_${++n}_${Date.now() % 100000}`, staffId.sales, ['USD']);

/** A compensation of `amount` USD made by `user`. */
async function compensate(user: string, c: { clientId: number; acc: Record<string, number> }, amount: string) {
  const res = await as(user, 'POST', `/overdrawn/admin/v1/compensation/${c.clientId}`, {
    account_id: c.acc.USD,
    amount,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; status: string; approval: { id: number; required_checkers: number } | null };
}

/** A deposit recorded by `user`. */
async function deposit(user: string, c: { clientId: number; acc: Record<string, number> }, amount: string) {
  const res = await as(user, 'POST', `/deposit/admin/v2/specialized/${c.clientId}`, {
    account_id: c.acc.USD,
    amount,
    currency: 'USD',
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; approval: { id: number; required_checkers: number; approvals: number } | null };
}

const policyRow = async (id: string) =>
  ((await as('admin', 'GET', '/approval/admin/v1/policy')).json().data as { id: string }[]).find((r) => r.id === id);

/** A policy change asked by the administrator and approved by the second one. */
const setPolicy = (body: Record<string, unknown>) =>
  approvedChange(app, tokens.admin, tokens.admin2, { method: 'PUT', url: '/approval/admin/v1/policy', body });

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  await secondAdmin(t.database.db, 'tr');
  for (const u of ['admin', 'admin2', 'supervisor', 'sales']) tokens[u] = (await login(app, u)).access_token;
  const rows = await t.database.db.execute(sql`SELECT id, username FROM staff_user WHERE tenant_id = 'tr'`);
  for (const r of rows.rows as { id: number; username: string }[]) staffId[r.username] = Number(r.id);
  await withRetry(t.database.db, (tx) => seedRates(tx, 'tr'));
  fixture = { db: t.database.db, tenantId: 'tr' } as LedgerFixture;
});
afterAll(async () => {
  await t?.close();
});

describe('a change of the approval policy needs a second administrator', () => {
  it('raising the deposit tier answers 202 and changes nothing until another administrator approves it', async () => {
    const c = await freshClient();
    const before = await policyRow('deposit:*');
    const asked = await as('admin', 'PUT', '/approval/admin/v1/policy', {
      kind: 'deposit',
      currency: 'USD',
      enabled: true,
      one_checker_from: '1000000',
      two_checkers_from: null,
    });
    expect(asked.statusCode).toBe(202);
    const pending = asked.json().pending_approval;
    expect(pending).toEqual({
      id: expect.any(Number),
      kind: 'approval_policy',
      status: 'pending',
      required_checkers: 1,
    });
    // nothing changed: no USD row, the * row as before, marked as awaiting a change only for deposit:USD
    expect(await policyRow('deposit:USD')).toBeUndefined();
    expect(await policyRow('deposit:*')).toEqual(before);
    // his own deposit still needs a checker
    const d = await deposit('admin', c, '500.00');
    expect(d.approval).toMatchObject({ required_checkers: 1 });
    const self = await as('admin', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    expect([self.statusCode, self.json().code]).toEqual([409, 'maker_cannot_check']);

    // the maker cannot check his own change; a supervisor neither sees nor decides it
    const own = await as('admin', 'PUT', `/approval/admin/v1/decide/${pending.id}`, { decision: 'approved' });
    expect([own.statusCode, own.json().code]).toEqual([409, 'maker_cannot_check']);
    const supQueue = (await as('supervisor', 'GET', '/approval/admin/v1/list')).json().data as { id: number }[];
    expect(supQueue.map((a) => a.id)).not.toContain(pending.id);
    const sup = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${pending.id}`, { decision: 'approved' });
    expect(sup.statusCode).toBe(404);
    expect(await policyRow('deposit:USD')).toBeUndefined();

    // the second administrator sees what changes, from what to what, and approves it
    const queue = (await as('admin2', 'GET', '/approval/admin/v1/list?kind=approval_policy')).json().data;
    const row = queue.find((a: { id: number }) => a.id === pending.id);
    expect(row).toMatchObject({ kind: 'approval_policy', status: 'pending', maker_name: 'Administrator' });
    expect(JSON.parse(row.change)).toMatchObject({
      op: 'create',
      target: 'deposit:USD',
      from: { enabled: true, one_checker_from: '0.00', two_checkers_from: '10000.00' },
      to: { enabled: true, one_checker_from: '1000000.00', two_checkers_from: null },
    });
    expect((await as('admin2', 'GET', '/approval/admin/v1/count')).json().by_kind.approval_policy).toBe(1);
    const ok = await as('admin2', 'PUT', `/approval/admin/v1/decide/${pending.id}`, { decision: 'approved' });
    expect([ok.statusCode, ok.json().status]).toEqual([200, 'approved']);
    expect(await policyRow('deposit:USD')).toMatchObject({
      one_checker_from: '1000000.00',
      two_checkers_from: null,
      source: 'tenant',
      pending_approval_id: null,
    });
    // the earlier deposit keeps the checker it was opened with
    const still = await as('admin', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    expect([still.statusCode, still.json().code]).toEqual([409, 'maker_cannot_check']);
    // back to the built-in tier for the other tests
    await setPolicy({
      kind: 'deposit',
      currency: 'USD',
      enabled: true,
      one_checker_from: '0',
      two_checkers_from: '10000',
    });
  });

  it('a rejected change changes nothing', async () => {
    const asked = await as('admin', 'PUT', '/approval/admin/v1/policy', {
      kind: 'bonus',
      currency: '*',
      enabled: false,
      one_checker_from: '0',
    });
    expect(asked.statusCode).toBe(202);
    const id = asked.json().pending_approval.id;
    expect(await policyRow('bonus:*')).toMatchObject({
      pending_approval_id: id,
      enabled: true,
    });
    const no = await as('admin2', 'PUT', `/approval/admin/v1/decide/${id}`, { decision: 'rejected', remark: 'no' });
    expect([no.statusCode, no.json().status]).toEqual([200, 'rejected']);
    expect(await policyRow('bonus:*')).toMatchObject({ enabled: true, source: 'default', pending_approval_id: null });
  });

  it('the policy page refuses a control kind and a negative limit (400), nothing opened', async () => {
    for (const body of [
      { kind: 'approval_policy', currency: '*', enabled: false, one_checker_from: '0' },
      { kind: 'bonus', currency: '*', enabled: true, one_checker_from: '0', client_daily_limit: '-1' },
    ]) {
      const res = await as('admin', 'PUT', '/approval/admin/v1/policy', body);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('split credits: cumulative limits per client and per maker and day', () => {
  it('five compensations of 999.99 to one client: the first is credited, the rest wait for a checker', async () => {
    const [c, neighbour] = [await freshClient(), await freshClient()];
    const before = await account(neighbour.acc.USD);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await compensate('admin', c, '999.99'));
    expect(made.map((m) => m.status)).toEqual(['approved', 'pending', 'pending', 'pending', 'pending']);
    expect(made.slice(1).map((m) => m.approval?.required_checkers)).toEqual([1, 1, 1, 1]);
    expect(await account(c.acc.USD)).toEqual({ balance: '999.99', compensation: '999.99' });
    expect(await account(neighbour.acc.USD)).toEqual(before);
    // a checker approves one: it is credited (a checked credit does not count toward the unchecked limit)
    const ok = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${made[1].approval!.id}`, {
      decision: 'approved',
    });
    expect(ok.json().status).toBe('approved');
    expect(await account(c.acc.USD)).toEqual({ balance: '1999.98', compensation: '1999.98' });
    // reaching the limit exactly does not cross it: a new client, 600 + 400
    const d = await freshClient();
    expect((await compensate('admin', d, '600.00')).status).toBe('approved');
    expect((await compensate('admin', d, '400.00')).status).toBe('approved');
    expect((await compensate('admin', d, '0.01')).status).toBe('pending');
    expect(await account(d.acc.USD)).toEqual({ balance: '1000.00', compensation: '1000.00' });
  });

  it("the maker's limit counts his credits to every client of the day", async () => {
    await setPolicy({
      kind: 'compensation',
      currency: 'USD',
      enabled: true,
      one_checker_from: '1000',
      two_checkers_from: '10000',
      maker_daily_limit: '2000',
      client_daily_limit: '100000',
    });
    const clients = [await freshClient(), await freshClient(), await freshClient()];
    const made = [];
    for (const c of clients) made.push(await compensate('supervisor', c, '999.99'));
    expect(made.map((m) => m.status)).toEqual(['approved', 'approved', 'pending']);
    expect(await account(clients[2].acc.USD)).toEqual({ balance: '0.00', compensation: '0.00' });
    // another maker has his own count
    expect((await compensate('admin2', clients[2], '999.99')).status).toBe('approved');
    await setPolicy({
      kind: 'compensation',
      currency: 'USD',
      enabled: true,
      one_checker_from: '1000',
      two_checkers_from: '10000',
      maker_daily_limit: null,
      client_daily_limit: null,
    });
    expect(await policyRow('compensation:USD')).toMatchObject({
      maker_daily_limit: '5000.00',
      client_daily_limit: '1000.00',
    });
  });
});

describe('a record is checked under the policy in force when it was made', () => {
  it('a deposit made under a two-checker tier still needs two after the tier is lowered', async () => {
    const c = await freshClient();
    await setPolicy({
      kind: 'deposit',
      currency: 'USD',
      enabled: true,
      one_checker_from: '0',
      two_checkers_from: '100',
    });
    const d = await deposit('supervisor', c, '150.00');
    expect(d.approval).toMatchObject({ required_checkers: 2 });
    await setPolicy({
      kind: 'deposit',
      currency: 'USD',
      enabled: true,
      one_checker_from: '0',
      two_checkers_from: null,
    });
    const first = await as('admin2', 'PUT', `/approval/admin/v1/decide/${d.approval!.id}`, { decision: 'approved' });
    expect(first.json()).toMatchObject({ status: 'pending', approvals: 1, required_checkers: 2 });
    expect(await account(c.acc.USD)).toEqual({ balance: '0.00', compensation: '0.00' });
    const second = await as('admin', 'PUT', `/approval/admin/v1/decide/${d.approval!.id}`, { decision: 'approved' });
    expect(second.json()).toMatchObject({ status: 'approved', approvals: 2 });
    expect((await account(c.acc.USD)).balance).toBe('150.00');
  });

  it('a deposit made under no tier is not blocked when checks are turned on afterwards', async () => {
    const [c, neighbour] = [await freshClient(), await freshClient()];
    const before = await account(neighbour.acc.USD);
    await setPolicy({ kind: 'deposit', currency: 'USD', enabled: false, one_checker_from: '0' });
    const d = await deposit('supervisor', c, '150.00');
    expect(d.approval).toBeNull();
    await setPolicy({
      kind: 'deposit',
      currency: 'USD',
      enabled: true,
      one_checker_from: '0',
      two_checkers_from: '10000',
    });
    const self = await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    expect([self.statusCode, self.json().status]).toEqual([200, 'approved']);
    expect((await account(c.acc.USD)).balance).toBe('150.00');
    expect(await account(neighbour.acc.USD)).toEqual(before);
  });
});
