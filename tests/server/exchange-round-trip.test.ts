// Issue 18, "Preview against result" and "Rate round trips gain money": the exchange credits amount × rate rounded
// down with the function the console's preview uses (domain/exchange.ts); a rate change saves its reverse; and no
// round trip through two or three currencies gains: every cycle is either refused (409 rate_round_trip_gain) on one
// of its legs or returns at most what it started with, at the rates and spreads in force after edits, with the
// rounding of each leg.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCredit, exchangePreview, parseRateUnits } from '../../domain/exchange';
import { PLATFORM_CURRENCIES, type PlatformCurrency } from '../../domain/exchange-config';
import { account, currencyPair, globalConfigEntry } from '../../server/db/schema';
import { withRetry } from '../../server/core/retry';
import type { Tx } from '../../server/core/db';
import { createDeposit, auditDeposit } from '../../server/modules/deposit/service';
import { exchange } from '../../server/modules/exchange/service';
import { exchangeQuote, getRate } from '../../server/modules/exchange/rates';
import { changeRate } from '../../server/modules/exchange_config/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { ledgerFixture, makeClient, type LedgerFixture } from './ledger-helpers';
import { makerCheckerOff } from './approval-helpers';

let f: LedgerFixture;
const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(f.db, fn);
const admin = () => byStaff(f.staff.admin);
const cents = (s: string) => BigInt(s.replace('.', ''));
const text = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
const balance = async (id: number) =>
  (await f.db.select({ b: account.balance }).from(account).where(eq(account.id, id)))[0].b;

async function fund(clientId: number, accountId: number, amount: string) {
  const d = await run((tx) => createDeposit(tx, bySystem(f.tenantId), clientId, { account_id: accountId, amount }));
  await run((tx) => auditDeposit(tx, admin(), d.id, 'approved'));
}
const rateChange = (primary: PlatformCurrency, secondary: PlatformCurrency, rate: string, reverse_rate?: string) =>
  run((tx) => changeRate(tx, { ...f.staff.admin }, { primary, secondary, rate, reverse_rate, source: 'test' }));
const ex = (clientId: number, from: number, to: number, amount: string) =>
  run((tx) => exchange(tx, admin(), clientId, { from_account: from, to_account: to, amount }));

beforeAll(async () => {
  f = await ledgerFixture();
  await makerCheckerOff(f.db, f.tenantId);
});
afterAll(() => f?.close());

describe('preview against result', () => {
  // The same table as tests/unit/client-exchange-dialog.test.tsx (the dialog's preview).
  const TABLE: [string, string, string][] = [
    ['100.15', '7.1', '711.06'],
    ['0.30', '0.925', '0.27'],
    ['0.03', '0.5', '0.01'],
    ['12.50', '7.1', '88.75'],
    ['1.00', '0.12820512', '0.12'],
    ['99999.99', '1.05263157', '105263.14'],
  ];
  it.each(TABLE)('%s at %s credits %s, the preview of the console', (amount, rate, credited) => {
    expect(text(exchangeCredit(cents(amount), parseRateUnits(rate)!))).toBe(credited);
    expect(exchangePreview(amount, Number(rate))).toBe(credited);
  });

  it('the exchange credits 711.06 CNY for 100.15 USD at 7.1 (half-even gave the dialog 711.07)', async () => {
    const c = await makeClient(f, 'pv1', null, ['USD', 'CNY', 'EUR']);
    await fund(c.clientId, c.acc.USD, '200.00');
    expect(await run((tx) => getRate(tx, f.tenantId, 'USD', 'CNY'))).toBe('7.10000000');
    const r = await ex(c.clientId, c.acc.USD, c.acc.CNY, '100.15');
    expect([r.rate, r.to_amount]).toEqual(['7.10000000', exchangePreview('100.15', 7.1)]);
    expect([await balance(c.acc.USD), await balance(c.acc.CNY), await balance(c.acc.EUR)]).toEqual([
      '99.85',
      '711.06',
      '0.00',
    ]);
  });
});

