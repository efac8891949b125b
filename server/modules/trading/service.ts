/**
 * Trading (docs/trading.md, domain/trading.ts): products of every kind, orders placed by staff for a client and every
 * action of their life cycle, IPO allocation and listing, positions. Every status change is one action of
 * ORDER_TRANSITIONS (else 409 invalid_transition, nothing changed): the order row is locked (FOR UPDATE), the action
 * checked against its status, then changed with a conditional `UPDATE ... WHERE status = <from>`, so parallel
 * requests on one order execute once. Money moves only through the ledger (ref_type 'trade_order'); the position
 * (`holding`, one row per client and product) is recomputed from the client's orders in status holding in the same
 * transaction, after the account is locked (the lock serialises every change of one client's positions in a currency).
 */
import { offsetMinutes } from '../../../domain/message';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  allocateByLottery,
  allocateByRatio,
  amountCents,
  FAMILY,
  feeCents,
  ORDER_MODIFY,
  orderModifiable,
  KIND_SUBTYPES,
  ORDER_BODY_FIELDS,
  orderActionAllowed,
  orderActionFields,
  productActionAllowed,
  productOpenForOrders,
  PRODUCT_TRANSITIONS,
  scaled,
  sessionBound,
  sessionBoundKind,
  transitionOf,
  unscaled,
  initialProductStatus,
  type AllocationMethod,
  type MarketStatus,
  type OrderAction,
  type OrderModification,
  type OrderModifyBody,
  type OrderRouteAction,
  type OrderStatus,
  type PlaceOrderBody,
  type ProductAction,
  type ProductStatus,
  type TradeOrderRow,
  type TradeProductBody,
  type TradeProductRow,
} from '../../../domain/trading';
import {
  boundMicros,
  localMinutes,
  sessionOpen,
  TRADE_PRODUCTS,
  type TradeProduct,
} from '../../../domain/trade-config';
import { TRADE_RESULT_ACTIONS, type TradeResultAction } from '../../../domain/approval';
import { assertNotFrozen, checkersFor, openApproval, type ApprovalRowDb } from '../approval/gate';
import {
  account,
  approval,
  client,
  ledgerEntry,
  ledgerTxn,
  staffUser,
  tradeAllocation,
  tradeOrder,
  tradeProduct,
} from '../../db/schema';
import type { Executor, Tx } from '../../core/db';
import { DomainError, NotFoundError, ProductHasOrdersError, ValidationError, type FieldIssue } from '../../core/errors';
import { clientScope, type StaffScope } from '../../core/scope';
import { fromCents, toCents } from '../../ledger/money';
import { lockAccounts, postTransaction } from '../../ledger/post';
import type { LedgerLine, TxnKind } from '../../ledger/types';
import { clientInScope, iso, money2, positiveCents, type Actor } from '../records/common';
import { haltedProducts } from '../emergency/effects';
import { readProduct } from '../trade_config/service';
import { effectiveOf } from '../trading_permission/service';
import { tradeSettingsOf } from '../client/actions';
import { tenantTimeZone } from '../setting/service';
import { randomInt } from 'node:crypto';
import { alias } from 'drizzle-orm/pg-core';

/* ------------------------------------------------------------------------------------------------------------- */
/* Errors                                                                                                         */

/** 409: the order (or product) is not in a status this action starts from; nothing changed. */
export class InvalidTransitionError extends DomainError {
  readonly status: string;
  constructor(what: string, status: string, action: string) {
    super(409, 'invalid_transition', `${what} is ${status}; ${action} is not allowed from there`);
    this.status = status;
  }
}

/** 409: the client has no account in the product's currency. */
export class AccountMissingError extends DomainError {
  constructor(currency: string) {
    super(409, 'account_missing', `The client has no ${currency} account`);
  }
}

/** 409: the product takes no orders (its status, or its kind closed in the trade configuration). */
export class ProductClosedError extends DomainError {
  constructor(message: string) {
    super(409, 'product_closed', message);
  }
}

/** 409: an emergency plan in effect halts trading of the product kind. */
export class TradingHaltedError extends DomainError {
  constructor(kind: string) {
    super(409, 'trading_halted', `Trading of ${kind} is halted by an emergency plan`);
  }
}

/** 409: the trading permissions do not let the client trade the product kind. */
export class TradingNotAllowedError extends DomainError {
  constructor(kind: string) {
    super(409, 'trading_not_allowed', `The client may not trade ${kind} (trading permissions)`);
  }
}

/** 409: the client's trade settings (client drawer, 交易设置) refuse buying or selling. */
export class TradeSettingError extends DomainError {
  constructor(side: 'buy' | 'sell') {
    super(409, `${side}_disabled`, `The client's trade settings do not allow ${side === 'buy' ? 'buying' : 'selling'}`);
  }
}

/** 409: the order would take the client's orders of the day beyond the daily limit of his trade settings. */
export class DailyLimitError extends DomainError {
  constructor(limit: string, used: string, currency: string) {
    super(409, 'daily_limit_exceeded', `The client's daily limit is ${limit} ${currency}; ${used} is placed today`);
  }
}

/** 409: an IPO subscription outside the product's subscription window (subscribe_start .. subscribe_end). */
export class SubscriptionClosedError extends DomainError {
  constructor(message: string) {
    super(409, 'subscription_closed', message);
  }
}

/** 409: the kind's trading sessions (trade_config, the tenant's time zone) are closed at this moment. */
export class MarketClosedError extends DomainError {
  constructor(m: MarketStatus) {
    super(
      409,
      'market_closed',
      `Trading of ${m.kind} is closed now (${m.local_time} ${m.time_zone}; trading hours ${m.sessions})`,
    );
  }
}

/** The kind's trading hours (trade_config sessions in the tenant's time zone) and whether they are open at `now`. */
export async function marketStatus(
  db: Executor,
  tenantId: string,
  kind: TradeProduct,
  now: Date,
): Promise<MarketStatus> {
  const [cfg, zone] = await Promise.all([readProduct(db, tenantId, kind), tenantTimeZone(db, tenantId)]);
  return {
    kind,
    sessions: cfg.sessions,
    time_zone: zone,
    local_time: localMinutes(now, zone).hhmm,
    open: sessionOpen(cfg.sessions, now, zone),
    session_bound: sessionBoundKind(kind),
  };
}

/** 409 market_closed, nothing written, when `action` of `kind` is session-bound and the sessions are closed at `now`. */
async function assertSession(tx: Executor, tenantId: string, kind: TradeProduct, action: OrderAction, now: Date) {
  if (!sessionBound(kind, action)) return;
  const m = await marketStatus(tx, tenantId, kind, now);
  if (!m.open) throw new MarketClosedError(m);
}

/**
 * What the client's orders placed in the tenant's day of `now` (its time zone setting; `now` is the app's clock, the
 * one the trading hours read, not the database's) in `currency` amount to, rejected ones excluded, in cents. The
 * caller holds the client's account lock (placeOrder), so parallel orders count each other.
 */
