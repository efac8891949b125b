// The dashboard's "today" figures and the lists their cards open (src/dashboard/TodayPanel.tsx todayLinks) count the
// same records: deposits and withdrawals by the tenant's day they were decided (resolved_at_from/_to, both edges to
// the millisecond), new clients by the day they registered (created_from/_to). A record made yesterday and approved
// today is in today's figure and list; its neighbour approved at 23:59:59.999 yesterday is in neither; today's
// created_at range (the old link) would show the wrong one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../server/core/db';
import { localDay } from '../../domain/time-zone';
import { readCache } from '../../server/core/read-cache';
import { withRetry } from '../../server/core/retry';
import { staffUser } from '../../server/db/schema';
import { createClient, openAccount } from '../../server/modules/client/service';
import { auditDeposit, createDeposit } from '../../server/modules/deposit/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { auditWithdrawal, requestWithdrawal } from '../../server/modules/withdraw/service';
import { todayLinks } from '../../src/dashboard/links';
import { makerCheckerOff } from './approval-helpers';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let token = '';
const db = () => t.database.db;
const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(db(), fn);

/** Today and yesterday in the tenant's zone (Asia/Shanghai, the seed's), and 00:00 of today there as an instant. */
const ZONE = 'Asia/Shanghai';
const day = localDay(new Date(), ZONE);
const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const midnight = `${day}T00:00:00.000+08:00`;
const justBefore = `${yesterday}T23:59:59.999+08:00`;
const madeYesterday = `${yesterday}T10:00:00+08:00`;

const ids = { deposit: 0, depositNeighbour: 0, withdrawal: 0, withdrawalNeighbour: 0, client: 0 };

/** The API query of a console link: its path's list route and react-admin's filter as query parameters. */
function linkQuery(link: string): { resource: string; query: string } {
  const [path, search] = link.split('?');
  const filter = JSON.parse(new URLSearchParams(search).get('filter') ?? '{}') as Record<string, string>;
  return { resource: path.slice(1), query: new URLSearchParams(filter).toString() };
}

const API_LIST: Record<string, string> = {
  deposit: '/api/deposit/admin/v1/list',
  withdrawal: '/api/withdraw/admin/v1/list',
  client: '/api/client/admin/v1/list',
};