describe('rate round trips', () => {
  it('USD/EUR edited to 0.95: EUR/USD follows (1.05263157); 100 USD -> 95 EUR -> 99.99 USD, not 103.26', async () => {
    const c = await makeClient(f, 'rt1', null, ['USD', 'EUR', 'CNY']);
    await fund(c.clientId, c.acc.USD, '100.00');
    await rateChange('USD', 'EUR', '0.95');
    expect(await run((tx) => getRate(tx, f.tenantId, 'EUR', 'USD'))).toBe('1.05263157');
    // EUR moved against USD only: USD -> EUR -> CNY -> USD would now gain (0.95 × 7.7173913 × 0.14084507 > 1).
    await expect(ex(c.clientId, c.acc.USD, c.acc.EUR, '100.00')).rejects.toMatchObject({
      statusCode: 409,
      code: 'rate_round_trip_gain',
    });
    expect(await balance(c.acc.USD)).toBe('100.00');
    // EUR's other rates follow (each direction rounded down from the exact cross rate).
    await rateChange('EUR', 'CNY', '7.47368421', '0.13380281');
    await rateChange('EUR', 'HKD', '8.21052631', '0.12179487');
    await rateChange('EUR', 'USDT', '1.05263157', '0.95');
    const there = await ex(c.clientId, c.acc.USD, c.acc.EUR, '100.00');
    expect(there.to_amount).toBe('95.00');
    const back = await ex(c.clientId, c.acc.EUR, c.acc.USD, '95.00');
    expect(back.to_amount).toBe('99.99');
    expect([await balance(c.acc.USD), await balance(c.acc.EUR), await balance(c.acc.CNY)]).toEqual([
      '99.99',
      '0.00',
      '0.00',
    ]);
  });

  it('a reverse entered with the rate may not make the pair gain (400 round_trip)', async () => {
    await expect(rateChange('USD', 'HKD', '7.8', '0.12820513')).rejects.toMatchObject({
      statusCode: 400,
      fieldCodes: { reverse_rate: { code: 'round_trip' } },
    });
  });

  it('no round trip through two or three currencies gains, after edits, spreads and the rounding of each leg', async () => {
    // Edits: CNY moves against USD only (some triangles through CNY now gain), a reverse entered below the derived
    // one, a global spread and a pair's spread.
    await rateChange('USD', 'CNY', '7.25');
    await rateChange('HKD', 'USDT', '0.128', '7.8');
    await f.db
      .insert(globalConfigEntry)
      .values({ tenantId: f.tenantId, key: 'fx.spread', type: 'decimal', value: '0.0005' });
    // Every pair enabled (a tenant with pairs exchanges only through enabled ones); USD/HKD with its own spread.
    await f.db.insert(currencyPair).values(
      PLATFORM_CURRENCIES.flatMap((base, i) =>
        PLATFORM_CURRENCIES.slice(i + 1).map((quote) => ({
          tenantId: f.tenantId,
          base,
          quote,
          decimals: 6,
          enabled: true,
          spread: base === 'USD' && quote === 'HKD' ? '0.002' : '0',
        })),
      ),
    );
    const legs = new Map<string, bigint | null>();
    for (const p of PLATFORM_CURRENCIES)
      for (const s of PLATFORM_CURRENCIES) {
        if (p === s) continue;
        const q = await run((tx) => exchangeQuote(tx, f.tenantId, p, s)).catch((e) => {
          expect(e).toMatchObject({ statusCode: 409, code: 'rate_round_trip_gain' });
          return null;
        });
        legs.set(`${p}/${s}`, q ? q.rate : null);
      }
    const cycles: string[][] = [];
    for (const a of PLATFORM_CURRENCIES)
      for (const b of PLATFORM_CURRENCIES) {
        if (b === a) continue;
        cycles.push([a, b]);
        for (const c of PLATFORM_CURRENCIES) if (c !== a && c !== b) cycles.push([a, b, c]);
      }
    expect(cycles.length).toBe(80);
    const amounts = [...Array.from({ length: 400 }, (_, i) => BigInt(i + 1)), 10_015n, 9_999_999n, 10n ** 14n + 7n];
    let refused = 0;
    let ran = 0;
    for (const cycle of cycles) {
      const rates = cycle.map((from, i) => legs.get(`${from}/${cycle[(i + 1) % cycle.length]}`)!);
      if (rates.some((r) => r === null)) {
        refused++;
        continue;
      }
      for (const start of amounts) {
        let value = start;
        for (const r of rates) value = exchangeCredit(value, r!);
        expect(value <= start, `${cycle.join('->')} ${start}: ${value}`).toBe(true);
        ran++;
      }
    }
    // The CNY edit leaves triangles through USD -> CNY that would gain: they are refused; the rest run.
    expect(refused).toBeGreaterThan(0);
    expect(ran).toBeGreaterThan(15 * amounts.length);

    // The service runs exactly the simulated legs: every pair's round trip with 100.15 through real accounts.
    const c = await makeClient(f, 'rt2', null, [...PLATFORM_CURRENCIES]);
    for (const cur of PLATFORM_CURRENCIES) await fund(c.clientId, c.acc[cur], '1000.00');
    for (const [a, b] of cycles.filter((x) => x.length === 2)) {
      const [go, ret] = [legs.get(`${a}/${b}`), legs.get(`${b}/${a}`)];
      if (go == null || ret == null) {
        await expect(
          ex(c.clientId, c.acc[go == null ? a : b], c.acc[go == null ? b : a], '1.00'),
        ).rejects.toMatchObject({
          code: 'rate_round_trip_gain',
        });
        continue;
      }
      const before = await balance(c.acc[a]);
      const there = await ex(c.clientId, c.acc[a], c.acc[b], '100.15');
      expect(there.to_amount).toBe(text(exchangeCredit(10_015n, go)));
      const back = await ex(c.clientId, c.acc[b], c.acc[a], there.to_amount!);
      expect(back.to_amount).toBe(text(exchangeCredit(cents(there.to_amount!), ret)));
      expect(cents(await balance(c.acc[a])) <= cents(before)).toBe(true);
    }
    const [{ n }] = (
      await f.db.execute(sql`SELECT count(*)::int AS n FROM exchange_record WHERE client_id = ${c.clientId}`)
    ).rows as { n: number }[];
    expect(Number(n)).toBeGreaterThan(10);
  });
});
