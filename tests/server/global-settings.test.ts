// Issue 18, "Settings that save and change nothing": the global configs the platform reads take effect
// (withdraw.daily_count refuses a withdrawal past the count in the tenant's day; fx.spread is taken off the exchange
// rate, rounded down), their type is fixed and their value bounded; trade.after_hours and ipo.lottery are no longer
// seeded (docs/trading.md "Rates and exchange" says why).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCredit, exchangeRate } from '../../domain/exchange';
import { account, globalConfigEntry } from '../../server/db/schema';
import { withRetry } from '../../server/core/retry';
import type { Tx } from '../../server/core/db';
import { seedOpsConfig } from '../../server/db/seed-ops-config';
import { auditDeposit, createDeposit } from '../../server/modules/deposit/service';
import { exchange } from '../../server/modules/exchange/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { refuse } from '../../server/core/entity-writes';
import { canonicalConfigValue, globalConfigProblems, type ConfigType } from '../../domain/trade-config';
import { auditWithdrawal, requestWithdrawal } from '../../server/modules/withdraw/service';
import { ledgerFixture, makeClient, type LedgerFixture } from './ledger-helpers';
import { makerCheckerOff } from './approval-helpers';

let f: LedgerFixture;
const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(f.db, fn);
const admin = () => byStaff(f.staff.admin);
const balance = async (id: number) =>
  (await f.db.select({ b: account.balance }).from(account).where(eq(account.id, id)))[0].b;
async function fund(clientId: number, accountId: number, amount: string) {
  const d = await run((tx) => createDeposit(tx, bySystem(f.tenantId), clientId, { account_id: accountId, amount }));
  await run((tx) => auditDeposit(tx, admin(), d.id, 'approved'));
}
/** Saves a global config as its API does (server/modules/trade_config: its rules, then the canonical value). */
async function setGlobal(key: string, type: ConfigType, value: string) {
  refuse(globalConfigProblems({ key, type, value }, true));
  await f.db
    .insert(globalConfigEntry)
    .values({ tenantId: f.tenantId, key, type, value: canonicalConfigValue(type, value) })
    .onConflictDoUpdate({
      target: [globalConfigEntry.tenantId, globalConfigEntry.key],
      set: { value: canonicalConfigValue(type, value) },
    });
}
const withdraw = (clientId: number, accountId: number, amount = '1.00') =>
  run((tx) => requestWithdrawal(tx, admin(), clientId, { account_id: accountId, amount }));

beforeAll(async () => {
  f = await ledgerFixture();
  await makerCheckerOff(f.db, f.tenantId);
});
afterAll(() => f?.close());

describe('withdraw.daily_count', () => {
  it("refuses the request past the count in the tenant's day (rejected ones excluded); a neighbour is not counted", async () => {
    const c = await makeClient(f, 'wd1', null, ['USD']);
    const other = await makeClient(f, 'wd2', null, ['USD']);
    await fund(c.clientId, c.acc.USD, '100.00');
    await fund(other.clientId, other.acc.USD, '100.00');
    // Before the setting: no bound.
    for (let i = 0; i < 3; i++) await withdraw(c.clientId, c.acc.USD);
    await setGlobal('withdraw.daily_count', 'number', '4');
    const fourth = await withdraw(c.clientId, c.acc.USD);
    await expect(withdraw(c.clientId, c.acc.USD)).rejects.toMatchObject({
      statusCode: 409,
      code: 'withdraw_daily_count',
    });
    expect([await balance(c.acc.USD), await balance(other.acc.USD)]).toEqual(['96.00', '100.00']);
    // The neighbour has his own count.
    await withdraw(other.clientId, other.acc.USD);
    expect(await balance(other.acc.USD)).toBe('99.00');
    // A rejected request gives its place back.
    await run((tx) => auditWithdrawal(tx, admin(), fourth.id, 'rejected'));
    await withdraw(c.clientId, c.acc.USD);
    await expect(withdraw(c.clientId, c.acc.USD)).rejects.toMatchObject({ code: 'withdraw_daily_count' });
    // Yesterday's requests (in the tenant's day) do not count.
    await f.db.execute(
      sql`UPDATE withdraw_record SET created_at = created_at - interval '2 days' WHERE client_id = ${c.clientId}`,
    );
    await withdraw(c.clientId, c.acc.USD);
    // 0: no withdrawals at all.
    await setGlobal('withdraw.daily_count', 'number', '0');
    await expect(withdraw(other.clientId, other.acc.USD)).rejects.toMatchObject({ code: 'withdraw_daily_count' });
    await setGlobal('withdraw.daily_count', 'number', '1000');
  });

  it('its type is fixed and its value a whole number 0..1000', async () => {
    await expect(setGlobal('fx.spread', 'string', '0.1')).rejects.toMatchObject({
      fieldCodes: { type: { code: 'config_type_fixed' } },
    });
    await expect(setGlobal('withdraw.daily_count', 'number', '2.5')).rejects.toMatchObject({
      fieldCodes: { value: { code: 'config_daily_count' } },
    });
    await expect(setGlobal('withdraw.daily_count', 'number', '-1')).rejects.toMatchObject({
      fieldCodes: { value: { code: 'config_daily_count' } },
    });
  });
});

