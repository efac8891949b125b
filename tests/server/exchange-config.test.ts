// Issue 10's exchanges and rates (exchange_config) and currency pairs (currency_pair): validation shared with the
// console, rates exact at 8 decimals, each change appended to the pair's history, GET /currency/admin/v1/rate and the
// exchange answering the new current rate, a disabled pair refused by the exchange, audit rows, tenant isolation and
// the administrators-only grants.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyPair, currencyPairProblems } from '../../domain/currency-pair';
import { writeProblems } from '../../domain/entity';
import { currencyRateProblems, marketExchangeProblems, parseHolidays } from '../../domain/exchange-config';
import { seedFunds } from '../../server/db/seed-funds';
import { auditLog } from '../../server/db/schema';
import { openAccount } from '../../server/modules/client/service';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
const tokens: Record<string, string> = {};
type Who = 'admin' | 'supervisor' | 'leader' | 'sales' | 'plAdmin';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (who: Who, method: Method, url: string, body?: unknown) =>
  call(t.app, method, `/api${url}`, { token: tokens[who], tenant: who === 'plAdmin' ? 'pl' : 'tr', body });
const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];
const E = '/exchange_config/admin/v1';
const P = '/currency_pair/admin/v1';

async function lastAudit(action: string, tenant = 'tr') {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, tenant), eq(auditLog.result, 'success')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** A client with a funded USD account and EUR and CNY accounts. */
let fx: { id: number; USD: number; EUR: number; CNY: number };
const balance = async (id: number) =>
  (await rows<{ balance: string }>(sql`SELECT balance::text FROM account WHERE id = ${id}`))[0].balance;

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  await seedFunds(t.database.db, 'tr', { clients: 16 });
  for (const who of ['admin', 'supervisor', 'leader', 'sales'] as const) {
    tokens[who] = (await login(t.app, who)).access_token;
  }
  tokens.plAdmin = (await login(t.app, 'admin', { tenant: 'pl' })).access_token;
  const [c] = await rows<{ id: number }>(sql`
    SELECT c.id FROM client c JOIN account a ON a.client_id = c.id AND a.currency = 'USD' AND a.balance > 50
    WHERE c.tenant_id = 'tr' ORDER BY c.id LIMIT 1`);
  const accs = await rows<{ id: number; currency: string }>(
    sql`SELECT id, currency FROM account WHERE client_id = ${c.id}`,
  );
  const acc = Object.fromEntries(accs.map((a) => [a.currency, Number(a.id)]));
  for (const cur of ['EUR', 'CNY']) {
    if (!acc[cur]) acc[cur] = (await openAccount(t.database.db, 'tr', Number(c.id), cur)).id;
  }
  fx = { id: Number(c.id), USD: acc.USD, EUR: acc.EUR, CNY: acc.CNY };
});
afterAll(() => t?.close());

describe('rules shared with the console', () => {
  it('exchange fields', () => {
    expect(
      marketExchangeProblems({ code: 'sse', name: 'SSE', time_zone: 'asia/shanghai', sessions: '09:30-11:30' }),
    ).toEqual({});
    expect(
      marketExchangeProblems({
        code: '1X',
        name: '',
        time_zone: 'Mars/Olympus',
        sessions: '11:30-09:30',
        holidays: '2026-02-30',
      }),
    ).toEqual({
      code: 'exchange_code',
      name: 'required',
      time_zone: 'time_zone',
      sessions: 'trading_hours',
      holidays: 'holidays',
    });
    expect(parseHolidays('2026-10-02, 2026-01-01,2026-10-02')).toEqual(['2026-01-01', '2026-10-02']);
  });
  it('rates: exact decimals, at most 8 places, > 0, distinct platform currencies, not in the past', () => {
    const ok = { primary: 'USD', secondary: 'CNY', rate: '7.12345678', source: 'manual' };
    expect(currencyRateProblems(ok)).toEqual({});
    expect(currencyRateProblems({ ...ok, rate: '7.123456789' }).rate).toBe('rate_format');
    expect(currencyRateProblems({ ...ok, rate: '1e2' }).rate).toBe('rate_format');
    expect(currencyRateProblems({ ...ok, rate: 7.1 }).rate).toBe('rate_format');
    expect(currencyRateProblems({ ...ok, rate: '0.00000000' }).rate).toBe('positive');
    expect(currencyRateProblems({ ...ok, secondary: 'USD' }).secondary).toBe('same_currency');
    expect(currencyRateProblems({ ...ok, primary: 'JPY' }).primary).toBe('currency');
    expect(currencyRateProblems({ ...ok, valid_from: '2020-01-01T00:00:00Z' }).valid_from).toBe('valid_from_past');
  });
  it('pairs', () => {
    const ok = { base: 'USD', quote: 'CNY', decimals: 4, enabled: true, spread: '0' };
    expect(currencyPairProblems(ok)).toEqual({});
    expect(writeProblems(currencyPair, ok, 'create')).toEqual({});
    const bad = { base: 'USD', quote: 'USD', decimals: 9, enabled: true, spread: '-1' };
    expect(currencyPairProblems({ ...bad, spread: '0.5' })).toEqual({ quote: 'same_currency', spread: 'spread' });
    expect(writeProblems(currencyPair, bad, 'create')).toEqual({ decimals: { code: 'too_large', limit: 8 } });
    expect(currencyPairProblems(bad).spread).toBe('spread');
    expect(writeProblems(currencyPair, { decimals: '' }, 'edit')).toEqual({ decimals: { code: 'required' } });
  });
});

