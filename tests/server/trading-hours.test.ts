/**
 * Trading hours (docs/trading.md "Trading hours"): market orders are placed, approved, sold and closed only within
 * their kind's trade_config sessions in the tenant's time zone (start inclusive, end exclusive), else 409
 * market_closed with nothing changed (the client's account and a neighbour's); rejections, daily settlements, IPO and
 * period subscriptions are not session-bound; GET market answers the hours. The app runs on a test clock: no
 * assertion depends on the hour the suite runs at.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { checkLedger } from '../../server/ledger';
import { readSetting, saveSetting } from '../../server/modules/setting/service';
import { nextOpen, sessionOpen } from '../../domain/trade-config';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { fundedClient, openKinds } from './trading-helpers';

let t: TestApp;
let app: FastifyInstance;
let token = '';
/** The test clock: Asia/Shanghai is UTC+8, so 2026-11-26T02:00Z is 10:00 there. */
let at = new Date('2026-11-26T02:00:00Z');
const shanghai = (hhmmss: string) => new Date(`2026-11-26T${hhmmss}+08:00`);
const clients: Record<'a' | 'b', { id: number; usd: number }> = { a: { id: 0, usd: 0 }, b: { id: 0, usd: 0 } };
const products: Record<string, number> = {};
let ipoOrder = 0;

const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(app, method, `/api${url}`, { token, body });
const place = (kind: string, body: Record<string, unknown>) =>
  as('POST', `/trades/admin/v1/${kind}/order/create`, { client_id: clients.a.id, ...body });

