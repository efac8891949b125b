/**
 * Trade results racing on PostgreSQL (real connections side by side; docs/trading.md "Trade results"): 20 parallel
 * approvals of one pending settlement (two checkers, ten requests each) execute it once: the account moves by the
 * settlement exactly once, the neighbour not at all, one sell txn on the order. Runs only with DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { fundedClient, openKinds } from './trading-helpers';

if (!process.env.DATABASE_URL) {
  throw new Error(
    'trade-results-races.pg.test.ts needs PostgreSQL: set DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test)',
  );
}

let t: TestApp;
const tokens: Record<string, string> = {};
const clients: Record<string, { id: number; usd: number }> = {};
const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t.app, method, `/api${url}`, { token: tokens[user], body });
async function accountOf(id: number) {
  const r = await t.database.db.execute(sql`SELECT balance::text, profit::text FROM account WHERE id = ${id}`);
  return r.rows[0] as { balance: string; profit: string };
}
const cents = (v: string) => BigInt(v.replace('.', ''));

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  await t.database.db.execute(sql`INSERT INTO staff_user (tenant_id, username, name, role, password_hash)
    SELECT tenant_id, 'results_checker2', 'Checker 2', role, password_hash FROM staff_user
    WHERE tenant_id = 'tr' AND username = 'supervisor'`);
  for (const u of ['admin', 'supervisor', 'results_checker2']) tokens[u] = (await login(t.app, u)).access_token;
  clients.a = await fundedClient(t.database.db, 'results_race_a', '100000.00');
  clients.b = await fundedClient(t.database.db, 'results_race_b', '100000.00');
  await openKinds(t.app, tokens.admin, ['fund'], '00:00-24:00');
});
afterAll(async () => {
  await t?.close();
});

describe('trade results: races', () => {
  it('20 parallel approvals of one pending settlement execute it once', async () => {
    const p = (
      await as('admin', 'POST', '/trades/admin/v1/fund/product/create', {
        code: 'RACE1',
        name: 'race fund',
        currency: 'USD',
        price: '1',
        period_days: 30,
      })
    ).json();
    const o = (
      await as('admin', 'POST', '/trades/admin/v1/fund/order/create', {
        client_id: clients.a.id,
        product_id: p.id,
        trade_type: 'holding',
        amount: '60000',
      })
    ).json();
    // +12,000.00 on 60,000.00 (20 %): two checkers (from 10,000)
    const held = await as('supervisor', 'PUT', `/trades/admin/v1/fund/order/settle/${o.id}`, { profit: '12000' });
    expect(held.statusCode, held.body).toBe(200);
    const approvalId = held.json().approval_id as number;
    expect(approvalId).toEqual(expect.any(Number));
    const before = [await accountOf(clients.a.usd), await accountOf(clients.b.usd)];

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        as(i % 2 ? 'admin' : 'results_checker2', 'PUT', `/approval/admin/v1/decide/${approvalId}`, {
          decision: 'approved',
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);

    // proceeds 72,000.00, sell fee 0.2 % = 144.00: the balance takes 71,856.00, once
    const after = await accountOf(clients.a.usd);
    expect(cents(after.balance) - cents(before[0].balance)).toBe(7_185_600n);
    expect(await accountOf(clients.b.usd)).toEqual(before[1]);
    const txns = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_txn WHERE ref_type = 'trade_order' AND ref_id = ${o.id} AND kind = 'sell'`,
    );
    expect(Number((txns.rows[0] as { n: number }).n)).toBe(1);
    const a = (await as('admin', 'GET', `/approval/admin/v1/detail/${approvalId}`)).json();
    expect(a).toMatchObject({ status: 'approved', approvals: 2, record: { status: 'completed' } });
  });
});
