import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../server/db/schema';
import { checkLedger, InsufficientFundsError, LedgerInvariantError, postTransaction } from '../../server/ledger';
import { StateConflictError, ValidationError, AmountExceedsOwedError } from '../../server/core/errors';
import { withRetry } from '../../server/core/retry';
import { type Tx } from '../../server/core/db';
import { listAccounts } from '../../server/modules/client/service';
import { auditDeposit, createDeposit, getDeposit, rollbackDeposit } from '../../server/modules/deposit/service';
import { exchange } from '../../server/modules/exchange/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { auditLoan, creditOverdrawn, getOverdrawn, payFine, requestLoan } from '../../server/modules/overdrawn/service';
import { getRate, setRate } from '../../server/modules/exchange/rates';
import {
  auditWithdrawal,
  getWithdrawal,
  requestWithdrawal,
  rollbackWithdrawal,
} from '../../server/modules/withdraw/service';
import { ledgerFixture, makeClient, type LedgerFixture } from './ledger-helpers';
import { makerCheckerOff } from './approval-helpers';

let f: LedgerFixture;
const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(f.db, fn);
const admin = () => byStaff(f.staff.admin);
const sys = () => bySystem(f.tenantId);

async function accountOf(id: number) {
  const [a] = await f.db
    .select()
    .from(account)
    .where(sql`${account.id} = ${id}`);
  return a;
}

/** Approves a new deposit of `amount` into `accountId`. */
async function fund(clientId: number, accountId: number, amount: string) {
  const d = await run((tx) => createDeposit(tx, sys(), clientId, { account_id: accountId, amount }));
  return run((tx) => auditDeposit(tx, admin(), d.id, 'approved'));
}

async function expectLedgerOk() {
  const report = await checkLedger(f.db);
  expect(report.violations).toEqual([]);
}

beforeAll(async () => {
  f = await ledgerFixture();
  // Ledger semantics of one staff member's audits; maker-checker has its own suite (approval.test.ts).
  await makerCheckerOff(f.db, f.tenantId);
});
afterAll(async () => {
  await f?.close();
});