/** Every row of the list a dashboard link opens (the API's answer to its filter). */
async function opened(link: string): Promise<{ total: number; data: Record<string, unknown>[] }> {
  const { resource, query } = linkQuery(link);
  const res = await call(t.app, 'GET', `${API_LIST[resource]}?${query}&page_size=100`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { total: number; data: Record<string, unknown>[] };
  expect(body.data.length, 'one page holds the whole list').toBe(body.total);
  return body;
}

/** Cents of a decimal string (exact). */
const cents = (s: string) => {
  const [i, f = ''] = s.replace('-', '').split('.');
  return (BigInt(i) * 100n + BigInt((f + '00').slice(0, 2))) * (s.startsWith('-') ? -1n : 1n);
};

/** The list's rows summed per currency as the dashboard sums them (amount in `currency` column, and the count). */
function perCurrency(rows: Record<string, unknown>[], currency: string, amount: string) {
  const m = new Map<string, { c: bigint; n: number }>();
  for (const r of rows) {
    const k = String(r[currency]);
    const s = m.get(k) ?? { c: 0n, n: 0 };
    m.set(k, { c: s.c + cents(String(r[amount])), n: s.n + 1 });
  }
  return [...m.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([cur, s]) => ({ currency: cur, amount: `${s.c / 100n}.${String(s.c % 100n).padStart(2, '0')}`, count: s.n }));
}

beforeAll(async () => {
  t = await makeTestApp();
  await makerCheckerOff(db(), 'tr');
  token = (await login(t.app, 'admin')).access_token;
  const [admin] = await db()
    .select()
    .from(staffUser)
    .where(sql`${staffUser.username} = 'admin'`);
  const by = byStaff({ id: admin.id, tenantId: 'tr', role: 'god' });
  const c = await run((tx) => createClient(tx, 'tr', { username: 'dashlink_c' }));
  ids.client = c.id;
  const acc = await run((tx) => openAccount(tx, 'tr', c.id, 'USD'));
  const deposit = async (amount: string) => {
    const d = await run((tx) => createDeposit(tx, bySystem('tr'), c.id, { account_id: acc.id, amount }));
    await run((tx) => auditDeposit(tx, by, d.id, 'approved'));
    return d.id;
  };
  const withdraw = async (amount: string) => {
    const w = await run((tx) => requestWithdrawal(tx, bySystem('tr'), c.id, { account_id: acc.id, amount }));
    await run((tx) => auditWithdrawal(tx, by, w.id, 'approved'));
    return w.id;
  };
  ids.deposit = await deposit('70.10');
  ids.depositNeighbour = await deposit('30.20');
  ids.withdrawal = await withdraw('5.05');
  ids.withdrawalNeighbour = await withdraw('6.06');
  await t.asOwner(async (o) => {
    for (const table of ['deposit_record', 'withdraw_record']) {
      const [today, before] =
        table === 'deposit_record' ? [ids.deposit, ids.depositNeighbour] : [ids.withdrawal, ids.withdrawalNeighbour];
      // Both made yesterday; one decided at today's first instant, the other at yesterday's last (the triggers move
      // the dashboard's kept sums with them).
      await o.execute(
        sql`UPDATE ${sql.identifier(table)} SET created_at = ${madeYesterday} WHERE id IN (${today}, ${before})`,
      );
      await o.execute(sql`UPDATE ${sql.identifier(table)} SET resolved_at = ${midnight} WHERE id = ${today}`);
      await o.execute(sql`UPDATE ${sql.identifier(table)} SET resolved_at = ${justBefore} WHERE id = ${before}`);
    }
  });
  readCache(db()).invalidate();
});

afterAll(async () => {
  await t?.close();
});

describe("the dashboard's today cards open the lists of what they count", () => {
  it('resolved_at_from/_to: a record made yesterday and approved today is in today’s range, its neighbour not', async () => {
    const links = todayLinks(day);
    const deposits = (await opened(links.deposits)).data.map((r) => r.id);
    expect(deposits).toContain(ids.deposit);
    expect(deposits).not.toContain(ids.depositNeighbour);
    const withdrawals = (await opened(links.withdrawals)).data.map((r) => r.id);
    expect(withdrawals).toContain(ids.withdrawal);
    expect(withdrawals).not.toContain(ids.withdrawalNeighbour);
    // yesterday's range holds the neighbours; the day they were made (created_at) holds both
    const list = async (path: string, q: string) => {
      const res = await call(t.app, 'GET', `${path}?client_id=${ids.client}&${q}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
    };
    expect(await list(API_LIST.deposit, `resolved_at_from=${yesterday}&resolved_at_to=${yesterday}`)).toEqual([
      ids.depositNeighbour,
    ]);
    expect(await list(API_LIST.withdrawal, `resolved_at_to=${yesterday}`)).toEqual([ids.withdrawalNeighbour]);
    expect(await list(API_LIST.deposit, `created_at_from=${yesterday}&created_at_to=${yesterday}`)).toEqual(
      [ids.deposit, ids.depositNeighbour].sort((a, b) => a - b),
    );
    // date-times are the instants they name
    expect(await list(API_LIST.deposit, `resolved_at_from=${encodeURIComponent(midnight)}`)).toEqual([ids.deposit]);
    expect(await list(API_LIST.deposit, `resolved_at_to=${encodeURIComponent(justBefore)}`)).toEqual([
      ids.depositNeighbour,
    ]);
    // a day that does not exist is 400
    const bad = await call(t.app, 'GET', `${API_LIST.deposit}?resolved_at_from=2025-02-30`, { token });
    expect(bad.statusCode).toBe(400);
  });

  it('each figure equals the filtered list: deposits, withdrawals (sums and counts), new clients', async () => {
    const links = todayLinks(day);
    const res = await call(t.app, 'GET', `/api/dashboard/admin/v1/summary?from=${day}&to=${day}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary.time_zone).toBe(ZONE);
    const deposits = await opened(links.deposits);
    expect(summary.deposits).toEqual(perCurrency(deposits.data, 'credit_currency', 'credit_amount'));
    expect(summary.deposits.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(deposits.total);
    const withdrawals = await opened(links.withdrawals);
    expect(summary.withdrawals).toEqual(perCurrency(withdrawals.data, 'currency', 'amount'));
    expect(withdrawals.total).toBeGreaterThan(0);
    const clients = await opened(links.clients);
    expect(clients.data.map((r) => r.id)).toContain(ids.client);
    expect(summary.clients.new).toBe(clients.total);
  });

  it('the approvals card opens the queue the badge counts', async () => {
    const count = await call(t.app, 'GET', '/api/approval/admin/v1/count', { token });
    expect(count.statusCode, count.body).toBe(200);
    const { query } = linkQuery(todayLinks(day).approvals);
    const list = await call(t.app, 'GET', `/api/approval/admin/v1/list?${query}`, { token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(count.json().total);
  });
});
