/**
 * The trading routes (docs/trading.md) through fastify.inject: products, orders of every family and their
 * transitions (allowed and refused: 409 invalid_transition with nothing changed), exact amounts and fees, the account
 * that moves and a neighbour that must not, positions, IPO allocation by ratio and lottery, arrears and pay, scope and
 * permissions, bulk actions, idempotency, trade records with totals, client transactions, ledger:check.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger';
import { setTier } from './approval-helpers';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { fundedClient, openKinds } from './trading-helpers';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const staffId: Record<string, number> = {};
/** Clients: a (sales), b (sales, the neighbour), c (sales3). Their USD account ids. */
const clients: Record<string, { id: number; usd: number }> = {};

const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, h?: Record<string, string>) =>
  call(app, method, `/api${url}`, { token: tokens[user], body, headers: h });

async function accountOf(id: number) {
  const r = await t.database.db.execute(
    sql`SELECT balance::text, frozen::text, profit::text FROM account WHERE id = ${id}`,
  );
  return r.rows[0] as { balance: string; frozen: string; profit: string };
}

async function product(kind: string, body: Record<string, unknown>) {
  const res = await as('admin', 'POST', `/trades/admin/v1/${kind}/product/create`, {
    name: `${kind} product`,
    currency: 'USD',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; status: string };
}

async function place(kind: string, body: Record<string, unknown>, user = 'admin', h?: Record<string, string>) {
  return as(user, 'POST', `/trades/admin/v1/${kind}/order/create`, body, h);
}

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  for (const u of ['admin', 'supervisor', 'leader', 'sales', 'sales3']) tokens[u] = (await login(app, u)).access_token;
  const rows = await t.database.db.execute(sql`SELECT id, username FROM staff_user WHERE tenant_id = 'tr'`);
  for (const r of rows.rows as { id: number; username: string }[]) staffId[r.username] = Number(r.id);
  for (const [name, agent] of [
    ['a', 'sales'],
    ['b', 'sales'],
    ['c', 'sales3'],
  ] as const) {
    clients[name] = await fundedClient(t.database.db, `trader_${name}`, '100000.00', staffId[agent]);
  }
  // fees: buy 0.15 %, sell 0.2 %; IPO leverage 1
  await openKinds(
    app,
    tokens.admin,
    ['stock', 'block', 'daily', 'ipo', 'ai', 'fund', 'quant', 'saving'],
    '00:00-24:00',
  );
  // the trading mechanics at any amount; the trade results' maker-checker: tests/server/trade-results.test.ts
  await setTier(t.database.db, 'tr', { enabled: false }, ['trade_result']);
});
afterAll(async () => {
  await t?.close();
});

