// Issue 18: withdraw.daily_count is counted under the client's lock: 20 parallel withdrawal requests of one client
// with a count of 3 leave exactly 3 (PostgreSQL only: real parallel connections).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, globalConfigEntry, withdrawRecord } from '../../server/db/schema';
import { withRetry } from '../../server/core/retry';
import type { Tx } from '../../server/core/db';
import { auditDeposit, createDeposit } from '../../server/modules/deposit/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { requestWithdrawal } from '../../server/modules/withdraw/service';
import { ledgerFixture, makeClient, type LedgerFixture } from './ledger-helpers';
import { makerCheckerOff } from './approval-helpers';

let f: LedgerFixture;
const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(f.db, fn);

beforeAll(async () => {
  f = await ledgerFixture(20);
  await makerCheckerOff(f.db, f.tenantId);
});
afterAll(() => f?.close());

describe('withdraw.daily_count under parallel requests', () => {
  it('20 parallel requests with a count of 3: exactly 3 pass, 17 get 409 withdraw_daily_count', async () => {
    const c = await makeClient(f, 'wdp', null, ['USD']);
    const other = await makeClient(f, 'wdq', null, ['USD']);
    for (const [id, acc] of [
      [c.clientId, c.acc.USD],
      [other.clientId, other.acc.USD],
    ]) {
      const d = await run((tx) => createDeposit(tx, bySystem(f.tenantId), id, { account_id: acc, amount: '100.00' }));
      await run((tx) => auditDeposit(tx, byStaff(f.staff.admin), d.id, 'approved'));
    }
    await f.db
      .insert(globalConfigEntry)
      .values({ tenantId: f.tenantId, key: 'withdraw.daily_count', type: 'number', value: '3' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        run((tx) =>
          requestWithdrawal(tx, byStaff(f.staff.admin), c.clientId, { account_id: c.acc.USD, amount: '1.00' }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'withdraw_daily_count',
    ).length;
    expect([ok, refused]).toEqual([3, 17]);
    const rows = await f.db.select().from(withdrawRecord).where(eq(withdrawRecord.clientId, c.clientId));
    expect(rows.length).toBe(3);
    const bal = async (id: number) =>
      (await f.db.select({ b: account.balance }).from(account).where(eq(account.id, id)))[0].b;
    expect([await bal(c.acc.USD), await bal(other.acc.USD)]).toEqual(['97.00', '100.00']);
  });
});
