/**
 * The ledger side of trading: an order's txns (ref_type 'trade_order'; money moves only through the ledger) and the
 * position (`holding`, one row per client and product) recomputed from the client's orders in status holding.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ledgerEntry, ledgerTxn } from '../../db/schema';
import type { Executor } from '../../core/db';
import { toCents } from '../../ledger/money';
import { postTransaction } from '../../ledger/post';
import type { LedgerLine, TxnKind } from '../../ledger/types';
import type { Actor } from '../records/common';
import type { OrderRaw } from './orders';

const mine = (o: { accountId: number }) => ({ type: 'client', id: o.accountId }) as const;

/** Posts one txn of the order (nothing when every line is zero). */
export async function post(tx: Executor, actor: Actor, o: OrderRaw, kind: TxnKind, lines: LedgerLine[], memo?: string) {
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
export function pay(
  o: OrderRaw,
  cents: bigint,
  from: 'balance' | 'frozen',
  to: 'trading' | 'fee_income',
): LedgerLine[] {
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
export function freeze(o: OrderRaw, cents: bigint): LedgerLine[] {
  return [
    { accountRef: mine(o), currency: o.currency, amount: -cents, effect: { balance: -cents } },
    { accountRef: mine(o), currency: o.currency, amount: cents, effect: { frozen: cents } },
  ];
}

export async function buy(
  tx: Executor,
  actor: Actor,
  o: OrderRaw,
  amount: bigint,
  fee: bigint,
  from: 'balance' | 'frozen',
) {
  if (amount > 0n) await post(tx, actor, o, 'buy', pay(o, amount, from, 'trading'));
  if (fee > 0n) await post(tx, actor, o, 'buy_fee', pay(o, fee, from, 'fee_income'));
}

export async function release(tx: Executor, actor: Actor, o: OrderRaw, cents: bigint, memo?: string) {
  if (cents > 0n) await post(tx, actor, o, 'trade_release', freeze(o, -cents), memo);
}

/** A sale or settlement: proceeds in (profit effect proceeds − amount − buy fee), then the sell fee out. */
export async function sale(tx: Executor, actor: Actor, o: OrderRaw, proceeds: bigint, sellFee: bigint) {
  const profit = proceeds - toCents(o.amount) - toCents(o.fee);
  await post(tx, actor, o, 'sell', receive(o, proceeds, profit, 'trading'));
  if (sellFee > 0n) await post(tx, actor, o, 'sell_fee', receive(o, -sellFee, -sellFee, 'fee_income'));
}

/** What the order's txns of `kind` took from the client (cents). */
export async function paidOf(tx: Executor, orderId: number, kind: TxnKind): Promise<bigint> {
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
