/**
 * Exchanges between accounts of a client, and the currency rates.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { client } from './client';
import { createdAt, money, ref, zero } from './columns';
import { tenant } from './core';
import { account } from './ledger';

/** An exchange between two accounts of one client; completed at once, or pending its approval (maker-checker). */
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
    /** completed (moved at once or on approval) | pending (awaiting its checkers, nothing moved) | rejected. */
    status: text('status').notNull().default('completed'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('exchange_status', sql`${t.status} IN ('completed','pending','rejected')`),
    index('exchange_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('exchange_client_created').on(t.clientId, t.createdAt, t.id),
  ],
);

/**
 * The rates' history (append-only: the app role may not UPDATE or DELETE it): each change of a pair's rate is a new
 * row. 1 `primary` = `rate` `secondary`; the pair's current rate is its row with the latest `valid_from` <= now
 * (ties: the latest id). The same currency is always 1 and never stored. Rules: domain/exchange-config.ts.
 */
export const currencyRate = pgTable(
  'currency_rate',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    primary: text('primary').notNull(),
    secondary: text('secondary').notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    /** Where the rate comes from (a bank, a feed, "manual"...). */
    source: text('source').notNull().default('initial'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('currency_rate_positive', sql`${t.rate} > 0 AND ${t.primary} <> ${t.secondary}`),
    index('currency_rate_pair_valid').on(t.tenantId, t.primary, t.secondary, t.validFrom, t.id),
  ],
);
