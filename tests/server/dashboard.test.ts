// The dashboard statistics: every figure equals the sum recomputed here from the underlying rows (deposits,
// withdrawals, accounts, orders, clients) for each role's scope; bonus and compensation never count as deposits;
// a salesman's summary holds only his clients' money and he gets 403 on the team routes; day ranges are read in the
// tenant's time zone, with both edges tested to the millisecond.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { readCache } from '../../server/core/read-cache';
import type { Tx } from '../../server/core/db';
import {
  account,
  client,
  depositRecord,
  overdrawnRecord,
  staffUser,
  tradeOrder,
  tradeProduct,
  withdrawRecord,
} from '../../server/db/schema';
import { createClient, openAccount } from '../../server/modules/client/service';
import { auditDeposit, createDeposit } from '../../server/modules/deposit/service';
import { auditWithdrawal, requestWithdrawal } from '../../server/modules/withdraw/service';
import { creditOverdrawn } from '../../server/modules/overdrawn/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { readSetting, saveSetting } from '../../server/modules/setting/service';
import { EXPOSURE_KINDS, OPEN_STATUSES } from '../../domain/dashboard';
import { TRADE_PRODUCTS, type TradeProduct } from '../../domain/trading';
import { checkLedger } from '../../server/ledger';
import { makerCheckerOff } from './approval-helpers';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
const tokens: Record<string, string> = {};
const staffId: Record<string, number> = {};
const ids: Record<string, { clientId: number; acc: Record<string, number> }> = {};
const db = () => t.database.db;
const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(db(), fn);
const admin = () => byStaff({ id: staffId.admin, tenantId: 'tr', role: 'god' });