async function placedToday(
  tx: Executor,
  tenantId: string,
  clientId: number,
  currency: string,
  now: Date,
): Promise<bigint> {
  const zone = await tenantTimeZone(tx, tenantId);
  const at = now.toISOString();
  const res = await tx.execute(sql`
    WITH l AS (SELECT date_trunc('day', ${at}::timestamptz AT TIME ZONE ${zone}) AS day),
    d AS (SELECT l.day AT TIME ZONE ${zone} AS start, (l.day + interval '1 day') AT TIME ZONE ${zone} AS stop FROM l)
    SELECT coalesce(sum(${tradeOrder.amount}), 0)::text AS used FROM ${tradeOrder}, d
    WHERE ${tradeOrder.clientId} = ${clientId} AND ${tradeOrder.currency} = ${currency}
      AND ${tradeOrder.status} <> 'rejected'
      AND ${tradeOrder.createdAt} >= d.start AND ${tradeOrder.createdAt} < d.stop`);
  return toCents(String((res.rows[0] as { used: unknown }).used));
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Products                                                                                                       */

type ProductRaw = typeof tradeProduct.$inferSelect;

const orderCount = sql<number>`(SELECT count(*) FROM ${tradeOrder} WHERE ${tradeOrder.productId} = ${tradeProduct.id})::int`;

/** Products with their order count, `_cursor` selected as given, open for WHERE. */
export function selectProducts(db: Executor, cursor = sql<string>`''`) {
  return db.select({ p: tradeProduct, orderCount, _cursor: cursor }).from(tradeProduct).$dynamic();
}
export type ProductSelectRaw = { p: ProductRaw; orderCount: number };

const price4 = (v: string | null): string | null => (v == null ? null : unscaled(scaled(String(v), 4) ?? 0n, 4));
const rate6 = (v: string | null): string | null => (v == null ? null : unscaled(scaled(String(v), 6) ?? 0n, 6));
const day = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

/** A product as the API answers it. */
export function presentProduct(r: ProductSelectRaw): TradeProductRow {
  const p = r.p;
  return {
    id: p.id,
    kind: p.kind as TradeProduct,
    subtype: p.subtype as TradeProductRow['subtype'],
    code: p.code,
    name: p.name,
    currency: p.currency,
    price: price4(p.price)!,
    lot_size: p.lotSize,
    period_days: p.periodDays,
    rate: rate6(p.rate),
    offered: p.offered == null ? null : Number(p.offered),
    subscribe_start: iso(p.subscribeStart),
    subscribe_end: iso(p.subscribeEnd),
    listing_date: day(p.listingDate),
    status: p.status as ProductStatus,
    order_count: Number(r.orderCount),
    created_at: iso(p.createdAt)!,
    updated_at: iso(p.updatedAt)!,
  };
}

/** One product of the tenant and kind; else 404. */
export async function productOf(db: Executor, tenantId: string, kind: TradeProduct, id: number) {
  const [row] = await selectProducts(db)
    .where(and(eq(tradeProduct.id, id), eq(tradeProduct.tenantId, tenantId), eq(tradeProduct.kind, kind)))
    .limit(1);
  if (!row) throw new NotFoundError('Product');
  return presentProduct(row);
}

/** Locks a product row (FOR UPDATE, or FOR SHARE when placing an order); else 404. */
async function lockProduct(tx: Executor, tenantId: string, kind: TradeProduct, id: number, share = false) {
  const q = tx
    .select()
    .from(tradeProduct)
    .where(and(eq(tradeProduct.id, id), eq(tradeProduct.tenantId, tenantId), eq(tradeProduct.kind, kind)));
  const [row] = await (share ? q.for('share') : q.for('update'));
  if (!row) throw new NotFoundError('Product');
  return row;
}

/**
 * Whether `v` is a JSON number that cannot be a decimal of `decimals` places exactly: not finite, or beyond the range
 * where its scaled value is a safe integer (JSON.parse has already rounded it). The money records' guard
 * (records/common positiveCents, MAX_NUMBER_AMOUNT for 2 decimals).
 */
const unsafe = (v: unknown, decimals: number): boolean =>
  typeof v === 'number' && !(Number.isFinite(v) && Math.abs(v) <= Math.floor(Number.MAX_SAFE_INTEGER / 10 ** decimals));

const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/;
const CURRENCY = /^[A-Z]{3}$/;

/** The problems of a product body for `kind` (field → issue), in the API's field codes. */
export function productProblems(kind: TradeProduct, b: Partial<Record<keyof TradeProductBody, unknown>>) {
  const out: Record<string, FieldIssue> = {};
  const subtype = b.subtype ?? KIND_SUBTYPES[kind][0];
  if (!KIND_SUBTYPES[kind].includes(String(subtype)))
    out.subtype = { code: 'invalid', message: `subtype must be one of ${KIND_SUBTYPES[kind].join(', ')}` };
  const code = typeof b.code === 'string' ? b.code.trim() : '';
  if (!code) out.code = { code: 'required', message: 'code is required' };
  else if (!CODE.test(code)) out.code = { code: 'invalid', message: 'code: 1-20 letters, digits, . _ -' };
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  if (!name) out.name = { code: 'required', message: 'name is required' };
  else if (name.length > 100) out.name = { code: 'too_long', limit: 100, message: 'name is too long' };
  if (typeof b.currency !== 'string' || !CURRENCY.test(b.currency))
    out.currency = b.currency ? { code: 'currency', message: 'currency is not valid' } : 'currency is required';
  const price = b.price == null || b.price === '' ? null : String(b.price);
  if (price === null) out.price = 'price is required';
  else if (unsafe(b.price, 4))
    out.price = { code: 'too_large', message: 'price is too large for a JSON number; send it as a decimal string' };
  else {
    const p = scaled(price, 4);
    if (p === null)
      out.price = /^\d+\.\d{5,}$/.test(price.trim())
        ? { code: 'decimals', limit: 4, message: 'price allows at most 4 decimals' }
        : { code: 'invalid', message: 'price must be a decimal number' };
    else if (p <= 0n) out.price = { code: 'positive', message: 'price must be greater than 0' };
  }
  const lot = b.lot_size ?? 1;
  if (!Number.isSafeInteger(lot) || (lot as number) < 1 || (lot as number) > 1_000_000)
    out.lot_size = { code: 'too_small', limit: 1, message: 'lot_size must be a whole number of at least 1' };
  if (FAMILY[kind] === 'period') {
    const d = b.period_days;
    if (d == null) out.period_days = 'period_days is required';
    else if (!Number.isSafeInteger(d) || (d as number) < 1 || (d as number) > 36_500)
      out.period_days = { code: 'invalid', message: 'period_days must be a whole number of days (1-36500)' };
  }
  if (b.rate != null && b.rate !== '' && (unsafe(b.rate, 6) || scaled(String(b.rate), 6) === null))
    out.rate = { code: 'decimals', limit: 6, message: 'rate must be a decimal with at most 6 decimals' };
  if (FAMILY[kind] === 'ipo') {
    const o = b.offered;
    if (o == null) out.offered = 'offered is required';
    else if (!Number.isSafeInteger(o) || (o as number) < 1)
      out.offered = { code: 'positive', message: 'offered must be greater than 0' };
    else if (Number.isSafeInteger(lot) && (o as number) % (lot as number) !== 0)
      out.offered = { code: 'invalid', message: 'offered must be a multiple of lot_size' };
    if (b.subscribe_end == null || b.subscribe_end === '') out.subscribe_end = 'subscribe_end is required';
    else if (!windowInstant(b.subscribe_end, 'UTC', 'end'))
      out.subscribe_end = { code: 'invalid', message: 'subscribe_end must be a date-time or YYYY-MM-DD' };
    if (b.subscribe_start != null && b.subscribe_start !== '') {
      const start = windowInstant(b.subscribe_start, 'UTC', 'start');
      const end = b.subscribe_end ? windowInstant(b.subscribe_end, 'UTC', 'end') : null;
      if (!start)
        out.subscribe_start = { code: 'invalid', message: 'subscribe_start must be a date-time or YYYY-MM-DD' };
      else if (end && start > end)
        out.subscribe_start = { code: 'invalid', message: 'subscribe_start must not be after subscribe_end' };
    }
  }
  if (b.listing_date != null && b.listing_date !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(String(b.listing_date)))
    out.listing_date = { code: 'invalid', message: 'listing_date must be YYYY-MM-DD' };
  return out;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant of a subscription window's end of `edge`: a date-time as it is; a day (YYYY-MM-DD) in `zone`, from its
 * first instant (start) or through its last millisecond (end). null when it is neither.
 */
export function windowInstant(v: unknown, zone: string, edge: 'start' | 'end'): Date | null {
  if (typeof v !== 'string') return null;
  const text = v.trim();
  const day = DAY.exec(text);
  if (!day) {
    const at = new Date(text);
    return Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(text) ? null : at;
  }
  const [y, m, d] = day.slice(1).map(Number);
  const first = new Date(Date.UTC(y, m - 1, d));
  if (first.getUTCMonth() !== m - 1 || first.getUTCDate() !== d) return null;
  // the zone's midnight of that day (and of the next): the UTC midnight less the zone's offset then
  const midnight = (utc: number) => {
    let at = utc - offsetMinutes(zone, new Date(utc)) * 60_000;
    at = utc - offsetMinutes(zone, new Date(at)) * 60_000;
    return at;
  };
  return edge === 'start' ? new Date(midnight(first.getTime())) : new Date(midnight(first.getTime() + 86_400_000) - 1);
}

function productValues(kind: TradeProduct, b: TradeProductBody, zone: string) {
  const problems = productProblems(kind, b);
  if (Object.keys(problems).length) throw new ValidationError(problems);
  const period = FAMILY[kind] === 'period';
  const ipo = FAMILY[kind] === 'ipo';
  return {
    subtype: b.subtype ?? KIND_SUBTYPES[kind][0],
    code: b.code.trim(),
    name: b.name.trim(),
    currency: b.currency,
    price: unscaled(scaled(String(b.price), 4)!, 4),
    lotSize: b.lot_size ?? 1,
    periodDays: period ? (b.period_days ?? null) : null,
    rate: b.rate == null || b.rate === '' ? null : unscaled(scaled(String(b.rate), 6)!, 6),
    offered: ipo ? (b.offered ?? null) : null,
    subscribeStart: ipo && b.subscribe_start ? windowInstant(b.subscribe_start, zone, 'start') : null,
    subscribeEnd: ipo && b.subscribe_end ? windowInstant(b.subscribe_end, zone, 'end') : null,
    listingDate: b.listing_date ? b.listing_date : null,
  };
}

const duplicateCode = (code: string): never => {
  throw new ValidationError({ code: { code: 'duplicate', message: `${code} is already a product of this kind` } });
};

/** Adds a product of `kind` (status: enable, or available for an IPO); code unique per tenant and kind (400 duplicate). */
export async function createProduct(
  tx: Tx,
  staff: StaffScope & { id: number },
  kind: TradeProduct,
  body: TradeProductBody,
): Promise<TradeProductRow> {
  const values = productValues(kind, body, await tenantTimeZone(tx, staff.tenantId));
  const [row] = await tx
    .insert(tradeProduct)
    .values({ tenantId: staff.tenantId, kind, ...values, status: initialProductStatus(kind), createdBy: staff.id })
    .onConflictDoNothing({ target: [tradeProduct.tenantId, tradeProduct.kind, tradeProduct.code] })
    .returning({ id: tradeProduct.id });
  if (!row) duplicateCode(values.code);
  return productOf(tx, staff.tenantId, kind, row.id);
}

/**
 * Edits a product; once it has orders its code is fixed (400 invalid), and what its orders were booked on, its
 * currency, lot size and (IPO) issue price, too: 409 product_has_orders, checked under the product's lock.
 */
export async function updateProduct(
  tx: Tx,
  staff: StaffScope,
  kind: TradeProduct,
  id: number,
  body: TradeProductBody,
): Promise<TradeProductRow> {
  const cur = await lockProduct(tx, staff.tenantId, kind, id);
  const values = productValues(kind, body, await tenantTimeZone(tx, staff.tenantId));
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tradeOrder)
    .where(eq(tradeOrder.productId, id));
  if (Number(n) > 0) {
    // counted under the product's lock: an order being placed holds it shared (placeOrder), so none slips in between
    if (values.code !== cur.code)
      throw new ValidationError({ code: { code: 'invalid', message: 'code is fixed once the product has orders' } });
    // what the orders were booked on: the currency, the lot, an IPO's issue price (the allotment is paid at it)
    const frozen: string[] = [];
    if (values.currency !== cur.currency) frozen.push('currency');
    if (values.lotSize !== cur.lotSize) frozen.push('lot_size');
    if (FAMILY[kind] === 'ipo' && values.price !== price4(cur.price)) frozen.push('price');
    if (frozen.length) throw new ProductHasOrdersError(frozen);
  }
  if (values.code !== cur.code) {
    const [other] = await tx
      .select({ id: tradeProduct.id })
      .from(tradeProduct)
      .where(
        and(eq(tradeProduct.tenantId, staff.tenantId), eq(tradeProduct.kind, kind), eq(tradeProduct.code, values.code)),
      );
    if (other) duplicateCode(values.code);
  }
  await tx
    .update(tradeProduct)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tradeProduct.id, id));
  return productOf(tx, staff.tenantId, kind, id);
}