describe('fx.spread', () => {
  it('is taken off the exchange rate (rounded down at 8 decimals), then the credit is rounded down', async () => {
    const c = await makeClient(f, 'sp1', null, ['USD', 'CNY', 'EUR']);
    await fund(c.clientId, c.acc.USD, '1000.00');
    const at0 = await run((tx) =>
      exchange(tx, admin(), c.clientId, { from_account: c.acc.USD, to_account: c.acc.CNY, amount: '100.15' }),
    );
    expect([at0.rate, at0.to_amount]).toEqual(['7.10000000', '711.06']);
    await setGlobal('fx.spread', 'decimal', '0.0015');
    // 7.1 × (1 − 0.0015) = 7.08935; 100.15 × 7.08935 = 709.998402... -> 709.99
    expect(exchangeRate(710_000_000n, 150_000n)).toBe(708_935_000n);
    expect(exchangeCredit(10_015n, 708_935_000n)).toBe(70_999n);
    const spread = await run((tx) =>
      exchange(tx, admin(), c.clientId, {
        from_account: c.acc.USD,
        to_account: c.acc.CNY,
        amount: '100.15',
        rate: 7.08935,
      }),
    );
    expect([spread.rate, spread.to_amount]).toEqual(['7.08935000', '709.99']);
    expect([await balance(c.acc.USD), await balance(c.acc.CNY), await balance(c.acc.EUR)]).toEqual([
      '799.70',
      '1421.05',
      '0.00',
    ]);
    // The market rate the console showed is no longer the exchange's: 409 rate_changed, nothing moves.
    await expect(
      run((tx) =>
        exchange(tx, admin(), c.clientId, { from_account: c.acc.USD, to_account: c.acc.CNY, amount: '1', rate: 7.1 }),
      ),
    ).rejects.toMatchObject({ code: 'rate_changed' });
    await expect(setGlobal('fx.spread', 'decimal', '0.5')).rejects.toMatchObject({
      fieldCodes: { value: { code: 'config_spread' } },
    });
    await setGlobal('fx.spread', 'decimal', '0');
  });
});

describe('the seed', () => {
  it('seeds only the global configs the platform reads, with valid values', async () => {
    await seedOpsConfig(f.db, f.tenantId);
    const rows = await f.db
      .select({ key: globalConfigEntry.key, type: globalConfigEntry.type, value: globalConfigEntry.value })
      .from(globalConfigEntry)
      .where(eq(globalConfigEntry.tenantId, f.tenantId))
      .orderBy(globalConfigEntry.key);
    expect(rows.map((k) => k.key)).toEqual(['fx.spread', 'withdraw.daily_count']);
    for (const r of rows) expect(globalConfigProblems({ ...r }, true)).toEqual({});
  });
});