/** A dashboard route as `who`, with the read cache dropped first (the fixture writes around the API). */
async function get(who: string, part: string, query = '') {
  readCache(db()).invalidate();
  return call(t.app, 'GET', `/api/dashboard/admin/v1/${part}${query}`, { token: tokens[who] });
}
async function ok(who: string, part: string, query = '') {
  const res = await get(who, part, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/* Exact sums in cents, recomputed here from rows the way the definitions (route descriptions) say. */
const cents = (s: string) => {
  const [i, f = ''] = s.replace('-', '').split('.');
  const v = BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
  return s.startsWith('-') ? -v : v;
};
const text = (c: bigint) => {
  const a = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
};
type Sum = { currency: string; amount: string; count: number };
function sumBy<R>(rows: R[], currency: (r: R) => string, amount: (r: R) => string): Sum[] {
  const m = new Map<string, { c: bigint; n: number }>();
  for (const r of rows) {
    const s = m.get(currency(r)) ?? { c: 0n, n: 0 };
    m.set(currency(r), { c: s.c + cents(amount(r)), n: s.n + 1 });
  }
  return [...m.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => ({ currency, amount: text(s.c), count: s.n }));
}

/** The agents whose clients each caller sees. */
function agentsOf(who: string): (number | null)[] | 'all' {
  if (who === 'admin' || who === 'supervisor') return 'all';
  if (who === 'leader') return [staffId.leader, staffId.sales, staffId.sales2];
  return [staffId[who]];
}
const inScope = (who: string, agent: number | null) => {
  const a = agentsOf(who);
  return a === 'all' || a.includes(agent);
};

/** Everything the figures are made of, read back from the database. */
async function rows() {
  const clients = await db().select().from(client).where(eq(client.tenantId, 'tr'));
  const agentOfClient = new Map(clients.map((c) => [c.id, c.agentId]));
  return {
    clients,
    deposits: await db().select().from(depositRecord).where(eq(depositRecord.tenantId, 'tr')),
    withdrawals: await db().select().from(withdrawRecord).where(eq(withdrawRecord.tenantId, 'tr')),
    accounts: await db().select().from(account).where(eq(account.tenantId, 'tr')),
    orders: await db().select().from(tradeOrder).where(eq(tradeOrder.tenantId, 'tr')),
    agentOfClient,
  };
}

const between = (at: Date | null, from: Date, to: Date) => !!at && at >= from && at < to;
// Asia/Shanghai (+08:00, no daylight saving): the days of a range as instants.
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);
const shanghaiDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The summary as recomputed from the rows for `who` over [from, to]. */
async function expectedSummary(who: string, from: string, to: string) {
  const r = await rows();
  const [start, end] = [dayStart(from), dayAfter(to)];
  const clients = r.clients.filter((c) => inScope(who, c.agentId));
  const deposits = r.deposits.filter(
    (d) => inScope(who, d.agentId) && d.status === 'approved' && between(d.resolvedAt, start, end),
  );
  const withdrawals = r.withdrawals.filter(
    (w) => inScope(who, w.agentId) && w.status === 'approved' && between(w.resolvedAt, start, end),
  );
  const accounts = r.accounts.filter((a) => inScope(who, r.agentOfClient.get(a.clientId) ?? null));
  const orders = r.orders.filter((o) => inScope(who, r.agentOfClient.get(o.clientId) ?? null));
  const open = (o: (typeof orders)[number], kinds: readonly string[]) =>
    kinds.includes(o.kind) && (OPEN_STATUSES[o.kind as TradeProduct] as readonly string[]).includes(o.status);
  const owing = (o: (typeof orders)[number]) => ['waiting_payment', 'outstanding'].includes(o.status);
  const currencies = [
    ...new Set([
      ...accounts.map((a) => a.currency),
      ...orders.filter((o) => open(o, TRADE_PRODUCTS) || owing(o)).map((o) => o.currency),
    ]),
  ].sort();
  const total = (list: { amount: string }[]) => list.find(() => true)?.amount ?? '0.00';
  const sumOf = <R>(list: R[], amount: (x: R) => string) => total(sumBy(list, () => 'x', amount));
  return {
    from,
    to,
    time_zone: 'Asia/Shanghai',
    clients: {
      total: clients.length,
      real: clients.filter((c) => !c.fake).length,
      robot: clients.filter((c) => c.fake).length,
      new: clients.filter((c) => between(c.createdAt, start, end)).length,
      new_real: clients.filter((c) => !c.fake && between(c.createdAt, start, end)).length,
    },
    deposits: sumBy(
      deposits,
      (d) => d.creditCurrency,
      (d) => d.creditAmount,
    ),
    withdrawals: sumBy(
      withdrawals,
      (w) => w.currency,
      (w) => w.amount,
    ),
    // per Shanghai day of resolution, days with money only, in order
    daily: [...new Set([...deposits, ...withdrawals].map((x) => shanghaiDay(x.resolvedAt!)))].sort().map((day) => ({
      day,
      deposits: sumBy(
        deposits.filter((d) => shanghaiDay(d.resolvedAt!) === day),
        (d) => d.creditCurrency,
        (d) => d.creditAmount,
      ),
      withdrawals: sumBy(
        withdrawals.filter((w) => shanghaiDay(w.resolvedAt!) === day),
        (w) => w.currency,
        (w) => w.amount,
      ),
    })),
    exposure: currencies.map((currency) => {
      const mine = orders.filter((o) => o.currency === currency);
      const kindSum = (kinds: readonly string[]) =>
        sumOf(
          mine.filter((o) => open(o, kinds)),
          (o) => o.amount,
        );
      return {
        currency,
        balance: sumOf(
          accounts.filter((a) => a.currency === currency),
          (a) => a.balance,
        ),
        fo_amount: kindSum(EXPOSURE_KINDS.fo_amount),
        otc_amount: kindSum(EXPOSURE_KINDS.otc_amount),
        quant_amount: kindSum(EXPOSURE_KINDS.quant_amount),
        ipo_amount: kindSum(EXPOSURE_KINDS.ipo_amount),
        funds_amount: kindSum(EXPOSURE_KINDS.funds_amount),
        arrears_amount: sumOf(mine.filter(owing), (o) => o.owed),
        arrears_orders: mine.filter(owing).length,
      };
    }),
  };
}

/** Per kind, recomputed. */
async function expectedKinds(who: string | ((agent: number | null) => boolean), from: string, to: string) {
  const r = await rows();
  const keep = typeof who === 'string' ? (a: number | null) => inScope(who, a) : who;
  const orders = r.orders.filter((o) => keep(r.agentOfClient.get(o.clientId) ?? null));
  return TRADE_PRODUCTS.map((kind) => {
    const mine = orders.filter((o) => o.kind === kind);
    return {
      kind,
      open: sumBy(
        mine.filter((o) => (OPEN_STATUSES[kind] as readonly string[]).includes(o.status)),
        (o) => o.currency,
        (o) => o.amount,
      ),
      placed: sumBy(
        mine.filter((o) => between(o.createdAt, dayStart(from), dayAfter(to))),
        (o) => o.currency,
        (o) => o.amount,
      ),
      arrears: sumBy(
        mine.filter((o) => ['waiting_payment', 'outstanding'].includes(o.status)),
        (o) => o.currency,
        (o) => o.owed,
      ),
    };
  });
}

const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const month = () => `?from=${today().slice(0, 8)}01&to=${today()}`;

async function deposit(name: string, currency: string, amount: string, decision?: 'approved' | 'rejected') {
  const c = ids[name];
  const d = await run((tx) => createDeposit(tx, bySystem('tr'), c.clientId, { account_id: c.acc[currency], amount }));
  if (decision) await run((tx) => auditDeposit(tx, admin(), d.id, decision));
  return d.id;
}
async function withdraw(name: string, currency: string, amount: string, decision?: 'approved' | 'rejected') {
  const c = ids[name];
  const w = await run((tx) =>
    requestWithdrawal(tx, bySystem('tr'), c.clientId, { account_id: c.acc[currency], amount }),
  );
  if (decision) await run((tx) => auditWithdrawal(tx, admin(), w.id, decision));
  return w.id;
}

const products: Partial<Record<TradeProduct, number>> = {};
async function order(name: string, kind: TradeProduct, amount: string, status: string, owed = '0') {
  const c = ids[name];
  if (!products[kind]) {
    const [p] = await db()
      .insert(tradeProduct)
      .values({
        tenantId: 'tr',
        kind,
        subtype: kind === 'stock' ? 'fo' : kind === 'block' ? 'otc' : kind === 'saving' ? 'savings' : kind,
        code: `T${kind}`,
        name: `Test ${kind}`,
        currency: 'USD',
        price: '1',
        status: kind === 'ipo' ? 'available' : 'enable',
      })
      .returning({ id: tradeProduct.id });
    products[kind] = p.id;
  }
  await db().insert(tradeOrder).values({
    tenantId: 'tr',
    kind,
    clientId: c.clientId,
    accountId: c.acc.USD,
    productId: products[kind]!,
    tradeType: 'review',
    currency: 'USD',
    amount,
    owed,
    status,
  });
}

beforeAll(async () => {
  t = await makeTestApp();
  await makerCheckerOff(db(), 'tr');
  const staff = await db().select().from(staffUser).where(eq(staffUser.tenantId, 'tr'));
  for (const s of staff) staffId[s.username] = s.id;
  for (const who of ['admin', 'supervisor', 'leader', 'sales', 'sales3'])
    tokens[who] = (await login(t.app, who)).access_token;
  // name -> agent, currencies, robot
  const CLIENTS: Record<string, [string | null, string[], boolean]> = {
    c_sales: ['sales', ['USD', 'CNY'], false],
    r_sales: ['sales', ['USD'], true],
    c_sales2: ['sales2', ['USD', 'EUR'], false],
    c_sales3: ['sales3', ['USD'], false],
    c_leader: ['leader', ['USD'], false],
    c_nobody: [null, ['USD'], false],
  };
  await run(async (tx) => {
    for (const [name, [agent, currencies, fake]] of Object.entries(CLIENTS)) {
      const c = await createClient(tx, 'tr', {
        username: `dash_${name}`,
        agentId: agent ? staffId[agent] : null,
        fake,
      });
      const acc: Record<string, number> = {};
      for (const cur of currencies) acc[cur] = (await openAccount(tx, 'tr', c.id, cur)).id;
      ids[name] = { clientId: c.id, acc };
    }
  });
  await deposit('c_sales', 'USD', '100.10', 'approved');
  await deposit('c_sales', 'USD', '0.05', 'approved');
  await deposit('c_sales', 'CNY', '50.00', 'approved');
  await deposit('c_sales', 'USD', '999.00'); // pending: not counted
  await deposit('c_sales', 'USD', '888.00', 'rejected');
  await deposit('r_sales', 'USD', '12.34', 'approved');
  await deposit('c_sales2', 'USD', '200.05', 'approved');
  await deposit('c_sales2', 'EUR', '70.00', 'approved');
  await deposit('c_sales3', 'USD', '7.77', 'approved');
  await deposit('c_leader', 'USD', '300.00', 'approved');
  await deposit('c_nobody', 'USD', '1.01', 'approved');
  // Bonus and bonus points (compensation): money on the account, never deposits.
  await run((tx) =>
    creditOverdrawn(tx, admin(), 'bonus', ids.c_sales.clientId, { account_id: ids.c_sales.acc.USD, amount: '33.00' }),
  );
  await run((tx) =>
    creditOverdrawn(tx, admin(), 'compensation', ids.c_sales.clientId, {
      account_id: ids.c_sales.acc.USD,
      amount: '44.00',
    }),
  );
  await withdraw('c_sales', 'USD', '10.01', 'approved');
  await withdraw('c_sales', 'USD', '1.00'); // pending: not counted
  await withdraw('c_sales2', 'USD', '20.00', 'approved');
  await withdraw('c_sales2', 'USD', '2.00', 'rejected');
  await withdraw('c_leader', 'USD', '30.30', 'approved');
  await order('c_sales', 'stock', '10.00', 'holding');
  await order('c_sales', 'stock', '5.50', 'pending');
  await order('c_sales', 'stock', '99.00', 'sold'); // closed: not exposure
  await order('c_sales', 'block', '40.00', 'holding');
  await order('c_sales', 'ipo', '60.00', 'waiting_payment', '15.25');
  await order('c_sales2', 'ipo', '80.00', 'outstanding', '20.00');
  await order('c_sales2', 'ipo', '25.00', 'fund_released');
  await order('c_sales2', 'quant', '11.11', 'awaiting');
  await order('c_sales2', 'fund', '12.00', 'holding');
  await order('c_sales3', 'ai', '13.00', 'pending');
  await order('c_leader', 'saving', '14.00', 'holding');
  await order('c_leader', 'daily', '9.00', 'unsettled');
  await order('c_nobody', 'stock', '3.00', 'holding');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /dashboard/admin/v1/summary', () => {
  it.each(['admin', 'supervisor', 'leader', 'sales', 'sales3'])(
    'answers the sums recomputed from the records for %s',
    async (who) => {
      expect(await ok(who, 'summary', month())).toEqual(
        await expectedSummary(who, today().slice(0, 8) + '01', today()),
      );
    },
  );

  it("gives a salesman his own clients' money only, and never counts bonus or compensation as a deposit", async () => {
    const s = await ok('sales', 'summary', month());
    expect(s.deposits).toEqual([
      { currency: 'CNY', amount: '50.00', count: 1 },
      { currency: 'USD', amount: '112.49', count: 3 }, // 100.10 + 0.05 + 12.34 (robot); not 999 pending, 888 rejected
    ]);
    expect(s.withdrawals).toEqual([{ currency: 'USD', amount: '10.01', count: 1 }]);
    expect(s.clients).toEqual({ total: 2, real: 1, robot: 1, new: 2, new_real: 1 });
    const usd = s.exposure.find((e: { currency: string }) => e.currency === 'USD');
    // balance: 100.10 + 0.05 + 12.34 deposits + 33 bonus + 44 compensation − 10.01 paid − 1.00 frozen
    expect(usd).toMatchObject({ balance: '178.48', fo_amount: '15.50', otc_amount: '40.00', ipo_amount: '60.00' });
    expect(usd).toMatchObject({
      arrears_amount: '15.25',
      arrears_orders: 1,
      quant_amount: '0.00',
      funds_amount: '0.00',
    });
    const bonus = await db()
      .select()
      .from(overdrawnRecord)
      .where(and(eq(overdrawnRecord.clientId, ids.c_sales.clientId), sql`${overdrawnRecord.subType} <> 'loan'`));
    expect(bonus.map((b) => b.status).sort()).toEqual(['approved', 'approved']);

    const all = await ok('admin', 'summary', month());
    expect(all.deposits.find((d: Sum) => d.currency === 'USD')).toEqual({
      currency: 'USD',
      amount: '621.32', // 112.49 + 200.05 + 7.77 + 300.00 + 1.01
      count: 7,
    });
    expect(all.exposure.find((e: { currency: string }) => e.currency === 'USD')).toMatchObject({
      fo_amount: '18.50',
      quant_amount: '11.11',
      funds_amount: '39.00', // fund 12 + ai 13 + saving 14
      ipo_amount: '140.00',
      arrears_amount: '35.25',
      arrears_orders: 2,
    });
  });

  it('reads days in the tenant time zone, both edges inclusive to the millisecond', async () => {
    const id = await deposit('c_sales3', 'USD', '1.11', 'approved');
    const id2 = await deposit('c_sales3', 'USD', '2.22', 'approved');
    const w = await withdraw('c_sales3', 'USD', '0.50', 'approved');
    await t.asOwner(async (o) => {
      // 2025-03-31 23:59:59.999 and 2025-04-01 00:00:00.000 in Shanghai.
      await o.execute(sql`UPDATE deposit_record SET resolved_at = '2025-03-31T15:59:59.999Z' WHERE id = ${id}`);
      await o.execute(sql`UPDATE deposit_record SET resolved_at = '2025-03-31T16:00:00.000Z' WHERE id = ${id2}`);
      await o.execute(sql`UPDATE withdraw_record SET resolved_at = '2025-03-01T00:00:00+08:00' WHERE id = ${w}`);
    });
    const march = await ok('sales3', 'summary', '?from=2025-03-01&to=2025-03-31');
    expect(march.deposits).toEqual([{ currency: 'USD', amount: '1.11', count: 1 }]);
    expect(march.withdrawals).toEqual([{ currency: 'USD', amount: '0.50', count: 1 }]);
    // the time series: each on its own Shanghai day, days without money left out
    expect(march.daily).toEqual([
      { day: '2025-03-01', deposits: [], withdrawals: [{ currency: 'USD', amount: '0.50', count: 1 }] },
      { day: '2025-03-31', deposits: [{ currency: 'USD', amount: '1.11', count: 1 }], withdrawals: [] },
    ]);
    expect(march).toEqual(await expectedSummary('sales3', '2025-03-01', '2025-03-31'));
    const april1 = await ok('sales3', 'summary', '?from=2025-04-01&to=2025-04-01');
    expect(april1.deposits).toEqual([{ currency: 'USD', amount: '2.22', count: 1 }]);
    expect(april1.withdrawals).toEqual([]);
    expect((await ok('sales3', 'summary', '?from=2025-02-01&to=2025-02-28')).withdrawals).toEqual([]);

    // The tenant's zone decides: in UTC both fall on March 31.
    const locale = await readSetting(db(), 'tr', 'locale');
    await run((tx) => saveSetting(tx, 'tr', 'locale', { ...locale, timezone: 'UTC' }));
    try {
      const utc = await ok('sales3', 'summary', '?from=2025-03-31&to=2025-03-31');
      expect(utc.time_zone).toBe('UTC');
      expect(utc.deposits).toEqual([{ currency: 'USD', amount: '3.33', count: 2 }]);
    } finally {
      await run((tx) => saveSetting(tx, 'tr', 'locale', locale));
    }
  });

  it("makes the app config's time zone the tenant's: saved in the App settings page, it moves the dashboard's days", async () => {
    const id = await deposit('c_sales3', 'USD', '4.44', 'approved');
    await t.asOwner(async (o) => {
      // 2025-05-31 23:30 in Shanghai, 2025-05-31 11:30 in New York, 2025-05-31 15:30 UTC.
      await o.execute(sql`UPDATE deposit_record SET resolved_at = '2025-05-31T15:30:00Z' WHERE id = ${id}`);
    });
    const app = (await call(t.app, 'GET', '/api/setting/v1/app')).json();
    const { web_logo_url: _l, image_url: _i, ...doc } = app;
    const save = (timezone: string) =>
      call(t.app, 'PUT', '/api/setting/admin/v1/app', { token: tokens.admin, body: { ...doc, timezone } });
    const may31 = '?from=2025-05-31&to=2025-05-31';
    const june1 = '?from=2025-06-01&to=2025-06-01';
    expect((await ok('sales3', 'summary', may31)).deposits).toEqual([{ currency: 'USD', amount: '4.44', count: 1 }]);
    try {
      // Tokyo: 2025-06-01 00:30, the deposit is June's.
      const res = await save('Asia/Tokyo');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().timezone).toBe('Asia/Tokyo');
      const tokyo = await ok('sales3', 'summary', june1);
      expect(tokyo.time_zone).toBe('Asia/Tokyo');
      expect(tokyo.deposits).toEqual([{ currency: 'USD', amount: '4.44', count: 1 }]);
      expect((await ok('sales3', 'summary', may31)).deposits).toEqual([]);
      // The zone that counts answers it too: the locale view, the app settings, the kept sums' zone.
      const locale = await call(t.app, 'GET', '/api/setting/admin/v1/locale', { token: tokens.admin });
      expect(locale.json()).toMatchObject({ timezone: 'Asia/Tokyo', utc_offset: '+09:00' });
      expect((await call(t.app, 'GET', '/api/setting/v1/app')).json().timezone).toBe('Asia/Tokyo');
      expect(await readSetting(db(), 'tr', 'locale')).toMatchObject({ timezone: 'Asia/Tokyo' });
      const stats = (await checkLedger(db())).violations.find(
        (v) => v.rule === 'dashboard statistics equal their records',
      );
      expect(stats?.rows ?? []).toEqual([]);
    } finally {
      expect((await save('Asia/Shanghai')).statusCode).toBe(200);
    }
    expect((await ok('sales3', 'summary', may31)).deposits).toEqual([{ currency: 'USD', amount: '4.44', count: 1 }]);
    expect((await ok('sales3', 'summary', june1)).deposits).toEqual([]);
  });

  it('defaults to this month and refuses a range that ends before it starts or a day that does not exist', async () => {
    const s = await ok('sales', 'summary');
    expect([s.from, s.to]).toEqual([today().slice(0, 8) + '01', today()]);
    expect((await get('sales', 'summary', '?from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
    expect((await get('sales', 'summary', '?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await get('sales', 'summary', '?from=20260301')).statusCode).toBe(400);
  });

  it('needs a signed-in staff member', async () => {
    expect((await call(t.app, 'GET', '/api/dashboard/admin/v1/summary')).statusCode).toBe(401);
  });
});

describe('GET /dashboard/admin/v1/product', () => {
  it.each(['admin', 'leader', 'sales', 'sales3'])(
    'answers every kind recomputed from the orders for %s',
    async (who) => {
      const from = today().slice(0, 8) + '01';
      const p = await ok(who, 'product', month());
      expect(p.kinds).toEqual(await expectedKinds(who, from, today()));
      expect(p.kinds.map((k: { kind: string }) => k.kind)).toEqual([...TRADE_PRODUCTS]);
    },
  );

  it('counts orders placed in the range by their creation day', async () => {
    const p = await ok('admin', 'product', '?from=2020-01-01&to=2020-01-31');
    for (const k of p.kinds) expect(k.placed).toEqual([]);
    const stock = p.kinds.find((k: { kind: string }) => k.kind === 'stock');
    expect(stock.open).toEqual([{ currency: 'USD', amount: '18.50', count: 3 }]);
  });
});

describe('team statistics', () => {
  it.each(['team', 'team_product'])('answers 403 to a salesman on %s', async (part) => {
    const res = await get('sales', part, month());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it("gives a team leader his own team only, each member's figures and the team's as their sum", async () => {
    const r = await ok('leader', 'team', month());
    expect(r.teams).toHaveLength(1);
    const [team] = r.teams;
    expect(team).toMatchObject({ leader_id: staffId.leader, leader_name: expect.any(String) });
    expect(team.agents.map((a: { agent_id: number }) => a.agent_id).sort()).toEqual(
      [staffId.leader, staffId.sales, staffId.sales2].sort(),
    );
    const s = await ok('leader', 'summary', month());
    expect(team.clients).toEqual(s.clients);
    expect(team.deposits).toEqual(s.deposits);
    expect(team.withdrawals).toEqual(s.withdrawals);
    const sales = team.agents.find((a: { agent_id: number }) => a.agent_id === staffId.sales);
    const own = await ok('sales', 'summary', month());
    expect({ clients: sales.clients, deposits: sales.deposits, withdrawals: sales.withdrawals }).toEqual({
      clients: own.clients,
      deposits: own.deposits,
      withdrawals: own.withdrawals,
    });
  });

  it('gives an administrator every team and the clients in none, adding up to the summary', async () => {
    const r = await ok('admin', 'team', month());
    const byLeader = new Map(r.teams.map((x: { leader_id: number | null }) => [x.leader_id, x]));
    expect([...byLeader.keys()].sort()).toEqual([staffId.leader, staffId.leader2, null].sort());
    const none = byLeader.get(null) as { agents: { agent_id: number | null }[]; deposits: Sum[] };
    expect(none.agents.map((a) => a.agent_id)).toEqual([null]);
    expect(none.deposits).toEqual([{ currency: 'USD', amount: '1.01', count: 1 }]);
    const leader2 = byLeader.get(staffId.leader2) as { deposits: Sum[] };
    const s3 = await ok('sales3', 'summary', month());
    expect(leader2.deposits).toEqual(s3.deposits);
    // The teams add up to the whole.
    const all = await ok('admin', 'summary', month());
    const teamsDeposits = new Map<string, { c: bigint; n: number }>();
    for (const d of r.teams.flatMap((x: { deposits: Sum[] }) => x.deposits) as Sum[]) {
      const s = teamsDeposits.get(d.currency) ?? { c: 0n, n: 0 };
      teamsDeposits.set(d.currency, { c: s.c + cents(d.amount), n: s.n + d.count });
    }
    expect(
      [...teamsDeposits]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, v]) => ({ currency, amount: text(v.c), count: v.n })),
    ).toEqual(all.deposits);
    expect(r.teams.reduce((n: number, x: { clients: { total: number } }) => n + x.clients.total, 0)).toBe(
      all.clients.total,
    );
    // A supervisor (stat) sees the same.
    expect(await ok('supervisor', 'team', month())).toEqual(r);
  });

  it('per team and product kind, recomputed from the orders of the team', async () => {
    const from = today().slice(0, 8) + '01';
    const r = await ok('admin', 'team_product', month());
    const teamOfAgent = (agent: number | null) =>
      agent === staffId.leader || agent === staffId.sales || agent === staffId.sales2
        ? staffId.leader
        : agent === staffId.leader2 || agent === staffId.sales3
          ? staffId.leader2
          : null;
    for (const team of r.teams)
      expect(team.kinds, String(team.leader_id)).toEqual(
        await expectedKinds((a) => teamOfAgent(a) === team.leader_id, from, today()),
      );
    expect(r.teams.map((x: { leader_id: number | null }) => x.leader_id).sort()).toEqual(
      [staffId.leader, staffId.leader2, null].sort(),
    );
    const mine = await ok('leader', 'team_product', month());
    expect(mine.teams).toEqual([r.teams.find((x: { leader_id: number }) => x.leader_id === staffId.leader)]);
  });
});

describe('the kept sums (migration 0026_statistics)', () => {
  // The fixture writes orders around the ledger, so only the statistics rule of the check applies here.
  const statViolations = async () =>
    (await checkLedger(db())).violations.find((v) => v.rule === 'dashboard statistics equal their records')?.rows ?? [];
  const moveClient = async (name: string, to: string) => {
    const res = await call(t.app, 'POST', `/api/user/v1/change_agent/${ids[name].clientId}`, {
      token: tokens.admin,
      body: { user_id: staffId[to] },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("moves a client's accounts, orders and records with him when his agent changes", async () => {
    const from = today().slice(0, 8) + '01';
    const before = await ok('sales3', 'summary', month());
    await moveClient('c_sales', 'sales3');
    try {
      // c_sales leaves sales (and his leader's team) for sales3 (leader2's team): every figure follows him.
      for (const who of ['sales', 'sales3', 'leader', 'admin'])
        expect(await ok(who, 'summary', month()), who).toEqual(await expectedSummary(who, from, today()));
      const moved = await ok('sales3', 'summary', month());
      const usd = (s: { exposure: { currency: string; balance: string }[] }) =>
        s.exposure.find((e) => e.currency === 'USD')!;
      const [acc] = await db().select().from(account).where(eq(account.id, ids.c_sales.acc.USD));
      expect(cents(usd(moved).balance) - cents(usd(before).balance)).toBe(cents(acc.balance));
      expect(moved.clients.total - before.clients.total).toBe(1);
      expect(await statViolations()).toEqual([]);
    } finally {
      await moveClient('c_sales', 'sales');
    }
    expect(await ok('sales3', 'summary', month())).toEqual(before);
    expect(await statViolations()).toEqual([]);
  });

  it('are checked against the records by ledger:check, and stat_rebuild restores them', async () => {
    await t.asOwner((o) =>
      o.execute(sql`UPDATE stat_balance SET balance = balance + 0.01
        WHERE (tenant_id, agent_id, slot, currency) = ('tr', ${staffId.sales}, stat_slot(${ids.c_sales.clientId}), 'USD')`),
    );
    const [row, ...others] = await statViolations();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ stat: 'stat_balance', tenant_id: 'tr' });
    expect(JSON.parse(row.kept as string).balance - JSON.parse(row.expected as string).balance).toBeCloseTo(0.01, 6);
    await db().execute(sql`SELECT stat_rebuild('tr')`);
    expect(await statViolations()).toEqual([]);
  });

  it('sum any range from the months inside it and the days around them', async () => {
    // Approved deposits and withdrawals resolved across a year end, in Shanghai days (UTC+8).
    const dated: [string, string, string][] = [
      ['c_sales', '2024-11-30T16:00:00Z', '1.01'], // 2024-12-01 00:00 local
      ['c_sales', '2024-12-15T03:00:00Z', '2.02'],
      ['c_sales2', '2024-12-31T15:59:59.999Z', '4.04'], // 2024-12-31 23:59:59.999 local
      ['c_sales2', '2024-12-31T16:00:00Z', '8.08'], // 2025-01-01 00:00 local
      ['c_sales3', '2025-01-31T12:00:00Z', '16.16'],
      ['c_leader', '2025-02-28T15:59:59Z', '32.32'],
      ['c_nobody', '2025-03-01T01:00:00Z', '64.64'],
    ];
    for (const [name, at, amount] of dated) {
      const id = await deposit(name, 'USD', amount, 'approved');
      const w = await withdraw(name, 'USD', '0.01', 'approved');
      await t.asOwner(async (o) => {
        await o.execute(sql`UPDATE deposit_record SET resolved_at = ${at} WHERE id = ${id}`);
        await o.execute(sql`UPDATE withdraw_record SET resolved_at = ${at} WHERE id = ${w}`);
      });
    }
    for (const [from, to] of [
      ['2024-12-01', '2025-03-31'], // whole months
      ['2024-12-02', '2025-02-27'], // days, a whole month, days
      ['2024-12-31', '2025-01-01'], // two days across the year end
      ['2025-01-01', '2025-01-31'], // one whole month
      ['2024-11-15', '2025-03-01'], // days, months, one day
      ['2025-02-28', '2025-02-28'],
    ])
      for (const who of ['admin', 'leader', 'sales'])
        expect(await ok(who, 'summary', `?from=${from}&to=${to}`), `${who} ${from}..${to}`).toEqual(
          await expectedSummary(who, from, to),
        );
    const all = await ok('admin', 'summary', '?from=2024-12-01&to=2025-03-31');
    // 1.01 + 2.02 + 4.04 + 8.08 + 16.16 + 32.32 + 64.64, and 1.11 of the time zone test (March 31)
    expect(all.deposits.find((d: Sum) => d.currency === 'USD').amount).toBe('129.38');
    expect(await statViolations()).toEqual([]);
  });
});
