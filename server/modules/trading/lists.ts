/**
 * The trading lists: products per kind (trades pages), orders per kind (trx pages; trx/subscribe = the AI orders),
 * IPO allocation rows (trx/sub_allocation), IPO products with their subscription totals (trades/ipo_allocation and
 * trades/go_public); the ledger lines are transactions.ts'.
 * The order and allocation lists answer `totals` beside the page: per currency, the count and the sums of amount,
 * fee and profit of every row the filters match (within the caller's data scope).
 */
import { closed } from '../../core/schema';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  tradeAllocation as allocationDef,
  PRODUCT_LABELS,
  tradeOrder as orderDef,
  tradeProduct as productDef,
  trxResource,
  tradesResource,
  type ListTotals,
  type TradeAllocationRow,
} from '../../../domain/trading';
import type { TradeProduct } from '../../../domain/trade-config';
import type { EntityDef, Labels } from '../../../domain/entity';
import { requires } from '../../core/access';
import { ctx } from '../../core/context';
import { entityExport, listQuery, readList, rowSchema, whereOf, type EntityListSpec } from '../../core/entity';
import { typed } from '../../core/typed';
import { errorResponses, ValidationError } from '../../core/errors';
import { closedQuery, listResponseSchema, startsWith, TOTAL_DESCRIPTION } from '../../core/list';
import type { Executor } from '../../core/db';
import { clientScope, type StaffScope } from '../../core/scope';
import { client, staffUser, tradeAllocation, tradeOrder, tradeProduct } from '../../db/schema';
import { iso, money2 } from '../records/common';
import { alias } from 'drizzle-orm/pg-core';
import { presentOrder, selectOrders, type OrderSelectRaw } from './orders';
import { presentProduct, selectProducts, type ProductSelectRaw } from './products';
import { fixedOrderFields, pagingFields } from '../../core/params';

/** The `totals` of a list answer. */
export const totalsSchema = {
  type: 'array',
  description:
    'Per currency, over every row the filters match (not only this page): count, and the sums of amount, fee and ' +
    'profit (decimal strings).',
  items: closed(
    {
      currency: { type: 'string' },
      count: { type: 'integer' },
      amount: { type: 'string' },
      fee: { type: 'string' },
      profit: { type: 'string' },
    },
    ['currency', 'count', 'amount', 'fee', 'profit'],
  ),
} as const;

const listWithTotals = (row: object) => {
  const base = listResponseSchema(row);
  return { ...base, properties: { ...base.properties, totals: totalsSchema } };
};

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
 * A list and its CSV or .xlsx export (like core/entity.ts entityList), the list answering `totals` too when `totals` is given.
 */
function tradingList<D extends EntityDef, Raw>(
  app: FastifyInstance,
  spec: EntityListSpec<D, Raw>,
  totals?: Totals,
): void {
  const { def } = spec;
  const chain = def.parents?.length ? [def.resource, ...def.parents] : def.resource;
  // the definition's filters as any list's (its type here: D is a parameter)
  const querystring = listQuery(def as EntityDef, spec.extra, Object.keys(spec.sortColumns ?? {}));
  const tags = spec.tags ?? ['trading'];
  const row = rowSchema(def);
  typed(app).get(
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
  entityExport(app, spec, { chain, tags, querystring });
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Orders (trade records)                                                                                         */

const orderFrom = sql`${tradeOrder} INNER JOIN ${client} ON ${client.id} = ${tradeOrder.clientId}`;

const team = (tenantId: string, leader: number) =>
  sql`${client.agentId} IN (SELECT s.id FROM staff_user s WHERE s.tenant_id = ${tenantId}
    AND (s.id = ${leader} OR s.leader_id = ${leader}))`;

/**
 * The definition of a kind's trade records (paths without `{kind}`, its own resource); `title`: its export's sheet
 * name when the list has no menu entry of its own (domain/menu-titles.ts listTitle).
 */
export function orderDefOf(name: string, resource: string, title?: Labels) {
  return {
    ...orderDef,
    title,
    name: `trx/${name}`,
    resource,
    parents: ['trx'],
    paths: { list: `/trx/admin/v1/${name}/list`, export: `/trx/admin/v1/${name}/list/export` },
  } as unknown as typeof orderDef;
}

/** The list of one kind's orders (`name`: the path segment, e.g. stock, or subscribe for the AI orders). */
export function orderListSpec(kind: TradeProduct, name: string, resource: string) {
  const kindTitle = PRODUCT_LABELS[kind];
  const spec: EntityListSpec<typeof orderDef, OrderSelectRaw> = {
    // its export's sheet: its menu entry's title (trx/<name>), else (a kind without one) the kind's records
    def: orderDefOf(name, resource, {
      'zh-CN': `${kindTitle['zh-CN']}记录`,
      'en-US': `${kindTitle['en-US']} records`,
    }),
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
    // the export's sheet name when the kind has no trades page (domain/menu-titles.ts listTitle)
    title: PRODUCT_LABELS[kind],
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

const ipoRow = closed({
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
});
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
