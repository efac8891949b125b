// List day filters count the tenant's days: with the tenant's zone set to Asia/Tokyo (the app settings), a row made
// at 23:30 Shanghai on 2025-05-31 (15:30 UTC, 00:30 Tokyo on 2025-06-01) is found by the day 2025-06-01 and not by
// 2025-05-31, in the record lists (created_at_from/_to), the entity lists' range filters (core/entity.ts
// filterWhere: the trading orders list), the client list (created_from/_to) and a client's transactions; a date-time
// with its offset stays the instant it names.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../server/core/db';
import { withRetry } from '../../server/core/retry';
import { readCache } from '../../server/core/read-cache';
import { staffUser, tradeOrder, tradeProduct } from '../../server/db/schema';
import { createClient, openAccount } from '../../server/modules/client/service';
import { auditDeposit, createDeposit } from '../../server/modules/deposit/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { makerCheckerOff } from './approval-helpers';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let token = '';
let clientId = 0;
let depositId = 0;
let orderId = 0;
const db = () => t.database.db;
const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(db(), fn);

/** 2025-05-31 23:30 in Shanghai, 2025-06-01 00:30 in Tokyo. */
const AT = '2025-05-31T15:30:00Z';
const D = '2025-05-31';
const NEXT = '2025-06-01';

async function ids(path: string, query: string): Promise<number[]> {
  readCache(db()).invalidate();
  const res = await call(t.app, 'GET', `${path}?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((r) => r.id);
}

async function setZone(timezone: string) {
  const { web_logo_url: _l, image_url: _i, ...doc } = (await call(t.app, 'GET', '/api/setting/v1/app')).json();
  const res = await call(t.app, 'PUT', '/api/setting/admin/v1/app', { token, body: { ...doc, timezone } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().timezone).toBe(timezone);
}

beforeAll(async () => {
  t = await makeTestApp();
  await makerCheckerOff(db(), 'tr');
  token = (await login(t.app, 'admin')).access_token;
  const [admin] = await db().select().from(staffUser).where(eq(staffUser.username, 'admin'));
  const c = await run((tx) => createClient(tx, 'tr', { username: 'dayfilter_c' }));
  clientId = c.id;
  const acc = await run((tx) => openAccount(tx, 'tr', c.id, 'USD'));
  const d = await run((tx) => createDeposit(tx, bySystem('tr'), c.id, { account_id: acc.id, amount: '5.00' }));
  depositId = d.id;
  await run((tx) => auditDeposit(tx, byStaff({ id: admin.id, tenantId: 'tr', role: 'god' }), d.id, 'approved'));
  const [p] = await db()
    .insert(tradeProduct)
    .values({
      tenantId: 'tr',
      kind: 'stock',
      subtype: 'fo',
      code: 'TDAY',
      name: 'Day filter',
      currency: 'USD',
      price: '1',
      status: 'enable',
    })
    .returning({ id: tradeProduct.id });
  const [o] = await db()
    .insert(tradeOrder)
    .values({
      tenantId: 'tr',
      kind: 'stock',
      clientId: c.id,
      accountId: acc.id,
      productId: p.id,
      tradeType: 'review',
      currency: 'USD',
      amount: '1.00',
      status: 'pending',
    })
    .returning({ id: tradeOrder.id });
  orderId = o.id;
  await t.asOwner(async (o) => {
    await o.execute(sql`UPDATE deposit_record SET created_at = ${AT} WHERE id = ${depositId}`);
    await o.execute(sql`UPDATE client SET created_at = ${AT} WHERE id = ${clientId}`);
    await o.execute(sql`UPDATE trade_order SET created_at = ${AT} WHERE id = ${orderId}`);
    // The ledger is append-only: the test lifts its guard to date the deposit's transaction.
    await o.execute(sql`ALTER TABLE ledger_txn DISABLE TRIGGER ledger_txn_append_only`);
    try {
      await o.execute(
        sql`UPDATE ledger_txn SET created_at = ${AT} WHERE ref_type = 'deposit' AND ref_id = ${depositId}`,
      );
    } finally {
      await o.execute(sql`ALTER TABLE ledger_txn ENABLE TRIGGER ledger_txn_append_only`);
    }
  });
  await setZone('Asia/Tokyo');
});

afterAll(async () => {
  await t?.close();
});

describe("list day filters in the tenant's time zone (Asia/Tokyo)", () => {
  it('deposit list: a bare day is the tenant’s day, a date-time with its offset the instant it names', async () => {
    const list = (q: string) => ids('/api/deposit/admin/v1/list', `client_id=${clientId}&${q}`);
    expect(await list(`created_at_from=${NEXT}&created_at_to=${NEXT}`)).toEqual([depositId]);
    expect(await list(`created_at_from=${D}&created_at_to=${D}`)).toEqual([]);
    // One bound alone: the day starts at 00:00 Tokyo (15:00 UTC the day before) and ends at the next 00:00.
    expect(await list(`created_at_from=${NEXT}`)).toEqual([depositId]);
    expect(await list(`created_at_to=${D}`)).toEqual([]);
    expect(await list(`created_at_to=${NEXT}`)).toEqual([depositId]);
    // Instants: the offset decides, not the zone.
    expect(await list('created_at_from=2025-05-31T15:29:00Z&created_at_to=2025-05-31T15:30:00Z')).toEqual([depositId]);
    expect(await list('created_at_from=2025-05-31T23:31:00%2B08:00')).toEqual([]);
    expect(await list('created_at_to=2025-06-01T00:29:00%2B09:00')).toEqual([]);
    // A day that does not exist is 400, not a database error.
    for (const q of ['created_at_from=2025-02-30', 'created_at_to=2025-02-29', 'created_at_to=2025-04-31']) {
      const res = await call(t.app, 'GET', `/api/deposit/admin/v1/list?${q}`, { token });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('the trading orders list (an entity range filter) and a client’s transactions', async () => {
    const orders = (q: string) => ids('/api/trx/admin/v1/stock/list', `client_id=${clientId}&${q}`);
    expect(await orders(`created_at_from=${NEXT}&created_at_to=${NEXT}`)).toEqual([orderId]);
    expect(await orders(`created_at_from=${D}&created_at_to=${D}`)).toEqual([]);
    const txns = async (q: string) => {
      const res = await call(t.app, 'GET', `/api/trx/admin/v1/transaction/list?client_id=${clientId}&${q}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total as number;
    };
    expect(await txns(`created_at_from=${NEXT}&created_at_to=${NEXT}`)).toBe(1);
    expect(await txns(`created_at_from=${D}&created_at_to=${D}`)).toBe(0);
  });

  it('the client list: created_from/_to days are the tenant’s', async () => {
    const clients = (q: string) => ids('/api/client/admin/v1/list', `username=dayfilter_c&${q}`);
    expect(await clients(`created_from=${NEXT}&created_to=${NEXT}`)).toEqual([clientId]);
    expect(await clients(`created_from=${D}&created_to=${D}`)).toEqual([]);
    expect(await clients(`created_from=2025-05-31T15:30:00Z&created_to=2025-05-31T15:30:00Z`)).toEqual([clientId]);
    expect((await call(t.app, 'GET', '/api/client/admin/v1/list?created_to=2025-02-30', { token })).statusCode).toBe(
      400,
    );
  });

  it('a CSV export without tz writes times in the tenant’s zone', async () => {
    const res = await call(t.app, 'GET', `/api/deposit/admin/v1/list/export?client_id=${clientId}&lang=en-US`, {
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('2025-06-01 00:30:00');
    const orders = await call(t.app, 'GET', `/api/trx/admin/v1/stock/list/export?client_id=${clientId}&lang=en-US`, {
      token,
    });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.body).toContain('2025-06-01 00:30:00');
    const clients = await call(t.app, 'GET', '/api/client/admin/v1/list/export?username=dayfilter_c&lang=en-US', {
      token,
    });
    expect(clients.statusCode, clients.body).toBe(200);
    expect(clients.body).toContain('2025-06-01 00:30:00');
    // A tz given is the CSV's.
    const utc = await call(t.app, 'GET', `/api/deposit/admin/v1/list/export?client_id=${clientId}&tz=UTC`, { token });
    expect(utc.body).toContain('2025-05-31 15:30:00');
  });
});

