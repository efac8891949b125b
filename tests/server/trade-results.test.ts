/**
 * Trade results (docs/trading.md "Trade results", docs/security.md "Maker-checker on money"): a settlement, a sale or
 * close price, or an emergency modification whose result reaches the approval tier of kind trade_result waits in the
 * approval queue with nothing moved (the order frozen: 409 approval_pending), the maker cannot check it, and the last
 * checker's approval executes it exactly once; below the tier it executes at once; each product kind's sanity bounds
 * (a price within trade_config's price_band of the product's price, a period's result within its return range) are
 * refused before anything moves. Accounts are asserted exactly, the client's and a neighbour's.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { fundedClient, openKinds } from './trading-helpers';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const clients: Record<string, { id: number; usd: number }> = {};

const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(app, method, `/api${url}`, { token: tokens[user], body });

async function accountOf(id: number) {
  const r = await t.database.db.execute(
    sql`SELECT balance::text, frozen::text, profit::text FROM account WHERE id = ${id}`,
  );
  return r.rows[0] as { balance: string; frozen: string; profit: string };
}
/** Exact cents of a 2-decimal string (no floats). */
const cents = (v: string) => BigInt(v.replace('.', ''));
/** `amount × rate` rounded half up to the cent (docs/trading.md: fees). */
const fee = (amount: bigint, rate: string) => {
  const [w, f = ''] = rate.split('.');
  const micro = BigInt(w) * 1_000_000n + BigInt(f.padEnd(6, '0'));
  return (amount * micro + 500_000n) / 1_000_000n;
};

