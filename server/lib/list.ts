/**
 * Shared list plumbing for every module (DESIGN.md section 3): paging and sorting query parameters with a
 * per-resource sort allow-list, `{ data, total }` answers counted without an unbounded count(*), and CSV export
 * streamed in keyset batches.
 */
import { Readable } from 'node:stream';
import { and, asc, count, desc, gt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../ledger/types';

/** Largest page a list answers. */
export const MAX_PAGE_SIZE = 200;
/** Lists count exactly up to this many matches; beyond it `total` is the planner's estimate. */
export const COUNT_CAP = 10_000;
/** Rows fetched per keyset batch of a CSV export. */
export const EXPORT_BATCH = 1000;

/** The paging and sorting parameters every list takes. */
export interface ListParams {
  page?: number;
  page_size?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** A list answer: one page and the number of matches (`total_is_estimate` when above COUNT_CAP). */
export interface ListResult<T> {
  data: T[];
  total: number;
  total_is_estimate: boolean;
}

/** Above this planner estimate a list page answers the estimate without counting at all (see pageTotal). */
export const ESTIMATE_TRUSTED = 10 * COUNT_CAP;

/** What the OpenAPI description of a list says about `total`. */
export const TOTAL_DESCRIPTION =
  `\`total\` is exact up to ${COUNT_CAP} matches (count(*) over a LIMIT ${COUNT_CAP + 1} subquery, so the count never ` +
  `scans more than that); above it \`total\` is PostgreSQL's planner estimate for the same filters and ` +
  `\`total_is_estimate\` is true. When the planner expects more than ${ESTIMATE_TRUSTED} matches the estimate is answered ` +
  'without counting; a page shorter than page_size (the last one) always gives the exact total.';

/** The querystring JSON schema of a list: paging, `sort` restricted to the allow-list, `order`, and the filters. */
export function listQuerySchema(sortKeys: readonly string[], filters: Record<string, object> = {}) {
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1, description: '1-based page number' },
      page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 },
      sort: { type: 'string', enum: [...sortKeys] },
      order: { type: 'string', enum: ['asc', 'desc'] },
      ...filters,
    },
  } as const;
}

/** The response JSON schema of a list whose rows match `item`. */
export function listResponseSchema(item: object) {
  return {
    type: 'object',
    properties: {
      data: { type: 'array', items: item },
      total: { type: 'integer' },
      total_is_estimate: { type: 'boolean' },
    },
    required: ['data', 'total'],
  } as const;
}

/** A resource's sortable columns; `tiebreak` (the primary key) keeps the order stable across pages. */
export interface SortSpec {
  columns: Record<string, AnyPgColumn>;
  defaultSort: string;
  defaultOrder: 'asc' | 'desc';
  tiebreak: AnyPgColumn;
}

/** LIMIT, OFFSET and ORDER BY of a page (the querystring schema already bounded the values). */
export function paging(params: ListParams, spec: SortSpec): { limit: number; offset: number; orderBy: SQL[] } {
  const pageSize = Math.min(params.page_size ?? 20, MAX_PAGE_SIZE);
  const page = Math.max(params.page ?? 1, 1);
  const column = spec.columns[params.sort ?? spec.defaultSort] ?? spec.columns[spec.defaultSort];
  const dir = (params.order ?? spec.defaultOrder) === 'asc' ? asc : desc;
  const orderBy = column === spec.tiebreak ? [dir(column)] : [dir(column), dir(spec.tiebreak)];
  return { limit: pageSize, offset: (page - 1) * pageSize, orderBy };
}

const planRows = (value: unknown): number => {
  const plan = typeof value === 'string' ? JSON.parse(value) : value;
  return Math.round(Number((plan as { Plan: { 'Plan Rows': number } }[])[0].Plan['Plan Rows']));
};

/**
 * The number of rows of `table` matching `where`: exact up to COUNT_CAP, else the planner's estimate
 * (never below COUNT_CAP + 1), flagged as an estimate.
 */
export async function countCapped(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; total_is_estimate: boolean }> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= COUNT_CAP) return { total: n, total_is_estimate: false };
  const plan = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${where ?? sql`true`}`);
  const row = (plan as unknown as { rows: Record<string, unknown>[] }).rows[0];
  return { total: Math.max(planRows(row['QUERY PLAN']), COUNT_CAP + 1), total_is_estimate: true };
}

/** PostgreSQL's planner estimate of the rows of `from` (a table or a join) matching `where`. */
export async function planEstimate(db: Executor, from: PgTable | SQL, where: SQL | undefined): Promise<number> {
  const plan = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where ?? sql`true`}`);
  const row = (plan as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const n = planRows(row['QUERY PLAN']);
  return Number.isFinite(n) ? n : 0;
}

/**
 * `total` of a list page without an unbounded count(*) (DESIGN.md section 3), cheapest first:
 *  1. a page shorter than its size (and not past the end) ends the list: total = offset + rows, exact;
 *  2. a planner estimate above ESTIMATE_TRUSTED is answered as is (flagged), without counting: on the big
 *     unfiltered or scope-only lists the capped count would read COUNT_CAP + 1 rows on every request;
 *  3. otherwise the count is capped at COUNT_CAP + 1 rows (countCapped's rule): exact up to the cap, else the
 *     estimate (never below the cap + 1).
 * `from` is the table, or the join, that `where` reads.
 */
export async function pageTotal(
  db: Executor,
  from: PgTable | SQL,
  where: SQL | undefined,
  page: { offset: number; limit: number; rows: number },
): Promise<{ total: number; total_is_estimate: boolean }> {
  if (page.rows < page.limit && (page.rows > 0 || page.offset === 0)) {
    return { total: page.offset + page.rows, total_is_estimate: false };
  }
  const seen = page.offset + page.rows;
  const estimate = await planEstimate(db, from, where);
  if (estimate > ESTIMATE_TRUSTED) return { total: Math.max(estimate, seen), total_is_estimate: true };
  const res = await db.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where ?? sql`true`} LIMIT ${COUNT_CAP + 1}) x`,
  );
  const n = Number((res.rows[0] as { n: unknown }).n);
  if (n <= COUNT_CAP) return { total: n, total_is_estimate: false };
  return { total: Math.max(estimate, COUNT_CAP + 1, seen), total_is_estimate: true };
}

/** A CSV column: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** One CSV cell (RFC 4180 quoting; text starting like a spreadsheet formula is prefixed with ' to stay text). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV stream (UTF-8 with BOM so spreadsheets read Chinese names, header row first) of every row `fetch` gives:
 * `fetch(last)` answers the next batch of at most EXPORT_BATCH rows after `last` (null: the first batch).
 */
export function csvStream<T>(columns: CsvColumn<T>[], fetch: (last: T | null) => Promise<T[]>): Readable {
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
  async function* lines() {
    yield `\uFEFF${line(columns.map((c) => c.header))}`;
    let last: T | null = null;
    for (;;) {
      const rows = await fetch(last);
      if (rows.length === 0) return;
      yield rows.map((r) => line(columns.map((c) => c.value(r)))).join('');
      if (rows.length < EXPORT_BATCH) return;
      last = rows[rows.length - 1];
    }
  }
  return Readable.from(lines());
}

/** The keyset condition of the next export batch: `filters AND id > last id`, ordered by id. */
export function afterId(where: SQL | undefined, idColumn: AnyPgColumn, lastId: number | null): SQL | undefined {
  return lastId === null ? where : and(where, gt(idColumn, lastId));
}

/** Sends a CSV stream as an attachment. */
export function sendCsv(reply: FastifyReply, filename: string, stream: Readable): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
