/**
 * Exchanges between accounts of a client, and the currency rates.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { client } from './client';
import { createdAt, money, ref, zero } from './columns';
import { tenant } from './core';
import { account } from './ledger';

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
