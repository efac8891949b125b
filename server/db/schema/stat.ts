/**
 * Dashboard statistics kept as sums per agent (migration 0026_statistics): written only by the source tables'
 * triggers and stat_rebuild() (the app may only read them), compared with their recomputation by ledger:check.
 * `agentId` 0 means no agent; `day` is a day in the tenant's time zone (`statZone`); a dated sum is kept per `span`:
 * 'day', 'month' (dated its 1st) and, for clients, 'all' (dated 2000-01-01); `slot` spreads an agent's rows over 16
 * by client id.
 */
import { bigint, boolean, date, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { money, ref } from './columns';

/** The time zone each tenant's statistics days are counted in (its locale setting's, set by stat_set_zone). */
export const statZone = pgTable('stat_zone', {
  tenantId: text('tenant_id').primaryKey(),
  timeZone: text('time_zone').notNull(),
});

const count = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** Clients per agent, creation day and kind (robot or real). */
export const statClient = pgTable(
  'stat_client',
  {
    tenantId: text('tenant_id').notNull(),
    span: text('span').notNull(),
    day: date('day').notNull(),
    agentId: ref('agent_id').notNull(),
    fake: boolean('fake').notNull(),
    clients: count('clients'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.span, t.day, t.agentId, t.fake] })],
);

/** Approved deposits (credited amount) and withdrawals per agent, day of resolution and currency. */
export const statMoney = pgTable(
  'stat_money',
  {
    tenantId: text('tenant_id').notNull(),
    kind: text('kind').notNull(),
    span: text('span').notNull(),
    day: date('day').notNull(),
    agentId: ref('agent_id').notNull(),
    currency: text('currency').notNull(),
    records: count('records'),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.span, t.day, t.agentId, t.currency] })],
);

/** Accounts and their balances now, per agent and currency. */
export const statBalance = pgTable(
  'stat_balance',
  {
    tenantId: text('tenant_id').notNull(),
    agentId: ref('agent_id').notNull(),
    slot: smallint('slot').notNull(),
    currency: text('currency').notNull(),
    accounts: count('accounts'),
    balance: money('balance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.agentId, t.slot, t.currency] })],
);

/** Orders now, per agent, product kind, currency and status: their count, amount and what they owe. */
export const statOrder = pgTable(
  'stat_order',
  {
    tenantId: text('tenant_id').notNull(),
    agentId: ref('agent_id').notNull(),
    slot: smallint('slot').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    orders: count('orders'),
    amount: money('amount').notNull(),
    owed: money('owed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.agentId, t.slot, t.kind, t.currency, t.status] })],
);

/** Orders per day they were placed, agent, product kind and currency. */
export const statOrderDay = pgTable(
  'stat_order_day',
  {
    tenantId: text('tenant_id').notNull(),
    span: text('span').notNull(),
    day: date('day').notNull(),
    agentId: ref('agent_id').notNull(),
    slot: smallint('slot').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    orders: count('orders'),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.span, t.day, t.agentId, t.slot, t.kind, t.currency] })],
);
