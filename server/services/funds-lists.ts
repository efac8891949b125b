/**
 * Scoped, paged lists of the money records (deposit, withdrawal, overdrawn) joined with their client.
 *
 * Paging: `page` (1-based) and `page_size` (≤ 200), `sort` among a whitelist, `order` asc|desc, ties broken by id.
 * Total: counted with a limit (at most COUNT_CAP + 1 rows are visited); beyond the cap the planner's row estimate
 * is answered instead (never below the cap + 1) with `total_is_estimate: true` (the same rule as server/lib/list.ts),
 * so a list over millions of rows never runs an unbounded count(*).
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { client, depositRecord, overdrawnRecord, withdrawRecord } from '../db/funds-schema';
import { staffUser } from '../db/schema';
import { ValidationError } from '../ledger/errors';
import type { Executor } from '../ledger/types';
import { presentDeposit } from './deposit';
import type { Actor } from './funds-common';
import { presentOverdrawn } from './overdrawn';
import { clientScope } from './scope';
import { presentWithdraw } from './withdraw';

export const COUNT_CAP = 10_000;
export const MAX_PAGE_SIZE = 200;

export type ListQuery = Record<string, unknown>;

/** page/page_size/order from a query, validated. */
export function paging(q: ListQuery) {
  const page = q.page === undefined || q.page === '' ? 1 : Number(q.page);
  const size = q.page_size === undefined || q.page_size === '' ? 20 : Number(q.page_size);
  if (!Number.isInteger(page) || page < 1) throw new ValidationError({ page: 'page must be a positive integer' });
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new ValidationError({ page_size: `page_size must be between 1 and ${MAX_PAGE_SIZE}` });
  }
  const order = String(q.order ?? 'desc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw new ValidationError({ order: 'order must be asc or desc' });
  return { page, size, offset: (page - 1) * size, order: order as 'asc' | 'desc' };
}

const bool = (v: unknown, field: string): boolean | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 'true' || v === '1' || v === 'fake') return true;
  if (v === false || v === 'false' || v === '0' || v === 'real') return false;
  throw new ValidationError({ [field]: `${field} must be true or false` });
};

const date = (v: unknown, field: string): Date | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const d = new Date(String(v));
  if (Number.isNaN(d.getTime())) throw new ValidationError({ [field]: `${field} must be a date` });
  return d;
};

/** Counts rows matching `where` up to the cap, then falls back to the planner's estimate. */
export async function boundedCount(
  tx: Executor,
  from: SQL,
  where: SQL | undefined,
): Promise<{ total: number; estimate: boolean }> {
  const w = where ?? sql`true`;
  const res = await tx.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${w} LIMIT ${COUNT_CAP + 1}) x`,
  );
  const n = Number((res.rows[0] as { n: unknown }).n);
  if (n <= COUNT_CAP) return { total: n, estimate: false };
  try {
    const plan = await tx.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${w}`);
    const raw = (plan.rows[0] as Record<string, unknown>)['QUERY PLAN'];
    const doc = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const est = Math.round(Number(doc?.[0]?.Plan?.['Plan Rows']));
    return { total: Number.isFinite(est) && est > n ? est : n, estimate: true };
  } catch {
    return { total: n, estimate: true };
  }
}

interface RecordTable {
  table: PgTable;
  id: PgColumn;
  tenantId: PgColumn;
  clientId: PgColumn;
  status: PgColumn;
  currency: PgColumn;
  createdAt: PgColumn;
  sortable: Record<string, PgColumn>;
}

const common = (t: typeof depositRecord | typeof withdrawRecord | typeof overdrawnRecord): RecordTable => ({
  table: t,
  id: t.id,
  tenantId: t.tenantId,
  clientId: t.clientId,
  status: t.status,
  currency: t.currency,
  createdAt: t.createdAt,
  sortable: { id: t.id, created_at: t.createdAt, amount: t.amount, status: t.status, resolved_at: t.resolvedAt },
});

