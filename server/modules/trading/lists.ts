/**
 * The trading lists: products per kind (trades pages), orders per kind (trx pages; trx/subscribe = the AI orders),
 * IPO allocation rows (trx/sub_allocation), IPO products with their subscription totals (trades/ipo_allocation and
 * trades/go_public), an order's ledger transactions and a client's transactions in the spec's transaction kinds.
 * The order and allocation lists answer `totals` beside the page: per currency, the count and the sums of amount,
 * fee and profit of every row the filters match (within the caller's data scope).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  tradeAllocation as allocationDef,
  tradeOrder as orderDef,
  tradeProduct as productDef,
  trxResource,
  tradesResource,
  type ListTotals,
  type TradeAllocationRow,
} from '../../../domain/trading';
import type { TradeProduct } from '../../../domain/trade-config';
import type { EntityDef, Language } from '../../../domain/entity';
import { requires } from '../../core/access';
import { ctx, signedIn, type Ctx } from '../../core/context';
import {
  csvColumns,
  dayEnd,
  dayStart,
  exportBatches,
  exportParams,
  filterWhere,
  listQuery,
  readList,
  rowSchema,
  type EntityListSpec,
} from '../../core/entity';
import { errorResponses, ValidationError } from '../../core/errors';
import {
  closedQuery,
  csvStream,
  listResponseSchema,
  sendCsv,
  startsWith,
  TOTAL_DESCRIPTION,
  withParams,
} from '../../core/list';
import type { Executor } from '../../core/db';
import { clientScope, type StaffScope } from '../../core/scope';
import { client, staffUser, tradeAllocation, tradeOrder, tradeProduct } from '../../db/schema';
import { byStaff, clientInScope, iso, money2 } from '../records/common';
import { alias } from 'drizzle-orm/pg-core';
import { orderOf, presentOrder, selectOrders, type OrderSelectRaw } from './orders';
import { presentProduct, selectProducts, type ProductSelectRaw } from './products';
import { dayField, fixedOrderFields, pagingFields } from '../../core/params';
import { tenantTimeZone } from '../setting/service';

/** The `totals` of a list answer. */
export const totalsSchema = {
  type: 'array',
  description:
    'Per currency, over every row the filters match (not only this page): count, and the sums of amount, fee and ' +
    'profit (decimal strings).',
  items: {
    type: 'object',
    additionalProperties: false,
    properties: {
      currency: { type: 'string' },
      count: { type: 'integer' },
      amount: { type: 'string' },
      fee: { type: 'string' },
      profit: { type: 'string' },
    },
    required: ['currency', 'count', 'amount', 'fee', 'profit'],
  },
} as const;

const listWithTotals = (row: object) => {
  const base = listResponseSchema(row);
  return { ...base, properties: { ...base.properties, totals: totalsSchema } };
};

/** The WHERE of a list query (what core/entity.ts builds for its lists: scope, field filters, extra filters). */
function whereOf<D extends EntityDef, Raw>(spec: EntityListSpec<D, Raw>, c: Ctx, q: Record<string, unknown>): SQL {
  const staff = signedIn(c);
  const own = Object.keys(spec.extra ?? {});
  return and(
    spec.scope(staff),
    ...filterWhere(spec.def, spec.columns, q, staff.tenantId, own),
    ...(spec.where?.(q, staff) ?? []),
  )!;
}

type Totals = (db: Executor, from: SQL | typeof tradeOrder, where: SQL) => Promise<ListTotals[]>;

/** Sums per currency of a trade_order (or trade_allocation) selection. */
const totalsOf =
  (t: { currency: unknown; amount: unknown; fee: unknown }, profit: SQL): Totals =>
  async (db, from, where) => {
    const res = await db.execute(sql`SELECT ${t.currency} AS currency, count(*)::int AS count,
      coalesce(sum(${t.amount}), 0)::numeric(20,2)::text AS amount, coalesce(sum(${t.fee}), 0)::numeric(20,2)::text AS fee,
      coalesce(sum(${profit}), 0)::numeric(20,2)::text AS profit
      FROM ${from} WHERE ${where} GROUP BY 1 ORDER BY 1`);
    return (res.rows as Record<string, unknown>[]).map((r) => ({
      currency: String(r.currency),
      count: Number(r.count),
      amount: String(r.amount),
      fee: String(r.fee),
      profit: String(r.profit),
    }));
  };