/** enable, disable, lock (an IPO's subscription closes): PRODUCT_TRANSITIONS, else 409 invalid_transition. */
export async function productAction(
  tx: Tx,
  tenantId: string,
  kind: TradeProduct,
  action: Exclude<ProductAction, 'allocate' | 'go_public'>,
  id: number,
): Promise<TradeProductRow> {
  const cur = await lockProduct(tx, tenantId, kind, id);
  await moveProduct(tx, cur, kind, action);
  return productOf(tx, tenantId, kind, id);
}

async function moveProduct(tx: Executor, cur: ProductRaw, kind: TradeProduct, action: ProductAction) {
  const status = cur.status as ProductStatus;
  if (!productActionAllowed(kind, status, action)) throw new InvalidTransitionError('Product', status, action);
  const to = PRODUCT_TRANSITIONS[action].to;
  const rows = await tx
    .update(tradeProduct)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(tradeProduct.id, cur.id), eq(tradeProduct.status, status)))
    .returning({ id: tradeProduct.id });
  if (!rows.length) throw new InvalidTransitionError('Product', status, action);
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Orders: reading                                                                                                */

type OrderRaw = typeof tradeOrder.$inferSelect;

const agent = alias(staffUser, 'order_agent');

/** The team (leader's staff id) of a client: his agent when a leader, else the agent's leader. */
const leaderOf = sql<number | null>`CASE WHEN ${agent.role} = 'superman' THEN ${agent.id} ELSE ${agent.leaderId} END`;

/** The order's pending trade result approval (approval_pending_target: at most one), or null. */
const pendingResult = sql<number | null>`(SELECT ${approval.id} FROM ${approval}
  WHERE ${approval.targetType} = 'trade_order' AND ${approval.targetId} = ${tradeOrder.id}
    AND ${approval.status} = 'pending')`;

/** Orders joined with client, agent and product, `_cursor` selected as given, open for WHERE. */
export function selectOrders(db: Executor, cursor = sql<string>`''`) {
  return db
    .select({
      o: tradeOrder,
      username: client.username,
      fake: client.fake,
      agentId: client.agentId,
      agentName: agent.name,
      leaderId: leaderOf,
      productCode: tradeProduct.code,
      productName: tradeProduct.name,
      approvalId: pendingResult,
      _cursor: cursor,
    })
    .from(tradeOrder)
    .innerJoin(client, eq(client.id, tradeOrder.clientId))
    .innerJoin(tradeProduct, eq(tradeProduct.id, tradeOrder.productId))
    .leftJoin(agent, eq(agent.id, client.agentId))
    .$dynamic();
}
export type OrderSelectRaw = {
  approvalId?: number | string | null;
  o: OrderRaw;
  username: string;
  fake: boolean;
  agentId: number | null;
  agentName: string | null;
  leaderId: number | null;
  productCode: string;
  productName: string;
};

const qty = (v: unknown): number | null => (v == null ? null : Number(v));

/** An order as the API answers it. */
export function presentOrder(r: OrderSelectRaw): TradeOrderRow {
  const o = r.o;
  return {
    id: o.id,
    kind: o.kind as TradeProduct,
    client_id: o.clientId,
    account_id: o.accountId,
    username: r.username,
    fake: r.fake,
    agent_id: r.agentId,
    agent_name: r.agentName,
    leader_id: r.leaderId == null ? null : Number(r.leaderId),
    product_id: o.productId,
    product_code: r.productCode,
    product_name: r.productName,
    trade_type: o.tradeType as TradeOrderRow['trade_type'],
    currency: o.currency,
    quantity: qty(o.quantity),
    price: price4(o.price),
    amount: money2(o.amount)!,
    fee: money2(o.fee)!,
    frozen: money2(o.frozen)!,
    allocated_quantity: qty(o.allocatedQuantity),
    owed: money2(o.owed)!,
    sell_price: price4(o.sellPrice),
    proceeds: money2(o.proceeds),
    sell_fee: money2(o.sellFee),
    profit: money2(o.profit),
    status: o.status as OrderStatus,
    approval_id: r.approvalId == null ? null : Number(r.approvalId),
    remark: o.remark,
    created_at: iso(o.createdAt)!,
    updated_at: iso(o.updatedAt)!,
  };
}

/** Orders whose client is in the actor's tenant and scope. */
export const orderScope = (actor: Actor) =>
  actor.staff
    ? and(
        eq(tradeOrder.tenantId, actor.tenantId),
        sql`${tradeOrder.clientId} IN (SELECT ${client.id} FROM ${client} WHERE ${clientScope(actor.staff)})`,
      )!
    : eq(tradeOrder.tenantId, actor.tenantId);

/** One order of `kind` in the actor's scope; else 404. */
export async function orderOf(db: Executor, actor: Actor, kind: TradeProduct | TradeProduct[], id: number) {
  const kinds = ([] as TradeProduct[]).concat(kind);
  const [row] = await selectOrders(db)
    .where(and(eq(tradeOrder.id, id), inArray(tradeOrder.kind, kinds), orderScope(actor)))
    .limit(1);
  if (!row) throw new NotFoundError('Order');
  return presentOrder(row as OrderSelectRaw);
}

