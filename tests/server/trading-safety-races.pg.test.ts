/**
 * Trading races on PostgreSQL (real connections side by side; docs/trading.md "Trading safety"): an IPO payment sent
 * beside go public ends paid and listed with the rest, whichever runs first (many tries, both orders of sending);
 * 50 parallel buys against a daily limit never place more than the limit. Runs only with DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { fundedClient, openKinds } from './trading-helpers';

if (!process.env.DATABASE_URL) {
  throw new Error(
    'trading-safety-races.pg.test.ts needs PostgreSQL: set DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test)',
  );
}

let t: TestApp;
let token = '';
const clients: Record<'a' | 'b', { id: number; usd: number }> = { a: { id: 0, usd: 0 }, b: { id: 0, usd: 0 } };

const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t.app, method, `/api${url}`, { token, body });

async function accountOf(id: number) {
  const r = await t.database.db.execute(sql`SELECT balance::text, frozen::text FROM account WHERE id = ${id}`);
  return r.rows[0] as { balance: string; frozen: string };
}

beforeAll(async () => {
  // 10:00 in Asia/Shanghai, the tenant's zone
  t = await makeTestApp({ captcha: false }, undefined, { clock: () => new Date('2026-11-26T02:00:00Z') });
  token = (await login(t.app, 'admin')).access_token;
  for (const name of ['a', 'b'] as const)
    clients[name] = await fundedClient(t.database.db, `srace_${name}`, '100000.00');
  await openKinds(t.app, token, ['stock', 'ipo'], '00:00-24:00');
  // IPO financing: leverage 2 (trade_config and the client's settings), so an allotment leaves half owed
  const ipo = await as('PUT', '/trade_config/admin/v1/product/ipo', {
    enabled: true,
    sessions: '00:00-24:00',
    buy_fee: '0',
    sell_fee: '0',
    min_amount: '1.00',
    max_amount: '500000.00',
    leverage: 2,
  });
  expect(ipo.statusCode, ipo.body).toBe(200);
  const s = await as('POST', `/client/admin/v1/trade/${clients.a.id}`, { max_leverage: 2 });
  expect(s.statusCode, s.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;

/** An IPO allotted in full to client a with half owed: its subscription waits for payment, the IPO waits to list. */
async function owingIpo(): Promise<{ product: number; order: number }> {
  const p = await as('POST', '/trades/admin/v1/ipo/product/create', {
    code: `PR${++seq}`,
    name: 'race',
    currency: 'USD',
    price: '10.05',
    lot_size: 10,
    offered: 10,
    subscribe_end: '2030-01-01',
  });
  expect(p.statusCode, p.body).toBe(200);
  const product = p.json().id as number;
  const sub = await as('POST', '/trades/admin/v1/ipo/order/create', {
    client_id: clients.a.id,
    product_id: product,
    trade_type: 'review',
    quantity: 10,
  });
  expect(sub.statusCode, sub.body).toBe(200);
  expect((await as('PUT', `/trades/admin/v1/ipo/product/lock/${product}`)).statusCode).toBe(200);
  const alloc = await as('POST', `/trades/admin/v1/ipo/product/allocate/${product}`, { method: 'ratio' });
  expect(alloc.json().allocations[0]).toMatchObject({ status: 'waiting_payment', owed: '50.25' });
  return { product, order: sub.json().id };
}

describe('IPO payment against go public', () => {
  it.each([
    ['payment sent first', true],
    ['go public sent first', false],
  ])(
    '%s: the order ends paid, listed and held, whichever wins (12 tries)',
    async (_, payFirst) => {
      for (let i = 0; i < 12; i++) {
        const { product, order } = await owingIpo();
        const before = await accountOf(clients.a.usd);
        const neighbour = await accountOf(clients.b.usd);
        const pay = () => as('PUT', `/trades/admin/v1/ipo/order/pay/${order}`);
        const list = () => as('PUT', `/trades/admin/v1/ipo/product/go_public/${product}`);
        const [a, b] = payFirst ? await Promise.all([pay(), list()]) : await Promise.all([list(), pay()]);
        expect([a.statusCode, b.statusCode], `try ${i}`).toEqual([200, 200]);

        const o = await as('GET', `/trx/admin/v1/ipo/${order}`);
        expect([o.json().status, o.json().owed], `try ${i}`).toEqual(['holding', '0.00']);
        expect((await as('GET', `/trades/admin/v1/ipo/product/${product}`)).json().status).toBe('listed');
        const h = await t.database.db.execute(
          sql`SELECT quantity::text, cost::text FROM holding WHERE client_id = ${clients.a.id} AND product_id = ${product}`,
        );
        expect(h.rows, `try ${i}`).toEqual([{ quantity: '10.0000', cost: '100.50' }]);
        // 50.25 paid, exactly once; the neighbour untouched
        const after = await accountOf(clients.a.usd);
        expect(Math.round(Number(before.balance) * 100) - Math.round(Number(after.balance) * 100)).toBe(5025);
        expect(await accountOf(clients.b.usd)).toEqual(neighbour);
      }
      const report = await checkLedger(t.database.db);
      expect(report.violations).toEqual([]);
    },
    180_000,
  );
});

describe('daily limit under parallel orders', () => {
  it('50 parallel buys of 30.00 against a limit of 100.00: 3 are placed, 47 refused, 90.00 in all', async () => {
    const p = await as('POST', '/trades/admin/v1/stock/product/create', {
      code: 'LIMIT',
      name: 'limit',
      currency: 'USD',
      price: '10',
    });
    expect(p.statusCode, p.body).toBe(200);
    const c = await fundedClient(t.database.db, 'srace_limit', '10000.00');
    expect((await as('POST', `/client/admin/v1/trade/${c.id}`, { daily_limit: '100.00' })).statusCode).toBe(200);
    const neighbour = await accountOf(clients.b.usd);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        as('POST', '/trades/admin/v1/stock/order/create', {
          client_id: c.id,
          product_id: p.json().id,
          trade_type: i % 2 ? 'holding' : 'review',
          quantity: 3,
        }),
      ),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().code));
    expect(codes.filter((x) => x === 'ok')).toHaveLength(3);
    expect(codes.filter((x) => x === 'daily_limit_exceeded')).toHaveLength(47);
    const placed = await t.database.db.execute(
      sql`SELECT coalesce(sum(amount), 0)::text AS s, count(*)::int AS n FROM trade_order WHERE client_id = ${c.id}`,
    );
    expect(placed.rows[0]).toEqual({ s: '90.00', n: 3 });
    // fees 0.15 %: 30.00 + 0.05 each (review: frozen, Direct: spent)
    const acc = await accountOf(c.usd);
    expect(Math.round((Number(acc.balance) + 0) * 100)).toBe(1_000_000 - 3 * 3005);
    expect(await accountOf(clients.b.usd)).toEqual(neighbour);
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });
});