/**
 * A list and its CSV export (like core/entity.ts entityList), the list answering `totals` too when `totals` is given.
 */
function tradingList<D extends EntityDef, Raw>(
  app: FastifyInstance,
  spec: EntityListSpec<D, Raw>,
  totals?: Totals,
): void {
  const { def } = spec;
  const chain = def.parents?.length ? [def.resource, ...def.parents] : def.resource;
  const querystring = listQuery(def, spec.extra, Object.keys(spec.sortColumns ?? {}));
  const tags = spec.tags ?? ['trading'];
  const row = rowSchema(def);
  type Q = Record<string, unknown> & { lang?: Language; tz?: string };
  app.get<{ Querystring: Q }>(
    def.paths.list!,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: `${spec.description}${totals ? ' `totals`: see the schema.' : ''} ${TOTAL_DESCRIPTION}`,
        querystring,
        response: { 200: totals ? listWithTotals(row) : listResponseSchema(row), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const c = ctx(req);
      const page = await readList(spec, c, req.query);
      if (!totals) return page;
      return { ...page, totals: await totals(c.db, spec.table as SQL, whereOf(spec, c, req.query)) };
    },
  );
  app.get<{ Querystring: Q }>(
    def.paths.export ?? `${def.paths.list}/export`,
    {
      config: { permission: requires(chain, 'export') },
      schema: {
        tags,
        description:
          "CSV (UTF-8 with BOM) of every row the list's filters match, in the list's order, headers in `lang`, times " +
          `in \`tz\`. ${spec.description}`,
        querystring: withParams(querystring, exportParams),
        produces: ['text/csv'],
        response: { 200: { type: 'string', description: 'text/csv' }, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const c = ctx(req);
      const columns = csvColumns(def, q.lang ?? 'zh-CN', q.tz ?? (await tenantTimeZone(c.db, signedIn(c).tenantId)));
      const fetch = exportBatches(spec, c, q);
      let last: (Raw & { _cursor: string }) | null = null;
      const stream = csvStream(columns, async () => {
        const rows = await fetch(last);
        last = rows[rows.length - 1] ?? null;
        return rows.map((r) => spec.present(r) as Record<string, unknown>);
      });
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      return sendCsv(reply, `${def.name.replace(/\W+/g, '_')}-${stamp}.csv`, stream);
    },
  );
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Orders (trade records)                                                                                         */

const orderFrom = sql`${tradeOrder} INNER JOIN ${client} ON ${client.id} = ${tradeOrder.clientId}`;

const team = (tenantId: string, leader: number) =>
  sql`${client.agentId} IN (SELECT s.id FROM staff_user s WHERE s.tenant_id = ${tenantId}
    AND (s.id = ${leader} OR s.leader_id = ${leader}))`;

/** The definition of a kind's trade records (paths without `{kind}`, its own resource). */
export function orderDefOf(name: string, resource: string) {
  return {
    ...orderDef,
    name: `trx/${name}`,
    resource,
    parents: ['trx'],
    paths: { list: `/trx/admin/v1/${name}/list`, export: `/trx/admin/v1/${name}/list/export` },
  } as unknown as typeof orderDef;
}

/** The list of one kind's orders (`name`: the path segment, e.g. stock, or subscribe for the AI orders). */
export function orderListSpec(kind: TradeProduct, name: string, resource: string) {
  const spec: EntityListSpec<typeof orderDef, OrderSelectRaw> = {
    def: orderDefOf(name, resource),
    table: orderFrom,
    id: tradeOrder.id,
    columns: {
      id: tradeOrder.id,
      client_id: tradeOrder.clientId,
      username: client.username,
      fake: client.fake,
      agent_id: client.agentId,
      product_id: tradeOrder.productId,
      trade_type: tradeOrder.tradeType,
      currency: tradeOrder.currency,
      status: tradeOrder.status,
      amount: tradeOrder.amount,
      created_at: tradeOrder.createdAt,
    },
    scope: (staff: StaffScope) =>
      and(eq(tradeOrder.tenantId, staff.tenantId), eq(tradeOrder.kind, kind), clientScope(staff))!,
    extra: {
      leader_id: {
        type: 'integer',
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        description: "A team: the clients of that team leader's salesmen and his own",
      },
    },
    where: (q, staff) => {
      if (q.leader_id === undefined || q.leader_id === '') return [];
      if (!Number.isSafeInteger(q.leader_id))
        throw new ValidationError({ leader_id: 'leader_id must be a whole number' });
      return [team(staff.tenantId, q.leader_id as number)];
    },
    select: (db, cursor) => selectOrders(db, cursor) as never,
    present: presentOrder,
    search: 'username',
    tags: ['trading'],
    description:
      `The ${kind} orders (trade records) of the caller's data scope (a salesman: his clients; a team leader: his ` +
      "team's; supervisors and administrators: the tenant's), joined with the client (username, fake, agent) and " +
      'the product (code, name); newest first by default. Filters: client_id, username prefix, fake, agent_id, ' +
      'leader_id (team), status (comma list), product_id, trade_type, currency, created_at_from/_to (days).',
  };
  return spec;
}

const orderTotals = totalsOf(tradeOrder, sql`${tradeOrder.profit}`);

/* ------------------------------------------------------------------------------------------------------------- */
/* Products                                                                                                       */

/** The definition of a kind's products (paths without `{kind}`; permission: the kind's trades page, then trades). */
export function productDefOf(kind: TradeProduct) {
  const base = `/trades/admin/v1/${kind}/product`;
  return {
    ...productDef,
    name: `trades/${kind}`,
    resource: tradesResource(kind),
    parents: ['trades'],
    paths: { list: `${base}/list`, export: `${base}/list/export` },
  } as unknown as typeof productDef;
}

function productListSpec(kind: TradeProduct): EntityListSpec<typeof productDef, ProductSelectRaw> {
  return {
    def: productDefOf(kind),
    table: tradeProduct,
    id: tradeProduct.id,
    columns: {
      id: tradeProduct.id,
      subtype: tradeProduct.subtype,
      code: tradeProduct.code,
      name: tradeProduct.name,
      currency: tradeProduct.currency,
      status: tradeProduct.status,
      created_at: tradeProduct.createdAt,
    },
    scope: (staff) => and(eq(tradeProduct.tenantId, staff.tenantId), eq(tradeProduct.kind, kind))!,
    select: (db, cursor) => selectProducts(db, cursor) as never,
    present: presentProduct,
    tags: ['trading'],
    description:
      `The tenant's ${kind} products with their order count, newest first by default. Filters: subtype, code ` +
      'prefix, name prefix, currency, status (comma list).',
  };
}

/* ------------------------------------------------------------------------------------------------------------- */
/* IPO allocation rows (trx/sub_allocation)                                                                      */

const allocAgent = alias(staffUser, 'alloc_agent');
const allocFrom = sql`${tradeAllocation} INNER JOIN ${client} ON ${client.id} = ${tradeAllocation.clientId}`;

function selectAllocations(db: Executor, cursor = sql<string>`''`) {
  return db
    .select({
      a: tradeAllocation,
      username: client.username,
      agentName: allocAgent.name,
      code: tradeProduct.code,
      name: tradeProduct.name,
      currency: tradeProduct.currency,
      orderStatus: tradeOrder.status,
      _cursor: cursor,
    })
    .from(tradeAllocation)
    .innerJoin(client, eq(client.id, tradeAllocation.clientId))
    .innerJoin(tradeProduct, eq(tradeProduct.id, tradeAllocation.productId))
    .innerJoin(tradeOrder, eq(tradeOrder.id, tradeAllocation.orderId))
    .leftJoin(allocAgent, eq(allocAgent.id, client.agentId))
    .$dynamic();
}
type AllocRaw = Awaited<ReturnType<typeof selectAllocations>>[number];

function presentAllocation(r: AllocRaw): TradeAllocationRow {
  const a = r.a;
  return {
    id: a.id,
    product_id: a.productId,
    product_code: r.code,
    product_name: r.name,
    order_id: a.orderId,
    client_id: a.clientId,
    username: r.username,
    agent_name: r.agentName,
    method: a.method as TradeAllocationRow['method'],
    currency: r.currency,
    requested: Number(a.requested),
    allocated: Number(a.allocated),
    amount: money2(a.amount)!,
    fee: money2(a.fee)!,
    released: money2(a.released)!,
    owed: money2(a.owed)!,
    order_status: r.orderStatus as TradeAllocationRow['order_status'],
    created_at: iso(a.createdAt)!,
  };
}

const currencyOfProduct = sql`(SELECT p.currency FROM trade_product p WHERE p.id = ${tradeAllocation.productId})`;

const allocationListSpec: EntityListSpec<typeof allocationDef, AllocRaw> = {
  def: allocationDef,
  table: allocFrom,
  id: tradeAllocation.id,
  columns: {
    id: tradeAllocation.id,
    product_id: tradeAllocation.productId,
    order_id: tradeAllocation.orderId,
    client_id: tradeAllocation.clientId,
    username: client.username,
    method: tradeAllocation.method,
    currency: currencyOfProduct as never,
    created_at: tradeAllocation.createdAt,
  },
  scope: (staff) => and(eq(tradeAllocation.tenantId, staff.tenantId), clientScope(staff))!,
  select: (db, cursor) => selectAllocations(db, cursor) as never,
  present: presentAllocation,
  tags: ['trading'],
  description:
    "The IPO allocation rows (one per subscription allocated) of the caller's data scope: requested and allocated " +
    'shares, the allotted amount and fee, what was released and what is owed, the order status now. Filters: ' +
    'product_id, order_id, client_id, username prefix, method, currency, created_at_from/_to.',
};

const allocationTotals = totalsOf(
  { currency: currencyOfProduct, amount: tradeAllocation.amount, fee: tradeAllocation.fee },
  sql`0`,
);

/* ------------------------------------------------------------------------------------------------------------- */
/* IPO products with their subscription totals (trades/ipo_allocation, trades/go_public)                         */

export const ipoAllocationQuery = closedQuery({
  properties: {
    ...pagingFields,
    status: {
      type: 'string',
      pattern: '^(available|order_locked|listing|listed)(,(available|order_locked|listing|listed))*$',
      description: 'Comma list of IPO statuses; default order_locked,listing',
    },
    code: { type: 'string', minLength: 1, maxLength: 64, description: 'Code prefix' },
    ...fixedOrderFields,
  },
} as const);

const ipoRow = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...rowSchema(productDef).properties,
    subscriptions: { type: 'integer', description: 'Orders (subscriptions) of the IPO, any status' },
    pending: { type: 'integer', description: 'Subscriptions waiting for allocation (pending)' },
    requested_quantity: { type: 'integer', description: 'Shares subscribed (every subscription)' },
    requested_amount: { type: 'string', description: 'requested_quantity × issue price, exact' },
    frozen: { type: 'string', description: 'Money frozen for pending subscriptions' },
    allocated_quantity: { type: 'integer', description: 'Shares allotted' },
    allocated_amount: { type: 'string', description: 'Amount allotted (approved, owing, holding, sold)' },
    owed: { type: 'string', description: 'Arrears: owed by subscriptions waiting payment or outstanding' },
    approved: { type: 'integer', description: 'Allotted and paid subscriptions waiting for the listing' },
  },
} as const;
export const ipoAllocationResponse = listResponseSchema({ ...ipoRow, required: Object.keys(ipoRow.properties) });

/** IPO products in the statuses asked for (default order_locked, listing) with their subscription totals. */
export async function ipoAllocationList(
  db: Executor,
  staff: StaffScope,
  q: { page?: number; page_size?: number; status?: string; code?: string },
) {
  const statuses = (q.status ?? 'order_locked,listing').split(',');
  const where = and(
    eq(tradeProduct.tenantId, staff.tenantId),
    eq(tradeProduct.kind, 'ipo'),
    inArray(tradeProduct.status, statuses),
    q.code ? startsWith(tradeProduct.code, q.code) : undefined,
  );
  const size = q.page_size ?? 20;
  const o = sql`o.product_id = ${tradeProduct.id}`;
  const stats = {
    subscriptions: sql<number>`(SELECT count(*) FROM trade_order o WHERE ${o})::int`,
    pending: sql<number>`(SELECT count(*) FROM trade_order o WHERE ${o} AND o.status = 'pending')::int`,
    requested: sql<string>`(SELECT coalesce(sum(o.quantity), 0) FROM trade_order o WHERE ${o})::text`,
    frozen: sql<string>`(SELECT coalesce(sum(o.frozen), 0) FROM trade_order o WHERE ${o})::numeric(20,2)::text`,
    allocated: sql<string>`(SELECT coalesce(sum(o.allocated_quantity), 0) FROM trade_order o WHERE ${o})::text`,
    allocatedAmount: sql<string>`(SELECT coalesce(sum(o.amount), 0) FROM trade_order o WHERE ${o}
      AND o.allocated_quantity > 0)::numeric(20,2)::text`,
    owed: sql<string>`(SELECT coalesce(sum(o.owed), 0) FROM trade_order o WHERE ${o})::numeric(20,2)::text`,
    approved: sql<number>`(SELECT count(*) FROM trade_order o WHERE ${o} AND o.status = 'approved')::int`,
  };
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ p: tradeProduct, orderCount: stats.subscriptions, ...stats })
      .from(tradeProduct)
      .where(where)
      .orderBy(sql`${tradeProduct.id} DESC`)
      .limit(size)
      .offset(((q.page ?? 1) - 1) * size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tradeProduct)
      .where(where),
  ]);
  const data = rows.map((r) => {
    const p = presentProduct(r as ProductSelectRaw);
    const requested = BigInt(r.requested);
    const price = BigInt(p.price.replace('.', ''));
    // quantity × price (4 decimals) in cents, rounded half up
    const cents = (requested * price * 100n + 5_000n) / 10_000n;
    return {
      ...p,
      subscriptions: Number(r.subscriptions),
      pending: Number(r.pending),
      requested_quantity: Number(requested),
      requested_amount: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
      frozen: r.frozen,
      allocated_quantity: Number(r.allocated),
      allocated_amount: r.allocatedAmount,
      owed: r.owed,
      approved: Number(r.approved),
    };
  });
  return { data, total: Number(total), total_is_estimate: false, next_cursor: null };
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Transactions                                                                                                   */