let seq = 0;
async function product(kind: string, body: Record<string, unknown>) {
  const res = await as('admin', 'POST', `/trades/admin/v1/${kind}/product/create`, {
    code: `TR${++seq}`,
    name: `${kind} product ${seq}`,
    currency: 'USD',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number };
}
async function place(kind: string, body: Record<string, unknown>) {
  const res = await as('admin', 'POST', `/trades/admin/v1/${kind}/order/create`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; amount: string; fee: string };
}
const order = async (kind: string, id: number) =>
  (await as('admin', 'GET', `/trx/admin/v1/${kind === 'ai' ? 'subscribe' : kind}/${id}`)).json();

/** The trade configuration of `kind` as the test opened it, with `bounds` on top. */
async function configure(kind: string, bounds: Record<string, string>) {
  const res = await as('admin', 'PUT', `/trade_config/admin/v1/product/${kind}`, {
    enabled: true,
    sessions: '00:00-24:00',
    buy_fee: '0.0015',
    sell_fee: '0.002',
    min_amount: '1.00',
    max_amount: '500000.00',
    leverage: 1,
    ...bounds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  // a second supervisor (the same password as the seeded one): two checkers besides the maker
  await t.database.db.execute(sql`INSERT INTO staff_user (tenant_id, username, name, role, password_hash)
    SELECT tenant_id, 'supervisor2', 'Supervisor 2', role, password_hash FROM staff_user
    WHERE tenant_id = 'tr' AND username = 'supervisor'`);
  for (const u of ['admin', 'supervisor', 'supervisor2']) tokens[u] = (await login(app, u)).access_token;
  clients.a = await fundedClient(t.database.db, 'results_a', '100000.00');
  clients.b = await fundedClient(t.database.db, 'results_b', '100000.00');
  await openKinds(app, tokens.admin, ['stock', 'daily', 'ai', 'fund'], '00:00-24:00');
});
afterAll(async () => {
  await t?.close();
});

describe('trade results', () => {
  it("the issue's attack: a 10.00 AI order settled at +50,000.00 is refused by the kind's range; widened, it waits for two checkers with nothing moved, then moves exactly once", async () => {
    const p = await product('ai', { price: '1', period_days: 30 });
    const o = await place('ai', { client_id: clients.a.id, product_id: p.id, trade_type: 'holding', amount: '10' });
    const before = [await accountOf(clients.a.usd), await accountOf(clients.b.usd)];
    const settle = (user: string, profit: string) =>
      as(user, 'PUT', `/trades/admin/v1/ai/order/settle/${o.id}`, { profit });

    // the default range of a period's result is ± 20 % of the amount
    const refused = await settle('supervisor', '50000');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'profit_out_of_range']);
    expect([await accountOf(clients.a.usd), await accountOf(clients.b.usd)]).toEqual(before);
    expect((await configure('ai', { profit_rate_max: '10000' })).profit_rate_max).toBe('10000');

    const held = await settle('supervisor', '50000');
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ status: 'holding', profit: null, approval_id: expect.any(Number) });
    const approvalId = held.json().approval_id as number;
    expect([await accountOf(clients.a.usd), await accountOf(clients.b.usd)]).toEqual(before);

    // proceeds 10 + 50,000; sell fee 0.2 %; net = proceeds − amount − buy fee − sell fee
    const proceeds = 5_001_000n;
    const sellFee = fee(proceeds, '0.002');
    const net = proceeds - cents(o.amount) - cents(o.fee) - sellFee;
    const detail = (await as('admin', 'GET', `/approval/admin/v1/detail/${approvalId}`)).json();
    expect(detail).toMatchObject({
      kind: 'trade_result',
      target_type: 'trade_order',
      target_id: o.id,
      client_id: clients.a.id,
      currency: 'USD',
      required_checkers: 2,
      status: 'pending',
      trade_action: 'settle',
      asked_profit: '50000.00',
      asked_price: null,
      can_decide: true,
      record: { id: o.id, status: 'holding' },
    });
    expect(cents(detail.amount)).toBe(net);
    expect(cents(detail.balance_effect)).toBe(proceeds - sellFee);
    expect(detail.product).toMatch(/^TR\d+ ai product/);
    const queue = (await as('admin', 'GET', '/approval/admin/v1/list?kind=trade_result')).json();
    expect(queue.data.map((x: { id: number }) => x.id)).toContain(approvalId);

    // frozen: nothing else may be done to the order meanwhile
    const again = await settle('admin', '1');
    expect([again.statusCode, again.json().code]).toEqual([409, 'approval_pending']);
    // the maker cannot check
    const own = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${approvalId}`, { decision: 'approved' });
    expect([own.statusCode, own.json().code]).toEqual([409, 'maker_cannot_check']);

    const first = await as('admin', 'PUT', `/approval/admin/v1/decide/${approvalId}`, { decision: 'approved' });
    expect([first.statusCode, first.json().status, first.json().approvals]).toEqual([200, 'pending', 1]);
    expect([await accountOf(clients.a.usd), await accountOf(clients.b.usd)]).toEqual(before);

    const last = await as('supervisor2', 'PUT', `/approval/admin/v1/decide/${approvalId}`, { decision: 'approved' });
    expect([last.statusCode, last.json().status]).toEqual([200, 'approved']);
    const after = await accountOf(clients.a.usd);
    expect(cents(after.balance) - cents(before[0].balance)).toBe(proceeds - sellFee);
    expect(cents(after.profit) - cents(before[0].profit)).toBe(net);
    expect(await accountOf(clients.b.usd)).toEqual(before[1]);
    expect(await order('ai', o.id)).toMatchObject({ status: 'completed', approval_id: null });

    // once: a further decision and a repeated settlement change nothing
    const late = await as('admin', 'PUT', `/approval/admin/v1/decide/${approvalId}`, { decision: 'approved' });
    expect(late.statusCode).toBe(409);
    expect((await settle('admin', '50000')).statusCode).toBe(409);
    expect(await accountOf(clients.a.usd)).toEqual(after);
    await configure('ai', { profit_rate_max: '0.2' });
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });

  it('under the tier a settlement, a sale and a modification execute at once, as before', async () => {
    const f = await product('fund', { price: '1', period_days: 30 });
    const o = await place('fund', { client_id: clients.a.id, product_id: f.id, trade_type: 'holding', amount: '1000' });
    const before = [await accountOf(clients.a.usd), await accountOf(clients.b.usd)];
    const s = await as('supervisor', 'PUT', `/trades/admin/v1/fund/order/settle/${o.id}`, { profit: '50' });
    expect(s.json()).toMatchObject({ status: 'completed', proceeds: '1050.00', approval_id: null });
    const credit = 105_000n - fee(105_000n, '0.002');
    expect(cents((await accountOf(clients.a.usd)).balance) - cents(before[0].balance)).toBe(credit);
    expect(await accountOf(clients.b.usd)).toEqual(before[1]);

    const st = await product('stock', { price: '10' });
    const h = await place('stock', {
      client_id: clients.a.id,
      product_id: st.id,
      trade_type: 'holding',
      quantity: 100,
    });
    const sold = await as('supervisor', 'PUT', `/trades/admin/v1/stock/order/sell/${h.id}`, { sell_price: '11' });
    expect(sold.json()).toMatchObject({ status: 'sold', proceeds: '1100.00', approval_id: null });
    const h2 = await place('stock', {
      client_id: clients.a.id,
      product_id: st.id,
      trade_type: 'holding',
      quantity: 100,
    });
    const m = await as('admin', 'PUT', `/emergency/admin/v1/order/modify/${h2.id}`, { price: '10.5', reason: 'fix' });
    expect(m.json()).toMatchObject({ order: { price: '10.5000', approval_id: null }, balance_change: '-50.08' });
  });

  it("bounds: a sale, close or modification price outside the kind's band and a result outside its range are refused, nothing moved", async () => {
    const st = await product('stock', { price: '10' });
    const h = await place('stock', {
      client_id: clients.a.id,
      product_id: st.id,
      trade_type: 'holding',
      quantity: 100,
    });
    const dp = await product('daily', { price: '10' });
    const d = await place('daily', {
      client_id: clients.a.id,
      product_id: dp.id,
      trade_type: 'holding',
      quantity: 100,
    });
    const f = await product('fund', { price: '1', period_days: 30 });
    const o = await place('fund', { client_id: clients.a.id, product_id: f.id, trade_type: 'holding', amount: '1000' });
    const before = [await accountOf(clients.a.usd), await accountOf(clients.b.usd)];
    const refused = async (res: Awaited<ReturnType<typeof as>>, code: string) => {
      expect([res.statusCode, res.json().code], res.body).toEqual([409, code]);
      expect([await accountOf(clients.a.usd), await accountOf(clients.b.usd)]).toEqual(before);
    };
    // ± 20 % of 10: 8 to 12 allowed
    await refused(
      await as('admin', 'PUT', `/trades/admin/v1/stock/order/sell/${h.id}`, { sell_price: '12.0001' }),
      'price_out_of_band',
    );
    await refused(
      await as('admin', 'PUT', `/trades/admin/v1/stock/order/sell/${h.id}`, { sell_price: '7.9999' }),
      'price_out_of_band',
    );
    await refused(
      await as('admin', 'PUT', `/trades/admin/v1/daily/order/close/${d.id}`, { sell_price: '5000' }),
      'price_out_of_band',
    );
    await refused(
      await as('admin', 'PUT', `/emergency/admin/v1/order/modify/${h.id}`, { price: '0.5', reason: 'typo' }),
      'price_out_of_band',
    );
    // ± 20 % of 1,000.00: −200.00 to +200.00 allowed
    await refused(
      await as('admin', 'PUT', `/trades/admin/v1/fund/order/settle/${o.id}`, { profit: '200.01' }),
      'profit_out_of_range',
    );
    await refused(
      await as('admin', 'PUT', `/trades/admin/v1/fund/order/settle/${o.id}`, { profit: '-200.01' }),
      'profit_out_of_range',
    );
    expect((await order('stock', h.id)).status).toBe('holding');
    expect((await order('fund', o.id)).status).toBe('holding');

    // the band is the kind's own setting: 50 % lets 14.99 through (a sale under the tier executes)
    await configure('stock', { price_band: '0.5' });
    const sold = await as('admin', 'PUT', `/trades/admin/v1/stock/order/sell/${h.id}`, { sell_price: '12.5' });
    expect(sold.json()).toMatchObject({ status: 'sold', sell_price: '12.5000' });
    await configure('stock', { price_band: '0.2' });
    // bounds are validated where they are set
    for (const bounds of [
      { price_band: '0' },
      { price_band: '1.5' },
      { profit_rate_min: '0.1' },
      { profit_rate_max: '-1' },
    ]) {
      const bad = await as('admin', 'PUT', '/trade_config/admin/v1/product/stock', {
        enabled: true,
        sessions: '00:00-24:00',
        buy_fee: '0.0015',
        sell_fee: '0.002',
        min_amount: '1.00',
        max_amount: '500000.00',
        leverage: 1,
        ...bounds,
      });
      expect([bad.statusCode, Object.keys(bad.json().field_codes ?? {})], bad.body).toEqual([400, Object.keys(bounds)]);
    }
  });

  it('a sale above the tier waits; a rejection ends it with nothing moved and the order free again', async () => {
    const st = await product('stock', { price: '10' });
    const h = await place('stock', {
      client_id: clients.a.id,
      product_id: st.id,
      trade_type: 'holding',
      quantity: 1000,
    });
    const before = [await accountOf(clients.a.usd), await accountOf(clients.b.usd)];
    const held = await as('supervisor', 'PUT', `/trades/admin/v1/stock/order/sell/${h.id}`, { sell_price: '11.9' });
    expect(held.json()).toMatchObject({ status: 'holding', approval_id: expect.any(Number) });
    const a = (await as('admin', 'GET', `/approval/admin/v1/detail/${held.json().approval_id}`)).json();
    expect(a).toMatchObject({ trade_action: 'sell', asked_price: '11.9000', required_checkers: 1 });
    const no = await as('admin', 'PUT', `/approval/admin/v1/decide/${a.id}`, { decision: 'rejected', remark: 'no' });
    expect([no.statusCode, no.json().status]).toEqual([200, 'rejected']);
    expect([await accountOf(clients.a.usd), await accountOf(clients.b.usd)]).toEqual(before);
    expect(await order('stock', h.id)).toMatchObject({ status: 'holding', approval_id: null });
    const small = await as('supervisor', 'PUT', `/trades/admin/v1/stock/order/sell/${h.id}`, { sell_price: '10.5' });
    expect(small.json()).toMatchObject({ status: 'sold', approval_id: null });
  });

  it('an emergency modification above the tier waits; approved, exactly the difference moves once', async () => {
    const st = await product('stock', { price: '10' });
    const h = await place('stock', {
      client_id: clients.a.id,
      product_id: st.id,
      trade_type: 'holding',
      quantity: 100,
    });
    const before = [await accountOf(clients.a.usd), await accountOf(clients.b.usd)];
    const res = await as('admin', 'PUT', `/emergency/admin/v1/order/modify/${h.id}`, {
      quantity: 1100,
      reason: 'typo',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      balance_change: '0.00',
      order: { quantity: 100, approval_id: expect.any(Number) },
    });
    expect([await accountOf(clients.a.usd), await accountOf(clients.b.usd)]).toEqual(before);
    const id = res.json().order.approval_id;
    const a = (await as('supervisor', 'GET', `/approval/admin/v1/detail/${id}`)).json();
    // amount 1,000.00 → 11,000.00, fee 1.50 → 16.50: 10,015.00 from the balance (two checkers from 10,000)
    expect(a).toMatchObject({
      trade_action: 'modify',
      asked_quantity: 1100,
      balance_effect: '-10015.00',
      amount: '10015.00',
    });
    expect(a.required_checkers).toBe(2);
    for (const who of ['supervisor', 'supervisor2'])
      expect((await as(who, 'PUT', `/approval/admin/v1/decide/${id}`, { decision: 'approved' })).statusCode).toBe(200);
    expect(cents((await accountOf(clients.a.usd)).balance) - cents(before[0].balance)).toBe(-1_001_500n);
    expect(await accountOf(clients.b.usd)).toEqual(before[1]);
    expect(await order('stock', h.id)).toMatchObject({ quantity: 1100, amount: '11000.00', approval_id: null });
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });
});
