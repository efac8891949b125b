/**
 * The money routes (deposit, withdraw, overdrawn, rates/exchange, accounts) through fastify.inject: permissions per
 * role, data scope (404, never a leak), status transitions and refusals, Idempotency-Key, audit rows.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFunds } from '../../server/db/seed-funds';
import { checkLedger } from '../../server/ledger';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const staffId: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  await seedFunds(t.database.db, 'tr', { clients: 16 });
  for (const u of ['admin', 'supervisor', 'leader', 'leader2', 'sales', 'sales2', 'sales3']) {
    tokens[u] = (await login(app, u)).access_token;
  }
  const rows = await t.database.db.execute(sql`SELECT id, username FROM staff_user WHERE tenant_id = 'tr'`);
  for (const r of rows.rows as { id: number; username: string }[]) staffId[r.username] = Number(r.id);
});
afterAll(async () => {
  await t?.close();
});

const as = (
  user: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => call(app, method, url, { token: tokens[user], body, headers });

/** A client of `agent` with its accounts (from the seeded data). */
async function clientOf(agent: string) {
  const r = await t.database.db.execute(sql`
    SELECT c.id FROM client c WHERE c.tenant_id = 'tr' AND c.agent_id = ${staffId[agent]}
      AND (SELECT count(*) FROM account a WHERE a.client_id = c.id) > 1 ORDER BY c.id LIMIT 1`);
  const id = Number((r.rows[0] as { id: number }).id);
  const accs = (await as('admin', 'GET', `/api/acc/admin/v1/list/${id}`)).json().data as {
    id: number;
    currency: string;
    balance: string;
  }[];
  return { id, accs };
}

