/**
 * Emergency order modification (docs/trading.md "Order modification"): an administrator corrects the price and/or
 * quantity of a pending or holding market order with a reason; only the difference moves, through the ledger, exact
 * to the cent (fee recomputed), on the client's account and never a neighbour's; the position follows; a sold,
 * rejected or non-market order is 409; a role without the emergency grant 403; an Idempotency-Key replays; audited;
 * ledger:check holds. The app runs on a test clock inside the stock sessions (orders are placed at any CI hour).
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
const clients: Record<string, { id: number; usd: number }> = {};
const MODIFY = '/emergency/admin/v1/order/modify';

const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, h?: Record<string, string>) =>
  call(app, method, `/api${url}`, { token: tokens[user], body, headers: h });
const modify = (id: number, body: unknown, user = 'admin', h?: Record<string, string>) =>
  as(user, 'PUT', `${MODIFY}/${id}`, body, h);

async function accountOf(id: number) {
  const r = await t.database.db.execute(
    sql`SELECT balance::text, frozen::text, profit::text FROM account WHERE id = ${id}`,
  );
  return r.rows[0] as { balance: string; frozen: string; profit: string };
}
/** Exact cents of a 2-decimal string (no floats). */
const cents = (v: string) => BigInt(v.replace('.', ''));

async function holdingOf(clientId: number, productId: number) {
  const r = await t.database.db.execute(
    sql`SELECT quantity::text, cost::text, avg_price::text FROM holding WHERE client_id = ${clientId} AND product_id = ${productId}`,
  );
  return r.rows[0] as { quantity: string; cost: string; avg_price: string } | undefined;
}

