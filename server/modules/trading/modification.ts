/** The emergency modification of an open market order (docs/trading.md "Order modification"). */
import { and, eq, sql } from 'drizzle-orm';
import {
  amountCents,
  feeCents,
  ORDER_MODIFY,
  orderModifiable,
  type OrderModification,
  type OrderStatus,
} from '../../../domain/trading';
import { TRADE_PRODUCTS, type TradeProduct } from '../../../domain/trade-config';
import { assertNotFrozen } from '../approval/gate';
import { tradeOrder, tradeProduct } from '../../db/schema';
import type { Tx } from '../../core/db';
import { ValidationError } from '../../core/errors';
import { fromCents, toCents } from '../../ledger/money';
import { lockAccounts } from '../../ledger/post';
import { money2, type Actor } from '../records/common';
import { readProduct } from '../trade_config/service';
import { InvalidTransitionError } from './errors';
import { price4 } from './products';
import { lockOrder, orderOf, qty } from './orders';
import { freeze, pay, post, recomputePosition, release } from './postings';
import { fieldIssue, priceOf, wholeNumber } from './inputs';
import { assertPriceInBand, holdForReview } from './trade-results';
import type { OrderModifyBody } from '../emergency/schemas';

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
