/**
 * Compensation (bonus points) and bonus (reward) over HTTP: the credit lands on the chosen account of the client in
 * the path (issue 7: the path id was read as an account id), the records are listed (sub_type credit), read (detail,
 * with names) and rolled back like a deposit; the record views keep every field through the response schemas.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFunds } from '../../server/db/seed-funds';
import { checkLedger } from '../../server/ledger';
import { NotFoundError } from '../../server/core/errors';
import { withRetry } from '../../server/core/retry';
import { byStaff } from '../../server/modules/records/common';
import { depositDetail } from '../../server/modules/deposit/lists';
import { overdrawnDetail } from '../../server/modules/overdrawn/lists';
import { creditOverdrawn } from '../../server/modules/overdrawn/service';
import { requestWithdrawal } from '../../server/modules/withdraw/service';
import { bySystem } from '../../server/modules/records/common';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { makerCheckerOff } from './approval-helpers';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const staff: Record<string, { id: number; name: string }> = {};

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  await seedFunds(t.database.db, 'tr', { clients: 12 });
  // Rollback semantics (at once); rollback approvals are tested in approval.test.ts.
  await makerCheckerOff(t.database.db, 'tr');
  for (const u of ['admin', 'leader', 'sales', 'sales2']) tokens[u] = (await login(app, u)).access_token;
  const rows = await t.database.db.execute(sql`SELECT id, username, name FROM staff_user WHERE tenant_id = 'tr'`);
  for (const r of rows.rows as { id: number; username: string; name: string }[])
    staff[r.username] = { id: Number(r.id), name: r.name };
});
afterAll(async () => {
  await t?.close();
});

const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, key?: string) =>
  call(app, method, url, { token: tokens[user], body, headers: key ? { 'idempotency-key': key } : undefined });

type Figures = { balance: string; compensation: string; bonus: string };
/** The figures of accounts `ids`, by id. */
async function figures(...ids: number[]): Promise<Record<number, Figures>> {
  const r = await t.database.db.execute(
    sql`SELECT id, balance::text, compensation::text, bonus::text FROM account WHERE id IN ${sql.raw(`(${ids.join(',')})`)}`,
  );
  return Object.fromEntries((r.rows as (Figures & { id: number })[]).map((x) => [Number(x.id), x]));
}
const count = async (q: ReturnType<typeof sql>) =>
  Number(((await t.database.db.execute(q)).rows[0] as { n: number }).n);
const plus = (a: string, b: string) => (Math.round(Number(a) * 100) + Math.round(Number(b) * 100)) / 100;

/**
 * Client A of salesman `sales` with two accounts whose client id is also the id of ANOTHER client's account (the
 * original bug credited that account).
 */
async function clientA() {
  const r = await t.database.db.execute(sql`
    SELECT c.id, x.client_id AS other_client FROM client c JOIN account x ON x.id = c.id AND x.client_id <> c.id
    WHERE c.tenant_id = 'tr' AND c.agent_id = ${staff.sales.id}
      AND (SELECT count(*) FROM account a WHERE a.client_id = c.id) > 1 ORDER BY c.id LIMIT 1`);
  const row = r.rows[0] as { id: number; other_client: number };
  const accs = (
    await t.database.db.execute(sql`SELECT id, currency FROM account WHERE client_id = ${row.id} ORDER BY id`)
  ).rows.map((a) => ({
    id: Number((a as { id: unknown }).id),
    currency: String((a as { currency: unknown }).currency),
  }));
  return {
    id: Number(row.id),
    otherClient: Number(row.other_client),
    a1: accs[0],
    a2: accs[1],
    sameIdAccount: Number(row.id),
  };
}