describe('products', () => {
  it('validates with field codes, refuses a duplicate code, and moves only by the transition table', async () => {
    const bad = await as('admin', 'POST', '/trades/admin/v1/stock/product/create', {
      code: 'X1',
      name: 'n',
      currency: 'USD',
      price: '1.23456',
      subtype: 'otc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field_codes.price.code).toBe('decimals');
    expect(bad.json().field_codes.subtype.code).toBe('invalid');
    const ipoMissing = await as('admin', 'POST', '/trades/admin/v1/ipo/product/create', {
      code: 'IPX',
      name: 'n',
      currency: 'USD',
      price: '10',
    });
    expect(Object.keys(ipoMissing.json().field_codes).sort()).toEqual(['offered', 'subscribe_end']);
    const periodMissing = await as('admin', 'POST', '/trades/admin/v1/fund/product/create', {
      code: 'F0',
      name: 'n',
      currency: 'USD',
      price: '1',
    });
    expect(periodMissing.json().field_codes.period_days.code).toBe('required');

    const p = await product('stock', { code: 'DUP1', price: '12.5' });
    expect(p.status).toBe('enable');
    const dup = await as('admin', 'POST', '/trades/admin/v1/stock/product/create', {
      code: 'DUP1',
      name: 'again',
      currency: 'USD',
      price: '1',
    });
    expect([dup.statusCode, dup.json().field_codes.code.code]).toEqual([400, 'duplicate']);
    // same code in another kind is fine
    await product('block', { code: 'DUP1', price: '1' });

    expect((await as('admin', 'PUT', `/trades/admin/v1/stock/product/enable/${p.id}`)).json().code).toBe(
      'invalid_transition',
    );
    expect((await as('admin', 'PUT', `/trades/admin/v1/stock/product/disable/${p.id}`)).json().status).toBe('disabled');
    expect((await as('admin', 'PUT', `/trades/admin/v1/stock/product/enable/${p.id}`)).json().status).toBe('enable');
    // another kind's path: not found; an unknown kind: 404
    expect((await as('admin', 'GET', `/trades/admin/v1/block/product/${p.id}`)).statusCode).toBe(404);
    expect((await as('admin', 'GET', `/trades/admin/v1/crypto/product/list`)).statusCode).toBe(404);
    const list = await as('admin', 'GET', '/trades/admin/v1/stock/product/list?code=DUP');
    expect(list.json().data.map((r: { code: string }) => r.code)).toEqual(['DUP1']);
  });
});

describe('stock orders', () => {
  let stock: { id: number };
  beforeAll(async () => {
    stock = await product('stock', { code: 'ST1', price: '12.3456', lot_size: 100 });
  });

  it('a review buy freezes amount + fee exactly; approve spends it; sell pays proceeds less the fee; the neighbour is untouched', async () => {
    const a0 = await accountOf(clients.a.usd);
    const b0 = await accountOf(clients.b.usd);
    const res = await place('stock', {
      client_id: clients.a.id,
      product_id: stock.id,
      trade_type: 'review',
      quantity: 300,
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    // 300 × 12.3456 = 3703.68; fee 0.15 % = 5.55552 → 5.56
    expect(o).toMatchObject({ status: 'pending', amount: '3703.68', fee: '5.56', frozen: '3709.24', price: '12.3456' });
    let a = await accountOf(clients.a.usd);
    expect(a.balance).toBe((Number(a0.balance) - 3709.24).toFixed(2));
    expect(a.frozen).toBe('3709.24');

    // not from pending: sell refused, nothing changed
    const refused = await as('admin', 'PUT', `/trades/admin/v1/stock/order/sell/${o.id}`, { sell_price: '13' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'invalid_transition']);
    expect(await accountOf(clients.a.usd)).toEqual(a);

    const approved = await as('admin', 'PUT', `/trades/admin/v1/stock/order/approve/${o.id}`);
    expect(approved.json()).toMatchObject({ status: 'holding', frozen: '0.00' });
    a = await accountOf(clients.a.usd);
    expect(a.frozen).toBe('0.00');
    expect(a.balance).toBe((Number(a0.balance) - 3709.24).toFixed(2));
    const again = await as('admin', 'PUT', `/trades/admin/v1/stock/order/approve/${o.id}`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invalid_transition']);

    const holdings = (await as('admin', 'GET', `/client/admin/v1/order/holding/${clients.a.id}`)).json().data;
    expect(holdings).toContainEqual(
      expect.objectContaining({
        product_id: stock.id,
        symbol: 'ST1',
        quantity: '300.0000',
        cost: '3703.68',
        avg_price: '12.3456',
      }),
    );

    const sold = await as('admin', 'PUT', `/trades/admin/v1/stock/order/sell/${o.id}`, { sell_price: '13.5' });
    // proceeds 4050.00, sell fee 8.10, profit 4050 − 3703.68 − 5.56 − 8.10 = 332.66
    expect(sold.json()).toMatchObject({ status: 'sold', proceeds: '4050.00', sell_fee: '8.10', profit: '332.66' });
    a = await accountOf(clients.a.usd);
    expect(a.balance).toBe((Number(a0.balance) - 3709.24 + 4050 - 8.1).toFixed(2));
    expect((Number(a.profit) - Number(a0.profit)).toFixed(2)).toBe('332.66');
    expect(await accountOf(clients.b.usd)).toEqual(b0);
    const after = (await as('admin', 'GET', `/client/admin/v1/order/holding/${clients.a.id}`)).json().data;
    expect(after.find((h: { product_id: number }) => h.product_id === stock.id)).toBeUndefined();

    const txns = (await as('admin', 'GET', `/trx/admin/v1/stock/${o.id}/transactions`)).json().data;
    expect(txns.map((x: { ledger_kind: string }) => x.ledger_kind)).toEqual([
      'trade_freeze',
      'trade_freeze',
      'buy',
      'buy_fee',
      'sell',
      'sell_fee',
    ]);
  });

  it('Direct buys debit at once; reject releases; lot size, min/max and balance are enforced', async () => {
    const a0 = await accountOf(clients.a.usd);
    const direct = await place('stock', {
      client_id: clients.a.id,
      product_id: stock.id,
      trade_type: 'holding',
      quantity: 100,
      price: '10',
    });
    expect(direct.json()).toMatchObject({ status: 'holding', amount: '1000.00', fee: '1.50', frozen: '0.00' });
    expect((await accountOf(clients.a.usd)).balance).toBe((Number(a0.balance) - 1001.5).toFixed(2));

    const lot = await place('stock', {
      client_id: clients.a.id,
      product_id: stock.id,
      trade_type: 'review',
      quantity: 150,
    });
    expect([lot.statusCode, lot.json().field_codes.quantity.code]).toEqual([400, 'invalid']);
    const big = await place('stock', {
      client_id: clients.a.id,
      product_id: stock.id,
      trade_type: 'review',
      quantity: 100000,
    });
    expect([big.statusCode, big.json().field_codes.quantity.code]).toEqual([400, 'too_large']);
    const cheap = await product('stock', { code: 'ST_CHEAP', price: '0.001' });
    const small = await place('stock', {
      client_id: clients.a.id,
      product_id: cheap.id,
      trade_type: 'review',
      quantity: 1,
    });
    expect(small.json().field_codes.quantity.code).toBe('too_small');
    const pricey = await product('stock', { code: 'ST_PRICEY', price: '4000' });
    const poor = await place('stock', {
      client_id: clients.c.id,
      product_id: pricey.id,
      trade_type: 'review',
      quantity: 100,
    });
    expect([poor.statusCode, poor.json().code]).toEqual([409, 'insufficient_funds']);

    const r = await place('stock', {
      client_id: clients.a.id,
      product_id: stock.id,
      trade_type: 'review',
      quantity: 100,
    });
    const before = await accountOf(clients.a.usd);
    const rej = await as('admin', 'PUT', `/trades/admin/v1/stock/order/reject/${r.json().id}`, { remark: 'no' });
    expect(rej.json()).toMatchObject({ status: 'rejected', frozen: '0.00', remark: 'no' });
    const after = await accountOf(clients.a.usd);
    expect(after.frozen).toBe((Number(before.frozen) - Number(r.json().frozen)).toFixed(2));
    expect(after.balance).toBe((Number(before.balance) + Number(r.json().frozen)).toFixed(2));
  });

  it('refuses a closed product, a closed kind, a halt, a missing account and a forbidden client', async () => {
    const p = await product('stock', { code: 'ST_OFF', price: '1' });
    await as('admin', 'PUT', `/trades/admin/v1/stock/product/disable/${p.id}`);
    const off = await place('stock', { client_id: clients.a.id, product_id: p.id, trade_type: 'review', quantity: 10 });
    expect([off.statusCode, off.json().code]).toEqual([409, 'product_closed']);

    const eur = await product('stock', { code: 'ST_EUR', price: '1', currency: 'EUR' });
    const none = await place('stock', {
      client_id: clients.a.id,
      product_id: eur.id,
      trade_type: 'review',
      quantity: 10,
    });
    expect([none.statusCode, none.json().code]).toEqual([409, 'account_missing']);

    // the kind closed in trade_config
    const sv = await product('saving', { code: 'SV_OFF', price: '1', period_days: 10 });
    const cfg = {
      enabled: false,
      sessions: '00:00-24:00',
      buy_fee: '0',
      sell_fee: '0',
      min_amount: '1.00',
      max_amount: '500000.00',
      leverage: 1,
    };
    await as('admin', 'PUT', '/trade_config/admin/v1/product/saving', cfg);
    const closed = await place('saving', {
      client_id: clients.a.id,
      product_id: sv.id,
      trade_type: 'review',
      amount: '10',
    });
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'product_closed']);
    await as('admin', 'PUT', '/trade_config/admin/v1/product/saving', { ...cfg, enabled: true });
    // an emergency halt of the kind
    const [plan] = (
      await t.database.db.execute(sql`INSERT INTO emergency_plan (tenant_id, kind, product, reason, status)
        VALUES ('tr', 'halt_trading', 'saving', 'test', 'active') RETURNING id`)
    ).rows as { id: number }[];
    const halted = await place('saving', {
      client_id: clients.a.id,
      product_id: sv.id,
      trade_type: 'review',
      amount: '10',
    });
    expect([halted.statusCode, halted.json().code]).toEqual([409, 'trading_halted']);
    await t.database.db.execute(sql`UPDATE emergency_plan SET status = 'lifted' WHERE id = ${plan.id}`);
    const open = await place('saving', {
      client_id: clients.a.id,
      product_id: sv.id,
      trade_type: 'review',
      amount: '10',
    });
    expect(open.statusCode, open.body).toBe(200);

    const rule = await as('admin', 'PUT', `/trading_permission/admin/v1/client/${clients.b.id}`, {
      rules: { stock: false },
    });
    expect(rule.statusCode, rule.body).toBeLessThan(300);
    const st = await product('stock', { code: 'ST_PERM', price: '1' });
    const denied = await place('stock', {
      client_id: clients.b.id,
      product_id: st.id,
      trade_type: 'review',
      quantity: 10,
    });
    expect([denied.statusCode, denied.json().code]).toEqual([409, 'trading_not_allowed']);
  });
});

describe('scope and permissions', () => {
  it('a salesman cannot place orders (403) and sees only his clients in the records; filters and totals', async () => {
    const p = await product('block', { code: 'BL1', price: '2.5' });
    const forbidden = await place(
      'block',
      { client_id: clients.a.id, product_id: p.id, trade_type: 'review', quantity: 10 },
      'sales',
    );
    expect(forbidden.statusCode).toBe(403);
    const oa = (
      await place('block', { client_id: clients.a.id, product_id: p.id, trade_type: 'review', quantity: 100 })
    ).json();
    const oc = (
      await place('block', { client_id: clients.c.id, product_id: p.id, trade_type: 'review', quantity: 200 })
    ).json();
    const mine = (await as('sales', 'GET', '/trx/admin/v1/block/list')).json();
    expect(mine.data.map((r: { id: number }) => r.id)).toContain(oa.id);
    expect(mine.data.map((r: { id: number }) => r.id)).not.toContain(oc.id);
    expect((await as('sales', 'GET', `/trx/admin/v1/block/${oc.id}`)).statusCode).toBe(404);
    const all = (await as('admin', 'GET', `/trx/admin/v1/block/list?product_id=${p.id}&status=pending`)).json();
    expect(all.total).toBe(2);
    // 100 × 2.5 + 200 × 2.5 = 750.00; fees 0.38 + 0.75
    expect(all.totals).toEqual([{ currency: 'USD', count: 2, amount: '750.00', fee: '1.13', profit: '0.00' }]);
    const team = (
      await as('admin', 'GET', `/trx/admin/v1/block/list?product_id=${p.id}&leader_id=${staffId.leader2}`)
    ).json();
    expect(team.data.map((r: { id: number }) => r.id)).toEqual([oc.id]);
    const byName = (await as('admin', 'GET', `/trx/admin/v1/block/list?username=trader_c`)).json();
    expect(byName.data.every((r: { username: string }) => r.username === 'trader_c')).toBe(true);
    // a team leader's scope: sales3 is leader2's, not leader's
    const leader = (await as('leader', 'GET', `/trx/admin/v1/block/list?product_id=${p.id}`)).json();
    expect(leader.data.map((r: { id: number }) => r.id)).toEqual([oa.id]);
    const csv = await as('admin', 'GET', `/trx/admin/v1/block/list/export?product_id=${p.id}&lang=en-US`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('trader_c');
  });

  it('bulk approve answers per id; an Idempotency-Key replays', async () => {
    const p = await product('block', { code: 'BL2', price: '1' });
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await place('block', { client_id: clients.a.id, product_id: p.id, trade_type: 'review', quantity: 10 })).json()
          .id,
      );
    await as('admin', 'PUT', `/trades/admin/v1/block/order/reject/${ids[2]}`);
    const h = { 'idempotency-key': 'bulk-1' };
    const res = await as('admin', 'PUT', '/trades/admin/v1/block/order/approve', { ids: [...ids, 999999] }, h);
    expect(res.json()).toMatchObject({ succeeded: 2, failed: 2 });
    expect(res.json().results.map((r: { code: string | null }) => r.code)).toEqual([
      null,
      null,
      'invalid_transition',
      'not_found',
    ]);
    const balance = await accountOf(clients.a.usd);
    const replay = await as('admin', 'PUT', '/trades/admin/v1/block/order/approve', { ids: [...ids, 999999] }, h);
    expect(replay.json().succeeded).toBe(2);
    expect(await accountOf(clients.a.usd)).toEqual(balance);

    const key = { 'idempotency-key': 'place-1' };
    const body = { client_id: clients.a.id, product_id: p.id, trade_type: 'holding', quantity: 10 };
    const first = await place('block', body, 'admin', key);
    const second = await place('block', body, 'admin', key);
    expect(second.json().id).toBe(first.json().id);
    const other = await place('block', { ...body, quantity: 20 }, 'admin', key);
    expect([other.statusCode, other.json().code]).toEqual([422, 'idempotency_mismatch']);
  });
});

describe('daily and period products', () => {
  it('daily: close fixes the sale, settle pays it; sell is refused', async () => {
    const p = await product('daily', { code: 'DY1', price: '5' });
    const o = (
      await place('daily', { client_id: clients.a.id, product_id: p.id, trade_type: 'holding', quantity: 40 })
    ).json();
    expect(
      (await as('admin', 'PUT', `/trades/admin/v1/daily/order/sell/${o.id}`, { sell_price: '6' })).statusCode,
    ).toBe(404);
    const early = await as('admin', 'PUT', `/trades/admin/v1/daily/order/settle/${o.id}`);
    expect(early.json().code).toBe('invalid_transition');
    const before = await accountOf(clients.a.usd);
    const closed = (
      await as('admin', 'PUT', `/trades/admin/v1/daily/order/close/${o.id}`, { sell_price: '4.5' })
    ).json();
    // proceeds 180.00, sell fee 0.36, profit 180 − 200 − 0.30 − 0.36 = −20.66
    expect(closed).toMatchObject({ status: 'unsettled', proceeds: '180.00', sell_fee: '0.36', profit: '-20.66' });
    expect(await accountOf(clients.a.usd)).toEqual(before);
    const settled = (await as('admin', 'PUT', `/trades/admin/v1/daily/order/settle/${o.id}`)).json();
    expect(settled.status).toBe('completed');
    const after = await accountOf(clients.a.usd);
    expect(after.balance).toBe((Number(before.balance) + 179.64).toFixed(2));
    expect((Number(after.profit) - Number(before.profit)).toFixed(2)).toBe('-20.66');
  });

  it('period: subscribe by amount, redeem, settle with a loss; bulk settle', async () => {
    const p = await product('fund', { code: 'FD1', price: '1', period_days: 30, rate: '0.05' });
    const o = (
      await place('fund', { client_id: clients.a.id, product_id: p.id, trade_type: 'review', amount: '1000' })
    ).json();
    expect(o).toMatchObject({ amount: '1000.00', fee: '1.50', frozen: '1001.50', quantity: null });
    await as('admin', 'PUT', `/trades/admin/v1/fund/order/approve/${o.id}`);
    const h = (await as('admin', 'GET', `/client/admin/v1/order/holding/${clients.a.id}`)).json().data;
    expect(h).toContainEqual(expect.objectContaining({ product_id: p.id, quantity: '1000.0000', cost: '1000.00' }));
    expect((await as('admin', 'PUT', `/trades/admin/v1/fund/order/redeem/${o.id}`)).json().status).toBe('awaiting');
    const before = await accountOf(clients.a.usd);
    const s = (await as('admin', 'PUT', `/trades/admin/v1/fund/order/settle/${o.id}`, { profit: '-50.5' })).json();
    // proceeds 949.50, sell fee 1.90 (1.899), profit −50.50 − 1.50 − 1.90 = −53.90
    expect(s).toMatchObject({ status: 'completed', proceeds: '949.50', sell_fee: '1.90', profit: '-53.90' });
    expect((await accountOf(clients.a.usd)).balance).toBe((Number(before.balance) + 947.6).toFixed(2));

    const q = await product('quant', { code: 'QT1', price: '1', period_days: 7 });
    const ids = [];
    for (let i = 0; i < 2; i++)
      ids.push(
        (
          await place('quant', { client_id: clients.a.id, product_id: q.id, trade_type: 'holding', amount: '100' })
        ).json().id,
      );
    const bulk = (await as('admin', 'PUT', '/trades/admin/v1/quant/order/settle', { ids, profit: '10' })).json();
    expect(bulk.succeeded).toBe(2);
  });
});

describe('IPO', () => {
  it('subscriptions, allocation by ratio (exact), arrears and pay, go public, sell; records and sub-allocations', async () => {
    const p = await product('ipo', {
      code: 'IPO1',
      price: '10',
      lot_size: 100,
      offered: 1000,
      subscribe_end: '2030-01-01T00:00:00Z',
    });
    expect(p.status).toBe('available');
    const direct = await place('ipo', {
      client_id: clients.a.id,
      product_id: p.id,
      trade_type: 'holding',
      quantity: 100,
    });
    expect(direct.statusCode).toBe(400);
    const sa = (
      await place('ipo', { client_id: clients.a.id, product_id: p.id, trade_type: 'review', quantity: 1500 })
    ).json();
    const sc = (
      await place('ipo', { client_id: clients.c.id, product_id: p.id, trade_type: 'review', quantity: 500 })
    ).json();
    expect(sa).toMatchObject({ amount: '15000.00', fee: '22.50', frozen: '15022.50' });

    expect(
      (await as('admin', 'POST', `/trades/admin/v1/ipo/product/allocate/${p.id}`, { method: 'ratio' })).json().code,
    ).toBe('invalid_transition');
    expect((await as('admin', 'PUT', `/trades/admin/v1/ipo/product/lock/${p.id}`)).json().status).toBe('order_locked');
    const late = await place('ipo', { client_id: clients.a.id, product_id: p.id, trade_type: 'review', quantity: 100 });
    expect(late.json().code).toBe('product_closed');
    const waiting = (await as('admin', 'GET', '/trades/admin/v1/ipo_allocation/list')).json();
    expect(waiting.data.find((r: { id: number }) => r.id === p.id)).toMatchObject({
      subscriptions: 2,
      pending: 2,
      requested_quantity: 2000,
      requested_amount: '20000.00',
    });

    const before = await accountOf(clients.a.usd);
    const alloc = await as('admin', 'POST', `/trades/admin/v1/ipo/product/allocate/${p.id}`, { method: 'ratio' });
    expect(alloc.statusCode, alloc.body).toBe(200);
    // 1000 offered for 2000 requested: 1500 → 750 → 700 (whole lots), 500 → 250 → 200; the 100 left goes to the largest
    expect(alloc.json()).toMatchObject({
      product: { status: 'listing' },
      offered: 1000,
      requested: 2000,
      allocated: 1000,
    });
    const byOrder = Object.fromEntries(alloc.json().allocations.map((x: { order_id: number }) => [x.order_id, x]));
    expect(byOrder[sa.id]).toMatchObject({
      allocated: 800,
      amount: '8000.00',
      fee: '12.00',
      released: '7010.50',
      owed: '0.00',
      status: 'approved',
    });
    expect(byOrder[sc.id]).toMatchObject({
      allocated: 200,
      amount: '2000.00',
      fee: '3.00',
      released: '3004.50',
      status: 'approved',
    });
    const after = await accountOf(clients.a.usd);
    expect(after.frozen).toBe((Number(before.frozen) - 15022.5).toFixed(2));
    expect(after.balance).toBe((Number(before.balance) + 7010.5).toFixed(2));
    const again = await as('admin', 'POST', `/trades/admin/v1/ipo/product/allocate/${p.id}`, { method: 'ratio' });
    expect(again.json().code).toBe('invalid_transition');

    const subs = (await as('admin', 'GET', `/trx/admin/v1/sub_allocation/list?product_id=${p.id}`)).json();
    expect(subs.total).toBe(2);
    expect(subs.totals).toEqual([{ currency: 'USD', count: 2, amount: '10000.00', fee: '15.00', profit: '0.00' }]);

    const listed = await as('admin', 'PUT', `/trades/admin/v1/ipo/product/go_public/${p.id}`);
    expect(listed.json().status).toBe('listed');
    const h = (await as('admin', 'GET', `/client/admin/v1/order/holding/${clients.a.id}`)).json().data;
    expect(h).toContainEqual(
      expect.objectContaining({
        product_id: p.id,
        quantity: '800.0000',
        cost: '8000.00',
        price: '10.0000',
        market_value: '8000.00',
        profit: '0.00',
      }),
    );
    const sold = (await as('admin', 'PUT', `/trades/admin/v1/ipo/order/sell/${sa.id}`, { sell_price: '12' })).json();
    // proceeds 9600, sell fee 19.20, profit 9600 − 8000 − 12 − 19.20 = 1568.80
    expect(sold).toMatchObject({ status: 'sold', profit: '1568.80' });
  });

  it('leverage: allotment above the frozen money is owed; overdue, then pay; lottery allocates the offer', async () => {
    await as('admin', 'PUT', '/trade_config/admin/v1/product/ipo', {
      enabled: true,
      sessions: '00:00-24:00',
      buy_fee: '0.0015',
      sell_fee: '0.002',
      min_amount: '1.00',
      max_amount: '500000.00',
      leverage: 10,
    });
    // The product's leverage applies up to the client's own (trade settings; 1 unless granted).
    expect((await as('admin', 'POST', `/client/admin/v1/trade/${clients.b.id}`, { max_leverage: 10 })).statusCode).toBe(
      200,
    );
    const p = await product('ipo', {
      code: 'IPO2',
      price: '20',
      lot_size: 10,
      offered: 100,
      subscribe_end: '2030-01-01T00:00:00Z',
    });
    const o = (
      await place('ipo', { client_id: clients.b.id, product_id: p.id, trade_type: 'review', quantity: 100 })
    ).json();
    // (2000 + 3) / 10 = 200.30
    expect(o.frozen).toBe('200.30');
    await as('admin', 'PUT', `/trades/admin/v1/ipo/product/lock/${p.id}`);
    const alloc = (
      await as('admin', 'POST', `/trades/admin/v1/ipo/product/allocate/${p.id}`, { method: 'lottery' })
    ).json();
    expect(alloc.allocated).toBe(100);
    const row = (await as('admin', 'GET', `/trx/admin/v1/ipo/${o.id}`)).json();
    expect(row).toMatchObject({ status: 'waiting_payment', owed: '1802.70', allocated_quantity: 100 });
    expect((await as('admin', 'PUT', `/trades/admin/v1/ipo/order/overdue/${o.id}`)).json().status).toBe('outstanding');
    const before = await accountOf(clients.b.usd);
    const paid = (await as('admin', 'PUT', `/trades/admin/v1/ipo/order/pay/${o.id}`)).json();
    expect(paid).toMatchObject({ status: 'approved', owed: '0.00' });
    expect((await accountOf(clients.b.usd)).balance).toBe((Number(before.balance) - 1802.7).toFixed(2));
    const again = await as('admin', 'PUT', `/trades/admin/v1/ipo/order/pay/${o.id}`);
    expect(again.json().code).toBe('invalid_transition');
    const tx = (
      await as('admin', 'GET', `/trx/admin/v1/transaction/list?client_id=${clients.b.id}&kind=buy,buy_fee`)
    ).json();
    const sum = tx.data.reduce((s: number, x: { amount: string }) => s + Math.round(Number(x.amount) * 100), 0);
    expect(sum).toBe(-200300);
  });
});

describe("the client's trade settings (client drawer, 交易设置)", () => {
  it('refuse buying, refuse selling, cap the day and the IPO leverage; nothing moves on a refusal', async () => {
    // A client of his own (no orders today yet), funded like the others.
    clients.d = await fundedClient(t.database.db, 'trader_d', '100000.00', staffId.sales3);
    const settings = (body: Record<string, unknown>) =>
      as('admin', 'POST', `/client/admin/v1/trade/${clients.d.id}`, body);
    const p = await product('block', { code: 'TS1', price: '10', lot_size: 10 });
    const before = await accountOf(clients.d.usd);
    const neighbour = await accountOf(clients.a.usd);

    expect((await settings({ buy_enabled: false })).statusCode).toBe(200);
    const noBuy = await place('block', {
      client_id: clients.d.id,
      product_id: p.id,
      trade_type: 'holding',
      quantity: 10,
    });
    expect([noBuy.statusCode, noBuy.json().code]).toEqual([409, 'buy_disabled']);

    // 1,000.00 a day: 600 + 300 pass, 200 more would be 1,100.00
    expect((await settings({ buy_enabled: true, daily_limit: '1000.00' })).statusCode).toBe(200);
    const first = await place('block', {
      client_id: clients.d.id,
      product_id: p.id,
      trade_type: 'holding',
      quantity: 60,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await place('block', {
      client_id: clients.d.id,
      product_id: p.id,
      trade_type: 'review',
      quantity: 30,
    });
    expect(second.statusCode, second.body).toBe(200);
    const over = await place('block', {
      client_id: clients.d.id,
      product_id: p.id,
      trade_type: 'holding',
      quantity: 20,
    });
    expect([over.statusCode, over.json().code]).toEqual([409, 'daily_limit_exceeded']);
    // a rejected order frees its part of the day
    expect((await as('admin', 'PUT', `/trades/admin/v1/block/order/reject/${second.json().id}`)).statusCode).toBe(200);
    const after = await place('block', {
      client_id: clients.d.id,
      product_id: p.id,
      trade_type: 'holding',
      quantity: 20,
    });
    expect(after.statusCode, after.body).toBe(200);
    // 600 and 200 bought, fees 0.15 % (0.90 and 0.30): 801.20 out of this client's account, none of the neighbour's
    expect((await accountOf(clients.d.usd)).balance).toBe(
      ((Math.round(Number(before.balance) * 100) - 80120) / 100).toFixed(2),
    );
    expect(await accountOf(clients.a.usd)).toEqual(neighbour);

    expect((await settings({ sell_enabled: false, daily_limit: null })).statusCode).toBe(200);
    const noSell = await as('admin', 'PUT', `/trades/admin/v1/block/order/sell/${first.json().id}`, {
      sell_price: '11',
    });
    expect([noSell.statusCode, noSell.json().code]).toEqual([409, 'sell_disabled']);
    expect((await as('admin', 'GET', `/trx/admin/v1/block/${first.json().id}`)).json().status).toBe('holding');
    expect((await settings({ sell_enabled: true })).statusCode).toBe(200);
    const sold = await as('admin', 'PUT', `/trades/admin/v1/block/order/sell/${first.json().id}`, { sell_price: '11' });
    expect(sold.json().status).toBe('sold');
  });
});

describe('ledger:check', () => {
  it('passes after the mixed run', async () => {
    const report = await checkLedger(t.database.db);
    expect(report.violations).toEqual([]);
  });
});