/** The spec transaction kind of a ledger txn (null: none, e.g. a freeze). */
const specKind = sql<string | null>`CASE
  WHEN t.kind IN ('buy', 'sell', 'buy_fee', 'sell_fee', 'exchange') THEN t.kind
  WHEN t.kind = 'deposit' AND d.status = 'approved' AND d.sub_type IN ('bank', 'crypto') THEN d.sub_type
  WHEN t.kind = 'loan_repay' THEN 'repay' END`;

export const transactionRow = {
  type: 'object',
  additionalProperties: false,
  properties: {
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
  required: [
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
} as const;

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

export const clientTransactionsResponse = {
  type: 'object',
  properties: {
    data: { type: 'array', items: transactionRow },
    total: { type: 'integer' },
    total_is_estimate: { type: 'boolean' },
    next_cursor: { type: ['string', 'null'] },
    totals: {
      type: 'array',
      description: 'Per currency and kind, over every matching line: count and the signed sum of amount',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          currency: { type: 'string' },
          kind: { type: 'string' },
          count: { type: 'integer' },
          amount: { type: 'string' },
        },
        required: ['currency', 'kind', 'count', 'amount'],
      },
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

/* ------------------------------------------------------------------------------------------------------------- */
/* Registration                                                                                                   */

/** Every list route of the trading module. */
export function tradingLists(app: FastifyInstance, kinds: readonly TradeProduct[]) {
  for (const kind of kinds) {
    tradingList(app, productListSpec(kind));
    tradingList(app, orderListSpec(kind, kind, trxResource(kind)), orderTotals);
  }
  tradingList(app, orderListSpec('ai', 'subscribe', 'trx/subscribe'), orderTotals);
  tradingList(app, allocationListSpec, allocationTotals);
}
