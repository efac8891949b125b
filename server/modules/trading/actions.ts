/**
 * Order actions (docs/trading.md, domain/trading.ts): every action of an order's life cycle after placing. Every status
 * change is one action of ORDER_TRANSITIONS (else 409 invalid_transition, nothing changed): the order row is locked
 * (FOR UPDATE), the action checked against its status, then changed with a conditional `UPDATE ... WHERE status =
 * <from>`, so parallel requests on one order execute once. Money moves only through the ledger (postings.ts); the
 * position is recomputed in the same transaction, after the account is locked (the lock serialises every change of
 * one client's positions in a currency).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  amountCents,
  FAMILY,
  feeCents,
  orderActionAllowed,
  orderActionFields,
  transitionOf,
  type OrderAction,
  type OrderRouteAction,
  type OrderStatus,
  type TradeOrderRow,
} from '../../../domain/trading';
import type { TradeProduct } from '../../../domain/trade-config';
import { assertNotFrozen } from '../approval/gate';
import { client, tradeOrder } from '../../db/schema';
import type { Executor, Tx } from '../../core/db';
import { ValidationError } from '../../core/errors';
import { fromCents, toCents } from '../../ledger/money';
import { lockAccounts } from '../../ledger/post';
import type { Actor } from '../records/common';
import { readProduct } from '../trade_config/service';
import { tradeSettingsOf } from '../client/actions';
import { InvalidTransitionError, TradeSettingError } from './errors';
import { assertSession } from './market';
import { lockProduct } from './products';
import { type OrderRaw, lockOrder, orderOf } from './orders';
import { buy, paidOf, recomputePosition, release, sale } from './postings';
import { fieldIssue, given, priceOf, signedCents } from './inputs';
import { assertPriceInBand, assertProfitInRange, holdForReview } from './trade-results';
import type { OrderActionBody } from './schemas';

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

/** Moves the locked order `o` from its status to `to` with `set`, conditionally (a changed status: 409). */
export async function move(tx: Executor, o: OrderRaw, action: string, to: OrderStatus, set: Record<string, unknown>) {
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