describe('exchanges', () => {
  let id: number;
  it('creates with canonical values, refuses invalid ones with field codes, audited', async () => {
    const res = await as('admin', 'POST', `${E}/create`, {
      code: 'sse',
      name: ' 上海证券交易所 ',
      time_zone: 'asia/shanghai',
      sessions: '09:30-11:30, 13:00-15:00',
      holidays: '2026-10-01,2026-01-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'SSE',
      name: '上海证券交易所',
      time_zone: 'Asia/Shanghai',
      sessions: '09:30-11:30,13:00-15:00',
      holidays: '2026-01-01,2026-10-01',
    });
    id = res.json().id;
    expect((await lastAudit('exchange_config.create'))?.targetId).toBe(String(id));
    const bad = await as('admin', 'POST', `${E}/create`, {
      code: 'SSE',
      name: 'x',
      time_zone: 'Nowhere/City',
      sessions: '25:00-26:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field_codes).toMatchObject({
      time_zone: { code: 'time_zone' },
      sessions: { code: 'trading_hours' },
    });
    // the code is unique in the tenant in its stored spelling (upper case): 409 duplicate
    const dup = await as('admin', 'POST', `${E}/create`, {
      code: 'sse',
      name: 'x',
      time_zone: 'UTC',
      sessions: '09:00-10:00',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field_codes).toMatchObject({ code: { code: 'duplicate' } });
    const unknown = await as('admin', 'POST', `${E}/create`, {
      code: 'X1',
      name: 'x',
      time_zone: 'UTC',
      sessions: '09:00-10:00',
      mic: 'X',
    });
    expect(unknown.statusCode).toBe(400);
  });
  it('edits and lists; another tenant sees nothing of it and gets 404', async () => {
    const res = await as('admin', 'PUT', `${E}/${id}`, {
      code: 'SSE',
      name: 'Shanghai',
      time_zone: 'Asia/Shanghai',
      sessions: '09:30-11:30',
      holidays: null,
    });
    expect(res.json()).toMatchObject({ name: 'Shanghai', holidays: '' });
    const audit = await lastAudit('exchange_config.update');
    expect(audit?.before).toMatchObject({ name: '上海证券交易所' });
    expect(audit?.after).toMatchObject({ name: 'Shanghai' });
    // a field left out keeps its value; the others are checked as on create
    await as('admin', 'PUT', `${E}/${id}`, {
      code: 'SSE',
      name: 'Shanghai',
      time_zone: 'UTC',
      sessions: '09:30-11:30',
      holidays: '2026-05-01',
    });
    const kept = await as('admin', 'PUT', `${E}/${id}`, {
      code: 'sse',
      name: 'Shanghai',
      time_zone: 'Asia/Shanghai',
      sessions: '09:30-11:30',
    });
    expect(kept.json()).toMatchObject({ code: 'SSE', time_zone: 'Asia/Shanghai', holidays: '2026-05-01' });
    const other = await as('admin', 'POST', `${E}/create`, {
      code: 'SZSE',
      name: 'Shenzhen',
      time_zone: 'Asia/Shanghai',
      sessions: '09:30-11:30',
    });
    const clash = await as('admin', 'PUT', `${E}/${other.json().id}`, {
      code: 'sse',
      name: 'Shenzhen',
      time_zone: 'Asia/Shanghai',
      sessions: '09:30-11:30',
    });
    expect(clash.statusCode).toBe(409);
    expect((await as('admin', 'DELETE', `${E}/${other.json().id}`)).statusCode).toBe(200);
    const list = await as('admin', 'GET', `${E}/list`);
    expect(list.json().data.map((r: { code: string }) => r.code)).toContain('SSE');
    const pl = await as('plAdmin', 'GET', `${E}/list`);
    expect(pl.json().data.map((r: { code: string }) => r.code)).not.toContain('SSE');
    expect(
      (await as('plAdmin', 'PUT', `${E}/${id}`, { code: 'X1', name: 'x', time_zone: 'UTC', sessions: '09:00-10:00' }))
        .statusCode,
    ).toBe(404);
    expect((await as('plAdmin', 'DELETE', `${E}/${id}`)).statusCode).toBe(404);
    expect((await as('admin', 'DELETE', `${E}/${id}`)).statusCode).toBe(200);
  });
});

describe('rates', () => {
  it('a change is exact at 8 decimals, appended to the history (older rows kept), and answered by GET /currency/admin/v1/rate', async () => {
    const before = (await as('admin', 'GET', '/currency/admin/v1/rate?primary=USD&secondary=EUR')).json();
    expect(before).toBe(0.92);
    const count = async () =>
      Number(
        (
          await rows<{ n: string }>(
            sql`SELECT count(*) AS n FROM currency_rate WHERE tenant_id = 'tr' AND "primary" = 'USD' AND secondary = 'EUR'`,
          )
        )[0].n,
      );
    const n0 = await count();
    const res = await as('admin', 'POST', `${E}/rate`, {
      primary: 'USD',
      secondary: 'EUR',
      rate: '0.93456789',
      source: '中国银行',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ primary: 'USD', secondary: 'EUR', rate: '0.93456789', source: '中国银行' });
    expect(await count()).toBe(n0 + 1);
    const [stored] = await rows<{ rate: string }>(
      sql`SELECT rate::text FROM currency_rate WHERE id = ${res.json().id}`,
    );
    expect(stored.rate).toBe('0.93456789');
    expect((await as('admin', 'GET', '/currency/admin/v1/rate?primary=USD&secondary=EUR')).json()).toBe(0.93456789);
    const detail = (await as('sales', 'GET', '/currency/admin/v1/rate/detail?primary=USD&secondary=EUR')).json();
    expect(detail).toMatchObject({ rate: '0.93456789', source: '中国银行', inverted: false });
    // The reverse follows in the same change (1 / rate rounded down: rate × reverse <= 1), with its source.
    expect((await as('admin', 'GET', '/currency/admin/v1/rate?primary=EUR&secondary=USD')).json()).toBe(1.07001322);
    const back = (await as('sales', 'GET', '/currency/admin/v1/rate/detail?primary=EUR&secondary=USD')).json();
    expect(back).toMatchObject({ rate: '1.07001322', source: '中国银行', inverted: false });
    // The neighbour pair is unchanged.
    expect((await as('admin', 'GET', '/currency/admin/v1/rate?primary=USD&secondary=CNY')).json()).toBe(7.1);
    const history = (await as('admin', 'GET', `${E}/rate/history?primary=USD&secondary=EUR`)).json();
    expect(history.data.map((r: { rate: string }) => r.rate).slice(0, 2)).toEqual(['0.93456789', '0.92000000']);
    const current = (await as('admin', 'GET', `${E}/rate/list`)).json().data;
    expect(
      current.find((r: { primary: string; secondary: string }) => r.primary === 'USD' && r.secondary === 'EUR'),
    ).toMatchObject({ rate: '0.93456789', source: '中国银行' });
    const audit = await lastAudit('exchange_config.rate');
    expect(audit).toMatchObject({ targetId: 'USD/EUR', result: 'success' });
    expect(audit?.before).toMatchObject({ rate: '0.92000000' });
    expect(audit?.after).toMatchObject({ rate: '0.93456789' });
    // The app's database role may not rewrite history.
    const [grants] = await rows<{ upd: boolean; del: boolean }>(sql`
      SELECT has_table_privilege('bo_app', 'currency_rate', 'UPDATE') AS upd,
             has_table_privilege('bo_app', 'currency_rate', 'DELETE') AS del`);
    expect(grants).toEqual({ upd: false, del: false });
  });

  it('refuses floats, 9 decimals, zero, same currency, past valid_from (400 with codes); a future rate is not current yet', async () => {
    const body = { primary: 'USD', secondary: 'HKD', rate: '7.8', source: 'manual' };
    // A float never becomes a rate: 0.1 + 0.2 arrives as 0.30000000000000004 (17 decimals).
    const float = await as('admin', 'POST', `${E}/rate`, { ...body, rate: 0.1 + 0.2 });
    expect(float.json().field_codes).toMatchObject({ rate: { code: 'rate_format' } });
    const nine = await as('admin', 'POST', `${E}/rate`, { ...body, rate: '7.812345678' });
    expect(nine.json().field_codes).toMatchObject({ rate: { code: 'rate_format' } });
    const zero = await as('admin', 'POST', `${E}/rate`, { ...body, rate: '0' });
    expect(zero.json().field_codes).toMatchObject({ rate: { code: 'positive' } });
    const same = await as('admin', 'POST', `${E}/rate`, { ...body, secondary: 'USD' });
    expect(same.json().field_codes).toMatchObject({ secondary: { code: 'same_currency' } });
    const past = await as('admin', 'POST', `${E}/rate`, { ...body, valid_from: '2020-01-01T00:00:00Z' });
    expect(past.json().field_codes).toMatchObject({ valid_from: { code: 'valid_from_past' } });
    const future = await as('admin', 'POST', `${E}/rate`, {
      ...body,
      rate: '9.99',
      valid_from: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(200);
    expect((await as('admin', 'GET', '/currency/admin/v1/rate?primary=USD&secondary=HKD')).json()).toBe(7.8);
  });

  it('the exchange runs at the new current rate once the rates round trip without gain', async () => {
    await as('admin', 'POST', `${E}/rate`, { primary: 'USD', secondary: 'CNY', rate: '7.20000000', source: 'feed' });
    const [usd, cny, eur] = [await balance(fx.USD), await balance(fx.CNY), await balance(fx.EUR)];
    const ask = () =>
      as('admin', 'POST', `/acc/admin/v1/exchange/${fx.id}`, {
        from_account: fx.USD,
        to_account: fx.CNY,
        amount: '10.00',
      });
    // CNY moved against USD only: USD -> CNY -> HKD -> USD now multiplies by 7.2 × 1.09859154 × 0.12820512 > 1, so the
    // exchange is refused (nothing moves) until the CNY rates follow.
    const refused = await ask();
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'rate_round_trip_gain']);
    expect(refused.json().message).toContain('USD -> CNY -> HKD -> USD');
    expect([await balance(fx.USD), await balance(fx.CNY)]).toEqual([usd, cny]);
    const exchangeRate = await as('admin', 'GET', '/currency/admin/v1/rate?primary=USD&secondary=CNY&purpose=exchange');
    expect([exchangeRate.statusCode, exchangeRate.json().code]).toEqual([409, 'rate_round_trip_gain']);
    for (const [secondary, rate, reverse] of [
      ['HKD', '1.08333333', '0.92307692'],
      ['USDT', '0.13888888', '7.2'],
    ]) {
      const r = await as('admin', 'POST', `${E}/rate`, {
        primary: 'CNY',
        secondary,
        rate,
        reverse_rate: reverse,
        source: 'feed',
      });
      expect(r.statusCode).toBe(200);
    }
    const res = await ask();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rate: '7.20000000', to_amount: '72.00' });
    expect(await balance(fx.USD)).toBe((Number(usd) - 10).toFixed(2));
    expect(await balance(fx.CNY)).toBe((Number(cny) + 72).toFixed(2));
    expect(await balance(fx.EUR)).toBe(eur);
  });

  it('is tenant-scoped: another tenant keeps its own rate', async () => {
    expect((await as('plAdmin', 'GET', '/currency/admin/v1/rate?primary=USD&secondary=EUR')).statusCode).not.toBe(500);
    const pl = (await as('plAdmin', 'GET', `${E}/rate/history?primary=USD&secondary=EUR`)).json();
    expect(pl.data.map((r: { source: string }) => r.source)).not.toContain('中国银行');
  });
});