describe('compensation and bonus credit', () => {
  it("credits the chosen account of the client in the path; the client's other account and the account with the client's id do not move", async () => {
    const A = await clientA();
    const before = await figures(A.a1.id, A.a2.id, A.sameIdAccount);
    const res = await as('admin', 'POST', `/api/overdrawn/admin/v1/compensation/${A.id}`, {
      account_id: A.a2.id,
      amount: '12.34',
      remark: 'goodwill',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      client_id: A.id,
      account_id: A.a2.id,
      sub_type: 'compensation',
      status: 'approved',
      currency: A.a2.currency,
      amount: '12.34',
      rate: '1',
      credit_currency: A.a2.currency,
      credit_amount: '12.34',
      agent_id: staff.sales.id,
      agent_name: staff.sales.name,
      created_by_name: staff.admin.name,
      resolved_by_name: staff.admin.name,
      rolled_back_by_name: null,
    });
    expect(typeof res.json().username).toBe('string');
    const after = await figures(A.a1.id, A.a2.id, A.sameIdAccount);
    expect(Number(after[A.a2.id].balance)).toBe(plus(before[A.a2.id].balance, '12.34'));
    expect(Number(after[A.a2.id].compensation)).toBe(plus(before[A.a2.id].compensation, '12.34'));
    expect(after[A.a1.id]).toEqual(before[A.a1.id]);
    expect(after[A.sameIdAccount]).toEqual(before[A.sameIdAccount]);

    const bonus = await as('admin', 'POST', `/api/overdrawn/admin/v1/bonus/${A.id}`, {
      account_id: A.a1.id,
      amount: 5,
    });
    expect(bonus.json()).toMatchObject({ client_id: A.id, account_id: A.a1.id, sub_type: 'bonus', amount: '5.00' });
    const after2 = await figures(A.a1.id, A.a2.id, A.sameIdAccount);
    expect(Number(after2[A.a1.id].bonus)).toBe(plus(before[A.a1.id].bonus, '5'));
    expect(Number(after2[A.a1.id].balance)).toBe(plus(before[A.a1.id].balance, '5'));
    expect(after2[A.a2.id]).toEqual(after[A.a2.id]);
    expect(after2[A.sameIdAccount]).toEqual(before[A.sameIdAccount]);
  });

  it('an account of another client is 404 and nothing moves; account_id is required', async () => {
    const A = await clientA();
    const before = await figures(A.a1.id, A.a2.id, A.sameIdAccount);
    const records = await count(sql`SELECT count(*) AS n FROM overdrawn_record`);
    for (const sub of ['compensation', 'bonus']) {
      const res = await as('admin', 'POST', `/api/overdrawn/admin/v1/${sub}/${A.id}`, {
        account_id: A.sameIdAccount,
        amount: '7.00',
      });
      expect([res.statusCode, res.json().code]).toEqual([404, 'not_found']);
      const missing = await as('admin', 'POST', `/api/overdrawn/admin/v1/${sub}/${A.id}`, { amount: '7.00' });
      expect([missing.statusCode, missing.json().code]).toEqual([400, 'validation']);
      expect(missing.json().errors.account_id).toBeDefined();
    }
    expect(await figures(A.a1.id, A.a2.id, A.sameIdAccount)).toEqual(before);
    expect(await count(sql`SELECT count(*) AS n FROM overdrawn_record`)).toBe(records);
  });

  it('out of scope: a salesman may not credit (403), another agent scope is 404 in the service, nothing moves', async () => {
    const A = await clientA();
    const before = await figures(A.a1.id, A.a2.id);
    const res = await as('sales', 'POST', `/api/overdrawn/admin/v1/bonus/${A.id}`, {
      account_id: A.a1.id,
      amount: '1',
    });
    expect(res.statusCode).toBe(403);
    // sales2 is not A's agent: the client is not found for him.
    const sales2 = byStaff({ id: staff.sales2.id, tenantId: 'tr', role: 'hero' });
    await expect(
      withRetry(t.database.db, (tx) =>
        creditOverdrawn(tx, sales2, 'compensation', A.id, { account_id: A.a1.id, amount: '1' }),
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await figures(A.a1.id, A.a2.id)).toEqual(before);
  });
});

describe('compensation and bonus records', () => {
  it('lists sub_type credit (compensation and bonus only) and exports it', async () => {
    const list = await as('admin', 'GET', '/api/overdrawn/admin/v1/record/list?sub_type=credit&page_size=100');
    expect(list.statusCode).toBe(200);
    const kinds = new Set(list.json().data.map((r: { sub_type: string }) => r.sub_type));
    expect([...kinds].sort()).toEqual(['bonus', 'compensation']);
    expect(list.json().total).toBe(
      await count(sql`SELECT count(*) AS n FROM overdrawn_record WHERE sub_type IN ('compensation', 'bonus')`),
    );
    const statuses = new Set(list.json().data.map((r: { status: string }) => r.status));
    expect(statuses.has('rolled_back')).toBe(true); // the seed rolls some back
    const csv = await as('admin', 'GET', '/api/overdrawn/admin/v1/record/list/export?sub_type=credit');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines.length - 1).toBe(list.json().total);
    // the kind column, labelled (zh-CN by default)
    expect(lines.slice(1).every((l) => /,(赠分|奖励),/.test(l))).toBe(true);
    // A salesman lists only his clients' credits; a leader cannot export without compensation:export.
    const mine = (await as('sales', 'GET', '/api/overdrawn/admin/v1/record/list?sub_type=credit&page_size=100')).json();
    expect(mine.data.every((r: { agent_id: number }) => r.agent_id === staff.sales.id)).toBe(true);
  });

  it('rolls back a compensation once with compensating entries, Idempotency-Key and an audit row', async () => {
    const A = await clientA();
    const made = (
      await as('admin', 'POST', `/api/overdrawn/admin/v1/compensation/${A.id}`, { account_id: A.a1.id, amount: '3.21' })
    ).json();
    const before = await figures(A.a1.id, A.a2.id);
    expect((await as('leader', 'PUT', `/api/overdrawn/admin/v1/rollback/${made.id}`)).statusCode).toBe(403);
    const res = await as(
      'admin',
      'PUT',
      `/api/overdrawn/admin/v1/rollback/${made.id}`,
      { remark: 'wrong client' },
      'rb-1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: made.id,
      status: 'rolled_back',
      remark: 'wrong client',
      rolled_back_by: staff.admin.id,
      rolled_back_by_name: staff.admin.name,
    });
    expect(res.json().reversal_txn_id).toEqual(expect.any(Number));
    expect(res.json().rolled_back_at).toEqual(expect.any(String));
    const after = await figures(A.a1.id, A.a2.id);
    expect(Number(after[A.a1.id].balance)).toBe(plus(before[A.a1.id].balance, '-3.21'));
    expect(Number(after[A.a1.id].compensation)).toBe(plus(before[A.a1.id].compensation, '-3.21'));
    expect(after[A.a2.id]).toEqual(before[A.a2.id]);
    // The same key answers the first result; a second rollback is 409 invalid_state; nothing moves again.
    const replay = await as(
      'admin',
      'PUT',
      `/api/overdrawn/admin/v1/rollback/${made.id}`,
      { remark: 'wrong client' },
      'rb-1',
    );
    expect(replay.json()).toEqual(res.json());
    const again = await as('admin', 'PUT', `/api/overdrawn/admin/v1/rollback/${made.id}`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invalid_state']);
    expect(await figures(A.a1.id, A.a2.id)).toEqual(after);
    const audit = await t.database.db.execute(
      sql`SELECT result FROM audit_log WHERE action = 'overdrawn.rollback' AND target_id = ${String(made.id)} ORDER BY id`,
    );
    expect((audit.rows as { result: string }[]).map((r) => r.result)).toEqual(['success', 'success', 'failure']);
    // The detail shows it; a loan cannot be rolled back here (404).
    const detail = await as('admin', 'GET', `/api/overdrawn/admin/v1/detail/${made.id}`);
    expect(detail.json()).toMatchObject({ status: 'rolled_back', rolled_back_by_name: staff.admin.name });
    const loan = (await as('admin', 'GET', '/api/overdrawn/admin/v1/record/list?sub_type=loan&status=approved')).json()
      .data[0];
    const loanRb = await as('admin', 'PUT', `/api/overdrawn/admin/v1/rollback/${loan.id}`);
    expect([loanRb.statusCode, loanRb.json().code]).toEqual([404, 'not_found']);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('a rollback is 409 insufficient_funds when the money has left the balance, and nothing changes', async () => {
    const A = await clientA();
    // More than the bonus: after withdrawing everything withdrawable (balance − bonus) the balance is the bonus.
    const amount = plus(Object.values(await figures(A.a2.id))[0].bonus, '40').toFixed(2);
    const made = (
      await as('admin', 'POST', `/api/overdrawn/admin/v1/compensation/${A.id}`, { account_id: A.a2.id, amount })
    ).json();
    const [acc] = Object.values(await figures(A.a2.id));
    const withdrawable = plus(acc.balance, `-${acc.bonus}`).toFixed(2);
    await withRetry(t.database.db, (tx) =>
      requestWithdrawal(tx, bySystem('tr'), A.id, { account_id: A.a2.id, amount: withdrawable }),
    );
    const before = await figures(A.a1.id, A.a2.id);
    const res = await as('admin', 'PUT', `/api/overdrawn/admin/v1/rollback/${made.id}`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'insufficient_funds']);
    expect(await figures(A.a1.id, A.a2.id)).toEqual(before);
    expect((await as('admin', 'GET', `/api/overdrawn/admin/v1/detail/${made.id}`)).json().status).toBe('approved');
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('two rollbacks at once: one succeeds, the other is 409 invalid_state, the money returns once', async () => {
    const A = await clientA();
    const made = (
      await as('admin', 'POST', `/api/overdrawn/admin/v1/bonus/${A.id}`, { account_id: A.a1.id, amount: '2.50' })
    ).json();
    const before = await figures(A.a1.id);
    const results = await Promise.all(
      [1, 2].map(() => as('admin', 'PUT', `/api/overdrawn/admin/v1/rollback/${made.id}`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await figures(A.a1.id);
    expect(Number(after[A.a1.id].bonus)).toBe(plus(before[A.a1.id].bonus, '-2.50'));
    expect(Number(after[A.a1.id].balance)).toBe(plus(before[A.a1.id].balance, '-2.50'));
  });

  it('detail: 404 outside the scope; compensation:read reads a credit', async () => {
    const A = await clientA();
    const made = (
      await as('admin', 'POST', `/api/overdrawn/admin/v1/bonus/${A.id}`, { account_id: A.a1.id, amount: '1.00' })
    ).json();
    expect((await as('sales', 'GET', `/api/overdrawn/admin/v1/detail/${made.id}`)).statusCode).toBe(200);
    expect((await as('sales2', 'GET', `/api/overdrawn/admin/v1/detail/${made.id}`)).statusCode).toBe(404);
  });
});

describe('record views through the response schemas', () => {
  it('a list row and a detail keep every field the service answers (nothing dropped by serialization)', async () => {
    const admin = byStaff({ id: staff.admin.id, tenantId: 'tr', role: 'god' });
    const deposits = (await as('admin', 'GET', '/api/deposit/admin/v1/list?page_size=5')).json().data;
    const d = deposits[0];
    const full = await withRetry(t.database.db, (tx) => depositDetail(tx, admin, d.id));
    const detail = (await as('admin', 'GET', `/api/deposit/admin/v1/detail/${d.id}`)).json();
    expect(detail).toEqual(JSON.parse(JSON.stringify(full)));
    expect(Object.keys(detail)).toEqual(
      expect.arrayContaining(['rate', 'credit_currency', 'credit_amount', 'username']),
    );
    // The list row is the detail without the staff names.
    const { created_by_name: _c, resolved_by_name: _r, rolled_back_by_name: _b, ...row } = detail;
    expect(d).toEqual(row);

    const w = (await as('admin', 'GET', '/api/withdraw/admin/v1/list?page_size=1')).json().data[0];
    expect(w).toMatchObject({ rate: '1', credit_currency: w.currency, credit_amount: w.amount });
    expect(typeof w.username).toBe('string');
    const wd = (await as('admin', 'GET', `/api/withdraw/admin/v1/detail/${w.id}`)).json();
    expect(Object.keys(wd)).toEqual(expect.arrayContaining([...Object.keys(w), 'created_by_name', 'resolved_by_name']));

    const o = (await as('admin', 'GET', '/api/overdrawn/admin/v1/record/list?sub_type=loan&page_size=1')).json()
      .data[0];
    const od = await withRetry(t.database.db, (tx) => overdrawnDetail(tx, admin, o.id));
    expect((await as('admin', 'GET', `/api/overdrawn/admin/v1/detail/${o.id}`)).json()).toEqual(
      JSON.parse(JSON.stringify(od)),
    );
  });
});

describe('OpenAPI', () => {
  it('every money route declares its 200 response (records with rate, credit and names)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const money = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)
      .filter(([path]) => /^\/api\/(deposit|withdraw|overdrawn|currency|acc\/admin\/v1\/exchange)\//.test(path))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(money.length).toBeGreaterThan(15);
    expect(money.filter((m) => !m.op.responses?.['200']).map((m) => `${m.method} ${m.path}`)).toEqual([]);
    const detail = doc.paths['/api/overdrawn/admin/v1/detail/{id}'].get.responses['200'];
    const props = JSON.stringify(detail);
    for (const f of ['credit_amount', 'rate', 'username', 'agent_name', 'rolled_back_by_name'])
      expect(props).toContain(`"${f}"`);
  });
});