describe('deposits', () => {
  it('pending -> approved credits balance and deposit; a second approve is a conflict with nothing changed', async () => {
    const c = await makeClient(f, 'dep1', f.staff.sales.id);
    const d = await run((tx) =>
      createDeposit(tx, admin(), c.clientId, {
        account_id: c.acc.USD,
        amount: '100.10',
        screenshot: '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png',
      }),
    );
    expect(d).toMatchObject({
      status: 'pending',
      amount: '100.10',
      credit_amount: '100.10',
      sub_type: 'bank',
      source: 'staff',
      txn_id: null,
    });
    expect((await accountOf(c.acc.USD)).balance).toBe('0.00');

    const ok = await run((tx) => auditDeposit(tx, admin(), d.id, 'approved'));
    expect(ok.status).toBe('approved');
    expect(ok.txn_id).toBeTypeOf('number');
    const a = await accountOf(c.acc.USD);
    expect([a.balance, a.deposit, a.version]).toEqual(['100.10', '100.10', 1]);

    await expect(run((tx) => auditDeposit(tx, admin(), d.id, 'approved'))).rejects.toBeInstanceOf(StateConflictError);
    await expect(run((tx) => auditDeposit(tx, admin(), d.id, 'rejected'))).rejects.toMatchObject({
      statusCode: 409,
      code: 'invalid_state',
    });
    expect((await accountOf(c.acc.USD)).balance).toBe('100.10');
    await expectLedgerOk();
  });

  it('pending -> rejected posts nothing; rejected cannot be approved or rolled back', async () => {
    const c = await makeClient(f, 'dep2', f.staff.sales.id);
    const d = await run((tx) => createDeposit(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: 50 }));
    const r = await run((tx) => auditDeposit(tx, admin(), d.id, 'rejected', 'no proof'));
    expect(r).toMatchObject({ status: 'rejected', remark: 'no proof', txn_id: null });
    await expect(run((tx) => auditDeposit(tx, admin(), d.id, 'approved'))).rejects.toBeInstanceOf(StateConflictError);
    await expect(run((tx) => rollbackDeposit(tx, admin(), d.id))).rejects.toBeInstanceOf(StateConflictError);
    expect((await accountOf(c.acc.USD)).balance).toBe('0.00');
  });

  it('approved -> rolled_back posts a compensating txn naming the original; twice is a conflict', async () => {
    const c = await makeClient(f, 'dep3', f.staff.sales.id);
    const d = await fund(c.clientId, c.acc.USD, '75.25');
    const rb = await run((tx) => rollbackDeposit(tx, admin(), d.id, 'duplicate'));
    expect(rb.status).toBe('rolled_back');
    const txn = await f.db.execute(
      sql`SELECT kind, reverses_txn_id::int AS reverses_txn_id FROM ledger_txn WHERE id = ${rb.reversal_txn_id}`,
    );
    expect(txn.rows[0]).toMatchObject({ kind: 'reversal', reverses_txn_id: d.txn_id });
    const a = await accountOf(c.acc.USD);
    expect([a.balance, a.deposit]).toEqual(['0.00', '0.00']);
    await expect(run((tx) => rollbackDeposit(tx, admin(), d.id))).rejects.toBeInstanceOf(StateConflictError);
    await expect(run((tx) => auditDeposit(tx, admin(), d.id, 'approved'))).rejects.toBeInstanceOf(StateConflictError);
    await expectLedgerOk();
  });

  it('a pending deposit cannot be rolled back', async () => {
    const c = await makeClient(f, 'dep4', null);
    const d = await run((tx) => createDeposit(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '1' }));
    await expect(run((tx) => rollbackDeposit(tx, admin(), d.id))).rejects.toMatchObject({ statusCode: 409 });
  });

  it('rollback is refused when the money has left the balance', async () => {
    const c = await makeClient(f, 'dep5', null);
    const d = await fund(c.clientId, c.acc.USD, '100.00');
    await run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '60.00' }));
    await expect(run((tx) => rollbackDeposit(tx, admin(), d.id))).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await run((tx) => getDeposit(tx, admin(), d.id))).status).toBe('approved');
    expect((await accountOf(c.acc.USD)).balance).toBe('40.00');
    await expectLedgerOk();
  });

  it('a deposit in another currency is credited at the rate fixed when created, rounded half-even', async () => {
    const c = await makeClient(f, 'dep6', null);
    await run((tx) => setRate(tx, f.tenantId, 'USD', 'CNY', '7.125'));
    // 0.02 USD × 7.125 = 0.1425 CNY -> 0.14 (half-even would matter at .145); 0.06 × 7.125 = 0.4275 -> 0.43
    const d = await run((tx) =>
      createDeposit(tx, sys(), c.clientId, { account_id: c.acc.CNY, amount: '0.06', currency: 'USD' }),
    );
    expect([d.currency, d.rate, d.credit_currency, d.credit_amount]).toEqual(['USD', '7.12500000', 'CNY', '0.43']);
    await run((tx) => setRate(tx, f.tenantId, 'USD', 'CNY', '9'));
    await run((tx) => auditDeposit(tx, admin(), d.id, 'approved'));
    expect((await accountOf(c.acc.CNY)).balance).toBe('0.43');
    await run((tx) => setRate(tx, f.tenantId, 'USD', 'CNY', '7.10000000'));
    await expectLedgerOk();
  });

  it('validates input', async () => {
    const c = await makeClient(f, 'dep7', null);
    for (const amount of ['0', '-1', '1.234', 'abc', 0.1 + 0.2, '']) {
      await expect(
        run((tx) => createDeposit(tx, sys(), c.clientId, { account_id: c.acc.USD, amount })),
      ).rejects.toBeInstanceOf(ValidationError);
    }
    await expect(
      // a sub_type the route's schema refuses: the service refuses it too (its other callers have no schema)
      run((tx) =>
        createDeposit(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '1', sub_type: 'cash' as never }),
      ),
    ).rejects.toBeInstanceOf(ValidationError);
    const other = await makeClient(f, 'dep7b', null);
    await expect(
      run((tx) => createDeposit(tx, sys(), c.clientId, { account_id: other.acc.USD, amount: '1' })),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      run((tx) => createDeposit(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '1', currency: 'XYZ' })),
    ).rejects.toMatchObject({ statusCode: 404, code: 'rate_unavailable' });
  });
});