async function product(kind: string, body: Record<string, unknown>) {
  const res = await as('admin', 'POST', `/trades/admin/v1/${kind}/product/create`, {
    name: `${kind} product`,
    currency: 'USD',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number };
}
async function place(kind: string, body: Record<string, unknown>) {
  const res = await as('admin', 'POST', `/trades/admin/v1/${kind}/order/create`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; amount: string; fee: string; frozen: string };
}

beforeAll(async () => {
  // 10:00 in Asia/Shanghai: inside the stock's default sessions
  t = await makeTestApp({}, undefined, { clock: () => new Date('2026-11-26T02:00:00Z') });
  app = t.app;
  for (const u of ['admin', 'supervisor', 'sales']) tokens[u] = (await login(app, u)).access_token;
  for (const [name, funds] of [
    ['a', '100000.00'],
    ['b', '100000.00'],
    ['poor', '1100.00'],
  ] as const) {
    clients[name] = await fundedClient(t.database.db, `modify_${name}`, funds);
  }
  await openKinds(app, tokens.admin, ['stock', 'fund'], '09:30-11:30,13:00-15:00');
  // the trading mechanics at any amount; the trade results' maker-checker: tests/server/trade-results.test.ts
  await setTier(t.database.db, 'tr', { enabled: false }, ['trade_result']);
});
afterAll(async () => {
  await t?.close();
});

describe('order modification', () => {
  it('a pending order: the frozen money follows amount + fee exactly; the neighbour is untouched', async () => {
    const p = await product('stock', { code: 'MOD1', price: '12.3456', lot_size: 100 });
    const o = await place('stock', { client_id: clients.a.id, product_id: p.id, trade_type: 'review', quantity: 300 });
    // 300 × 12.3456 = 3703.68, fee 5.55552 → 5.56
    expect([o.amount, o.fee, o.frozen]).toEqual(['3703.68', '5.56', '3709.24']);
    const a0 = await accountOf(clients.a.usd);
    const b0 = await accountOf(clients.b.usd);

    const res = await modify(o.id, { price: '12.5', reason: '录入价格错误 wrong price' });
    expect(res.statusCode, res.body).toBe(200);
    // 300 × 12.5 = 3750.00, fee 5.625 → 5.63, frozen 3755.63: 46.39 more frozen
    expect(res.json()).toMatchObject({
      order: { id: o.id, status: 'pending', price: '12.5000', quantity: 300, amount: '3750.00', fee: '5.63' },
      reason: '录入价格错误 wrong price',
      before: { price: '12.3456', quantity: 300, amount: '3703.68', fee: '5.56', frozen: '3709.24' },
      balance_change: '-46.39',
      frozen_change: '46.39',
    });
    expect(res.json().order.frozen).toBe('3755.63');
    const a1 = await accountOf(clients.a.usd);
    expect(cents(a0.balance) - cents(a1.balance)).toBe(4639n);
    expect(a1.frozen).toBe('3755.63');
    expect(await accountOf(clients.b.usd)).toEqual(b0);

    // a smaller quantity releases the difference: 100 × 12.5 = 1250.00, fee 1.875 → 1.88, frozen 1251.88
    const down = await modify(o.id, { quantity: 100, reason: 'quantity typo' });
    expect(down.json()).toMatchObject({ balance_change: '2503.75', frozen_change: '-2503.75' });
    expect((await accountOf(clients.a.usd)).frozen).toBe('1251.88');

    // approving spends exactly the corrected amount and fee
    const approved = await as('admin', 'PUT', `/trades/admin/v1/stock/order/approve/${o.id}`);
    expect(approved.json()).toMatchObject({ status: 'holding', amount: '1250.00', fee: '1.88', frozen: '0.00' });
    expect(await holdingOf(clients.a.id, p.id)).toEqual({
      quantity: '100.0000',
      cost: '1250.00',
      avg_price: '12.5000',
    });
    expect(await accountOf(clients.b.usd)).toEqual(b0);
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });

  it('a holding order: buy and buy_fee take or give back the difference; the position is recomputed', async () => {
    const p = await product('stock', { code: 'MOD2', price: '10', lot_size: 100 });
    const o = await place('stock', { client_id: clients.a.id, product_id: p.id, trade_type: 'holding', quantity: 200 });
    expect([o.amount, o.fee]).toEqual(['2000.00', '3.00']);
    const a0 = await accountOf(clients.a.usd);
    const b0 = await accountOf(clients.b.usd);

    // booked at a wrong price and quantity: 100 × 9.87 = 987.00, fee 1.4805 → 1.48; 1013.00 + 1.52 back
    const res = await modify(o.id, { price: '9.87', quantity: 100, reason: 'wrong booking' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order: { status: 'holding', price: '9.8700', quantity: 100, amount: '987.00', fee: '1.48', frozen: '0.00' },
      balance_change: '1014.52',
      frozen_change: '0.00',
    });
    const a1 = await accountOf(clients.a.usd);
    expect(cents(a1.balance) - cents(a0.balance)).toBe(101_452n);
    expect([a1.frozen, a1.profit]).toEqual([a0.frozen, a0.profit]);
    expect(await accountOf(clients.b.usd)).toEqual(b0);
    expect(await holdingOf(clients.a.id, p.id)).toEqual({ quantity: '100.0000', cost: '987.00', avg_price: '9.8700' });

    // up again: 300 × 10.01 = 3003.00, fee 4.5045 → 4.50; 2016.00 + 3.02 more debited
    const up = await modify(o.id, { price: '10.01', quantity: 300, reason: 'the fill was 300' });
    expect(up.json().balance_change).toBe('-2019.02');
    expect(await holdingOf(clients.a.id, p.id)).toEqual({
      quantity: '300.0000',
      cost: '3003.00',
      avg_price: '10.0100',
    });

    // the order's ledger lines reference it, the corrections among them
    const lines = (await as('admin', 'GET', `/trx/admin/v1/stock/${o.id}/transactions`)).json().data as {
      ledger_kind: string;
      amount: string;
    }[];
    expect(lines.map((l) => [l.ledger_kind, l.amount])).toEqual([
      ['buy', '-2000.00'],
      ['buy_fee', '-3.00'],
      ['buy', '1013.00'],
      ['buy_fee', '1.52'],
      ['buy', '-2016.00'],
      ['buy_fee', '-3.02'],
    ]);
    const audit = await t.database.db.execute(
      sql`SELECT username, target_id, after FROM audit_log WHERE action = 'emergency.order.modify' AND target_id = ${String(o.id)} ORDER BY id`,
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0]).toMatchObject({ username: 'admin', after: { reason: 'wrong booking' } });
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses a sold, rejected or non-market order (409), bad input (400), a short balance (409): nothing changes', async () => {
    const p = await product('stock', { code: 'MOD3', price: '10', lot_size: 100 });
    const sold = await place('stock', {
      client_id: clients.a.id,
      product_id: p.id,
      trade_type: 'holding',
      quantity: 100,
    });
    await as('admin', 'PUT', `/trades/admin/v1/stock/order/sell/${sold.id}`, { sell_price: '11' });
    const rejected = await place('stock', {
      client_id: clients.a.id,
      product_id: p.id,
      trade_type: 'review',
      quantity: 100,
    });
    await as('admin', 'PUT', `/trades/admin/v1/stock/order/reject/${rejected.id}`, { remark: 'no' });
    const f = await product('fund', { code: 'MODF', price: '1', period_days: 30 });
    const fund = await place('fund', {
      client_id: clients.a.id,
      product_id: f.id,
      trade_type: 'holding',
      amount: '100',
    });
    const open = await place('stock', {
      client_id: clients.a.id,
      product_id: p.id,
      trade_type: 'holding',
      quantity: 100,
    });

    const a0 = await accountOf(clients.a.usd);
    const b0 = await accountOf(clients.b.usd);
    for (const id of [sold.id, rejected.id, fund.id]) {
      const res = await modify(id, { price: '12', reason: 'too late' });
      expect([res.statusCode, res.json().code], String(id)).toEqual([409, 'invalid_transition']);
    }
    const bad: [unknown, number, string, string?][] = [
      [{ price: '12' }, 400, 'validation'],
      [{ price: '12', reason: '   ' }, 400, 'validation', 'required'],
      [{ price: '10', reason: 'same' }, 400, 'validation', 'nothing_to_change'],
      [{ quantity: 150, reason: 'lots' }, 400, 'validation', 'invalid'],
      [{ price: '1.23456', reason: 'decimals' }, 400, 'validation', 'decimals'],
      [{ price: '0', reason: 'zero' }, 400, 'validation', 'positive'],
    ];
    for (const [body, status, code, field] of bad) {
      const res = await modify(open.id, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
      if (field)
        expect(Object.values(res.json().field_codes ?? {}).map((c) => (c as { code: string }).code)).toEqual([field]);
    }
    expect((await modify(999_999, { price: '12', reason: 'x' })).statusCode).toBe(404);
    expect(await accountOf(clients.a.usd)).toEqual(a0);
    expect(await accountOf(clients.b.usd)).toEqual(b0);

    // the poor client cannot pay a correction upwards: 100 × 10 + 1.50 paid, 200 × 10 would need 1001.50 more
    const poor0 = await accountOf(clients.poor.usd);
    const small = await place('stock', {
      client_id: clients.poor.id,
      product_id: p.id,
      trade_type: 'holding',
      quantity: 100,
    });
    const poor1 = await accountOf(clients.poor.usd);
    expect(cents(poor0.balance) - cents(poor1.balance)).toBe(100_150n);
    const short = await modify(small.id, { quantity: 200, reason: 'more' });
    expect([short.statusCode, short.json().code]).toEqual([409, 'insufficient_funds']);
    expect(await accountOf(clients.poor.usd)).toEqual(poor1);
    expect((await as('admin', 'GET', `/trx/admin/v1/stock/${small.id}`)).json()).toMatchObject({
      quantity: 100,
      amount: '1000.00',
    });
  });

  it('needs the emergency grant (403 for a supervisor with every trades grant, and a salesman); nothing changes', async () => {
    const p = await product('stock', { code: 'MOD4', price: '10', lot_size: 1 });
    const o = await place('stock', { client_id: clients.a.id, product_id: p.id, trade_type: 'holding', quantity: 10 });
    const a0 = await accountOf(clients.a.usd);
    for (const user of ['supervisor', 'sales']) {
      const res = await modify(o.id, { price: '11', reason: 'not mine' }, user);
      expect([res.statusCode, res.json().code], user).toEqual([403, 'forbidden']);
    }
    expect(await accountOf(clients.a.usd)).toEqual(a0);
    expect((await as('admin', 'GET', `/trx/admin/v1/stock/${o.id}`)).json().price).toBe('10.0000');
  });

  it('an Idempotency-Key replays the first answer (the money moves once); another body under it is 422', async () => {
    const p = await product('stock', { code: 'MOD5', price: '10', lot_size: 1 });
    const o = await place('stock', { client_id: clients.a.id, product_id: p.id, trade_type: 'holding', quantity: 10 });
    const a0 = await accountOf(clients.a.usd);
    const key = { 'idempotency-key': 'modify-1' };
    const body = { price: '11', reason: 'replayed' };
    const first = await modify(o.id, body, 'admin', key);
    expect(first.statusCode, first.body).toBe(200);
    // 10 × 11 = 110.00 (10.00 more), fee 0.165 → 0.17 (0.02 more)
    expect(first.json().balance_change).toBe('-10.02');
    const second = await modify(o.id, body, 'admin', key);
    expect(second.json()).toEqual(first.json());
    const a1 = await accountOf(clients.a.usd);
    expect(cents(a0.balance) - cents(a1.balance)).toBe(1002n);
    const other = await modify(o.id, { price: '12', reason: 'replayed' }, 'admin', key);
    expect([other.statusCode, other.json().code]).toEqual([422, 'idempotency_mismatch']);
    expect(await accountOf(clients.a.usd)).toEqual(a1);
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });
});
