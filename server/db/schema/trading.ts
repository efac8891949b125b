/**
 * Trading (domain/trading.ts, docs/trading.md): products of every kind, orders over their life cycle, IPO
 * allocations. Positions are the `holding` table (schema/client.ts), one row per client and product, written only by
 * server/modules/trading. Money moves only through the ledger (ledger_txn.ref_type 'trade_order').
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { client } from './client';
import { createdAt, money, ref, zero } from './columns';
import { tenant } from './core';
import { account } from './ledger';
import { staffUser } from './user';

const price = (name: string) => numeric(name, { precision: 20, scale: 4 });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A product of one kind (stock, block, daily, ipo, ai, fund, quant, saving). */
export const tradeProduct = pgTable(
  'trade_product',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    kind: text('kind').notNull(),
    subtype: text('subtype').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** The current price (market), the issue price (IPO), the unit price (period products: 1). */
    price: price('price').notNull(),
    lotSize: integer('lot_size').notNull().default(1),
    periodDays: integer('period_days'),
    /** Expected return over the period (period products), a decimal rate. */
    rate: numeric('rate', { precision: 10, scale: 6 }),
    /** IPO: shares offered. */
    offered: bigint('offered', { mode: 'number' }),
    /** IPO: the subscription window (subscribe_start null: open from the issue), both ends inclusive. */
    subscribeStart: timestamp('subscribe_start', { withTimezone: true }),
    subscribeEnd: timestamp('subscribe_end', { withTimezone: true }),
    listingDate: date('listing_date'),
    status: text('status').notNull(),
    createdBy: ref('created_by').references(() => staffUser.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('trade_product_code').on(t.tenantId, t.kind, t.code),
    index('trade_product_kind').on(t.tenantId, t.kind, t.id),
    check('trade_product_kind_check', sql`${t.kind} IN ('stock','block','ipo','daily','ai','fund','quant','saving')`),
    check(
      'trade_product_status_check',
      sql`${t.status} IN ('enable','disabled','available','order_locked','listing','listed')`,
    ),
    check('trade_product_price_positive', sql`${t.price} > 0 AND ${t.lotSize} > 0`),
  ],
);

/**
 * An order of a client in a product. Money: `amount` is the principal (quantity × price, or the subscribed sum),
 * `fee` the buy fee, `frozen` what is frozen for it now, `owed` what it still owes (IPO arrears); on a sale or a
 * settlement `proceeds`, `sell_fee` and `profit`. Each movement is a ledger txn naming the order.
 */
export const tradeOrder = pgTable(
  'trade_order',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    kind: text('kind').notNull(),
    clientId: ref('client_id')
      .notNull()
      .references(() => client.id),
    accountId: ref('account_id')
      .notNull()
      .references(() => account.id),
    productId: ref('product_id')
      .notNull()
      .references(() => tradeProduct.id),
    tradeType: text('trade_type').notNull(),
    currency: text('currency').notNull(),
    quantity: bigint('quantity', { mode: 'number' }),
    price: price('price'),
    amount: money('amount').notNull(),
    fee: zero('fee'),
    frozen: zero('frozen'),
    allocatedQuantity: bigint('allocated_quantity', { mode: 'number' }),
    owed: zero('owed'),
    sellPrice: price('sell_price'),
    proceeds: money('proceeds'),
    sellFee: money('sell_fee'),
    profit: money('profit'),
    status: text('status').notNull(),
    remark: text('remark'),
    placedBy: ref('placed_by').references(() => staffUser.id),
    decidedBy: ref('decided_by').references(() => staffUser.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trade_order_kind').on(t.tenantId, t.kind, t.id),
    index('trade_order_kind_status').on(t.tenantId, t.kind, t.status, t.id),
    index('trade_order_client').on(t.clientId, t.id),
    index('trade_order_product').on(t.productId, t.status),
    // Dashboard: orders placed in a date range (migration 0025_dashboard).
    index('trade_order_tenant_created').on(t.tenantId, t.createdAt),
    check(
      'trade_order_status_check',
      sql`${t.status} IN ('pending','approved','rejected','waiting_payment','outstanding','fund_released','holding','sold','awaiting','unsettled','completed')`,
    ),
    check('trade_order_trade_type_check', sql`${t.tradeType} IN ('holding','review')`),
    check('trade_order_money', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.frozen} >= 0 AND ${t.owed} >= 0`),
  ],
);

/** One IPO allocation run (by ratio or lottery) and what each subscription got. */
export const tradeAllocation = pgTable(
  'trade_allocation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    productId: ref('product_id')
      .notNull()
      .references(() => tradeProduct.id),
    orderId: ref('order_id')
      .notNull()
      .references(() => tradeOrder.id),
    clientId: ref('client_id')
      .notNull()
      .references(() => client.id),
    method: text('method').notNull(),
    requested: bigint('requested', { mode: 'number' }).notNull(),
    allocated: bigint('allocated', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    fee: zero('fee'),
    released: zero('released'),
    owed: zero('owed'),
    createdBy: ref('created_by').references(() => staffUser.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trade_allocation_order').on(t.orderId),
    index('trade_allocation_product').on(t.tenantId, t.productId, t.id),
    check('trade_allocation_method', sql`${t.method} IN ('ratio','lottery')`),
  ],
);
