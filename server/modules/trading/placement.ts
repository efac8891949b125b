/** Placing an order (docs/trading.md "place"): every check before money moves, then the freeze or the debit. */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  amountCents,
  FAMILY,
  feeCents,
  ORDER_BODY_FIELDS,
  orderActionAllowed,
  productOpenForOrders,
  type OrderAction,
  type ProductStatus,
  type TradeOrderRow,
} from '../../../domain/trading';
import type { TradeProduct } from '../../../domain/trade-config';
import { account, tradeOrder } from '../../db/schema';
import type { Executor, Tx } from '../../core/db';
import { ValidationError } from '../../core/errors';
import type { StaffScope } from '../../core/scope';
import { fromCents, toCents } from '../../ledger/money';
import { lockAccounts } from '../../ledger/post';
import { clientInScope, positiveCents, type Actor } from '../records/common';
import { haltedProducts } from '../emergency/effects';
import { readProduct } from '../trade_config/service';
import { effectiveOf } from '../trading_permission/service';
import { tradeSettingsOf } from '../client/actions';
import { tenantTimeZone } from '../setting/service';
import {
  AccountMissingError,
  DailyLimitError,
  ProductClosedError,
  SubscriptionClosedError,
  TradeSettingError,
  TradingHaltedError,
  TradingNotAllowedError,
} from './errors';
import { assertSession } from './market';
import { type ProductRaw, lockProduct, price4 } from './products';
import { orderOf } from './orders';
import { buy, freeze, post, recomputePosition } from './postings';
import { ceilDiv, fieldIssue, given, priceOf, wholeNumber } from './inputs';
import type { PlaceOrderBody } from './schemas';

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

/** The god-like scope the trading permission lookup needs (the caller's own scope was checked on the client). */
const tenantScope = (tenantId: string): StaffScope => ({ id: 0, tenantId, role: 'god' });

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