describe('list query strictness', () => {
  const refused = async (path: string, param: string) => {
    const res = await call(t.app, 'GET', `${path}${path.includes('?') ? '&' : '?'}${param}=2025-06-01`, { token });
    expect(res.statusCode, `${path} ${param}: ${res.body}`).toBe(400);
    expect(res.json().field_codes?.[param]?.code, `${path} ${param}`).toBe('unknown_field');
  };

  it('an unknown or misspelt parameter is 400 unknown_field, never a list that filters nothing', async () => {
    // the money records' old names of the range, and a misspelt filter, on the list and its export
    for (const p of ['created_at_gte', 'created_at_lte', 'start', 'end', 'client']) {
      await refused('/api/deposit/admin/v1/list', p);
      await refused('/api/deposit/admin/v1/list/export', p);
    }
    await refused('/api/withdraw/admin/v1/list', 'created_at_gte');
    await refused('/api/client/admin/v1/list', 'create_datetime_from');
    await refused('/api/client/admin/v1/list/export', 'usernme');
    await refused('/api/trx/admin/v1/stock/list', 'created_at_gte');
    await refused('/api/trx/admin/v1/stock/list/export', 'created_at_gte');
    await refused(`/api/trx/admin/v1/transaction/list?client_id=${clientId}`, 'created_at_gte');
    await refused('/api/audit/admin/v1/list', 'at_gte');
    // the export's own parameters are the export's only
    await refused('/api/deposit/admin/v1/list', 'lang');
    // known parameters still pass
    expect(
      await ids('/api/deposit/admin/v1/list', `client_id=${clientId}&page=1&page_size=5&sort=id&order=desc`),
    ).toEqual([depositId]);
    // lists of one fixed order take the sort the console's data provider sends with every list, and refuse the rest
    for (const path of [
      '/api/trades/admin/v1/ipo_allocation/list?status=order_locked&page=1&page_size=25&sort=id&order=desc',
      `/api/trx/admin/v1/transaction/list?client_id=${clientId}&page=1&page_size=25&sort=id&order=desc`,
    ]) {
      const res = await call(t.app, 'GET', path, { token });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      await refused(path, 'stauts');
    }
  });
});
