/**
 * Operations and configuration (issue 10): the platform's crypto receiving addresses, the per-product trade
 * configuration, the global configs and the trading permission rules. Rules: domain/crypto-address.ts,
 * domain/trade-config.ts, domain/trading-permission.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { tenant } from './core';
import { staffUser } from './user';

const tenantRef = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenant.id);
const staffRef = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A platform receiving address: `address` as entered (trimmed), `addressKey` its canonical spelling
 * (canonicalAddress: EVM and bech32 in lower case), unique per tenant and chain.
 */
export const cryptoAddressEntry = pgTable(
  'crypto_address',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    addressKey: text('address_key').notNull(),
    label: text('label'),
    active: boolean('active').notNull().default(true),
    createdBy: staffRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crypto_address_tenant_chain_key').on(t.tenantId, t.chain, t.addressKey),
    index('crypto_address_tenant_id').on(t.tenantId, t.id),
    check('crypto_address_chain', sql`${t.chain} IN ('TRC20','ERC20','BEP20','BTC','ETH','SOL')`),
  ],
);

/** A product's trade settings in a tenant (a product without a row has the defaults, DEFAULT_TRADE_PRODUCT). */
export const tradeProductConfig = pgTable(
  'trade_product_config',
  {
    tenantId: tenantRef(),
    product: text('product').notNull(),
    enabled: boolean('enabled').notNull(),
    sessions: text('sessions').notNull(),
    buyFee: numeric('buy_fee', { precision: 8, scale: 6 }).notNull(),
    sellFee: numeric('sell_fee', { precision: 8, scale: 6 }).notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    leverage: integer('leverage').notNull(),
    /** Trade results' sanity bounds (domain/trade-config.ts): price band, period result ÷ amount range. */
    priceBand: numeric('price_band', { precision: 8, scale: 6 }).notNull().default('0.2'),
    profitRateMin: numeric('profit_rate_min', { precision: 8, scale: 6 }).notNull().default('-0.2'),
    profitRateMax: numeric('profit_rate_max', { precision: 12, scale: 6 }).notNull().default('0.2'),
    updatedBy: staffRef('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.product] }),
    check('trade_product_fees', sql`${t.buyFee} >= 0 AND ${t.buyFee} < 1 AND ${t.sellFee} >= 0 AND ${t.sellFee} < 1`),
    check(
      'trade_product_amounts',
      sql`${t.minAmount} >= 0 AND ${t.maxAmount} > 0 AND ${t.minAmount} <= ${t.maxAmount}`,
    ),
    check('trade_product_leverage', sql`${t.leverage} BETWEEN 1 AND 100`),
    check(
      'trade_product_bounds',
      sql`${t.priceBand} > 0 AND ${t.priceBand} <= 1 AND ${t.profitRateMin} >= -1 AND ${t.profitRateMin} <= 0 AND ${t.profitRateMax} >= 0`,
    ),
  ],
);

/** A global config: key, type, value (its canonical text), description. */
export const globalConfigEntry = pgTable(
  'global_config',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    value: text('value').notNull(),
    description: text('description'),
    updatedBy: staffRef('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('global_config_tenant_key').on(t.tenantId, t.key),
    check('global_config_type', sql`${t.type} IN ('string','number','boolean','json','decimal')`),
  ],
);

/**
 * A trading permission rule: scope (client, team, vip, default), its subject (client id, team leader id, VIP level;
 * 0 for default), product, allowed. One rule per tenant, scope, subject and product.
 */
export const tradingPermissionRule = pgTable(
  'trading_permission',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    scope: text('scope').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull().default(0),
    product: text('product').notNull(),
    allowed: boolean('allowed').notNull(),
    note: text('note'),
    updatedBy: staffRef('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('trading_permission_rule').on(t.tenantId, t.scope, t.subjectId, t.product),
    index('trading_permission_tenant_id').on(t.tenantId, t.id),
    check('trading_permission_scope', sql`${t.scope} IN ('client','team','vip','default')`),
    check('trading_permission_default_subject', sql`${t.scope} <> 'default' OR ${t.subjectId} = 0`),
  ],
);
