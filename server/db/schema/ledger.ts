/**
 * The double-entry ledger (DESIGN.md section 4): accounts, platform accounts, transactions, entries.
 *
 * Only `server/ledger/` writes `ledger_txn`, `ledger_entry` and the aggregate columns of `account`.
 * Amounts are `numeric(20,2)`, rates `numeric(20,8)`; drizzle hands them over as decimal strings.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { client } from './client';
import { createdAt, money, ref, zero } from './columns';
import { tenant } from './core';

export const accountNoSeq = pgSequence('account_no_seq', { startWith: 1, increment: 1 });

/**
 * A client's money account in one currency. The aggregate columns are a cache of the ledger:
 * each equals the sum of that column over the account's `ledger_entry` rows (checked by `npm run ledger:check`).
 * balance/frozen hold money; the other columns are statistics the entries carry (see ledger/types.ts).
 */
export const account = pgTable(
  'account',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    clientId: ref('client_id')
      .notNull()
      .references(() => client.id),
    accNo: text('acc_no')
      .notNull()
      .default(sql`('8' || lpad(nextval('account_no_seq')::text, 11, '0'))`),
    currency: text('currency').notNull(),
    balance: zero('balance'),
    deposit: zero('deposit'),
    withdrawal: zero('withdrawal'),
    profit: zero('profit'),
    compensation: zero('compensation'),
    bonus: zero('bonus'),
    loan: zero('loan'),
    frozen: zero('frozen'),
    outstanding: zero('outstanding'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_acc_no').on(t.accNo),
    uniqueIndex('account_client_currency').on(t.clientId, t.currency),
    check(
      'account_no_negative',
      sql`${t.balance} >= 0 AND ${t.frozen} >= 0 AND ${t.outstanding} >= 0 AND ${t.bonus} >= 0`,
    ),
  ],
);

/**
 * The platform's side of every movement, per tenant, currency and kind
 * (cash, bonus_expense, compensation_expense, loan_book, fx). It keeps no aggregate row:
 * its position is the sum of its entries, so no hot row is locked by every movement.
 */
export const platformAccount = pgTable(
  'platform_account',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('platform_account_tenant_currency_kind').on(t.tenantId, t.currency, t.kind)],
);

/** One balanced set of entries. A reversal names the txn it reverses; a txn is reversed at most once. */
export const ledgerTxn = pgTable(
  'ledger_txn',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    /** deposit, withdraw_freeze, withdraw_payout, loan, loan_repay, compensation, bonus, exchange, reversal */
    kind: text('kind').notNull(),
    /** The record that caused it: deposit | withdraw | overdrawn | exchange. */
    refType: text('ref_type'),
    refId: ref('ref_id'),
    reversesTxnId: ref('reverses_txn_id'),
    idempotencyKey: text('idempotency_key'),
    createdBy: ref('created_by'),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_txn_reverses_once')
      .on(t.reversesTxnId)
      .where(sql`${t.reversesTxnId} IS NOT NULL`),
    index('ledger_txn_ref').on(t.refType, t.refId),
    index('ledger_txn_tenant_created').on(t.tenantId, t.createdAt),
  ],
);

/**
 * An immutable ledger line (UPDATE and DELETE are refused by trigger). `amount` is the money moved
 * (entries of a txn sum to zero per currency); for a client account `amount = balance + frozen`
 * and the other columns are the deltas of the account's statistic aggregates. Platform lines carry only `amount`.
 */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txnId: ref('txn_id')
      .notNull()
      .references(() => ledgerTxn.id),
    tenantId: text('tenant_id').notNull(),
    accountId: ref('account_id').references(() => account.id),
    platformAccountId: ref('platform_account_id').references(() => platformAccount.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    kind: text('kind').notNull(),
    balance: zero('balance'),
    frozen: zero('frozen'),
    deposit: zero('deposit'),
    withdrawal: zero('withdrawal'),
    profit: zero('profit'),
    compensation: zero('compensation'),
    bonus: zero('bonus'),
    loan: zero('loan'),
    outstanding: zero('outstanding'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entry_txn').on(t.txnId),
    index('ledger_entry_account').on(t.accountId, t.id),
    index('ledger_entry_platform').on(t.platformAccountId, t.id),
    check('ledger_entry_one_side', sql`(${t.accountId} IS NULL) <> (${t.platformAccountId} IS NULL)`),
    check('ledger_entry_money', sql`${t.platformAccountId} IS NOT NULL OR ${t.amount} = ${t.balance} + ${t.frozen}`),
    check(
      'ledger_entry_platform_plain',
      sql`${t.accountId} IS NOT NULL OR (${t.balance} = 0 AND ${t.frozen} = 0 AND ${t.deposit} = 0 AND ${t.withdrawal} = 0
        AND ${t.profit} = 0 AND ${t.compensation} = 0 AND ${t.bonus} = 0 AND ${t.loan} = 0 AND ${t.outstanding} = 0)`,
    ),
  ],
);