async function accounts() {
  const r = await t.database.db.execute(
    sql`SELECT id, balance::text, frozen::text, profit::text FROM account WHERE id IN (${clients.a.usd}, ${clients.b.usd}) ORDER BY id`,
  );
  return r.rows;
}
const orderCount = async () =>
  Number(
    (
      (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM trade_order WHERE client_id = ${clients.a.id}`))
        .rows[0] as { n: number }
    ).n,
  );
const statusOf = async (id: number) =>
  ((await t.database.db.execute(sql`SELECT status FROM trade_order WHERE id = ${id}`)).rows[0] as { status: string })
    .status;

/** Asserts `res` is 409 market_closed and that neither account nor the client's orders changed. */
async function refusedClosed(res: { statusCode: number; json(): { code: string } }, before: unknown, orders: number) {
  expect([res.statusCode, res.json().code]).toEqual([409, 'market_closed']);
  expect(await accounts()).toEqual(before);
  expect(await orderCount()).toBe(orders);
}

beforeAll(async () => {
  t = await makeTestApp({}, undefined, { clock: () => at });
  app = t.app;
  token = (await login(app, 'admin')).access_token;
  for (const name of ['a', 'b'] as const) {
    clients[name] = await fundedClient(t.database.db, `hours_${name}`, '50000.00');
  }
  await openKinds(app, token, ['stock', 'daily', 'ipo', 'fund'], '09:30-11:30,13:00-15:00');
  for (const [kind, body] of [
    ['stock', { code: 'HRS', price: '10' }],
    ['daily', { code: 'HRD', price: '10' }],
    ['ipo', { code: 'HRI', price: '5', lot_size: 100, offered: 1000, subscribe_end: '2030-01-01T00:00:00Z' }],
    ['fund', { code: 'HRF', price: '1', period_days: 30 }],
  ] as const) {
    const res = await as('POST', `/trades/admin/v1/${kind}/product/create`, {
      name: 'hours',
      currency: 'USD',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    products[kind] = res.json().id;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('trading hours', () => {
  it('refuses a market order outside the sessions (409 market_closed, nothing moved) and takes one inside', async () => {
    at = shanghai('22:00:00');
    const before = await accounts();
    const n = await orderCount();
    for (const trade_type of ['holding', 'review'])
      await refusedClosed(await place('stock', { product_id: products.stock, trade_type, quantity: 10 }), before, n);
    at = shanghai('10:00:00');
    const ok = await place('stock', { product_id: products.stock, trade_type: 'holding', quantity: 10 });
    expect(ok.statusCode, ok.body).toBe(200);
    // 10 × 10 = 100.00, fee 0.15 % = 0.15: only a's balance moves
    const after = (await accounts()) as { balance: string }[];
    expect(after[0].balance).toBe('49899.85');
    expect(after[1]).toEqual(before[1]);
  });

  it('a session holds from its start (inclusive) to its end (exclusive), to the second', async () => {
    const cases: [string, boolean][] = [
      ['09:29:59', false],
      ['09:30:00', true],
      ['11:29:59', true],
      ['11:30:00', false],
      ['12:59:59', false],
      ['13:00:00', true],
      ['14:59:59', true],
      ['15:00:00', false],
    ];
    for (const [time, open] of cases) {
      at = shanghai(time);
      const before = await accounts();
      const n = await orderCount();
      const res = await place('stock', { product_id: products.stock, trade_type: 'review', quantity: 1 });
      if (open) expect(res.statusCode, `${time}: ${res.body}`).toBe(200);
      else await refusedClosed(res, before, n);
      const m = (await as('GET', '/trades/admin/v1/stock/market')).json();
      expect(m, time).toEqual({
        kind: 'stock',
        sessions: '09:30-11:30,13:00-15:00',
        time_zone: 'Asia/Shanghai',
        local_time: time.slice(0, 5),
        open,
        session_bound: true,
      });
    }
  });

  it("reads the sessions in the tenant's time zone", async () => {
    const locale = await readSetting(t.database.db, 'tr', 'locale');
    // 14:45 UTC: 22:45 in Shanghai (closed), 09:45 in New York (open)
    at = new Date('2026-11-26T14:45:00Z');
    const closed = await place('stock', { product_id: products.stock, trade_type: 'holding', quantity: 1 });
    expect(closed.json().code).toBe('market_closed');
    await withRetry(t.database.db, (tx) =>
      saveSetting(tx, 'tr', 'locale', { ...locale, timezone: 'America/New_York' }),
    );
    try {
      const m = (await as('GET', '/trades/admin/v1/stock/market')).json();
      expect(m).toMatchObject({ time_zone: 'America/New_York', local_time: '09:45', open: true });
      const ok = await place('stock', { product_id: products.stock, trade_type: 'holding', quantity: 1 });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await withRetry(t.database.db, (tx) => saveSetting(tx, 'tr', 'locale', locale));
    }
  });

  it('approval, sale and daily close are session-bound; rejection and daily settlement are not', async () => {
    at = shanghai('10:00:00');
    const pending = (await place('stock', { product_id: products.stock, trade_type: 'review', quantity: 10 })).json();
    const toReject = (await place('stock', { product_id: products.stock, trade_type: 'review', quantity: 10 })).json();
    const held = (await place('stock', { product_id: products.stock, trade_type: 'holding', quantity: 10 })).json();
    const day = (await place('daily', { product_id: products.daily, trade_type: 'holding', quantity: 10 })).json();
    const toSettle = (await place('daily', { product_id: products.daily, trade_type: 'holding', quantity: 10 })).json();
    expect(
      (await as('PUT', `/trades/admin/v1/daily/order/close/${toSettle.id}`, { sell_price: '11' })).statusCode,
    ).toBe(200);

    at = shanghai('12:00:00'); // the lunch break
    const before = await accounts();
    const n = await orderCount();
    for (const [url, body] of [
      [`/trades/admin/v1/stock/order/approve/${pending.id}`, undefined],
      [`/trades/admin/v1/stock/order/sell/${held.id}`, { sell_price: '11' }],
      [`/trades/admin/v1/daily/order/close/${day.id}`, { sell_price: '11' }],
    ] as const)
      await refusedClosed(await as('PUT', url, body), before, n);
    expect([await statusOf(pending.id), await statusOf(held.id), await statusOf(day.id)]).toEqual([
      'pending',
      'holding',
      'holding',
    ]);
    const bulk = (await as('PUT', '/trades/admin/v1/stock/order/approve', { ids: [pending.id] })).json();
    expect(bulk).toMatchObject({
      succeeded: 0,
      failed: 1,
      results: [{ id: pending.id, ok: false, code: 'market_closed' }],
    });

    expect(
      (await as('PUT', `/trades/admin/v1/stock/order/reject/${toReject.id}`, { remark: 'late' })).json().status,
    ).toBe('rejected');
    expect((await as('PUT', `/trades/admin/v1/daily/order/settle/${toSettle.id}`)).json().status).toBe('completed');

    at = shanghai('13:00:00');
    expect((await as('PUT', `/trades/admin/v1/stock/order/approve/${pending.id}`)).json().status).toBe('holding');
    expect((await as('PUT', `/trades/admin/v1/stock/order/sell/${held.id}`, { sell_price: '11' })).json().status).toBe(
      'sold',
    );
    expect((await as('PUT', `/trades/admin/v1/daily/order/close/${day.id}`, { sell_price: '11' })).json().status).toBe(
      'unsettled',
    );
  });

  it('IPO and period subscriptions are taken at any hour; a period kind is not session-bound', async () => {
    at = shanghai('23:30:00');
    const ipo = await place('ipo', { product_id: products.ipo, trade_type: 'review', quantity: 100 });
    expect(ipo.statusCode, ipo.body).toBe(200);
    const fund = await place('fund', { product_id: products.fund, trade_type: 'holding', amount: '100' });
    expect(fund.statusCode, fund.body).toBe(200);
    expect((await as('GET', '/trades/admin/v1/fund/market')).json()).toMatchObject({
      open: false,
      session_bound: false,
    });
    ipoOrder = ipo.json().id;
  });

  it('a listed IPO holding is sold only within the IPO sessions; allocation and listing at any hour', async () => {
    at = shanghai('21:00:00');
    for (const [method, url, body] of [
      ['PUT', `/trades/admin/v1/ipo/product/lock/${products.ipo}`, undefined],
      ['POST', `/trades/admin/v1/ipo/product/allocate/${products.ipo}`, { method: 'ratio' }],
      ['PUT', `/trades/admin/v1/ipo/product/go_public/${products.ipo}`, undefined],
    ] as const) {
      const res = await as(method, url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    expect(await statusOf(ipoOrder)).toBe('holding');
    const before = await accounts();
    const n = await orderCount();
    await refusedClosed(await as('PUT', `/trades/admin/v1/ipo/order/sell/${ipoOrder}`, { sell_price: '6' }), before, n);
    expect(await statusOf(ipoOrder)).toBe('holding');
    at = shanghai('14:00:00');
    expect((await as('PUT', `/trades/admin/v1/ipo/order/sell/${ipoOrder}`, { sell_price: '6' })).json().status).toBe(
      'sold',
    );
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });
});

describe('sessions (domain/trade-config.ts)', () => {
  it('00:00-24:00 is always open; nextOpen finds the next open minute (the demo seed books its orders there)', () => {
    for (const time of ['00:00:00', '12:00:00', '23:59:59'])
      expect(sessionOpen('00:00-24:00', shanghai(time), 'Asia/Shanghai'), time).toBe(true);
    const sessions = '09:30-11:30,13:00-15:00';
    expect(nextOpen(sessions, 'Asia/Shanghai', shanghai('10:15:30'))).toEqual(shanghai('10:15:30'));
    expect(nextOpen(sessions, 'Asia/Shanghai', shanghai('11:30:00'))).toEqual(shanghai('13:00:00'));
    expect(nextOpen(sessions, 'Asia/Shanghai', shanghai('22:00:00'))).toEqual(new Date('2026-11-27T09:30:00+08:00'));
    expect(nextOpen(sessions, 'America/New_York', shanghai('22:00:00'))).toEqual(new Date('2026-11-26T09:30:00-05:00'));
    expect(nextOpen('nonsense', 'Asia/Shanghai', shanghai('22:00:00'))).toBeNull();
  });
});