/** Locks an order of `kind` in the actor's scope (FOR UPDATE); else 404. */
async function lockOrder(
  tx: Executor,
  actor: Actor,
  kind: TradeProduct | readonly TradeProduct[],
  id: number,
): Promise<OrderRaw> {
  const [row] = await tx
    .select()
    .from(tradeOrder)
    .where(and(eq(tradeOrder.id, id), inArray(tradeOrder.kind, ([] as TradeProduct[]).concat(kind)), orderScope(actor)))
    .for('update');
  if (!row) throw new NotFoundError('Order');
  return row;
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Ledger postings                                                                                                */

const mine = (o: { accountId: number }) => ({ type: 'client', id: o.accountId }) as const;

/** Posts one txn of the order (nothing when every line is zero). */
async function post(tx: Executor, actor: Actor, o: OrderRaw, kind: TxnKind, lines: LedgerLine[], memo?: string) {
  if (lines.every((l) => BigInt(l.amount) === 0n && !Object.values(l.effect ?? {}).some((v) => BigInt(v!) !== 0n)))
    return;
  await postTransaction(tx, {
    tenantId: actor.tenantId,
    kind,
    lines,
    refType: 'trade_order',
    refId: o.id,
    createdBy: actor.staff?.id ?? null,
    memo,
  });
}

/** `cents` out of the balance (or frozen) to a platform account (trading, fee income). */
function pay(o: OrderRaw, cents: bigint, from: 'balance' | 'frozen', to: 'trading' | 'fee_income'): LedgerLine[] {
  return [
    { accountRef: mine(o), currency: o.currency, amount: -cents, effect: { [from]: -cents } },
    { accountRef: { type: 'platform', kind: to }, currency: o.currency, amount: cents },
  ];
}

/** `cents` from a platform account into the balance, moving the profit aggregate by `profit`. */
function receive(o: OrderRaw, cents: bigint, profit: bigint, from: 'trading' | 'fee_income'): LedgerLine[] {
  return [
    { accountRef: mine(o), currency: o.currency, amount: cents, effect: { balance: cents, profit } },
    { accountRef: { type: 'platform', kind: from }, currency: o.currency, amount: -cents },
  ];
}

/** Balance → frozen (or back, with a negative amount), on one account. */
function freeze(o: OrderRaw, cents: bigint): LedgerLine[] {
  return [
    { accountRef: mine(o), currency: o.currency, amount: -cents, effect: { balance: -cents } },
    { accountRef: mine(o), currency: o.currency, amount: cents, effect: { frozen: cents } },
  ];
}

async function buy(tx: Executor, actor: Actor, o: OrderRaw, amount: bigint, fee: bigint, from: 'balance' | 'frozen') {
  if (amount > 0n) await post(tx, actor, o, 'buy', pay(o, amount, from, 'trading'));
  if (fee > 0n) await post(tx, actor, o, 'buy_fee', pay(o, fee, from, 'fee_income'));
}

async function release(tx: Executor, actor: Actor, o: OrderRaw, cents: bigint, memo?: string) {
  if (cents > 0n) await post(tx, actor, o, 'trade_release', freeze(o, -cents), memo);
}

/** A sale or settlement: proceeds in (profit effect proceeds − amount − buy fee), then the sell fee out. */
async function sale(tx: Executor, actor: Actor, o: OrderRaw, proceeds: bigint, sellFee: bigint) {
  const profit = proceeds - toCents(o.amount) - toCents(o.fee);
  await post(tx, actor, o, 'sell', receive(o, proceeds, profit, 'trading'));
  if (sellFee > 0n) await post(tx, actor, o, 'sell_fee', receive(o, -sellFee, -sellFee, 'fee_income'));
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Positions                                                                                                      */

/**
 * Recomputes the client's position in a product from his orders in status holding (quantity: shares, or the amount
 * for a period product; cost: their amounts; avg_price: cost ÷ quantity), in the caller's transaction; no open order:
 * no row.
 */
export async function recomputePosition(tx: Executor, tenantId: string, clientId: number, productId: number) {
  await tx.execute(sql`
    WITH agg AS (
      SELECT coalesce(sum(CASE WHEN o.kind IN ('ai','fund','quant','saving') THEN o.amount
                               ELSE coalesce(o.allocated_quantity, o.quantity) END), 0) AS quantity,
             coalesce(sum(o.amount), 0) AS cost, count(*) AS n
      FROM trade_order o WHERE o.client_id = ${clientId} AND o.product_id = ${productId} AND o.status = 'holding'),
    gone AS (
      DELETE FROM holding h USING agg WHERE agg.n = 0 AND h.client_id = ${clientId} AND h.product_id = ${productId})
    INSERT INTO holding (tenant_id, client_id, product_type, symbol, name, currency, quantity, avg_price, product_id,
                         cost, updated_at)
    SELECT ${tenantId}, ${clientId}, p.kind, p.code, p.name, p.currency, agg.quantity,
           round(agg.cost / nullif(agg.quantity, 0), 4), p.id, agg.cost, now()
    FROM agg, trade_product p WHERE p.id = ${productId} AND agg.n > 0 AND agg.quantity > 0
    ON CONFLICT (client_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity, avg_price = EXCLUDED.avg_price,
      cost = EXCLUDED.cost, symbol = EXCLUDED.symbol, name = EXCLUDED.name, updated_at = now()`);
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Orders: placing                                                                                                */

const fieldIssue = (field: string, code: string, message: string, limit?: number) =>
  new ValidationError({ [field]: { code: code as never, message, ...(limit === undefined ? {} : { limit }) } });

/** A positive whole number of a body (ajv may have coerced it already). */
function wholeNumber(v: unknown, field: string): bigint {
  if (v === undefined || v === null || v === '') throw new ValidationError({ [field]: `${field} is required` });
  const text = String(v);
  if (!/^\d{1,15}$/.test(text)) throw fieldIssue(field, 'invalid', `${field} must be a whole number`);
  const n = BigInt(text);
  if (n <= 0n) throw fieldIssue(field, 'positive', `${field} must be greater than 0`);
  return n;
}

/**
 * The text of a decimal of a trading body with at most `decimals` places: a string, or a JSON number whose scaled value
 * stays a safe integer (the money records' guard, records/common positiveCents: a larger number has already lost
 * digits when JSON.parse read it, so it is refused, not rounded: send it as a decimal string). Anything else: 400.
 */
export function decimalText(v: unknown, field: string, decimals: number): string {
  if (v === undefined || v === null || v === '') throw new ValidationError({ [field]: `${field} is required` });
  if (
    typeof v === 'number' &&
    !(Number.isFinite(v) && Math.abs(v) <= Math.floor(Number.MAX_SAFE_INTEGER / 10 ** decimals))
  )
    throw fieldIssue(field, 'too_large', `${field} is too large for a JSON number; send it as a decimal string`);
  if (typeof v !== 'string' && typeof v !== 'number') throw fieldIssue(field, 'invalid', `${field} must be a decimal`);
  return String(v);
}

/** A price of a body: > 0, at most 4 decimals. */
function priceOf(v: unknown, field: string): string {
  const p = scaled(decimalText(v, field, 4), 4);
  if (p === null) {
    if (/^\d+\.\d{5,}$/.test(String(v).trim()))
      throw fieldIssue(field, 'decimals', `${field} allows at most 4 decimals`, 4);
    throw fieldIssue(field, 'invalid', `${field} must be a decimal number`);
  }
  if (p <= 0n) throw fieldIssue(field, 'positive', `${field} must be greater than 0`);
  return unscaled(p, 4);
}

/** A signed amount of 2 decimals (a period's result). */
function signedCents(v: unknown, field: string): bigint {
  decimalText(v, field, 2);
  if (!/^-?\d{1,16}(\.\d{1,2})?$/.test(String(v).trim()))
    throw fieldIssue(field, 'decimals', `${field} must be a decimal with at most 2 decimals`, 2);
  return toCents(String(v).trim(), field);
}

/** Rounds n / d up (n ≥ 0, d > 0). */
const ceilDiv = (n: bigint, d: bigint) => (n + d - 1n) / d;

/** The god-like scope the trading permission lookup needs (the caller's own scope was checked on the client). */
const tenantScope = (tenantId: string): StaffScope => ({ id: 0, tenantId, role: 'god' });

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** 400 unknown_field for a money field with a value that the kind's orders do not take (ORDER_BODY_FIELDS). */
function assertOrderFields(kind: TradeProduct, body: PlaceOrderBody) {
  const allowed: readonly string[] = ORDER_BODY_FIELDS[FAMILY[kind]];
  const b = body as unknown as Record<string, unknown>;
  const foreign = (['quantity', 'price', 'amount'] as const).filter((f) => given(b[f]) && !allowed.includes(f));
  if (foreign.length)
    throw new ValidationError(
      Object.fromEntries(
        foreign.map((f) => [f, { code: 'unknown_field' as const, message: `a ${kind} order takes no ${f}` }]),
      ),
    );
}

/** 400 unknown_field for a body field with a value that the action does not take (orderActionFields). */
function assertActionFields(kind: TradeProduct, action: OrderAction, body: OrderActionBody) {
  const allowed: readonly string[] = orderActionFields(kind, action);
  const b = body as Record<string, unknown>;
  const foreign = (['sell_price', 'profit'] as const).filter((f) => given(b[f]) && !allowed.includes(f));
  if (foreign.length)
    throw new ValidationError(
      Object.fromEntries(
        foreign.map((f) => [
          f,
          { code: 'unknown_field' as const, message: `${action} of a ${kind} order takes no ${f}` },
        ]),
      ),
    );
}

/**
 * 409 subscription_closed unless `now` (the app's clock) is inside the IPO's subscription window: from subscribe_start
 * (none: from its issue) to subscribe_end, inclusive. A day typed without a time is that whole day in the tenant's
 * time zone (productValues stores its last instant); the message shows the tenant's local time.
 */
async function assertSubscriptionOpen(tx: Executor, tenantId: string, product: ProductRaw, now: Date) {
  const start = product.subscribeStart;
  const end = product.subscribeEnd;
  const before = start != null && now.getTime() < new Date(start).getTime();
  const after = end != null && now.getTime() > new Date(end).getTime();
  if (!before && !after) return;
  const zone = await tenantTimeZone(tx, tenantId);
  const local = (d: Date) => new Date(d).toLocaleString('sv-SE', { timeZone: zone }).slice(0, 16);
  throw new SubscriptionClosedError(
    before
      ? `The subscription opens at ${local(start!)} (${zone}); it is ${local(now)}`
      : `The subscription closed at ${local(end!)} (${zone}); it is ${local(now)}`,
  );
}

/**
 * Places an order of `kind` for a client (docs/trading.md "place"): the client in the actor's scope (404), the
 * product of the kind (404) open for orders (409 product_closed), the kind open in trade_config (409 product_closed)
 * and not halted (409 trading_halted), a market order within the kind's trading sessions at `now` (409
 * market_closed), the client allowed by the trading permissions (409 trading_not_allowed),
 * quantity a multiple of the lot size (400), the amount within trade_config's min..max (400), the client's account
 * in the product's currency (409 account_missing). Review: amount + fee frozen (IPO: ÷ leverage, rounded up);
 * Direct: amount and fee debited, the position opens. Too little balance: 409 insufficient_funds, nothing written.
 */
export async function placeOrder(
  tx: Tx,
  actor: Actor,
  kind: TradeProduct,
  body: PlaceOrderBody,
  now: Date,
): Promise<TradeOrderRow> {
  const clientId = Number(body.client_id);
  if (!Number.isSafeInteger(clientId) || clientId <= 0)
    throw fieldIssue('client_id', 'invalid', 'client_id is invalid');
  const productId = Number(body.product_id);
  if (!Number.isSafeInteger(productId) || productId <= 0)
    throw fieldIssue('product_id', 'invalid', 'product_id is invalid');
  const family = FAMILY[kind];
  assertOrderFields(kind, body);
  const tradeType = body.trade_type;
  const placing: OrderAction = tradeType === 'holding' ? 'place_direct' : 'place_review';
  if ((tradeType !== 'holding' && tradeType !== 'review') || !orderActionAllowed(kind, null, placing))
    throw fieldIssue(
      'trade_type',
      'invalid',
      `trade_type must be ${family === 'ipo' ? 'review' : 'holding or review'}`,
    );

  const settings = tradeSettingsOf(await clientInScope(tx, actor, clientId, true));
  if (!settings.buy_enabled) throw new TradeSettingError('buy');
  const product = await lockProduct(tx, actor.tenantId, kind, productId, true);
  if (!productOpenForOrders(product.status as ProductStatus))
    throw new ProductClosedError(`The product is ${product.status}; it takes no orders`);
  const cfg = await readProduct(tx, actor.tenantId, kind);
  if ((await haltedProducts(tx, actor.tenantId)).has(kind)) throw new TradingHaltedError(kind);
  if (!cfg.enabled) throw new ProductClosedError(`Trading of ${kind} is closed in the trade configuration`);
  await assertSession(tx, actor.tenantId, kind, placing, now);
  if (family === 'ipo') await assertSubscriptionOpen(tx, actor.tenantId, product, now);
  const effective = await effectiveOf(tx, tenantScope(actor.tenantId), clientId);
  if (!effective.products.find((p) => p.product === kind)?.allowed) throw new TradingNotAllowedError(kind);

  let quantity: bigint | null = null;
  let price: string | null = null;
  let amount: bigint;
  if (family === 'period') {
    amount = positiveCents(body.amount, 'amount');
  } else {
    quantity = wholeNumber(body.quantity, 'quantity');
    if (quantity % BigInt(product.lotSize) !== 0n)
      throw fieldIssue('quantity', 'invalid', `quantity must be a multiple of the lot size ${product.lotSize}`);
    price =
      family === 'ipo' || body.price == null || body.price === ''
        ? price4(product.price)!
        : priceOf(body.price, 'price');
    if (family === 'ipo' && body.price != null && body.price !== '' && priceOf(body.price, 'price') !== price)
      throw fieldIssue('price', 'invalid', `an IPO is subscribed at its issue price ${price}`);
    amount = amountCents(quantity, price);
  }
  const field = family === 'period' ? 'amount' : 'quantity';
  const min = toCents(cfg.min_amount);
  const max = toCents(cfg.max_amount);
  if (amount < min)
    throw fieldIssue(field, 'too_small', `the amount ${fromCents(amount)} is below the minimum ${cfg.min_amount}`);
  if (amount > max)
    throw fieldIssue(field, 'too_large', `the amount ${fromCents(amount)} is above the maximum ${cfg.max_amount}`);
  const fee = feeCents(amount, cfg.buy_fee);

  const [acc] = await tx
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.clientId, clientId), eq(account.currency, product.currency)))
    .orderBy(asc(account.id))
    .limit(1);
  if (!acc) throw new AccountMissingError(product.currency);
  // The client's account lock (the ledger's, taken again by the posting below) from here to commit: orders of one
  // client in one currency are placed one at a time, so the day's total below counts every order placed before.
  await lockAccounts(tx, actor.tenantId, [acc.id]);
  if (settings.daily_limit !== null) {
    const limit = toCents(settings.daily_limit);
    const used = await placedToday(tx, actor.tenantId, clientId, product.currency, now);
    if (used + amount > limit) throw new DailyLimitError(settings.daily_limit, fromCents(used), product.currency);
  }

  const direct = placing === 'place_direct';
  const frozen = direct
    ? 0n
    : family === 'ipo'
      ? ceilDiv(amount + fee, BigInt(Math.max(1, Math.min(cfg.leverage, settings.max_leverage))))
      : amount + fee;
  const remark = typeof body.remark === 'string' && body.remark.trim() ? body.remark.trim().slice(0, 500) : null;
  const [o] = await tx
    .insert(tradeOrder)
    .values({
      tenantId: actor.tenantId,
      kind,
      clientId,
      accountId: acc.id,
      productId,
      tradeType,
      currency: product.currency,
      quantity: quantity === null ? null : Number(quantity),
      price,
      amount: fromCents(amount),
      fee: fromCents(fee),
      frozen: fromCents(frozen),
      status: direct ? 'holding' : 'pending',
      remark,
      placedBy: actor.staff?.id ?? null,
      decidedAt: direct ? sql`now()` : null,
      // placed at the app's clock, the one its trading hours and the client's daily limit read
      createdAt: now,
    })
    .returning();
  if (direct) {
    await buy(tx, actor, o, amount, fee, 'balance');
    await recomputePosition(tx, actor.tenantId, clientId, productId);
  } else {
    await post(tx, actor, o, 'trade_freeze', freeze(o, frozen));
  }
  return orderOf(tx, actor, kind, o.id);
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Orders: actions                                                                                                */

/** What an order action's body may carry. */
export interface OrderActionBody {
  remark?: string | null;
  /** sell, close: the sale price (4 decimals). */
  sell_price?: string | number;
  /** settle of a period product: the period's gross result in the currency (may be negative). */
  profit?: string | number;
}

/** Moves the locked order `o` from its status to `to` with `set`, conditionally (a changed status: 409). */
async function move(tx: Executor, o: OrderRaw, action: string, to: OrderStatus, set: Record<string, unknown>) {
  const rows = await tx
    .update(tradeOrder)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(tradeOrder.id, o.id), eq(tradeOrder.status, o.status)))
    .returning();
  if (!rows.length) throw new InvalidTransitionError('Order', o.status, action);
  return rows[0];
}

