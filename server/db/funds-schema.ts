/**
 * Clients, accounts and money: the tables behind the double-entry ledger (DESIGN.md section 4).
 *
 * Only `server/ledger/` writes `ledger_txn`, `ledger_entry` and the aggregate columns of `account`.
 * Amounts are `numeric(20,2)`, rates `numeric(20,8)`; drizzle hands them over as decimal strings.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staffUser, tenant } from './schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
const zero = (name: string) => money(name).notNull().default('0');
const ref = (name: string) => bigint(name, { mode: 'number' });

/** A platform customer (spec section 3 "Client"). `agentId` is the salesman (or leader) who owns the client. */
export const client = pgTable(
  'client',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    username: text('username').notNull(),
    fullName: text('full_name'),
    mobile: text('mobile'),
    avatar: text('avatar'),
    /** A robot (demo/fake) client, shown as "Robot". */
    fake: boolean('fake').notNull().default(false),
    active: boolean('active').notNull().default(true),
    score: integer('score').notNull().default(100),
    vip: integer('vip').notNull().default(0),
    agentId: ref('agent_id').references(() => staffUser.id),
    mfa: boolean('mfa').notNull().default(false),
    /** approved | pending | rejected | unverified (spec label list "KYC statuses"). */
    kycStatus: text('kyc_status').notNull().default('unverified'),
    /** Client-app password: argon2id over the MD5 wire hash, like staff passwords. */
    passwordHash: text('password_hash'),
    /** Trade settings document (read and saved by the console as a whole). */
    tradeSettings: jsonb('trade_settings').notNull().default({}),
    /** Bumped by "force offline": client-app sessions issued under an older version are refused. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_tenant_username').on(t.tenantId, t.username),
    // Keyset / offset paging by newest first, alone and under the common filters. Plain ascending columns on purpose:
    // scanned backward they give ORDER BY created_at DESC, id DESC (NULLS FIRST, PostgreSQL's default for DESC) and
    // forward the ASC order; a `.desc()` column (DESC NULLS LAST) matches neither, so the lists sorted the whole table.
    index('client_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('client_tenant_agent_created').on(t.tenantId, t.agentId, t.createdAt, t.id),
    index('client_tenant_fake_created').on(t.tenantId, t.fake, t.createdAt, t.id),
    index('client_tenant_kyc_created').on(t.tenantId, t.kycStatus, t.createdAt, t.id),
    index('client_tenant_mobile').on(t.tenantId, t.mobile),
    // Prefix search on username (LIKE 'abc%').
    index('client_tenant_username_prefix').on(t.tenantId, t.username.op('text_pattern_ops')),
  ],
);

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

const recordCommon = {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: text('tenant_id')
    .notNull()
    .references(() => tenant.id),
  clientId: ref('client_id')
    .notNull()
    .references(() => client.id),
  accountId: ref('account_id')
    .notNull()
    .references(() => account.id),
  /**
   * The client's agent (salesman), copied from client.agent_id when the record is made and kept equal to it by
   * change_agent, so that a scoped list walks one (tenant_id, agent_id, created_at, id) index (ledger:check verifies).
   */
  agentId: ref('agent_id').references(() => staffUser.id),
  remark: text('remark'),
  createdBy: ref('created_by'),
  resolvedBy: ref('resolved_by'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  rolledBackBy: ref('rolled_back_by'),
  rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
  createdAt: createdAt(),
};

/**
 * A deposit. Status: pending -> approved | rejected; approved -> rolled_back.
 * `amount` is in `currency`; `creditAmount` in the account's currency at `rate` (fixed when created).
 */
export const depositRecord = pgTable(
  'deposit_record',
  {
    ...recordCommon,
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull().default('1'),
    creditCurrency: text('credit_currency').notNull(),
    creditAmount: money('credit_amount').notNull(),
    /** bank | crypto | exchange (spec "deposit types"). */
    subType: text('sub_type').notNull().default('bank'),
    screenshot: text('screenshot'),
    /** Crypto deposits (and only they): the chain, one of CRYPTO_CHAINS (resources/crypto_deposit/chains.ts). */
    chain: text('chain'),
    /** Crypto deposits: the platform's receiving address the client paid to. */
    address: text('address'),
    /** Crypto deposits: the on-chain transaction hash, in its canonical spelling (canonicalTxHash). */
    txHash: text('tx_hash'),
    /** client (requested in the client app) | staff (specialized deposit v2). */
    source: text('source').notNull().default('client'),
    status: text('status').notNull().default('pending'),
    txnId: ref('txn_id'),
    reversalTxnId: ref('reversal_txn_id'),
  },
  (t) => [
    index('deposit_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('deposit_tenant_status_created').on(t.tenantId, t.status, t.createdAt, t.id),
    index('deposit_client_created').on(t.clientId, t.createdAt, t.id),
    index('deposit_tenant_agent_created').on(t.tenantId, t.agentId, t.createdAt, t.id),
    check('deposit_status', sql`${t.status} IN ('pending','approved','rejected','rolled_back')`),
    check('deposit_positive', sql`${t.amount} > 0 AND ${t.creditAmount} > 0`),
    // One on-chain transaction credits once: a hash is held by one record per tenant and chain that is not rejected
    // (pending, approved or rolled back); a record rejected by mistake (wrong client) frees it to be recorded again.
    uniqueIndex('deposit_tenant_chain_tx_hash')
      .on(t.tenantId, t.chain, t.txHash)
      .where(sql`${t.txHash} IS NOT NULL AND ${t.status} <> 'rejected'`),
    // The list's exact tx_hash search, with or without a chain, whatever the status.
    index('deposit_tenant_tx_hash')
      .on(t.tenantId, t.txHash)
      .where(sql`${t.txHash} IS NOT NULL`),
    check(
      'deposit_crypto_fields',
      sql`${t.subType} <> 'crypto' OR (${t.chain} IS NOT NULL AND ${t.address} IS NOT NULL AND ${t.txHash} IS NOT NULL)`,
    ),
  ],
);

/**
 * A withdrawal. Status: pending (amount frozen) -> approved (paid out) | rejected (unfrozen);
 * approved -> rolled_back (payout returned to the balance).
 */
export const withdrawRecord = pgTable(
  'withdraw_record',
  {
    ...recordCommon,
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    status: text('status').notNull().default('pending'),
    /** The freeze (balance -> frozen) made when requested. */
    freezeTxnId: ref('freeze_txn_id'),
    /** The payout on approval, or the unfreeze (reversal of the freeze) on rejection. */
    resolveTxnId: ref('resolve_txn_id'),
    reversalTxnId: ref('reversal_txn_id'),
  },
  (t) => [
    index('withdraw_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('withdraw_tenant_status_created').on(t.tenantId, t.status, t.createdAt, t.id),
    index('withdraw_client_created').on(t.clientId, t.createdAt, t.id),
    index('withdraw_tenant_agent_created').on(t.tenantId, t.agentId, t.createdAt, t.id),
    check('withdraw_status', sql`${t.status} IN ('pending','approved','rejected','rolled_back')`),
    check('withdraw_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Loans, compensations (bonus points) and bonuses (rewards).
 * loan: pending -> approved (balance and outstanding up) | rejected; approved -> repaid (pay_fine until nothing is owed).
 * compensation, bonus: credited at once, created approved; approved -> rolled_back (a compensating txn).
 */
export const overdrawnRecord = pgTable(
  'overdrawn_record',
  {
    ...recordCommon,
    subType: text('sub_type').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    repaid: zero('repaid'),
    status: text('status').notNull(),
    txnId: ref('txn_id'),
    /** The compensating txn of a rolled-back compensation or bonus. */
    reversalTxnId: ref('reversal_txn_id'),
  },
  (t) => [
    index('overdrawn_tenant_sub_created').on(t.tenantId, t.subType, t.createdAt, t.id),
    index('overdrawn_tenant_sub_status_created').on(t.tenantId, t.subType, t.status, t.createdAt, t.id),
    index('overdrawn_client_created').on(t.clientId, t.createdAt, t.id),
    index('overdrawn_tenant_sub_agent_created').on(t.tenantId, t.subType, t.agentId, t.createdAt, t.id),
    check('overdrawn_sub_type', sql`${t.subType} IN ('loan','compensation','bonus')`),
    check('overdrawn_status', sql`${t.status} IN ('pending','approved','rejected','repaid','rolled_back')`),
    check('overdrawn_amounts', sql`${t.amount} > 0 AND ${t.repaid} >= 0 AND ${t.repaid} <= ${t.amount}`),
  ],
);

/** An exchange between two accounts of one client; completed at once. */
export const exchangeRecord = pgTable(
  'exchange_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    clientId: ref('client_id')
      .notNull()
      .references(() => client.id),
    fromAccountId: ref('from_account_id')
      .notNull()
      .references(() => account.id),
    toAccountId: ref('to_account_id')
      .notNull()
      .references(() => account.id),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    amount: money('amount').notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    toAmount: money('to_amount').notNull(),
    /** The non-withdrawable bonus portion that moved with the money (source currency). */
    bonusMoved: zero('bonus_moved'),
    txnId: ref('txn_id'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('exchange_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('exchange_client_created').on(t.clientId, t.createdAt, t.id),
  ],
);

/** 1 `primary` = `rate` `secondary`. The same currency is always 1 and never stored. */
export const currencyRate = pgTable(
  'currency_rate',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    primary: text('primary').notNull(),
    secondary: text('secondary').notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.primary, t.secondary] }),
    check('currency_rate_positive', sql`${t.rate} > 0 AND ${t.primary} <> ${t.secondary}`),
  ],
);

/** Idempotency-Key bookkeeping for money-moving requests (ledger/idempotency.ts). */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    tenantId: text('tenant_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** in_flight | done */
    status: text('status').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] }), index('idempotency_key_created').on(t.createdAt)],
);