describe('deposit routes', () => {
  it('an administrator credits a deposit with a proof image, a supervisor approves it, and the account shows the new balance', async () => {
    const c = await clientOf('sales');
    const usd = c.accs.find((a) => a.currency === 'USD')!;
    const key = { 'idempotency-key': 'spec-1' };
    const body = {
      account_id: usd.id,
      amount: '250.75',
      currency: 'USD',
      screenshot: '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png',
      sub_type: 'bank',
    };
    const created = await as('admin', 'POST', `/api/deposit/admin/v2/specialized/${c.id}`, body, key);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      status: 'pending',
      amount: '250.75',
      screenshot: '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png',
      source: 'staff',
    });
    // Double click: same key, same body -> the same record; different body -> 422.
    expect((await as('admin', 'POST', `/api/deposit/admin/v2/specialized/${c.id}`, body, key)).json()).toEqual(
      created.json(),
    );
    const other = await as('admin', 'POST', `/api/deposit/admin/v2/specialized/${c.id}`, { ...body, amount: '1' }, key);
    expect([other.statusCode, other.json().code]).toEqual([422, 'idempotency_mismatch']);

    const id = created.json().id;
    // Maker-checker: the administrator made it, so he cannot approve it; the supervisor can.
    const own = await as('admin', 'PUT', `/api/deposit/admin/v1/audit/${id}`, { status: 'approved' });
    expect([own.statusCode, own.json().code]).toEqual([409, 'maker_cannot_check']);
    const approved = await as(
      'supervisor',
      'PUT',
      `/api/deposit/admin/v1/audit/${id}`,
      { status: 'approved' },
      { 'idempotency-key': 'spec-2' },
    );
    expect([approved.statusCode, approved.json().status]).toEqual([200, 'approved']);
    const accs = (await as('admin', 'GET', `/api/acc/admin/v1/list/${c.id}`)).json().data as {
      id: number;
      balance: string;
    }[];
    const expected = (BigInt(usd.balance.replace('.', '')) + 25075n).toString();
    expect(accs.find((a) => a.id === usd.id)!.balance.replace('.', '')).toBe(expected);

    const again = await as('admin', 'PUT', `/api/deposit/admin/v1/audit/${id}`, { status: 'approved' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'invalid_state']);
    // The rollback asked by the supervisor waits for a checker (the record is frozen meanwhile); the administrator checks it.
    const rb = await as('supervisor', 'PUT', `/api/deposit/admin/v1/rollback/${id}`);
    expect([rb.statusCode, rb.json().status, rb.json().approval?.kind]).toEqual([200, 'approved', 'rollback']);
    const frozen = await as('supervisor', 'PUT', `/api/deposit/admin/v1/rollback/${id}`);
    expect([frozen.statusCode, frozen.json().code]).toEqual([409, 'approval_pending']);
    const decided = await as('admin', 'PUT', `/api/approval/admin/v1/decide/${rb.json().approval.id}`, {
      decision: 'approved',
    });
    expect([decided.statusCode, decided.json().record.status]).toEqual([200, 'rolled_back']);

    const audit = await t.database.db.execute(
      sql`SELECT action, result, before, after FROM audit_log WHERE action LIKE 'deposit.%' AND target_id = ${String(id)} ORDER BY id`,
    );
    const rows = audit.rows as {
      action: string;
      result: string;
      before: { status: string } | null;
      after: { status: string } | null;
    }[];
    expect(rows.map((r) => `${r.action}:${r.result}`)).toEqual([
      'deposit.approve:failure',
      'deposit.approve:success',
      'deposit.approve:failure',
      'deposit.rollback:success',
      'deposit.rollback:failure',
    ]);
    expect([rows[1].before?.status, rows[1].after?.status]).toEqual(['pending', 'approved']);
  });

  it('permissions: salesmen and leaders may read but not approve; leaders and salesmen cannot credit', async () => {
    const c = await clientOf('sales');
    const usd = c.accs.find((a) => a.currency === 'USD')!;
    for (const u of ['sales', 'leader']) {
      expect((await as(u, 'PUT', '/api/deposit/admin/v1/audit/1', { status: 'approved' })).statusCode).toBe(403);
      expect((await as(u, 'PUT', '/api/deposit/admin/v1/rollback/1')).statusCode).toBe(403);
      expect((await as(u, 'POST', `/api/withdraw/admin/v1/audit/1`, { status: 'approved' })).statusCode).toBe(403);
      expect((await as(u, 'PUT', `/api/overdrawn/admin/v1/audit/1`, { status: 'approved' })).statusCode).toBe(403);
      expect((await as(u, 'POST', `/api/overdrawn/admin/v1/loan/pay_fine/1`, { amount: '1' })).statusCode).toBe(403);
      expect(
        (await as(u, 'POST', `/api/deposit/admin/v2/specialized/${c.id}`, { account_id: usd.id, amount: '1' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await as(u, 'POST', `/api/overdrawn/admin/v1/bonus/${c.id}`, { account_id: usd.id, amount: '1' })).statusCode,
      ).toBe(403);
      expect(
        (
          await as(u, 'POST', `/api/acc/admin/v1/exchange/${c.id}`, {
            from_account: usd.id,
            to_account: c.accs[1].id,
            amount: '1',
          })
        ).statusCode,
      ).toBe(403);
      expect((await as(u, 'GET', '/api/deposit/admin/v1/list')).statusCode).toBe(200);
    }
    // The supervisor's grant is on the funds group: it covers every funds record.
    expect((await as('supervisor', 'GET', '/api/overdrawn/admin/v1/record/list?sub_type=loan')).statusCode).toBe(200);
    const denied = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'access.denied' AND result = 'denied'`,
    );
    expect(Number((denied.rows[0] as { n: number }).n)).toBeGreaterThan(10);
  });

  it("scope: a salesman lists only his clients' records and gets 404 for another salesman's", async () => {
    const all = (await as('admin', 'GET', '/api/deposit/admin/v1/list?page_size=200')).json();
    const mine = (await as('sales', 'GET', '/api/deposit/admin/v1/list?page_size=200')).json();
    const team = (await as('leader', 'GET', '/api/deposit/admin/v1/list?page_size=200')).json();
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(team.total);
    expect(team.total).toBeLessThan(all.total);
    expect(new Set(mine.data.map((r: { agent_id: number }) => r.agent_id))).toEqual(new Set([staffId.sales]));
    const teamAgents = new Set([staffId.leader, staffId.sales, staffId.sales2]);
    for (const r of team.data as { agent_id: number }[]) expect(teamAgents.has(r.agent_id)).toBe(true);

    const foreign = (all.data as { id: number; agent_id: number; client_id: number }[]).find(
      (r) => r.agent_id === staffId.sales3,
    )!;
    for (const u of ['sales', 'sales2', 'leader']) {
      expect((await as(u, 'GET', `/api/deposit/admin/v1/detail/${foreign.id}`)).statusCode).toBe(404);
      expect((await as(u, 'GET', `/api/acc/admin/v1/list/${foreign.client_id}`)).statusCode).toBe(404);
    }
    expect((await as('leader2', 'GET', `/api/deposit/admin/v1/detail/${foreign.id}`)).statusCode).toBe(200);
    // Filters and paging.
    const robots = (
      await as('admin', 'GET', '/api/deposit/admin/v1/list?fake=true&status=approved&page_size=5')
    ).json();
    expect(robots.data.length).toBeLessThanOrEqual(5);
    for (const r of robots.data) expect([r.fake, r.status]).toEqual([true, 'approved']);
    const page2 = (await as('admin', 'GET', '/api/deposit/admin/v1/list?page=2&page_size=3&sort=id&order=asc')).json();
    expect(page2.data.map((r: { id: number }) => r.id)).toEqual(
      [...all.data]
        .map((r: { id: number }) => r.id)
        .sort((a, b) => a - b)
        .slice(3, 6),
    );
    expect((await as('admin', 'GET', '/api/deposit/admin/v1/list?page_size=201')).statusCode).toBe(400);
  });
});

describe('withdraw, overdrawn, rates and exchange routes', () => {
  it('withdrawal audit and rollback, each once', async () => {
    const list = (await as('admin', 'GET', '/api/withdraw/admin/v1/list?status=pending')).json();
    const w = list.data[0];
    const ok = await as('admin', 'POST', `/api/withdraw/admin/v1/audit/${w.id}`, { status: 'approved' });
    expect([ok.statusCode, ok.json().status]).toEqual([200, 'approved']);
    expect((await as('admin', 'POST', `/api/withdraw/admin/v1/audit/${w.id}`, { status: 'rejected' })).statusCode).toBe(
      409,
    );
    const asked = (await as('admin', 'PUT', `/api/withdraw/admin/v1/rollback/${w.id}`, { remark: 'bounced' })).json();
    expect([asked.status, asked.approval?.kind]).toEqual(['approved', 'rollback']);
    const own = await as('admin', 'PUT', `/api/approval/admin/v1/decide/${asked.approval.id}`, {
      decision: 'approved',
    });
    expect(own.json().code).toBe('maker_cannot_check');
    const done = await as('supervisor', 'PUT', `/api/approval/admin/v1/decide/${asked.approval.id}`, {
      decision: 'approved',
    });
    expect([done.json().status, done.json().record.status, done.json().record.remark]).toEqual([
      'approved',
      'rolled_back',
      'bounced',
    ]);
    expect((await as('admin', 'POST', `/api/withdraw/admin/v1/audit/${w.id}`, { status: 'bogus' })).statusCode).toBe(
      400,
    );
  });

  it('compensation and bonus credit at once; loans audit once and are repaid', async () => {
    const c = await clientOf('sales2');
    const acc = c.accs[0];
    const comp = await as('admin', 'POST', `/api/overdrawn/admin/v1/compensation/${c.id}`, {
      account_id: acc.id,
      amount: 12.5,
    });
    expect(comp.json()).toMatchObject({ sub_type: 'compensation', status: 'approved', amount: '12.50' });
    const bonus = await as('supervisor', 'POST', `/api/overdrawn/admin/v1/bonus/${c.id}`, {
      account_id: acc.id,
      amount: '0.01',
    });
    expect(bonus.json()).toMatchObject({ sub_type: 'bonus', status: 'approved' });
    expect(
      (await as('admin', 'POST', `/api/overdrawn/admin/v1/bonus/${c.id}`, { account_id: acc.id, amount: '-1' }))
        .statusCode,
    ).toBe(400);
    const comps = (await as('leader', 'GET', '/api/overdrawn/admin/v1/record/list?sub_type=compensation')).json();
    expect(comps.data.some((r: { id: number }) => r.id === comp.json().id)).toBe(true);

    const loans = (await as('admin', 'GET', '/api/overdrawn/admin/v1/record/list?sub_type=loan&status=pending')).json();
    const loan = loans.data[0];
    expect(
      (await as('admin', 'PUT', `/api/overdrawn/admin/v1/audit/${loan.id}`, { status: 'approved' })).json().status,
    ).toBe('approved');
    expect(
      (await as('admin', 'PUT', `/api/overdrawn/admin/v1/audit/${loan.id}`, { status: 'approved' })).statusCode,
    ).toBe(409);
    const repaid = await as('admin', 'POST', `/api/overdrawn/admin/v1/loan/pay_fine/${loan.id}`, {
      amount: loan.amount,
    });
    expect([repaid.statusCode, repaid.json().status]).toEqual([200, 'repaid']);
  });

  it('rates are numbers; an exchange between two accounts in different currencies', async () => {
    const rate = await as('sales', 'GET', '/api/currency/admin/v1/rate?primary=USD&secondary=CNY');
    expect([rate.statusCode, rate.json()]).toEqual([200, 7.1]);
    expect((await as('sales', 'GET', '/api/currency/admin/v1/rate?primary=USD&secondary=USD')).json()).toBe(1);
    expect((await as('sales', 'GET', '/api/currency/admin/v1/rate?primary=USD&secondary=XXX')).statusCode).toBe(404);

    const c = await clientOf('sales3');
    const [from, to] = c.accs;
    const r = await as('admin', 'GET', `/api/currency/admin/v1/rate?primary=${from.currency}&secondary=${to.currency}`);
    const ex = await as(
      'admin',
      'POST',
      `/api/acc/admin/v1/exchange/${c.id}`,
      { from_account: from.id, to_account: to.id, amount: 10, rate: r.json() },
      { 'idempotency-key': 'ex-1' },
    );
    expect(ex.statusCode).toBe(200);
    expect(ex.json()).toMatchObject({ from_account: from.id, to_account: to.id, amount: '10.00' });
    const stale = await as('admin', 'POST', `/api/acc/admin/v1/exchange/${c.id}`, {
      from_account: from.id,
      to_account: to.id,
      amount: 10,
      rate: 123,
    });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'rate_changed']);
    const accs = (await as('sales3', 'GET', `/api/acc/admin/v1/list/${c.id}`)).json().data as {
      id: number;
      balance: string;
    }[];
    expect(accs.find((a) => a.id === from.id)!.balance).not.toBe(from.balance);
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });
});
