/**
 * Lists, counting: `total` without an unbounded count(*): exact up to COUNT_CAP, the planner's estimate above it,
 * reused for a few seconds (read-cache), and corrected by the page itself when the page ends the list.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db';
import { readCache } from '../read-cache';
import type { PagePlan } from './paging';

const dialect = new PgDialect();

/** Lists count exactly up to this many matches; beyond it `total` is the planner's estimate. */
export const COUNT_CAP = 10_000;
/** Above this planner estimate a list answers the estimate without counting at all (see listTotal). */
export const ESTIMATE_TRUSTED = 10 * COUNT_CAP;
/** How long this process reuses a list's total (core/read-cache.ts: any write through this process drops it). */
export const TOTAL_TTL_MS = 10_000;

/** What the OpenAPI description of a list says about `total` and paging. */
export const TOTAL_DESCRIPTION =
  `\`total\` is exact up to ${COUNT_CAP} matches (count(*) over a LIMIT ${COUNT_CAP + 1} subquery, so the count never ` +
  `scans more than that); above it \`total\` is PostgreSQL's planner estimate for the same filters and ` +
  `\`total_is_estimate\` is true. When the planner expects more than ${ESTIMATE_TRUSTED} matches the estimate is answered ` +
  `without counting; a page shorter than page_size (the last one) always gives the exact total. A total is reused for ` +
  `${TOTAL_TTL_MS / 1000} s unless a write goes through this server. Deep pages: pass the previous page's ` +
  '`next_cursor` as `cursor` (with the same sort, order and filters, and `page` for the total) and the page is read ' +
  'from that row on (keyset), as fast as the first; without it `page` is an OFFSET.';

const planRows = (value: unknown): number => {
  const plan = typeof value === 'string' ? JSON.parse(value) : value;
  return Math.round(Number((plan as { Plan: { 'Plan Rows': number } }[])[0].Plan['Plan Rows']));
};

/** PostgreSQL's planner estimate of the rows of `from` (a table or a join) matching `where`. */
export async function planEstimate(db: Executor, from: PgTable | SQL, where: SQL | undefined): Promise<number> {
  const plan = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where ?? sql`true`}`);
  const row = (plan as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const n = planRows(row['QUERY PLAN']);
  return Number.isFinite(n) ? n : 0;
}

export interface ListTotal {
  total: number;
  total_is_estimate: boolean;
}

/**
 * The number of rows of `from` matching `where` without an unbounded count(*) (DESIGN.md section 3): a planner
 * estimate above ESTIMATE_TRUSTED is answered as is (flagged); otherwise the count is capped at COUNT_CAP + 1 rows,
 * exact up to the cap, else the estimate (never below the cap + 1). Reused for TOTAL_TTL_MS (read-cache.ts).
 */
export function listTotal(
  db: Executor,
  from: PgTable | SQL,
  where: SQL | undefined,
  q = dialect.sqlToQuery(sql`${from} WHERE ${where ?? sql`true`}`),
): Promise<ListTotal> {
  return readCache(db).through(`total:${q.sql}:${JSON.stringify(q.params)}`, TOTAL_TTL_MS, async () => {
    const estimate = await planEstimate(db, from, where);
    if (estimate > ESTIMATE_TRUSTED) return { total: estimate, total_is_estimate: true };
    const res = await db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where ?? sql`true`} LIMIT ${COUNT_CAP + 1}) x`,
    );
    const n = Number((res.rows[0] as { n: unknown }).n);
    if (n <= COUNT_CAP) return { total: n, total_is_estimate: false };
    return { total: Math.max(estimate, COUNT_CAP + 1), total_is_estimate: true };
  });
}

/** `total` corrected by a page: a page shorter than its size (and not past the end) ends the list, exactly. */
export function totalSeen(plan: PagePlan, rows: number, counted: ListTotal): ListTotal {
  if (rows < plan.limit && (rows > 0 || plan.offset === 0))
    return { total: plan.offset + rows, total_is_estimate: false };
  return { total: Math.max(counted.total, plan.offset + rows), total_is_estimate: counted.total_is_estimate };
}