describe('withdrawals', () => {
  it('pending freezes; approved pays out; rolled back returns the money', async () => {
    const c = await makeClient(f, 'wd1', null);
    await fund(c.clientId, c.acc.USD, '500.00');
    const w = await run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '120.50' }));
    expect(w.status).toBe('pending');
    let a = await accountOf(c.acc.USD);
    expect([a.balance, a.frozen, a.withdrawal]).toEqual(['379.50', '120.50', '0.00']);

    await run((tx) => auditWithdrawal(tx, admin(), w.id, 'approved'));
    a = await accountOf(c.acc.USD);
    expect([a.balance, a.frozen, a.withdrawal]).toEqual(['379.50', '0.00', '120.50']);
    await expect(run((tx) => auditWithdrawal(tx, admin(), w.id, 'approved'))).rejects.toBeInstanceOf(
      StateConflictError,
    );

    await run((tx) => rollbackWithdrawal(tx, admin(), w.id));
    a = await accountOf(c.acc.USD);
    expect([a.balance, a.frozen, a.withdrawal]).toEqual(['500.00', '0.00', '0.00']);
    expect((await run((tx) => getWithdrawal(tx, admin(), w.id))).status).toBe('rolled_back');
    await expect(run((tx) => rollbackWithdrawal(tx, admin(), w.id))).rejects.toBeInstanceOf(StateConflictError);
    await expectLedgerOk();
  });

  it('rejected unfreezes; cannot be approved or rolled back afterwards', async () => {
    const c = await makeClient(f, 'wd2', null);
    await fund(c.clientId, c.acc.USD, '100.00');
    const w = await run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '100.00' }));
    expect((await accountOf(c.acc.USD)).balance).toBe('0.00');
    await run((tx) => auditWithdrawal(tx, admin(), w.id, 'rejected'));
    const a = await accountOf(c.acc.USD);
    expect([a.balance, a.frozen]).toEqual(['100.00', '0.00']);
    await expect(run((tx) => auditWithdrawal(tx, admin(), w.id, 'approved'))).rejects.toBeInstanceOf(
      StateConflictError,
    );
    await expect(run((tx) => rollbackWithdrawal(tx, admin(), w.id))).rejects.toBeInstanceOf(StateConflictError);
    await expectLedgerOk();
  });

  it('a pending withdrawal cannot be rolled back', async () => {
    const c = await makeClient(f, 'wd3', null);
    await fund(c.clientId, c.acc.USD, '10.00');
    const w = await run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '1.00' }));
    await expect(run((tx) => rollbackWithdrawal(tx, admin(), w.id))).rejects.toBeInstanceOf(StateConflictError);
  });

  it('refuses more than the balance, and bonus cannot be withdrawn while profit/compensation can', async () => {
    const c = await makeClient(f, 'wd4', null);
    await fund(c.clientId, c.acc.USD, '100.00');
    await run((tx) => creditOverdrawn(tx, admin(), 'bonus', c.clientId, { account_id: c.acc.USD, amount: '30.00' }));
    await run((tx) =>
      creditOverdrawn(tx, admin(), 'compensation', c.clientId, { account_id: c.acc.USD, amount: '5.00' }),
    );
    const a = await accountOf(c.acc.USD);
    expect([a.balance, a.bonus, a.compensation, a.deposit]).toEqual(['135.00', '30.00', '5.00', '100.00']);
    const [view] = await run((tx) => listAccounts(tx, admin(), c.clientId));
    expect(view.withdrawable).toBe('105.00');
    await expect(
      run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '105.01' })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '105.00' }));
    await expect(
      run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '0.01' })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await accountOf(c.acc.USD)).balance).toBe('30.00');
    await expectLedgerOk();
  });
});

