/**
 * Shared list plumbing for every module (DESIGN.md section 3): paging and sorting query parameters with a
 * per-resource sort allow-list, `{ data, total }` answers counted without an unbounded count(*), and CSV export
 * streamed in keyset batches.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, desc, gt, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { ValidationError } from './errors';
import type { Executor } from './db';
import { readCache } from './read-cache';

const dialect = new PgDialect();

/** Largest page a list answers. */
export const MAX_PAGE_SIZE = 200;
/** Lists count exactly up to this many matches; beyond it `total` is the planner's estimate. */
export const COUNT_CAP = 10_000;
/** Rows fetched per keyset batch of a CSV export. */
export const EXPORT_BATCH = 1000;

/**
 * `column` starts with `prefix` (a text search), as a range of the byte-wise pattern operators rather than LIKE: the
 * (…, column text_pattern_ops) index answers it in a prepared statement's generic plan too, the prefix needs no
 * escaping, and the planner does not estimate a pattern. U+10FFFF sorts after every character a name can hold.
 */
export function startsWith(column: AnyPgColumn | SQL, prefix: string): SQL {
  return sql`(${column} ~>=~ ${prefix} AND ${column} ~<~ ${`${prefix}\u{10FFFF}`})`;
}

/** The paging and sorting parameters every list takes. */
export interface ListParams {
  page?: number;
  page_size?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  /** Keyset cursor: the `next_cursor` of the previous page (same sort and order); the page starts after its row. */
  cursor?: string;
}

/** A list answer: one page, the number of matches (`total_is_estimate` when above COUNT_CAP) and the next cursor. */
export interface ListResult<T> {
  data: T[];
  total: number;
  total_is_estimate: boolean;
  next_cursor: string | null;
}

/** Above this planner estimate a list answers the estimate without counting at all (see listTotal). */
export const ESTIMATE_TRUSTED = 10 * COUNT_CAP;
/** How long this process reuses a list's total (core/read-cache.ts: any write through this process drops it). */
export const TOTAL_TTL_MS = 10_000;
/**
 * With a text-prefix search among the filters and at most this many matches, a page is sorted from the matching rows
 * (read through the search's index) instead of walking the sort index: the planner cannot know where a prefix's rows
 * lie in the sort order, and when they lie far down (an old username prefix) the walk visits most of the table for
 * 20 rows. Without a search, the walk along a (filter, created_at) index is the fast path and is kept.
 */
export const SMALL_SET = 2_000;

/** What the OpenAPI description of a list says about `total` and paging. */
export const TOTAL_DESCRIPTION =
  `\`total\` is exact up to ${COUNT_CAP} matches (count(*) over a LIMIT ${COUNT_CAP + 1} subquery, so the count never ` +
  `scans more than that); above it \`total\` is PostgreSQL's planner estimate for the same filters and ` +
  `\`total_is_estimate\` is true. When the planner expects more than ${ESTIMATE_TRUSTED} matches the estimate is answered ` +
  `without counting; a page shorter than page_size (the last one) always gives the exact total. A total is reused for ` +
  `${TOTAL_TTL_MS / 1000} s unless a write goes through this server. Deep pages: pass the previous page's ` +
  '`next_cursor` as `cursor` (with the same sort, order and filters, and `page` for the total) and the page is read ' +
  'from that row on (keyset), as fast as the first; without it `page` is an OFFSET.';

/** The querystring JSON schema of a list: paging, `sort` restricted to the allow-list, `order`, and the filters. */
export function listQuerySchema(sortKeys: readonly string[], filters: Record<string, object> = {}) {
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1, description: '1-based page number' },
      page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 },
      sort: { type: 'string', enum: [...sortKeys] },
      order: { type: 'string', enum: ['asc', 'desc'] },
      cursor: { type: 'string', maxLength: 200, description: "The previous page's next_cursor (keyset paging)" },
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
      next_cursor: {
        type: ['string', 'null'],
        description: 'Cursor of the next page (pass as `cursor`); null on the last page',
      },
    },
    required: ['data', 'total'],
  } as const;
}

/**
 * A resource's sortable columns; `tiebreak` (the primary key) keeps the order stable across pages. Columns in
 * `nullable` page by OFFSET only (a keyset over NULLs would skip rows).
 */