/** Conditions shared by every record list: tenant, scope (through the client) and the common filters. */
function recordConditions(actor: Actor, t: RecordTable, q: ListQuery): SQL[] {
  const conds: SQL[] = [eq(t.tenantId, actor.tenantId)];
  if (actor.staff) conds.push(clientScope(actor.staff));
  const fake = bool(q.fake, 'fake');
  if (fake !== undefined) conds.push(eq(client.fake, fake));
  if (q.status) conds.push(eq(t.status, String(q.status)));
  if (q.currency) conds.push(eq(t.currency, String(q.currency).toUpperCase()));
  if (q.client_id) conds.push(eq(t.clientId, Number(q.client_id)));
  if (q.username) conds.push(sql`${client.username} LIKE ${String(q.username).replace(/[\\%_]/g, '\\$&') + '%'}`);
  if (q.agent_id) conds.push(eq(client.agentId, Number(q.agent_id)));
  const from = date(q.created_at_gte ?? q.start, 'created_at_gte');
  const to = date(q.created_at_lte ?? q.end, 'created_at_lte');
  if (from) conds.push(gte(t.createdAt, from));
  if (to)
    conds.push(
      lt(
        t.createdAt,
        new Date(to.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(String(q.created_at_lte ?? q.end)) ? 86_400_000 : 1)),
      ),
    );
  return conds;
}

async function listRecords<T>(
  tx: Executor,
  actor: Actor,
  t: RecordTable,
  q: ListQuery,
  extra: SQL[],
  present: (row: any) => T,
): Promise<{
  data: (T & {
    username: string;
    full_name: string | null;
    fake: boolean;
    agent_id: number | null;
    agent_name: string | null;
  })[];
  total: number;
  total_is_estimate: boolean;
}> {
  const { size, offset, order } = paging(q);
  const sortKey = String(q.sort ?? 'created_at');
  const sortCol = t.sortable[sortKey];
  if (!sortCol) throw new ValidationError({ sort: `sort must be one of ${Object.keys(t.sortable).join(', ')}` });
  const where = and(...recordConditions(actor, t, q), ...extra);
  const dir = order === 'asc' ? asc : desc;
  const rows = await (tx as any)
    .select({
      r: t.table,
      username: client.username,
      fullName: client.fullName,
      fake: client.fake,
      agentId: client.agentId,
      agentName: staffUser.name,
    })
    .from(t.table)
    .innerJoin(client, eq(client.id, t.clientId))
    .leftJoin(staffUser, eq(staffUser.id, client.agentId))
    .where(where)
    .orderBy(dir(sortCol), dir(t.id))
    .limit(size)
    .offset(offset);
  const { total, estimate } = await boundedCount(
    tx,
    sql`${t.table} JOIN ${client} ON ${client.id} = ${t.clientId}`,
    where,
  );
  return {
    data: rows.map((x: any) => ({
      ...present(x.r),
      username: x.username,
      full_name: x.fullName,
      fake: x.fake,
      agent_id: x.agentId,
      agent_name: x.agentName,
    })),
    total,
    total_is_estimate: estimate,
  };
}

/** GET /deposit/admin/v1/list: filters fake, status, currency, sub_type, username (prefix), client_id, agent_id, created_at range. */
export function listDeposits(tx: Executor, actor: Actor, q: ListQuery) {
  const extra = q.sub_type ? [eq(depositRecord.subType, String(q.sub_type))] : [];
  return listRecords(tx, actor, common(depositRecord), q, extra, presentDeposit);
}

/** GET /withdraw/admin/v1/list: the same filters as deposits (without sub_type). */
export function listWithdrawals(tx: Executor, actor: Actor, q: ListQuery) {
  return listRecords(tx, actor, common(withdrawRecord), q, [], presentWithdraw);
}

/** GET /overdrawn/admin/v1/record/list: `sub_type` loan | compensation | bonus (all when absent) plus the common filters. */
export function listOverdrawn(tx: Executor, actor: Actor, q: ListQuery) {
  const extra = q.sub_type ? [eq(overdrawnRecord.subType, String(q.sub_type))] : [];
  return listRecords(tx, actor, common(overdrawnRecord), q, extra, presentOverdrawn);
}