describe('loans, compensation, bonus', () => {
  it('loan pending -> approved -> partly repaid -> repaid; refused transitions', async () => {
    const c = await makeClient(f, 'ln1', null);
    const l = await run((tx) => requestLoan(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '1000.00' }));
    expect(l.status).toBe('pending');
    await expect(run((tx) => payFine(tx, admin(), l.id, { amount: '1' }))).rejects.toBeInstanceOf(StateConflictError);
    await run((tx) => auditLoan(tx, admin(), l.id, 'approved'));
    let a = await accountOf(c.acc.USD);
    expect([a.balance, a.loan, a.outstanding]).toEqual(['1000.00', '1000.00', '1000.00']);
    await expect(run((tx) => auditLoan(tx, admin(), l.id, 'approved'))).rejects.toBeInstanceOf(StateConflictError);

    const part = await run((tx) => payFine(tx, admin(), l.id, { amount: '400.00' }));
    expect([part.status, part.repaid, part.owed]).toEqual(['approved', '400.00', '600.00']);
    await expect(run((tx) => payFine(tx, admin(), l.id, { amount: '600.01' }))).rejects.toBeInstanceOf(
      AmountExceedsOwedError,
    );
    const done = await run((tx) => payFine(tx, admin(), l.id, { amount: '600.00' }));
    expect([done.status, done.owed]).toEqual(['repaid', '0.00']);
    a = await accountOf(c.acc.USD);
    expect([a.balance, a.loan, a.outstanding]).toEqual(['0.00', '1000.00', '0.00']);
    await expect(run((tx) => payFine(tx, admin(), l.id, { amount: '1' }))).rejects.toBeInstanceOf(StateConflictError);
    await expectLedgerOk();
  });

  it('loan rejected posts nothing; repayment beyond the balance is refused', async () => {
    const c = await makeClient(f, 'ln2', null);
    const l = await run((tx) => requestLoan(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '10.00' }));
    await run((tx) => auditLoan(tx, admin(), l.id, 'rejected'));
    expect((await run((tx) => getOverdrawn(tx, admin(), l.id))).status).toBe('rejected');
    await expect(run((tx) => auditLoan(tx, admin(), l.id, 'approved'))).rejects.toBeInstanceOf(StateConflictError);

    const l2 = await run((tx) => requestLoan(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '10.00' }));
    await run((tx) => auditLoan(tx, admin(), l2.id, 'approved'));
    await run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '5.00' }));
    await expect(run((tx) => payFine(tx, admin(), l2.id, { amount: '10.00' }))).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    expect((await run((tx) => getOverdrawn(tx, admin(), l2.id))).repaid).toBe('0.00');
    await expectLedgerOk();
  });

  it('compensation and bonus are credited at once and excluded from deposit statistics', async () => {
    const c = await makeClient(f, 'cb1', null);
    const comp = await run((tx) =>
      creditOverdrawn(tx, admin(), 'compensation', c.clientId, { account_id: c.acc.CNY, amount: '8.88' }),
    );
    const bonus = await run((tx) =>
      creditOverdrawn(tx, admin(), 'bonus', c.clientId, { account_id: c.acc.CNY, amount: '1.12' }),
    );
    expect([comp.status, comp.sub_type, bonus.status, bonus.sub_type]).toEqual([
      'approved',
      'compensation',
      'approved',
      'bonus',
    ]);
    const a = await accountOf(c.acc.CNY);
    expect([a.balance, a.deposit, a.compensation, a.bonus]).toEqual(['10.00', '0.00', '8.88', '1.12']);
    // Only loans are audited: a compensation record is not a loan (404), and it is already approved anyway.
    await expect(run((tx) => auditLoan(tx, admin(), comp.id, 'approved'))).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('exchange', () => {
  it('debits the source and credits the target at the rate, rounded down to cents (domain/exchange.ts)', async () => {
    const c = await makeClient(f, 'ex1', null, ['USD', 'EUR']);
    await fund(c.clientId, c.acc.USD, '100.00');
    // At the demo rate 0.92: 0.10 -> 0.092 -> 0.09 ; 0.30 -> 0.276 -> 0.27 (half-even was 0.28: a round trip could
    // gain the half cent) ; 1.00 -> 0.92
    const results = [];
    for (const amount of ['0.10', '0.30', '1.00']) {
      results.push(
        (
          await run((tx) =>
            exchange(tx, admin(), c.clientId, { from_account: c.acc.USD, to_account: c.acc.EUR, amount }),
          )
        ).to_amount,
      );
    }
    expect(results).toEqual(['0.09', '0.27', '0.92']);
    const [usd, eur] = [await accountOf(c.acc.USD), await accountOf(c.acc.EUR)];
    expect([usd.balance, eur.balance]).toEqual(['98.60', '1.28']);
    await expectLedgerOk();
  });

  it("refuses: same account, other client's account, more than the balance, zero balance, stale rate, > 2 decimals", async () => {
    const c = await makeClient(f, 'ex2', null, ['USD', 'HKD']);
    const other = await makeClient(f, 'ex2b', null, ['USD']);
    const ex = (input: Parameters<typeof exchange>[3]) => run((tx) => exchange(tx, admin(), c.clientId, input));
    await expect(ex({ from_account: c.acc.USD, to_account: c.acc.HKD, amount: '1' })).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    await fund(c.clientId, c.acc.USD, '10.00');
    await expect(ex({ from_account: c.acc.USD, to_account: c.acc.USD, amount: '1' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(ex({ from_account: c.acc.USD, to_account: other.acc.USD, amount: '1' })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(ex({ from_account: c.acc.USD, to_account: c.acc.HKD, amount: '10.01' })).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    await expect(ex({ from_account: c.acc.USD, to_account: c.acc.HKD, amount: '1.001' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const rate = await run((tx) => getRate(tx, f.tenantId, 'USD', 'HKD'));
    await expect(
      ex({ from_account: c.acc.USD, to_account: c.acc.HKD, amount: '1', rate: '7.5' }),
    ).rejects.toMatchObject({ code: 'rate_changed' });
    const ok = await ex({ from_account: c.acc.USD, to_account: c.acc.HKD, amount: '10', rate: Number(rate) });
    expect([ok.amount, ok.rate, ok.to_amount]).toEqual(['10.00', rate, '78.00']);
    expect((await accountOf(c.acc.USD)).balance).toBe('0.00');
    await expectLedgerOk();
  });

  it('the locked bonus travels with the money, so an exchange never makes bonus withdrawable', async () => {
    const c = await makeClient(f, 'ex3', null, ['USD', 'USDT']);
    await fund(c.clientId, c.acc.USD, '20.00');
    await run((tx) => creditOverdrawn(tx, admin(), 'bonus', c.clientId, { account_id: c.acc.USD, amount: '30.00' }));
    const r = await run((tx) =>
      exchange(tx, admin(), c.clientId, { from_account: c.acc.USD, to_account: c.acc.USDT, amount: '50.00' }),
    );
    expect(r.bonus_moved).toBe('30.00');
    const [usd, usdt] = [await accountOf(c.acc.USD), await accountOf(c.acc.USDT)];
    expect([usd.balance, usd.bonus, usdt.balance, usdt.bonus]).toEqual(['0.00', '0.00', '50.00', '30.00']);
    await expect(
      run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USDT, amount: '20.01' })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expectLedgerOk();
  });
});

describe('rates', () => {
  it('same currency is 1; a pair stored one way is answered inverted; unknown pair is 404', async () => {
    expect(await run((tx) => getRate(tx, f.tenantId, 'CNY', 'CNY'))).toBe('1.00000000');
    await run((tx) => setRate(tx, f.tenantId, 'AAA', 'BBB', '4'));
    expect(await run((tx) => getRate(tx, f.tenantId, 'BBB', 'AAA'))).toBe('0.25000000');
    await expect(run((tx) => getRate(tx, f.tenantId, 'AAA', 'CCC'))).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('exact money', () => {
  it('no float drift: ten deposits of 0.10 make 1.00; 0.1 + 0.2 is 0.30', async () => {
    const c = await makeClient(f, 'fx1', null);
    for (let i = 0; i < 10; i++) await fund(c.clientId, c.acc.USD, '0.10');
    expect((await accountOf(c.acc.USD)).balance).toBe('1.00');
    const c2 = await makeClient(f, 'fx2', null);
    await fund(c2.clientId, c2.acc.USD, 0.1 as unknown as string);
    await fund(c2.clientId, c2.acc.USD, 0.2 as unknown as string);
    expect((await accountOf(c2.acc.USD)).balance).toBe('0.30');
  });

  it('1e12 amounts and cents stay exact', async () => {
    const c = await makeClient(f, 'fx3', null);
    await fund(c.clientId, c.acc.USD, '1000000000000.01');
    await fund(c.clientId, c.acc.USD, '999999999999.99');
    await fund(c.clientId, c.acc.USD, 1e12 as unknown as string);
    const w = await run((tx) => requestWithdrawal(tx, sys(), c.clientId, { account_id: c.acc.USD, amount: '0.03' }));
    const a = await accountOf(c.acc.USD);
    expect([a.balance, a.deposit, a.frozen]).toEqual(['2999999999999.97', '3000000000000.00', '0.03']);
    await run((tx) => auditWithdrawal(tx, admin(), w.id, 'approved'));
    await expectLedgerOk();
  });
});

describe('ledger guards', () => {
  it('the database refuses UPDATE and DELETE on entries and txns', async () => {
    await expect(f.db.execute(sql`UPDATE ledger_entry SET amount = amount + 1`)).rejects.toThrow();
    await expect(f.db.execute(sql`DELETE FROM ledger_entry`)).rejects.toThrow();
    await expect(f.db.execute(sql`UPDATE ledger_txn SET kind = 'x'`)).rejects.toThrow();
    await expect(f.db.execute(sql`DELETE FROM ledger_txn`)).rejects.toThrow();
    await expect(f.db.execute(sql`TRUNCATE ledger_entry`)).rejects.toThrow();
    const n = await f.db.execute(sql`SELECT count(*)::int AS n FROM ledger_entry`);
    expect(Number((n.rows[0] as { n: number }).n)).toBeGreaterThan(0);
  });

  it('an unbalanced txn is refused by the ledger and, at commit, by the database', async () => {
    const c = await makeClient(f, 'gd1', null);
    await expect(
      run((tx) =>
        postTransaction(tx, {
          tenantId: f.tenantId,
          kind: 'deposit',
          lines: [
            { accountRef: { type: 'client', id: c.acc.USD }, currency: 'USD', amount: '5.00' },
            { accountRef: { type: 'platform', kind: 'cash' }, currency: 'USD', amount: '-4.99' },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
    // Bypass the ledger: the deferred constraint trigger refuses the commit.
    await expect(
      f.db.transaction(async (tx) => {
        const t = await tx.execute(
          sql`INSERT INTO ledger_txn (tenant_id, kind) VALUES (${f.tenantId}, 'deposit') RETURNING id`,
        );
        const id = (t.rows[0] as { id: number }).id;
        await tx.execute(sql`INSERT INTO ledger_entry (txn_id, tenant_id, account_id, currency, amount, kind, balance)
        VALUES (${id}, ${f.tenantId}, ${c.acc.USD}, 'USD', 5, 'deposit', 5)`);
      }),
    ).rejects.toThrow();
    expect((await accountOf(c.acc.USD)).balance).toBe('0.00');
    await expectLedgerOk();
  });

  it('a client line must be in the account currency; the DB refuses a negative balance', async () => {
    const c = await makeClient(f, 'gd2', null);
    await expect(
      run((tx) =>
        postTransaction(tx, {
          tenantId: f.tenantId,
          kind: 'deposit',
          lines: [
            { accountRef: { type: 'client', id: c.acc.USD }, currency: 'CNY', amount: '5.00' },
            { accountRef: { type: 'platform', kind: 'cash' }, currency: 'CNY', amount: '-5.00' },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
    await expect(f.db.execute(sql`UPDATE account SET balance = -1 WHERE id = ${c.acc.USD}`)).rejects.toThrow();
  });
});
