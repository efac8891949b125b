/**
 * Trade results (docs/trading.md "Trade results"): the bounds of a sale, close, settlement or modification (price band,
 * return range) and the maker-checker gate that holds a large one for review; the approval queue's view of it.
 */
import { eq } from 'drizzle-orm';
import { scaled, unscaled, type OrderRouteAction } from '../../../domain/trading';
import { boundMicros, TRADE_PRODUCTS, type TradeProduct } from '../../../domain/trade-config';
import { TRADE_RESULT_ACTIONS, type TradeResultAction } from '../../../domain/approval';
import { checkersFor, openApproval } from '../approval/gate';
import { tradeProduct } from '../../db/schema';
import type { Executor } from '../../core/db';
import { DomainError } from '../../core/errors';
import { fromCents, toCents } from '../../ledger/money';
import type { Actor } from '../records/common';
import { readProduct } from '../trade_config/service';
import { price4 } from './products';
import { type OrderRaw, orderOf } from './orders';

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
export async function assertPriceInBand(tx: Executor, tenantId: string, o: OrderRaw, price: string, field: string) {
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
export function assertProfitInRange(
  cfg: { profit_rate_min: string; profit_rate_max: string },
  o: OrderRaw,
  result: bigint,
) {
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
export interface TradeResultPayload {
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
export async function holdForReview(
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
