/**
 * Exchanges (venues: code, name, time zone, sessions, holidays) and the currency pairs of the exchange between a
 * client's accounts (issue 10). Rules: domain/exchange-config.ts, domain/currency-pair.ts. The rates' history is
 * `currency_rate` (./exchange.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenant } from './core';
import { staffUser } from './user';

const tenantRef = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenant.id);
const staffRef = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' });

/** An exchange (market venue) of the tenant: code unique per tenant; holidays a sorted list of YYYY-MM-DD. */
export const marketExchange = pgTable(
  'market_exchange',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull(),
    sessions: text('sessions').notNull(),
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    updatedBy: staffRef('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('market_exchange_tenant_code').on(t.tenantId, t.code)],
);

/** A currency pair offered by the exchange dialog: base -> quote (either direction), decimals of its rate, spread. */
export const currencyPair = pgTable(
  'currency_pair',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    decimals: integer('decimals').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    spread: numeric('spread', { precision: 20, scale: 8 }).notNull().default('0'),
    updatedBy: staffRef('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('currency_pair_tenant_pair').on(t.tenantId, t.base, t.quote),
    check('currency_pair_valid', sql`${t.base} <> ${t.quote} AND ${t.decimals} BETWEEN 0 AND 8 AND ${t.spread} >= 0`),
  ],
);
