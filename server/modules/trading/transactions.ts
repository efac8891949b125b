/**
 * The ledger lines of the trading pages: an order's transactions (the client lines of the ledger txns naming it) and
 * a client's transactions in the spec's transaction kinds, with their totals per currency and kind.
 */
import { closed } from '../../core/schema';
import { sql, type SQL } from 'drizzle-orm';
import type { TradeProduct } from '../../../domain/trade-config';
import { dayEnd, dayStart } from '../../core/entity';
import { closedQuery } from '../../core/list';
import type { Executor } from '../../core/db';
import type { StaffScope } from '../../core/scope';
import { byStaff, clientInScope, iso, money2 } from '../records/common';
import { orderOf } from './orders';
import { dayField, fixedOrderFields, pagingFields } from '../../core/params';

/** The spec transaction kind of a ledger txn (null: none, e.g. a freeze). */
const specKind = sql<string | null>`CASE
  WHEN t.kind IN ('buy', 'sell', 'buy_fee', 'sell_fee', 'exchange') THEN t.kind
  WHEN t.kind = 'deposit' AND d.status = 'approved' AND d.sub_type IN ('bank', 'crypto') THEN d.sub_type
  WHEN t.kind = 'loan_repay' THEN 'repay' END`;

export const transactionRow = closed(
  {
    id: { type: 'integer', description: 'The ledger entry id (one client line)' },
    txn_id: { type: 'integer' },
    ledger_kind: { type: 'string', description: 'The ledger txn kind (trade_freeze, buy, deposit, ...)' },
    kind: {
      type: ['string', 'null'],
      enum: ['buy', 'sell', 'exchange', 'buy_fee', 'sell_fee', 'bank', 'crypto', 'repay', null],
      description: "The spec's transaction kind; null for a movement it has no kind for (freeze, release)",
    },
    account_id: { type: 'integer' },
    currency: { type: 'string' },
    amount: { type: 'string', description: 'Signed: what the line moved on the account (balance + frozen)' },
    balance: { type: 'string', description: 'Signed change of the balance' },
    frozen: { type: 'string', description: 'Signed change of the frozen money' },
    profit: { type: 'string', description: 'Signed change of the profit aggregate' },
    ref_type: { type: ['string', 'null'] },
    ref_id: { type: ['integer', 'null'] },
    memo: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
  },
  [
    'id',
    'txn_id',
    'ledger_kind',
    'kind',
    'account_id',
    'currency',
    'amount',
    'balance',
    'frozen',
    'profit',
    'ref_type',
    'ref_id',
    'memo',
    'created_at',
  ],
);

function presentTxnLine(r: Record<string, unknown>) {
  return {
    id: Number(r.id),
    txn_id: Number(r.txn_id),
    ledger_kind: String(r.ledger_kind),
    kind: (r.kind as string | null) ?? null,
    account_id: Number(r.account_id),
    currency: String(r.currency),
    amount: money2(String(r.amount))!,
    balance: money2(String(r.balance))!,
    frozen: money2(String(r.frozen))!,
    profit: money2(String(r.profit))!,
    ref_type: (r.ref_type as string | null) ?? null,
    ref_id: r.ref_id == null ? null : Number(r.ref_id),
    memo: (r.memo as string | null) ?? null,
    created_at: iso(r.created_at)!,
  };
}

const lineColumns = sql`e.id, t.id AS txn_id, t.kind AS ledger_kind, ${specKind} AS kind, e.account_id, e.currency,
  e.amount, e.balance, e.frozen, e.profit, t.ref_type, t.ref_id, t.memo, t.created_at`;

/** The client lines of the ledger txns naming an order of `kind` in the caller's scope, oldest first. */
export async function orderTransactions(db: Executor, staff: StaffScope, kind: TradeProduct, id: number) {
  await orderOf(db, byStaff(staff), kind, id);
  const res = await db.execute(sql`SELECT ${lineColumns}
    FROM ledger_txn t JOIN ledger_entry e ON e.txn_id = t.id AND e.account_id IS NOT NULL
    LEFT JOIN deposit_record d ON false
    WHERE t.tenant_id = ${staff.tenantId} AND t.ref_type = 'trade_order' AND t.ref_id = ${id}
    ORDER BY t.id, e.id LIMIT 1000`);
  const data = (res.rows as Record<string, unknown>[]).map(presentTxnLine);
  return { data, total: data.length, total_is_estimate: false, next_cursor: null };
}