describe('currency pairs', () => {
  let usdEur: number;
  it('creates (distinct currencies, unique either way, exact spread), edits, audited', async () => {
    const res = await as('admin', 'POST', `${P}/create`, {
      base: 'USD',
      quote: 'EUR',
      decimals: 6,
      enabled: true,
      spread: '0.0015',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ base: 'USD', quote: 'EUR', spread: '0.00150000', enabled: true });
    usdEur = res.json().id;
    const dup = await as('admin', 'POST', `${P}/create`, {
      base: 'EUR',
      quote: 'USD',
      decimals: 6,
      enabled: true,
      spread: '0',
    });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'duplicate']);
    expect(dup.json().field_codes).toMatchObject({ quote: { code: 'duplicate' } });
    const same = await as('admin', 'POST', `${P}/create`, { base: 'USD', quote: 'EUR', decimals: 2, spread: '0' });
    expect(same.statusCode).toBe(409);
    const bad = await as('admin', 'POST', `${P}/create`, {
      base: 'USD',
      quote: 'HKD',
      decimals: 2,
      enabled: true,
      spread: '0.123456789',
    });
    expect(bad.json().field_codes).toMatchObject({ spread: { code: 'spread' } });
    expect((await lastAudit('currency_pair.create'))?.targetId).toBe(String(usdEur));
  });

  it('the exchange dialog gets only enabled pairs; a disabled pair is refused (409 pair_disabled), nothing moves', async () => {
    await as('admin', 'POST', `${P}/create`, { base: 'USD', quote: 'CNY', decimals: 4, enabled: true, spread: '0' });
    const off = await as('admin', 'PUT', `${P}/${usdEur}`, { decimals: 6, enabled: false, spread: '0.0015' });
    expect(off.json().enabled).toBe(false);
    expect((await lastAudit('currency_pair.update'))?.before).toMatchObject({ enabled: true });
    const enabled = (await as('admin', 'GET', `${P}/enabled`)).json();
    expect(enabled).toEqual({ restricted: true, data: [{ base: 'USD', quote: 'CNY', decimals: 4 }] });
    const [usd, eur] = [await balance(fx.USD), await balance(fx.EUR)];
    const refused = await as('admin', 'POST', `/acc/admin/v1/exchange/${fx.id}`, {
      from_account: fx.EUR,
      to_account: fx.USD,
      amount: '1.00',
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'pair_disabled']);
    expect([await balance(fx.USD), await balance(fx.EUR)]).toEqual([usd, eur]);
    const ok = await as('admin', 'POST', `/acc/admin/v1/exchange/${fx.id}`, {
      from_account: fx.USD,
      to_account: fx.CNY,
      amount: '1.00',
    });
    expect(ok.statusCode).toBe(200);
    // Another tenant has no pairs: not restricted, and cannot see or change these.
    expect((await as('plAdmin', 'GET', `${P}/enabled`)).json()).toEqual({ restricted: false, data: [] });
    expect((await as('plAdmin', 'PUT', `${P}/${usdEur}`, { decimals: 2, enabled: true, spread: '0' })).statusCode).toBe(
      404,
    );
  });
});

describe('grants: administrators only', () => {
  it.each(['supervisor', 'leader', 'sales'] as const)('%s: 403 on every page route', async (who) => {
    for (const [method, url, body] of [
      ['GET', `${E}/list`],
      ['POST', `${E}/create`, { code: 'ABC', name: 'x', time_zone: 'UTC', sessions: '09:00-10:00' }],
      ['GET', `${E}/rate/list`],
      ['GET', `${E}/rate/history`],
      ['POST', `${E}/rate`, { primary: 'USD', secondary: 'CNY', rate: '1', source: 'x' }],
      ['GET', `${P}/list`],
      ['POST', `${P}/create`, { base: 'USD', quote: 'HKD', decimals: 2, enabled: true, spread: '0' }],
    ] as [Method, string, unknown?][]) {
      expect((await as(who, method, url, body)).statusCode, `${who} ${method} ${url}`).toBe(403);
    }
  });
  it('the exchange dialog reads enabled pairs with client fund (supervisor yes, salesman no)', async () => {
    expect((await as('supervisor', 'GET', `${P}/enabled`)).statusCode).toBe(200);
    expect((await as('sales', 'GET', `${P}/enabled`)).statusCode).toBe(403);
  });
});
