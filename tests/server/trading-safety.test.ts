/**
 * Trading that cannot lose money (issue 18, docs/trading.md "Trading safety"), on both databases, on a test clock:
 * the ledger check finds a paid order of a listed IPO left outside its position; the daily limit counts the tenant's
 * day of the app clock; what orders were booked on is frozen once a product has orders (409 product_has_orders); an
 * IPO subscription outside its window is 409 subscription_closed; a period product priced other than 1 is valued at
 * cost; order and action bodies refuse fields of another kind (400 unknown_field); money from JSON numbers has the
 * money records' safe-number guard. Each refusal moves nothing (the client's account and a neighbour's).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { checkLedger } from '../../server/ledger';
import { recomputePosition } from '../../server/modules/trading/postings';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { fundedClient, openKinds } from './trading-helpers';

let t: TestApp;
let app: FastifyInstance;
let token = '';
/** The test clock: 2026-11-26T02:00Z is 10:00 in Asia/Shanghai (the tenant's zone, UTC+8). */
let at = new Date('2026-11-26T02:00:00Z');
const shanghai = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+08:00`);
const clients: Record<'a' | 'b', { id: number; usd: number }> = { a: { id: 0, usd: 0 }, b: { id: 0, usd: 0 } };

const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(app, method, `/api${url}`, { token, body });
/** A request whose body is raw JSON text (so a number reaches the server as written). */
const raw = (method: 'POST' | 'PUT', url: string, text: string) =>
  call(app, method, `/api${url}`, { token, body: text, headers: { 'content-type': 'application/json' } });

async function money() {
  const r = await t.database.db.execute(sql`
    SELECT (SELECT string_agg(balance::text || '/' || frozen::text || '/' || profit::text, ',' ORDER BY id)
              FROM account WHERE id IN (${clients.a.usd}, ${clients.b.usd})) AS accounts,
           (SELECT count(*) FROM trade_order)::int AS orders, (SELECT count(*) FROM ledger_txn)::int AS txns`);
  return r.rows[0];
}

async function product(kind: string, body: Record<string, unknown>) {
  const res = await as('POST', `/trades/admin/v1/${kind}/product/create`, { name: kind, currency: 'USD', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; subscribe_start: string | null; subscribe_end: string | null };
}
const place = (kind: string, body: Record<string, unknown>) =>
  as('POST', `/trades/admin/v1/${kind}/order/create`, { client_id: clients.a.id, ...body });

let codeSeq = 0;
const code = (p: string) => `${p}${++codeSeq}`;

beforeAll(async () => {
  t = await makeTestApp({}, undefined, { clock: () => at });
  app = t.app;
  token = (await login(app, 'admin')).access_token;
  for (const name of ['a', 'b'] as const) clients[name] = await fundedClient(t.database.db, `safe_${name}`, '50000.00');
  await openKinds(app, token, ['stock', 'block', 'daily', 'ipo', 'ai', 'fund', 'quant', 'saving'], '00:00-24:00');
});
afterAll(async () => {
  await t?.close();
});

describe('ledger:check: a paid order of a listed IPO holds its position', () => {
  it('finds an approved order on a listed IPO (made as the owner), and passes once it is a holding again', async () => {
    at = new Date('2026-11-26T02:00:00Z');
    const p = await product('ipo', {
      code: code('LST'),
      price: '10',
      lot_size: 10,
      offered: 100,
      subscribe_end: '2030-01-01',
    });
    const sub = await place('ipo', { product_id: p.id, trade_type: 'review', quantity: 10 });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await as('PUT', `/trades/admin/v1/ipo/product/lock/${p.id}`)).statusCode).toBe(200);
    expect((await as('POST', `/trades/admin/v1/ipo/product/allocate/${p.id}`, { method: 'ratio' })).statusCode).toBe(
      200,
    );
    expect((await as('PUT', `/trades/admin/v1/ipo/product/go_public/${p.id}`)).statusCode).toBe(200);
    const id = sub.json().id as number;
    expect((await as('GET', `/trx/admin/v1/ipo/${id}`)).json().status).toBe('holding');
    expect((await checkLedger(t.database.db)).violations).toEqual([]);

    // what the race left: paid (approved) on a listed IPO, no position
    await t.asOwner(async (o) => {
      await o.execute(sql`UPDATE trade_order SET status = 'approved' WHERE id = ${id}`);
      await o.execute(sql`DELETE FROM holding WHERE client_id = ${clients.a.id} AND product_id = ${p.id}`);
    });
    const report = await checkLedger(t.database.db);
    const found = report.violations.find((v) => v.rule === 'paid order of a listed IPO holds its position');
    expect(found?.rows).toEqual([
      expect.objectContaining({ order_id: expect.anything(), status: 'approved', product_status: 'listed' }),
    ]);
    expect(Number(found!.rows[0].order_id)).toBe(id);
    // the rule is the only one this corruption breaks
    expect(report.violations.map((v) => v.rule)).toEqual(['paid order of a listed IPO holds its position']);

    await t.asOwner((o) => o.execute(sql`UPDATE trade_order SET status = 'holding' WHERE id = ${id}`));
    await withRetry(t.database.db, (tx) => recomputePosition(tx, 'tr', clients.a.id, p.id));
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });
});

describe('the daily limit is counted in the tenant day of the app clock', () => {
  it("refuses beyond the limit within a Shanghai day, and counts afresh from the next day's 00:00", async () => {
    const p = await product('stock', { code: code('DAY'), price: '10' });
    const settings = (body: Record<string, unknown>) => as('POST', `/client/admin/v1/trade/${clients.a.id}`, body);
    expect((await settings({ daily_limit: '100.00' })).statusCode).toBe(200);
    try {
      at = shanghai('2026-11-20', '23:50');
      const buy = () => place('stock', { product_id: p.id, trade_type: 'holding', quantity: 3 });
      for (let i = 0; i < 3; i++) expect((await buy()).statusCode).toBe(200);
      const before = await money();
      const over = await buy();
      expect([over.statusCode, over.json().code]).toEqual([409, 'daily_limit_exceeded']);
      expect(await money()).toEqual(before);
      // 00:10 the next day in Shanghai (16:10 UTC the same UTC day): a new day, 90.00 is free again
      at = shanghai('2026-11-21', '00:10');
      const next = await buy();
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().created_at).toBe(at.toISOString());
    } finally {
      expect((await settings({ daily_limit: null })).statusCode).toBe(200);
      at = new Date('2026-11-26T02:00:00Z');
    }
  });
});

describe('what orders were booked on is frozen once a product has orders', () => {
  it('IPO: issue price, lot size and currency are 409 product_has_orders after the first subscription', async () => {
    const body = {
      name: 'ipo',
      currency: 'USD',
      price: '5',
      lot_size: 100,
      offered: 1000,
      subscribe_end: '2030-01-01',
    };
    const c = code('FRZ');
    const p = await product('ipo', { ...body, code: c });
    // no orders yet: the price may change
    const early = await as('PUT', `/trades/admin/v1/ipo/product/${p.id}`, { ...body, code: c, price: '6' });
    expect([early.statusCode, early.json().price]).toEqual([200, '6.0000']);
    expect((await place('ipo', { product_id: p.id, trade_type: 'review', quantity: 100 })).statusCode).toBe(200);
    for (const change of [{ price: '7' }, { lot_size: 50 }, { currency: 'EUR' }]) {
      const res = await as('PUT', `/trades/admin/v1/ipo/product/${p.id}`, { ...body, code: c, price: '6', ...change });
      expect([res.statusCode, res.json().code], JSON.stringify(change)).toEqual([409, 'product_has_orders']);
      expect(Object.keys(res.json().errors)).toEqual(Object.keys(change));
    }
    expect((await as('GET', `/trades/admin/v1/ipo/product/${p.id}`)).json()).toMatchObject({
      price: '6.0000',
      lot_size: 100,
    });
    // what the orders do not depend on still changes
    const renamed = await as('PUT', `/trades/admin/v1/ipo/product/${p.id}`, {
      ...body,
      code: c,
      price: '6',
      name: 'renamed',
    });
    expect([renamed.statusCode, renamed.json().name]).toEqual([200, 'renamed']);

    // the IPO financing leverage of trade_config: frozen while an unallocated IPO has subscriptions
    const cfg = (leverage: number) =>
      as('PUT', '/trade_config/admin/v1/product/ipo', {
        enabled: true,
        sessions: '00:00-24:00',
        buy_fee: '0.0015',
        sell_fee: '0.002',
        min_amount: '1.00',
        max_amount: '500000.00',
        leverage,
      });
    const lev = await cfg(5);
    expect([lev.statusCode, lev.json().code]).toEqual([409, 'product_has_orders']);
    expect(Object.keys(lev.json().errors)).toEqual(['leverage']);
    expect((await cfg(1)).statusCode).toBe(200); // unchanged: saved
  });

  it('market: the current price moves with the market, the lot size is 409 once it has orders', async () => {
    const c = code('MKT');
    const body = { name: 'stock', currency: 'USD', price: '10', lot_size: 1, code: c };
    const p = await product('stock', body);
    expect((await place('stock', { product_id: p.id, trade_type: 'holding', quantity: 1 })).statusCode).toBe(200);
    expect((await as('PUT', `/trades/admin/v1/stock/product/${p.id}`, { ...body, price: '11.5' })).statusCode).toBe(
      200,
    );
    const lot = await as('PUT', `/trades/admin/v1/stock/product/${p.id}`, { ...body, price: '11.5', lot_size: 100 });
    expect([lot.statusCode, lot.json().code]).toEqual([409, 'product_has_orders']);
  });
});

describe('the IPO subscription window, in the tenant time zone', () => {
  it('takes subscriptions from the start day 00:00 through the end day 23:59:59 (Shanghai) and refuses outside', async () => {
    const p = await product('ipo', {
      code: code('WIN'),
      price: '5',
      lot_size: 100,
      offered: 1000,
      subscribe_start: '2026-11-26',
      subscribe_end: '2026-11-28',
    });
    // the days are Shanghai's: 00:00 of the 26th and the last instant of the 28th
    expect([p.subscribe_start, p.subscribe_end]).toEqual(['2026-11-25T16:00:00.000Z', '2026-11-28T15:59:59.999Z']);
    const sub = () => place('ipo', { product_id: p.id, trade_type: 'review', quantity: 100 });
    try {
      const before = await money();
      at = shanghai('2026-11-25', '23:59');
      const early = await sub();
      expect([early.statusCode, early.json().code]).toEqual([409, 'subscription_closed']);
      at = shanghai('2026-11-29', '00:00');
      const late = await sub();
      expect([late.statusCode, late.json().code]).toEqual([409, 'subscription_closed']);
      // three days after the end, as the review found it
      at = shanghai('2026-12-01', '10:00');
      expect((await sub()).json().code).toBe('subscription_closed');
      expect(await money()).toEqual(before);
      at = shanghai('2026-11-26', '00:00');
      expect((await sub()).statusCode).toBe(200);
      at = new Date('2026-11-28T15:59:59.000Z');
      expect((await sub()).statusCode).toBe(200);
    } finally {
      at = new Date('2026-11-26T02:00:00Z');
    }
    const bad = await as('POST', '/trades/admin/v1/ipo/product/create', {
      code: code('WIN'),
      name: 'n',
      currency: 'USD',
      price: '5',
      offered: 100,
      subscribe_start: '2026-12-02',
      subscribe_end: '2026-12-01',
    });
    expect([bad.statusCode, bad.json().field_codes.subscribe_start.code]).toEqual([400, 'invalid']);
  });
});

describe('a period product priced other than 1 is valued at cost', () => {
  it('a fund at 1.2345 bought for 1,000.00 is worth 1,000.00 in the holding, the drawer and the statistics', async () => {
    const exposure = async () => {
      const res = await as('GET', '/dashboard/admin/v1/summary');
      expect(res.statusCode, res.body).toBe(200);
      const usd = (res.json().exposure as { currency: string; funds_amount: string }[]).find(
        (r) => r.currency === 'USD',
      );
      return Math.round(Number(usd?.funds_amount ?? 0) * 100);
    };
    const funds = await exposure();
    const p = await product('fund', { code: code('NAV'), price: '1.2345', period_days: 30 });
    const sc = code('NAVS');
    const s = await product('stock', { code: sc, price: '10' });
    const buy = await place('fund', { product_id: p.id, trade_type: 'holding', amount: '1000.00' });
    expect(buy.statusCode, buy.body).toBe(200);
    expect((await place('stock', { product_id: s.id, trade_type: 'holding', quantity: 10 })).statusCode).toBe(200);
    // the stock moves with its market; the fund does not show a result it has not settled
    expect(
      (
        await as('PUT', `/trades/admin/v1/stock/product/${s.id}`, {
          code: sc,
          name: 'stock',
          currency: 'USD',
          price: '10.5',
        })
      ).statusCode,
    ).toBe(200);

    const h = await t.database.db.execute(
      sql`SELECT quantity::text, cost::text FROM holding WHERE client_id = ${clients.a.id} AND product_id = ${p.id}`,
    );
    expect(h.rows).toEqual([{ quantity: '1000.0000', cost: '1000.00' }]);
    const drawer = await as('GET', `/client/admin/v1/order/holding/${clients.a.id}`);
    expect(drawer.statusCode, drawer.body).toBe(200);
    const rows = drawer.json().data as { product_id: number; [k: string]: unknown }[];
    expect(rows.find((r) => r.product_id === p.id)).toMatchObject({
      quantity: '1000.0000',
      cost: '1000.00',
      price: '1.0000',
      market_value: '1000.00',
      profit: '0.00',
    });
    expect(rows.find((r) => r.product_id === s.id)).toMatchObject({
      cost: '100.00',
      price: '10.5000',
      market_value: '105.00',
      profit: '5.00',
    });
    expect((await exposure()) - funds).toBe(100_000);
  });
});

describe('fields that do not belong to the kind are refused, not ignored', () => {
  it('order bodies: amount beside a quantity, a price or quantity on a period product: 400 unknown_field', async () => {
    const stock = await product('stock', { code: code('FLD'), price: '10' });
    const ipo = await product('ipo', {
      code: code('FLDI'),
      price: '5',
      lot_size: 100,
      offered: 1000,
      subscribe_end: '2030-01-01',
    });
    const fund = await product('fund', { code: code('FLDF'), price: '1', period_days: 30 });
    const before = await money();
    for (const [kind, body, field] of [
      [
        'stock',
        { product_id: stock.id, trade_type: 'holding', quantity: 10, price: '10', amount: '5000.00' },
        'amount',
      ],
      ['stock', { product_id: stock.id, trade_type: 'review', quantity: 10, amount: 1 }, 'amount'],
      ['ipo', { product_id: ipo.id, trade_type: 'review', quantity: 100, amount: '1.00' }, 'amount'],
      ['fund', { product_id: fund.id, trade_type: 'holding', amount: '100.00', price: '2' }, 'price'],
      ['fund', { product_id: fund.id, trade_type: 'holding', amount: '100.00', quantity: 5 }, 'quantity'],
    ] as const) {
      const res = await place(kind, body);
      expect([res.statusCode, res.json().field_codes?.[field]?.code], `${kind} ${field}`).toEqual([
        400,
        'unknown_field',
      ]);
    }
    expect(await money()).toEqual(before);
  });

  it('action bodies: a sale price on an approval, a result on a market settlement: 400 unknown_field', async () => {
    const stock = await product('stock', { code: code('ACT'), price: '10' });
    const daily = await product('daily', { code: code('ACTD'), price: '10' });
    const pending = await place('stock', { product_id: stock.id, trade_type: 'review', quantity: 10 });
    const held = await place('daily', { product_id: daily.id, trade_type: 'holding', quantity: 10 });
    expect([pending.statusCode, held.statusCode]).toEqual([200, 200]);
    const closed = await as('PUT', `/trades/admin/v1/daily/order/close/${held.json().id}`, { sell_price: '11' });
    expect(closed.json().status).toBe('unsettled');
    const before = await money();
    const approve = await as('PUT', `/trades/admin/v1/stock/order/approve/${pending.json().id}`, { sell_price: '99' });
    expect([approve.statusCode, approve.json().field_codes?.sell_price?.code]).toEqual([400, 'unknown_field']);
    const settle = await as('PUT', `/trades/admin/v1/daily/order/settle/${held.json().id}`, { profit: '5000.00' });
    expect([settle.statusCode, settle.json().field_codes?.profit?.code]).toEqual([400, 'unknown_field']);
    const bulk = await as('PUT', '/trades/admin/v1/stock/order/approve', { ids: [pending.json().id], profit: '1.00' });
    expect(bulk.json()).toMatchObject({ succeeded: 0, results: [{ ok: false, code: 'validation' }] });
    expect(await money()).toEqual(before);
    expect((await as('GET', `/trx/admin/v1/stock/${pending.json().id}`)).json().status).toBe('pending');
  });
});

describe('money from JSON numbers in trading bodies has the safe-number guard', () => {
  it('refuses numbers beyond the safe range (they lost digits in JSON.parse) instead of taking them rounded', async () => {
    const before = await money();
    // a product price of 9007199254740993 reads as ...992
    const created = await raw(
      'POST',
      '/trades/admin/v1/stock/product/create',
      `{"code":"${code('BIG')}","name":"n","currency":"USD","price":9007199254740993}`,
    );
    expect([created.statusCode, created.json().field_codes?.price?.code]).toEqual([400, 'too_large']);
    const stock = await product('stock', { code: code('BIGS'), price: '10' });
    const priced = await raw(
      'POST',
      '/trades/admin/v1/stock/order/create',
      `{"client_id":${clients.a.id},"product_id":${stock.id},"trade_type":"holding","quantity":1,"price":9007199254740993}`,
    );
    expect([priced.statusCode, Object.keys(priced.json().errors ?? {})]).toEqual([400, ['price']]);
    const fund = await product('fund', { code: code('BIGF'), price: '1', period_days: 30 });
    for (const amount of ['90071992547409.99', '1e21', '0.30000000000000004', '[1]', 'true']) {
      const res = await raw(
        'POST',
        '/trades/admin/v1/fund/order/create',
        `{"client_id":${clients.a.id},"product_id":${fund.id},"trade_type":"holding","amount":${amount}}`,
      );
      expect([amount, res.statusCode, typeof res.json().errors?.amount]).toEqual([amount, 400, 'string']);
    }
    const big = await raw(
      'POST',
      '/trades/admin/v1/fund/order/create',
      `{"client_id":${clients.a.id},"product_id":${fund.id},"trade_type":"holding","amount":90071992547409.99}`,
    );
    expect(big.json().errors.amount).toMatch(/JSON number/);
    expect(await money()).toEqual(before);

    // a sale at 9007199254740993 and a period result of 90071992547409.99 as numbers: refused, nothing credited
    const held = await place('stock', { product_id: stock.id, trade_type: 'holding', quantity: 1 });
    const sub = await place('fund', { product_id: fund.id, trade_type: 'holding', amount: '100.00' });
    expect([held.statusCode, sub.statusCode]).toEqual([200, 200]);
    const mid = await money();
    const sold = await raw(
      'PUT',
      `/trades/admin/v1/stock/order/sell/${held.json().id}`,
      '{"sell_price":9007199254740993}',
    );
    expect([sold.statusCode, Object.keys(sold.json().errors ?? {})]).toEqual([400, ['sell_price']]);
    const settled = await raw(
      'PUT',
      `/trades/admin/v1/fund/order/settle/${sub.json().id}`,
      '{"profit":90071992547409.99}',
    );
    expect([settled.statusCode, Object.keys(settled.json().errors ?? {})]).toEqual([400, ['profit']]);
    expect(await money()).toEqual(mid);
    // a number within the range is taken exactly
    const ok = await raw(
      'POST',
      '/trades/admin/v1/fund/order/create',
      `{"client_id":${clients.a.id},"product_id":${fund.id},"trade_type":"holding","amount":12.3}`,
    );
    expect([ok.statusCode, ok.json().amount]).toEqual([200, '12.30']);
  });
});

describe('ledger:check', () => {
  it('passes after the run', async () => {
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });
});
