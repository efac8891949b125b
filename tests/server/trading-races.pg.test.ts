/**
 * Parallel actions on one trade order on PostgreSQL (real connections side by side): 20 approvals of one pending
 * order execute once (one buy txn, the frozen money spent once, one position), the others answer 409
 * invalid_transition; an approval racing a rejection resolves one way. Runs only with DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { fundedClient } from './trading-helpers';

if (!process.env.DATABASE_URL) {
  throw new Error(
    'trading-races.pg.test.ts needs PostgreSQL: set DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test)',
  );
}

let t: TestApp;
let token = '';
let clientId = 0;
let accountId = 0;
let productId = 0;

const put = (url: string, body?: unknown) => call(t.app, 'PUT', `/api${url}`, { token, body });

beforeAll(async () => {
  // 10:00 in Asia/Shanghai (the tenant's zone): inside the default stock sessions, whatever hour the suite runs at
  t = await makeTestApp({ captcha: false }, undefined, { clock: () => new Date('2026-11-26T02:00:00Z') });
  token = (await login(t.app, 'admin')).access_token;
  const c = await fundedClient(t.database.db, 'race_trader', '10000.00');
  clientId = c.id;
  accountId = c.usd;

  const p = await call(t.app, 'POST', '/api/trades/admin/v1/stock/product/create', {
    token,
    body: { code: 'RACE', name: 'Race', currency: 'USD', price: '10' },
  });
  productId = p.json().id;
});
afterAll(async () => {
  await t?.close();
});

async function pending(): Promise<number> {
  const res = await call(t.app, 'POST', '/api/trades/admin/v1/stock/order/create', {
    token,
    body: { client_id: clientId, product_id: productId, trade_type: 'review', quantity: 10 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

describe('parallel order actions', () => {
  it('20 approvals of one order: exactly one executes', async () => {
    const id = await pending();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => put(`/trades/admin/v1/stock/order/approve/${id}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'invalid_transition')).toBe(true);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const buys = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_txn WHERE ref_type = 'trade_order' AND ref_id = ${id} AND kind = 'buy'`,
    );
    expect((buys.rows[0] as { n: number }).n).toBe(1);
    const acc = await t.database.db.execute(
      sql`SELECT balance::text, frozen::text FROM account WHERE id = ${accountId}`,
    );
    expect(acc.rows[0]).toEqual({ balance: '9900.00', frozen: '0.00' });
    const h = await t.database.db.execute(sql`SELECT quantity::text FROM holding WHERE client_id = ${clientId}`);
    expect(h.rows).toEqual([{ quantity: '10.0000' }]);
  });

  it('approve and reject at once: one wins, the money agrees', async () => {
    const id = await pending();
    const [a, r] = await Promise.all([
      put(`/trades/admin/v1/stock/order/approve/${id}`),
      put(`/trades/admin/v1/stock/order/reject/${id}`),
    ]);
    expect([a.statusCode, r.statusCode].sort()).toEqual([200, 409]);
    const report = await checkLedger(t.database.db);
    expect(report.violations).toEqual([]);
  });
});