export interface SortSpec {
  columns: Record<string, AnyPgColumn>;
  defaultSort: string;
  defaultOrder: 'asc' | 'desc';
  tiebreak: AnyPgColumn;
  nullable?: readonly string[];
}

/** How one page is read: size, offset, sort column and direction, and the keyset position if any. */
export interface PagePlan {
  limit: number;
  offset: number;
  sortKey: string;
  column: AnyPgColumn;
  tiebreak: AnyPgColumn;
  order: 'asc' | 'desc';
  orderBy: SQL[];
  /** The row the page starts after (decoded cursor), or null. */
  after: { key: string; id: number } | null;
  keyset: boolean;
}

/** A cursor: sort key, order, and the row's sort value (as text) and id, from the row's `_cursor` (see listPage). */
const encodeCursor = (sortKey: string, order: string, rowCursor: string) =>
  Buffer.from(JSON.stringify([sortKey, order, ...(JSON.parse(rowCursor) as [string, number])])).toString('base64url');

function decodeCursor(cursor: string, sortKey: string, order: string): { key: string; id: number } {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  const [s, o, key, id] = Array.isArray(parts) ? parts : [];
  if (s !== sortKey || o !== order || typeof key !== 'string' || !Number.isSafeInteger(id)) {
    throw new ValidationError({ cursor: 'cursor does not belong to this sort order' });
  }
  return { key, id };
}

/** The page plan of a list request (the querystring schema already bounded the values). */
export function paging(params: ListParams, spec: SortSpec): PagePlan {
  const limit = Math.min(params.page_size ?? 20, MAX_PAGE_SIZE);
  const page = Math.max(params.page ?? 1, 1);
  const sortKey = params.sort && spec.columns[params.sort] ? params.sort : spec.defaultSort;
  const column = spec.columns[sortKey];
  const order = (params.order ?? spec.defaultOrder) === 'asc' ? 'asc' : 'desc';
  const dir = order === 'asc' ? asc : desc;
  const orderBy = column === spec.tiebreak ? [dir(column)] : [dir(column), dir(spec.tiebreak)];
  const keyset = !spec.nullable?.includes(sortKey);
  const after = params.cursor && keyset ? decodeCursor(params.cursor, sortKey, order) : null;
  return { limit, offset: (page - 1) * limit, sortKey, column, tiebreak: spec.tiebreak, order, orderBy, after, keyset };
}

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
function totalSeen(plan: PagePlan, rows: number, counted: ListTotal): ListTotal {
  if (rows < plan.limit && (rows > 0 || plan.offset === 0))
    return { total: plan.offset + rows, total_is_estimate: false };
  return { total: Math.max(counted.total, plan.offset + rows), total_is_estimate: counted.total_is_estimate };
}

/**
 * The ids of one page, as a subquery for `id IN (...)`:
 *  - keyset: `(sort, id)` after the cursor's row, no OFFSET (a deep page costs what the first does);
 *  - a text search with a small matching set (SMALL_SET): the matches are read through an OFFSET 0 fence, so the
 *    planner picks the search's index and sorts them, instead of walking the sort index;
 *  - otherwise the sort index is walked (OFFSET for a page number), reading only ids (an index-only scan).
 */
function pageIdsQuery(from: PgTable | SQL, where: SQL | undefined, plan: PagePlan, small: boolean): SQL {
  const { column, tiebreak: id, after } = plan;
  const dir = sql.raw(plan.order);
  const cmp = sql.raw(plan.order === 'asc' ? '>' : '<');
  const seek = !after
    ? undefined
    : column === id
      ? sql`${id} ${cmp} ${after.id}`
      : sql`(${column}, ${id}) ${cmp} (${after.key}, ${after.id})`;
  const cond = and(where, seek) ?? sql`true`;
  // LIMIT is written out (page_size is a bounded integer) and OFFSET only when there is one: with them as parameters
  // the planner prices a generic plan for an unknown 10 % of the rows and re-plans every execution; written out, a
  // prepared page query settles on its generic plan and skips planning.
  const offset = after || plan.offset === 0 ? sql`` : sql` OFFSET ${plan.offset}`;
  const limit = sql.raw(` LIMIT ${Math.trunc(plan.limit)}`);
  if (small) {
    return sql`SELECT s.id FROM (SELECT ${id} AS id, ${column} AS k FROM ${from} WHERE ${cond} OFFSET 0) s
      ORDER BY s.k ${dir}, s.id ${dir}${limit}${offset}`;
  }
  const order = column === id ? sql`${id} ${dir}` : sql`${column} ${dir}, ${id} ${dir}`;
  return sql`SELECT ${id} FROM ${from} WHERE ${cond} ORDER BY ${order}${limit}${offset}`;
}