export const TRANSACTION_KINDS_PATTERN =
  '^(buy|sell|exchange|buy_fee|sell_fee|bank|crypto|repay)(,(buy|sell|exchange|buy_fee|sell_fee|bank|crypto|repay))*$';

export const clientTransactionsQuery = closedQuery({
  properties: {
    client_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    kind: { type: 'string', pattern: TRANSACTION_KINDS_PATTERN, description: 'One or a comma list of kinds' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    created_at_from: dayField(),
    created_at_to: dayField(),
    ...pagingFields,
    ...fixedOrderFields,
  },
  required: ['client_id'],
} as const);

/** The ledger lines of an order: a list answer (not paged: every line). */
export const orderTransactionsResponse = {
  type: 'object',
  properties: {
    data: { type: 'array', items: transactionRow },
    total: { type: 'integer' },
    total_is_estimate: { type: 'boolean' },
    next_cursor: { type: ['string', 'null'] },
  },
  required: ['data', 'total'],
} as const;

/** A client's transactions: a page of ledger lines and their totals per currency and kind. */
export const clientTransactionsResponse = {
  type: 'object',
  properties: {
    ...orderTransactionsResponse.properties,
    totals: {
      type: 'array',
      description: 'Per currency and kind, over every matching line: count and the signed sum of amount',
      items: closed(
        {
          currency: { type: 'string' },
          kind: { type: 'string' },
          count: { type: 'integer' },
          amount: { type: 'string' },
        },
        ['currency', 'kind', 'count', 'amount'],
      ),
    },
  },
  required: ['data', 'total', 'totals'],
} as const;

/** A client's transactions in the spec's kinds (client in the caller's scope, else 404), newest first. */
export async function clientTransactions(
  db: Executor,
  staff: StaffScope,
  q: {
    client_id: number;
    kind?: string;
    currency?: string;
    created_at_from?: string;
    created_at_to?: string;
    page?: number;
    page_size?: number;
  },
) {
  await clientInScope(db, byStaff(staff), q.client_id);
  const conds: SQL[] = [sql`a.client_id = ${q.client_id}`, sql`t.tenant_id = ${staff.tenantId}`];
  if (q.currency) conds.push(sql`e.currency = ${q.currency}`);
  if (q.created_at_from) conds.push(sql`t.created_at >= ${dayStart(q.created_at_from, staff.tenantId)}`);
  if (q.created_at_to) conds.push(sql`t.created_at < ${dayEnd(q.created_at_to, staff.tenantId)}`);
  const kinds = q.kind ? q.kind.split(',') : null;
  const base = sql`FROM ledger_entry e JOIN account a ON a.id = e.account_id JOIN ledger_txn t ON t.id = e.txn_id
    LEFT JOIN deposit_record d ON t.ref_type = 'deposit' AND d.id = t.ref_id
    WHERE ${sql.join(conds, sql` AND `)}`;
  const kindCond = kinds
    ? sql`x.kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql`x.kind IS NOT NULL`;
  const size = q.page_size ?? 20;
  const offset = ((q.page ?? 1) - 1) * size;
  const inner = sql`SELECT ${lineColumns} ${base}`;
  const [rows, sums] = await Promise.all([
    db.execute(sql`SELECT * FROM (${inner}) x WHERE ${kindCond} ORDER BY x.created_at DESC, x.id DESC
      LIMIT ${size} OFFSET ${offset}`),
    db.execute(sql`SELECT x.currency, x.kind, count(*)::int AS count, sum(x.amount)::numeric(20,2)::text AS amount
      FROM (${inner}) x WHERE ${kindCond} GROUP BY 1, 2 ORDER BY 1, 2`),
  ]);
  const totals = (sums.rows as Record<string, unknown>[]).map((r) => ({
    currency: String(r.currency),
    kind: String(r.kind),
    count: Number(r.count),
    amount: String(r.amount),
  }));
  return {
    data: (rows.rows as Record<string, unknown>[]).map(presentTxnLine),
    total: totals.reduce((s, t) => s + t.count, 0),
    total_is_estimate: false,
    next_cursor: null,
    totals,
  };
}
