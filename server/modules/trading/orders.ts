/** Reading orders: joined with client, agent and product, presented as the API answers them, in the actor's scope. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus, TradeOrderRow } from '../../../domain/trading';
import type { TradeProduct } from '../../../domain/trade-config';
import { approval, client, staffUser, tradeOrder, tradeProduct } from '../../db/schema';
import type { Executor } from '../../core/db';
import { NotFoundError } from '../../core/errors';
import { clientScope } from '../../core/scope';
import { iso, money2, type Actor } from '../records/common';
import { alias } from 'drizzle-orm/pg-core';
import { price4 } from './products';

export type OrderRaw = typeof tradeOrder.$inferSelect;

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

export const qty = (v: unknown): number | null => (v == null ? null : Number(v));

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
export async function lockOrder(
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