/** The shares (or, period products, the amount) an order holds. */
const positionQuantity = (o: OrderRaw): bigint => BigInt(o.allocatedQuantity ?? o.quantity ?? 0);

/** The sale of `o` at `sellPrice`: proceeds, sell fee (trade_config's sell_fee now), net profit. */
async function saleOf(tx: Executor, tenantId: string, o: OrderRaw, sellPrice: string) {
  const cfg = await readProduct(tx, tenantId, o.kind as TradeProduct);
  const proceeds = amountCents(positionQuantity(o), sellPrice);
  const sellFee = feeCents(proceeds, cfg.sell_fee);
  const profit = proceeds - toCents(o.amount) - toCents(o.fee) - sellFee;
  return { proceeds, sellFee, profit };
}

/**
 * One action on an order of `kind` (`PUT /trades/admin/v1/{kind}/order/{action}/{id}`): see the table of
 * docs/trading.md. The order must be in the actor's scope (404) and in a status the action starts from (409
 * invalid_transition, nothing changed); a session-bound action (sessionBound) within the kind's trading sessions at
 * `now` (409 market_closed, nothing changed).
 */
export async function orderAction(
  tx: Tx,
  actor: Actor,
  kind: TradeProduct,
  routeAction: OrderRouteAction,
  id: number,
  body: OrderActionBody,
  now: Date,
  approved = false,
): Promise<TradeOrderRow> {
  const o = await lockOrder(tx, actor, kind, id);
  // a trade result awaiting its checkers freezes the order (docs/trading.md "Trade results")
  await assertNotFrozen(tx, 'trade_order', o.id, 'Order');
  const action = transitionOf(kind, routeAction);
  assertActionFields(kind, action, body);
  if (!orderActionAllowed(kind, o.status as OrderStatus, action))
    throw new InvalidTransitionError('Order', o.status, routeAction);
  // an approved trade result executes what was asked within the sessions, whenever its last checker approves
  if (!approved) await assertSession(tx, actor.tenantId, kind, action, now);
  if (action === 'sell' || action === 'close' || action === 'sell_listed') {
    const [c] = await tx.select({ tradeSettings: client.tradeSettings }).from(client).where(eq(client.id, o.clientId));
    if (!tradeSettingsOf(c).sell_enabled) throw new TradeSettingError('sell');
  }
  const by = actor.staff?.id ?? null;
  const remark =
    typeof body.remark === 'string' && body.remark.trim() ? { remark: body.remark.trim().slice(0, 500) } : {};
  // An IPO payment reads the product's status under its lock (shared: payments of one IPO go side by side; taken
  // before the account's, as go public takes them): go public (exclusive) waits for a payment in flight and lists it,
  // or the payment waits for go public and sees the IPO listed. Either way a paid order ends in its position.
  const ipoProduct = action === 'pay' ? await lockProduct(tx, actor.tenantId, 'ipo', o.productId, true) : null;
  // Every change of an order's money or position happens under its account's lock (lockAccounts: one order).
  await lockAccounts(tx, actor.tenantId, [o.accountId]);
  let positionChanges = false;
  switch (action) {
    case 'approve': {
      const amount = toCents(o.amount);
      const fee = toCents(o.fee);
      const frozen = toCents(o.frozen);
      const next = await move(tx, o, routeAction, 'holding', {
        frozen: '0.00',
        decidedBy: by,
        decidedAt: sql`now()`,
        ...remark,
      });
      await buy(tx, actor, next, amount, fee, 'frozen');
      await release(tx, actor, next, frozen - amount - fee);
      positionChanges = true;
      break;
    }
    case 'reject': {
      const next = await move(tx, o, routeAction, 'rejected', {
        frozen: '0.00',
        decidedBy: by,
        decidedAt: sql`now()`,
        ...remark,
      });
      await release(tx, actor, next, toCents(o.frozen), 'rejected');
      break;
    }
    case 'sell':
    case 'sell_listed': {
      const sellPrice = priceOf(body.sell_price, 'sell_price');
      await assertPriceInBand(tx, actor.tenantId, o, sellPrice, 'sell_price');
      const s = await saleOf(tx, actor.tenantId, o, sellPrice);
      const ask = { sell_price: sellPrice, ...remark };
      if (!approved && (await holdForReview(tx, actor, o, 'sell', routeAction, ask, s.profit, s.proceeds - s.sellFee)))
        return orderOf(tx, actor, kind, id);
      const next = await move(tx, o, routeAction, 'sold', {
        sellPrice,
        proceeds: fromCents(s.proceeds),
        sellFee: fromCents(s.sellFee),
        profit: fromCents(s.profit),
        settledAt: sql`now()`,
        ...remark,
      });
      await sale(tx, actor, next, s.proceeds, s.sellFee);
      positionChanges = true;
      break;
    }
    case 'close': {
      const sellPrice = priceOf(body.sell_price, 'sell_price');
      await assertPriceInBand(tx, actor.tenantId, o, sellPrice, 'sell_price');
      const s = await saleOf(tx, actor.tenantId, o, sellPrice);
      const ask = { sell_price: sellPrice, ...remark };
      if (!approved && (await holdForReview(tx, actor, o, 'close', routeAction, ask, s.profit, s.proceeds - s.sellFee)))
        return orderOf(tx, actor, kind, id);
      await move(tx, o, routeAction, 'unsettled', {
        sellPrice,
        proceeds: fromCents(s.proceeds),
        sellFee: fromCents(s.sellFee),
        profit: fromCents(s.profit),
        ...remark,
      });
      positionChanges = true;
      break;
    }
    case 'settle': {
      if (FAMILY[kind] === 'market') {
        // a closed daily trade: its sale was fixed by close
        const next = await move(tx, o, routeAction, 'completed', { settledAt: sql`now()`, ...remark });
        await sale(tx, actor, next, toCents(o.proceeds!), toCents(o.sellFee ?? '0'));
      } else {
        const result = signedCents(body.profit, 'profit');
        const proceeds = toCents(o.amount) + result;
        if (proceeds < 0n) throw fieldIssue('profit', 'too_small', `a loss cannot exceed the principal ${o.amount}`);
        const cfg = await readProduct(tx, actor.tenantId, kind);
        assertProfitInRange(cfg, o, result);
        const sellFee = feeCents(proceeds, cfg.sell_fee);
        const profit = proceeds - toCents(o.amount) - toCents(o.fee) - sellFee;
        const ask = { profit: fromCents(result), ...remark };
        if (!approved && (await holdForReview(tx, actor, o, 'settle', routeAction, ask, profit, proceeds - sellFee)))
          return orderOf(tx, actor, kind, id);
        const next = await move(tx, o, routeAction, 'completed', {
          proceeds: fromCents(proceeds),
          sellFee: fromCents(sellFee),
          profit: fromCents(profit),
          settledAt: sql`now()`,
          ...remark,
        });
        await sale(tx, actor, next, proceeds, sellFee);
        positionChanges = o.status === 'holding';
      }
      break;
    }
    case 'redeem':
      await move(tx, o, routeAction, 'awaiting', remark);
      positionChanges = true;
      break;
    case 'overdue':
      await move(tx, o, routeAction, 'outstanding', remark);
      break;
    case 'pay': {
      const owed = toCents(o.owed);
      const feePaid = await paidOf(tx, o.id, 'buy_fee');
      const owedFee = toCents(o.fee) - feePaid;
      // once the IPO has listed, a paid subscription opens its position at once (go public already ran)
      const listed = ipoProduct!.status === 'listed';
      const next = await move(tx, o, routeAction, listed ? 'holding' : 'approved', { owed: '0.00', ...remark });
      await buy(tx, actor, next, owed - owedFee, owedFee, 'balance');
      positionChanges = listed;
      break;
    }
    default:
      throw new InvalidTransitionError('Order', o.status, routeAction);
  }
  if (positionChanges) await recomputePosition(tx, actor.tenantId, o.clientId, o.productId);
  return orderOf(tx, actor, kind, id);
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Orders: trade results (bounds and maker-checker, docs/trading.md "Trade results")                              */

/** 409: a sale, close or modification price outside the kind's band around the product's price; nothing moved. */
export class PriceOutOfBandError extends DomainError {
  constructor(field: string, price: string, low: string, high: string) {
    super(
      409,
      'price_out_of_band',
      `${field} ${price} is outside the band allowed around the product's price (${low} to ${high})`,
    );
  }
}

/** 409: a period settlement's result outside the kind's return range (result ÷ amount); nothing moved. */
export class ProfitOutOfRangeError extends DomainError {
  constructor(result: string, low: string, high: string) {
    super(
      409,
      'profit_out_of_range',
      `The result ${result} is outside the range allowed for the amount (${low} to ${high})`,
    );
  }
}

const MICRO = 1_000_000n;

/**
 * 409 price_out_of_band unless `price` is within ± trade_config's price_band of the order's product's price
 * (|price − product price| ≤ product price × band, exact).
 */
async function assertPriceInBand(tx: Executor, tenantId: string, o: OrderRaw, price: string, field: string) {
  const cfg = await readProduct(tx, tenantId, o.kind as TradeProduct);
  const [p] = await tx.select({ price: tradeProduct.price }).from(tradeProduct).where(eq(tradeProduct.id, o.productId));
  const ref = scaled(price4(p.price)!, 4)!;
  const asked = scaled(price, 4)!;
  const band = boundMicros(cfg.price_band)!;
  const room = (ref * band) / MICRO; // rounded down: the band never widens
  if (asked < ref - room || asked > ref + room)
    throw new PriceOutOfBandError(field, price, unscaled(ref - room, 4), unscaled(ref + room, 4));
}

/** 409 profit_out_of_range unless a period's result ÷ the order's amount is within trade_config's range (exact). */
function assertProfitInRange(cfg: { profit_rate_min: string; profit_rate_max: string }, o: OrderRaw, result: bigint) {
  const amount = toCents(o.amount);
  const [lo, hi] = [boundMicros(cfg.profit_rate_min)!, boundMicros(cfg.profit_rate_max)!];
  if (result * MICRO < amount * lo || result * MICRO > amount * hi) {
    // the bounds in cents, rounded inwards
    const low = -((amount * -lo) / MICRO);
    const high = (amount * hi) / MICRO;
    throw new ProfitOutOfRangeError(fromCents(result), fromCents(low), fromCents(high));
  }
}

/** What a trade result approval holds (approval.payload): what was asked, and how the queue shows it. */
interface TradeResultPayload {
  trade_kind: TradeProduct;
  action: TradeResultAction;
  /** The order route action to execute (sell, close, settle), or modify. */
  route: OrderRouteAction | 'modify';
  /** The body to execute it with (re-validated at execution). */
  body: Record<string, unknown>;
  product: string;
  asked_price: string | null;
  asked_quantity: number | null;
  asked_profit: string | null;
  balance_effect: string;
  remark: string | null;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * The maker-checker gate of a trade result: when |result| (the net profit a sale, close or settlement fixes, or the
 * balance change of a modification) reaches the tier of kind trade_result in the order's currency, opens the
 * approval (nothing moves, the order is frozen: 409 approval_pending) and answers true; else false (execute now).
 */
async function holdForReview(
  tx: Executor,
  actor: Actor,
  o: OrderRaw,
  action: TradeResultAction,
  route: OrderRouteAction | 'modify',
  body: Record<string, unknown>,
  result: bigint,
  balanceEffect: bigint,
): Promise<boolean> {
  const required = await checkersFor(tx, actor.tenantId, 'trade_result', o.currency, abs(result));
  if (!required) return false;
  const [p] = await tx
    .select({ code: tradeProduct.code, name: tradeProduct.name })
    .from(tradeProduct)
    .where(eq(tradeProduct.id, o.productId));
  const payload: TradeResultPayload = {
    trade_kind: o.kind as TradeProduct,
    action,
    route,
    body,
    product: `${p.code} ${p.name}`,
    asked_price:
      typeof body.sell_price === 'string' ? body.sell_price : typeof body.price === 'string' ? body.price : null,
    asked_quantity: typeof body.quantity === 'number' ? body.quantity : null,
    asked_profit: typeof body.profit === 'string' ? body.profit : null,
    balance_effect: fromCents(balanceEffect),
    remark: typeof body.remark === 'string' ? body.remark : typeof body.reason === 'string' ? body.reason : null,
  };
  await openApproval(tx, actor, {
    kind: 'trade_result',
    targetType: 'trade_order',
    targetId: o.id,
    clientId: o.clientId,
    amount: abs(result),
    currency: o.currency,
    required,
    payload: payload as unknown as Record<string, unknown>,
  });
  return true;
}

/**
 * Executes an approved trade result (approval/service.ts decide, after its last checker): the action asked, once,
 * as the checker, through the same function as the direct route (re-validated: status, bounds, funds; the sessions
 * are the maker's); a refusal rolls the decision back and the approval stays pending (a checker may reject it).
 */
export async function executeTradeResult(tx: Executor, actor: Actor, a: ApprovalRowDb): Promise<void> {
  const p = a.payload as unknown as TradeResultPayload;
  if (p.route === 'modify') await modifyOrder(tx as Tx, actor, a.targetId, p.body as unknown as OrderModifyBody, true);
  else await orderAction(tx as Tx, actor, p.trade_kind, p.route, a.targetId, p.body, new Date(), true);
}

/** The queue's view of a trade result approval (its fields of domain/approval.ts), nulls for the other kinds. */
export function tradeResultView(kind: string, payload: unknown) {
  const p = kind === 'trade_result' ? (payload as Partial<TradeResultPayload> | null) : null;
  const action = p?.action && (TRADE_RESULT_ACTIONS as readonly string[]).includes(p.action) ? p.action : null;
  return {
    trade_action: action,
    product: p?.product ?? null,
    asked_price: p?.asked_price ?? null,
    asked_quantity: p?.asked_quantity ?? null,
    asked_profit: p?.asked_profit ?? null,
    balance_effect: p?.balance_effect ?? null,
  };
}

/** The order a trade result approval is about (the approval's `record`), in the actor's scope. */
export const tradeResultOrder = (tx: Executor, actor: Actor, id: number) => orderOf(tx, actor, [...TRADE_PRODUCTS], id);

/* ------------------------------------------------------------------------------------------------------------- */
/* Orders: emergency modification                                                                                 */

/**
 * Corrects an open market order's price and/or quantity (`PUT /emergency/admin/v1/order/modify/{id}`, docs/trading.md
 * "Order modification"): the order in the actor's scope (404), of the market family and pending or holding (else
 * 409 invalid_transition, nothing changed); a reason (400 required); the new quantity a multiple of the lot size,
 * price > 0 with 4 decimals, something changed (400 nothing_to_change), the new amount within trade_config's
 * min..max. amount = quantity × price and fee = amount × trade_config's buy_fee now (cent, half up). The money moves
 * only by the difference, through the ledger, in txns that reference the order (memo: the reason): pending, the
 * frozen money follows amount + fee (`trade_freeze` more or `trade_release` the rest); holding, `buy` and `buy_fee`
 * take the difference from the balance (or give it back), and the position is recomputed. Too little balance: 409
 * insufficient_funds, nothing written. Not session-bound, and it works under a halt: it corrects a booking.
 */
export async function modifyOrder(
  tx: Tx,
  actor: Actor,
  id: number,
  body: OrderModifyBody,
  approved = false,
): Promise<OrderModification> {
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) throw new ValidationError({ reason: 'reason is required' });
  if (reason.length > ORDER_MODIFY.reasonMax)
    throw fieldIssue('reason', 'too_long', 'reason is too long', ORDER_MODIFY.reasonMax);
  const o = await lockOrder(tx, actor, TRADE_PRODUCTS, id);
  await assertNotFrozen(tx, 'trade_order', o.id, 'Order');
  const kind = o.kind as TradeProduct;
  if (!orderModifiable(kind, o.status as OrderStatus)) throw new InvalidTransitionError('Order', o.status, 'modify');
  const [product] = await tx.select().from(tradeProduct).where(eq(tradeProduct.id, o.productId));
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  const quantity = blank(body.quantity) ? BigInt(o.quantity ?? 0) : wholeNumber(body.quantity, 'quantity');
  if (quantity % BigInt(product.lotSize) !== 0n)
    throw fieldIssue('quantity', 'invalid', `quantity must be a multiple of the lot size ${product.lotSize}`);
  const price = blank(body.price) ? price4(o.price)! : priceOf(body.price, 'price');
  if (quantity === BigInt(o.quantity ?? 0) && price === price4(o.price))
    throw fieldIssue(
      blank(body.price) ? 'quantity' : 'price',
      'nothing_to_change',
      'the order has this price and quantity',
    );
  const cfg = await readProduct(tx, actor.tenantId, kind);
  const amount = amountCents(quantity, price);
  const field = blank(body.quantity) ? 'price' : 'quantity';
  if (amount <= 0n || amount < toCents(cfg.min_amount))
    throw fieldIssue(field, 'too_small', `the amount ${fromCents(amount)} is below the minimum ${cfg.min_amount}`);
  if (amount > toCents(cfg.max_amount))
    throw fieldIssue(field, 'too_large', `the amount ${fromCents(amount)} is above the maximum ${cfg.max_amount}`);
  const fee = feeCents(amount, cfg.buy_fee);
  if (price !== price4(o.price)) await assertPriceInBand(tx, actor.tenantId, o, price, 'price');

  await lockAccounts(tx, actor.tenantId, [o.accountId]);
  const before = {
    price: price4(o.price),
    quantity: qty(o.quantity),
    amount: money2(o.amount)!,
    fee: money2(o.fee)!,
    frozen: money2(o.frozen)!,
  };
  // what the correction takes from (or gives back to) the balance: the difference of amount + fee
  const effect = -(amount + fee - toCents(o.amount) - toCents(o.fee));
  const ask = { price, quantity: Number(quantity), reason };
  if (!approved && (await holdForReview(tx, actor, o, 'modify', 'modify', ask, effect, effect)))
    return { order: await orderOf(tx, actor, kind, id), reason, before, balance_change: '0.00', frozen_change: '0.00' };
  const pending = o.status === 'pending';
  const frozen = pending ? amount + fee : 0n;
  const [next] = await tx
    .update(tradeOrder)
    .set({
      quantity: Number(quantity),
      price,
      amount: fromCents(amount),
      fee: fromCents(fee),
      frozen: fromCents(frozen),
      updatedAt: sql`now()`,
    })
    .where(and(eq(tradeOrder.id, o.id), eq(tradeOrder.status, o.status)))
    .returning();
  if (!next) throw new InvalidTransitionError('Order', o.status, 'modify');
  const memo = `modified: ${reason}`.slice(0, 500);
  let balanceChange: bigint;
  let frozenChange = 0n;
  if (pending) {
    frozenChange = frozen - toCents(o.frozen);
    balanceChange = -frozenChange;
    if (frozenChange > 0n) await post(tx, actor, next, 'trade_freeze', freeze(next, frozenChange), memo);
    else await release(tx, actor, next, -frozenChange, memo);
  } else {
    const dAmount = amount - toCents(o.amount);
    const dFee = fee - toCents(o.fee);
    balanceChange = -(dAmount + dFee);
    if (dAmount !== 0n) await post(tx, actor, next, 'buy', pay(next, dAmount, 'balance', 'trading'), memo);
    if (dFee !== 0n) await post(tx, actor, next, 'buy_fee', pay(next, dFee, 'balance', 'fee_income'), memo);
    await recomputePosition(tx, actor.tenantId, o.clientId, o.productId);
  }
  return {
    order: await orderOf(tx, actor, kind, id),
    reason,
    before,
    balance_change: fromCents(balanceChange),
    frozen_change: fromCents(frozenChange),
  };
}

/** What the order's txns of `kind` took from the client (cents). */
async function paidOf(tx: Executor, orderId: number, kind: TxnKind): Promise<bigint> {
  const [r] = await tx
    .select({ s: sql<string>`coalesce(-sum(${ledgerEntry.amount}), 0)::text` })
    .from(ledgerEntry)
    .innerJoin(ledgerTxn, eq(ledgerTxn.id, ledgerEntry.txnId))
    .where(
      and(
        eq(ledgerTxn.refType, 'trade_order'),
        eq(ledgerTxn.refId, orderId),
        eq(ledgerTxn.kind, kind),
        sql`${ledgerEntry.accountId} IS NOT NULL`,
      ),
    );
  return toCents(r.s);
}

/* ------------------------------------------------------------------------------------------------------------- */
/* IPO: allocation and listing                                                                                    */

/** One subscription's allocation as answered. */
export interface AllocationResult {
  order_id: number;
  client_id: number;
  requested: number;
  allocated: number;
  amount: string;
  fee: string;
  released: string;
  owed: string;
  status: OrderStatus;
}

/**
 * Allocates an IPO whose subscription closed (order_locked → listing), once: every pending subscription is allotted
 * by `method` (ratio: allocateByRatio, exact; lottery: allocateByLottery with a cryptographic random, or `random` in
 * tests) and posted: nothing allotted → release of all frozen (fund_released); allotted amount + fee within the frozen
 * money → buy and buy_fee out of frozen, the rest released (approved); above it → the frozen money spent (fee first),
 * the rest owed (waiting_payment). One trade_allocation row per subscription.
 */
export async function allocateIpo(
  tx: Tx,
  actor: Actor,
  productId: number,
  method: AllocationMethod,
  random: (n: number) => number = (n) => randomInt(n),
) {
  const product = await lockProduct(tx, actor.tenantId, 'ipo', productId);
  if (method !== 'ratio' && method !== 'lottery')
    throw fieldIssue('method', 'invalid', 'method must be ratio or lottery');
  await moveProduct(tx, product, 'ipo', 'allocate');
  const orders = await tx
    .select()
    .from(tradeOrder)
    .where(and(eq(tradeOrder.productId, productId), eq(tradeOrder.status, 'pending')))
    .orderBy(asc(tradeOrder.id))
    .for('update');
  await lockAccounts(
    tx,
    actor.tenantId,
    orders.map((o) => o.accountId),
  );
  const lot = BigInt(product.lotSize);
  const offered = BigInt(product.offered ?? 0);
  const requests = orders.map((o) => ({ id: o.id, quantity: BigInt(o.quantity ?? 0) }));
  const got =
    method === 'ratio' ? allocateByRatio(requests, offered, lot) : allocateByLottery(requests, offered, lot, random);
  const cfg = await readProduct(tx, actor.tenantId, 'ipo');
  const price = price4(product.price)!;
  const by = actor.staff?.id ?? null;
  const out: AllocationResult[] = [];
  for (const o of orders) {
    const a = got.get(o.id) ?? 0n;
    const frozen = toCents(o.frozen);
    const decided = { decidedBy: by, decidedAt: sql`now()`, frozen: '0.00', allocatedQuantity: Number(a) };
    let row: { amount: bigint; fee: bigint; released: bigint; owed: bigint; status: OrderStatus };
    if (a === 0n) {
      const next = await move(tx, o, 'release', 'fund_released', decided);
      await release(tx, actor, next, frozen, 'not allotted');
      row = { amount: 0n, fee: 0n, released: frozen, owed: 0n, status: 'fund_released' };
    } else {
      const amount = amountCents(a, price);
      const fee = feeCents(amount, cfg.buy_fee);
      const money = { amount: fromCents(amount), fee: fromCents(fee) };
      if (amount + fee <= frozen) {
        const next = await move(tx, o, 'allot', 'approved', { ...decided, ...money });
        await buy(tx, actor, next, amount, fee, 'frozen');
        await release(tx, actor, next, frozen - amount - fee, 'not allotted');
        row = { amount, fee, released: frozen - amount - fee, owed: 0n, status: 'approved' };
      } else {
        const feeFromFrozen = fee < frozen ? fee : frozen;
        const buyFromFrozen = frozen - feeFromFrozen;
        const owed = amount + fee - frozen;
        const next = await move(tx, o, 'allot_owing', 'waiting_payment', {
          ...decided,
          ...money,
          owed: fromCents(owed),
        });
        await buy(tx, actor, next, buyFromFrozen, feeFromFrozen, 'frozen');
        row = { amount, fee, released: 0n, owed, status: 'waiting_payment' };
      }
    }
    await tx.insert(tradeAllocation).values({
      tenantId: actor.tenantId,
      productId,
      orderId: o.id,
      clientId: o.clientId,
      method,
      requested: Number(o.quantity ?? 0),
      allocated: Number(a),
      amount: fromCents(row.amount),
      fee: fromCents(row.fee),
      released: fromCents(row.released),
      owed: fromCents(row.owed),
      createdBy: by,
    });
    out.push({
      order_id: o.id,
      client_id: o.clientId,
      requested: Number(o.quantity ?? 0),
      allocated: Number(a),
      amount: fromCents(row.amount),
      fee: fromCents(row.fee),
      released: fromCents(row.released),
      owed: fromCents(row.owed),
      status: row.status,
    });
  }
  const allocated = out.reduce((s, r) => s + BigInt(r.allocated), 0n);
  return {
    product: await productOf(tx, actor.tenantId, 'ipo', productId),
    method,
    offered: Number(offered),
    requested: Number(requests.reduce((s, r) => s + r.quantity, 0n)),
    allocated: Number(allocated),
    allocations: out,
  };
}

/**
 * The IPO lists (listing → listed): every allotted and paid subscription (approved) becomes a holding and its
 * position opens at the issue price. Subscriptions still owing stay owing; paying them later opens their position.
 */
export async function goPublic(tx: Tx, actor: Actor, productId: number) {
  const product = await lockProduct(tx, actor.tenantId, 'ipo', productId);
  await moveProduct(tx, product, 'ipo', 'go_public');
  const approved = await tx
    .select({ id: tradeOrder.id, accountId: tradeOrder.accountId, clientId: tradeOrder.clientId })
    .from(tradeOrder)
    .where(and(eq(tradeOrder.productId, productId), eq(tradeOrder.status, 'approved')))
    .for('update');
  await lockAccounts(
    tx,
    actor.tenantId,
    approved.map((o) => o.accountId),
  );
  if (approved.length)
    await tx
      .update(tradeOrder)
      .set({ status: 'holding', updatedAt: sql`now()` })
      .where(and(eq(tradeOrder.productId, productId), eq(tradeOrder.status, 'approved')));
  for (const c of new Set(approved.map((o) => o.clientId))) await recomputePosition(tx, actor.tenantId, c, productId);
  return { product: await productOf(tx, actor.tenantId, 'ipo', productId), listed_orders: approved.length };
}
