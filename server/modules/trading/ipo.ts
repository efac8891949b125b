/** IPO allocation (ratio or lottery) after the subscription closes, and listing (docs/trading.md "IPO"). */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  allocateByLottery,
  allocateByRatio,
  amountCents,
  feeCents,
  type AllocationMethod,
  type OrderStatus,
} from '../../../domain/trading';
import { tradeAllocation, tradeOrder } from '../../db/schema';
import type { Tx } from '../../core/db';
import { fromCents, toCents } from '../../ledger/money';
import { lockAccounts } from '../../ledger/post';
import type { Actor } from '../records/common';
import { readProduct } from '../trade_config/service';
import { randomInt } from 'node:crypto';
import { lockProduct, moveProduct, price4, productOf } from './products';
import { buy, recomputePosition, release } from './postings';
import { fieldIssue } from './inputs';
import { move } from './actions';

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