/** A select that listPage runs as a named prepared statement (drizzle's query builders are). */
interface PreparableSelect<R> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<R[]> };
}

/** Statement names by query shape (see statementName). */
const statements = new Map<string, { name: string; text: string }>();
const STATEMENTS_MAX = 5_000;
const CHECK_SHAPES = process.env.NODE_ENV === 'test' || !!process.env.VITEST;

/**
 * The prepared-statement name of a page query, named by its SQL text. The text is a function of the query's shape
 * (the list, its FROM/WHERE text, sort, order, keyset, small set), so the shape finds the name without building the
 * SQL a second time; tests build it anyway and check that a shape never stands for two texts.
 */
function statementName(shape: string, query: PreparableSelect<unknown>): string {
  const known = statements.get(shape);
  if (known && !CHECK_SHAPES) return known.name;
  const text = query.toSQL().sql;
  if (known) {
    if (known.text !== text) throw new Error(`list query shape ${shape} stands for two SQL texts`);
    return known.name;
  }
  const name = `list_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  if (statements.size >= STATEMENTS_MAX) statements.delete(statements.keys().next().value!);
  statements.set(shape, { name, text });
  return name;
}

/**
 * One page of a list with its total and next cursor, in one query for the rows (two for a small search; the count is
 * cached):
 * `rows(inPage, cursorKey)` selects the full rows whose id is in the page (`inPage`), ordered by `plan.orderBy`,
 * with `cursorKey` (the row's sort value as text and its id, as JSON text) selected as `_cursor`. The rows query runs
 * as a named prepared statement (one per query shape and connection, so PostgreSQL parses it once and may keep its
 * plan: planning costs more than reading 20 rows). `opts.name` names the list (its select) among the shapes.
 */
export async function listPage<R extends { _cursor: string }>(
  db: Executor,
  from: PgTable | SQL,
  where: SQL | undefined,
  plan: PagePlan,
  rows: (inPage: SQL, cursorKey: SQL<string>) => PreparableSelect<R>,
  opts: { name: string; search?: boolean },
): Promise<{ rows: R[]; next_cursor: string | null } & ListTotal> {
  const filter = dialect.sqlToQuery(sql`${from} WHERE ${where ?? sql`true`}`);
  const counted = await listTotal(db, from, where, filter);
  const small = !!opts.search && !counted.total_is_estimate && counted.total <= SMALL_SET;
  const cursorKey = sql<string>`json_build_array((${plan.column})::text, ${plan.tiebreak})::text`;
  let inPage: SQL;
  let shape: string;
  if (small) {
    // A search's matches are sorted in a query of their own, whose plan depends on the searched text (it is planned
    // every time); the rows are then read by primary key in a statement that keeps its generic plan.
    const found = await db.execute(pageIdsQuery(from, where, plan, true));
    const ids = (found.rows as { id: unknown }[]).map((r) => Number(r.id));
    inPage = sql`${plan.tiebreak} = ANY(${`{${ids.join(',')}}`})`;
    shape = [opts.name, 'ids', plan.sortKey, plan.order].join('|');
  } else {
    inPage = sql`${plan.tiebreak} IN (${pageIdsQuery(from, where, plan, false)})`;
    const paged = plan.after ? 'seek' : plan.offset > 0 ? 'offset' : 'first';
    shape = [opts.name, filter.sql, plan.sortKey, plan.order, plan.limit, paged].join('|');
  }
  const query = rows(inPage, cursorKey);
  const page = await query.prepare(statementName(shape, query)).execute();
  const last = page[page.length - 1];
  const next_cursor =
    plan.keyset && last && page.length === plan.limit ? encodeCursor(plan.sortKey, plan.order, last._cursor) : null;
  return { rows: page, next_cursor, ...totalSeen(plan, page.length, counted) };
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
