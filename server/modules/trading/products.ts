/**
 * Trading products of every kind (docs/trading.md "Products"): reading and presenting them, the checks of a product
 * body, create, update and the product actions (PRODUCT_TRANSITIONS).
 */
import { offsetMinutes } from '../../../domain/message';
import { and, eq, sql } from 'drizzle-orm';
import {
  FAMILY,
  KIND_SUBTYPES,
  productActionAllowed,
  PRODUCT_TRANSITIONS,
  scaled,
  unscaled,
  initialProductStatus,
  type ProductAction,
  type ProductStatus,
  type TradeProductRow,
} from '../../../domain/trading';
import type { TradeProduct } from '../../../domain/trade-config';
import { tradeOrder, tradeProduct } from '../../db/schema';
import type { Executor, Tx } from '../../core/db';
import { NotFoundError, ProductHasOrdersError, ValidationError, type FieldIssue } from '../../core/errors';
import type { StaffScope } from '../../core/scope';
import { iso } from '../records/common';
import { tenantTimeZone } from '../setting/service';
import { InvalidTransitionError } from './errors';
import type { TradeProductBody } from './schemas';

export type ProductRaw = typeof tradeProduct.$inferSelect;

const orderCount = sql<number>`(SELECT count(*) FROM ${tradeOrder} WHERE ${tradeOrder.productId} = ${tradeProduct.id})::int`;

/** Products with their order count, `_cursor` selected as given, open for WHERE. */
export function selectProducts(db: Executor, cursor = sql<string>`''`) {
  return db.select({ p: tradeProduct, orderCount, _cursor: cursor }).from(tradeProduct).$dynamic();
}

export type ProductSelectRaw = { p: ProductRaw; orderCount: number };

export const price4 = (v: string | null): string | null => (v == null ? null : unscaled(scaled(String(v), 4) ?? 0n, 4));

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
export async function lockProduct(tx: Executor, tenantId: string, kind: TradeProduct, id: number, share = false) {
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

export async function moveProduct(tx: Executor, cur: ProductRaw, kind: TradeProduct, action: ProductAction) {
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
