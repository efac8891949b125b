/**
 * Lists, one page: the page's ids (keyset after a cursor, a small search set sorted from its own index, or the sort
 * index walked) and its full rows in one prepared statement, with the total and the next cursor.
 */
import { createHash } from 'node:crypto';
import * as drizzle from 'drizzle-orm';
import { and, Column, getTableName, is, Placeholder, sql, SQL, Subquery } from 'drizzle-orm';
import pg from 'pg';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db';
import { listTotal, totalSeen, type ListTotal } from './count';
import { encodeCursor, type PagePlan } from './paging';

const dialect = new PgDialect();
/** drizzle's own row mapping (not in its typings), for the tests' cross-check of rowMapper. */
const mapResultRow = (drizzle as unknown as { mapResultRow: (f: unknown, r: unknown[], j: unknown) => unknown })
  .mapResultRow;

/**
 * With a text-prefix search among the filters and at most this many matches, a page is sorted from the matching rows
 * (read through the search's index) instead of walking the sort index: the planner cannot know where a prefix's rows
 * lie in the sort order, and when they lie far down (an old username prefix) the walk visits most of the table for
 * 20 rows. Without a search, the walk along a (filter, created_at) index is the fast path and is kept.
 */
export const SMALL_SET = 2_000;

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
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(): Promise<R[]> };
}

/** A drizzle field of a select's row, as a prepared query lists them (path in the row, column or SQL). */
interface SelectedField {
  path: string[];
  field: unknown;
}

/** Turns one driver row (an array, in select order) into the row drizzle would answer. */
type RowMapper = (row: unknown[]) => Record<string, unknown>;

/**
 * A page statement of one query shape, built once: its name and SQL text, the parameters before and after those of
 * the page's ids (the select's own: joins, constants; the same for every request of the shape), and its row mapper.
 */
interface PageStatement {
  name: string;
  text: string;
  pre: unknown[];
  post: unknown[];
  map: RowMapper;
  /** drizzle's own fields and joins, for the tests' cross-check (CHECK_SHAPES). */
  fields: SelectedField[];
  joins: Record<string, boolean> | undefined;
}

/** Page statements by query shape (see pageStatement). */
const statements = new Map<string, PageStatement | null>();
const STATEMENTS_MAX = 5_000;
const CHECK_SHAPES = process.env.NODE_ENV === 'test' || !!process.env.VITEST;

type Decoder = { mapFromDriverValue(v: unknown): unknown };
/** The decoder of a field, as mapResultRow picks it (an SQL's `decoder` is internal to drizzle's typings). */
const decoderOf = (field: unknown): Decoder => {
  if (is(field, Column)) return field;
  const sqlOf = is(field, SQL) ? field : is(field, Subquery) ? (field._.sql as SQL) : (field as { sql: SQL }).sql;
  return (sqlOf as unknown as { decoder: Decoder }).decoder;
};

/**
 * The row mapper of a select's fields, as drizzle's mapResultRow maps (same nesting, decoders and the nulling of a
 * left-joined table's object whose first column is null), with the per-field work done once per statement, not per
 * row. Undefined for a select nested deeper than one object (mapResultRow then).
 */
function rowMapper(fields: SelectedField[], joins: Record<string, boolean> | undefined): RowMapper | undefined {
  if (fields.some((f) => f.path.length > 2)) return undefined;
  const cols = fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    return {
      top: path[0],
      key: path.length === 2 ? path[1] : undefined,
      decode: (v: unknown) => decoder.mapFromDriverValue(v),
      table: joins && path.length === 2 && is(field, Column) ? getTableName(field.table) : undefined,
    };
  });
  // An object (path[0]) may be nulled when all of its columns are one table's, and that table may be null in the join.
  const nullable = new Set<string>();
  if (joins) {
    for (const top of new Set(cols.filter((c) => c.key !== undefined).map((c) => c.top))) {
      const own = cols.filter((c) => c.top === top);
      const table = own[0].table;
      if (table !== undefined && own.every((c) => c.table === table) && !joins[table]) nullable.add(top);
    }
  }
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < cols.length; i++) {
      const c = cols[i];
      const raw = row[i];
      const value = raw === null ? null : c.decode(raw);
      if (c.key === undefined) out[c.top] = value;
      else {
        const node = (out[c.top] ??= {}) as Record<string, unknown>;
        node[c.key] = value;
      }
    }
    // mapResultRow nulls such an object when its first column is null
    for (const top of nullable) {
      const first = cols.find((c) => c.top === top)!;
      if ((out[top] as Record<string, unknown>)[first.key!] === null) out[top] = null;
    }
    return out;
  };
}

/**
 * The page statement of a query shape: built once from drizzle (its text, and where the page's ids' parameters sit
 * among the select's), then run with only the values bound. The shape (the list, its FROM/WHERE text, sort, order,
 * paging kind, page size) fixes the text; tests build the query anyway on every request and check that a shape
 * never stands for two texts or other parameters (CHECK_SHAPES). Null when the parameters cannot be placed (the
 * query is then run by drizzle as built).
 */
function pageStatement<R>(
  shape: string,
  build: (inPage: SQL) => PreparableSelect<R>,
  inPage: SQL,
  idParams: unknown[],
): PageStatement | null {
  const known = statements.get(shape);
  if (known !== undefined && !CHECK_SHAPES) return known;
  const query = build(inPage);
  const full = query.toSQL();
  if (known !== undefined) {
    if (known === null) return null;
    const params = [...known.pre, ...idParams, ...known.post];
    if (known.text !== full.sql || JSON.stringify(params) !== JSON.stringify(full.params))
      throw new Error(`list query shape ${shape} stands for two SQL texts or parameter lists`);
    return known;
  }
  const name = `list_${createHash('sha1').update(full.sql).digest('hex').slice(0, 24)}`;
  // Where the page's ids sit: the same select with one placeholder in their place.
  const marked = build(sql`${sql.placeholder('page')}`).toSQL().params;
  const at = marked.findIndex((p) => is(p, Placeholder));
  const pre = full.params.slice(0, at);
  const post = full.params.slice(at + idParams.length);
  const prepared = query.prepare(name) as unknown as {
    fields?: SelectedField[];
    joinsNotNullableMap?: Record<string, boolean>;
  };
  const fields = prepared.fields ?? [];
  const map = rowMapper(fields, prepared.joinsNotNullableMap);
  const placed =
    at >= 0 &&
    marked.length === pre.length + 1 + post.length &&
    JSON.stringify([...pre, ...idParams, ...post]) === JSON.stringify(full.params);
  const statement =
    placed && map ? { name, text: full.sql, pre, post, map, fields, joins: prepared.joinsNotNullableMap } : null;
  if (statements.size >= STATEMENTS_MAX) statements.delete(statements.keys().next().value!);
  statements.set(shape, statement);
  return statement;
}

/** The driver under a drizzle database or transaction: node-postgres (a pool or a pooled client) or PGlite. */
type Driver =
  | { kind: 'pg'; query(config: object): Promise<{ rows: unknown[][] }> }
  | { kind: 'pglite'; query(text: string, values: unknown[], opts: object): Promise<{ rows: unknown[][] }> };

function driverOf(db: Executor): Driver | undefined {
  const client = (db as unknown as { session?: { client?: Record<string, unknown> } }).session?.client;
  if (!client || typeof client.query !== 'function') return undefined;
  const query = (client.query as (...a: unknown[]) => Promise<{ rows: unknown[][] }>).bind(client);
  return typeof client.exec === 'function' ? { kind: 'pglite', query } : { kind: 'pg', query };
}

/** The type parsers drizzle's drivers use: times, dates, intervals and their arrays stay text. */
const RAW_TYPES = new Set([1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format),
};
const pgliteParsers = Object.fromEntries([...RAW_TYPES].map((oid) => [oid, (v: string) => v]));

/** Runs a page statement with its values through the driver (named: prepared once per connection), rows as arrays. */
async function runPage(driver: Driver, st: PageStatement, values: unknown[]): Promise<unknown[][]> {
  const res =
    driver.kind === 'pg'
      ? await driver.query({ name: st.name, text: st.text, values, rowMode: 'array', types: pgTypes })
      : await driver.query(st.text, values, { rowMode: 'array', parsers: pgliteParsers });
  return res.rows;
}

/** The parameters of the page's ids (pageIdsQuery's, in its order): the filter's, the keyset's, the OFFSET. */
function idParamsOf(filterParams: unknown[], plan: PagePlan): unknown[] {
  const { after } = plan;
  if (after) return [...filterParams, ...(plan.column === plan.tiebreak ? [after.id] : [after.key, after.id])];
  return plan.offset === 0 ? filterParams : [...filterParams, plan.offset];
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
  let idParams: unknown[];
  if (small) {
    // A search's matches are sorted in a query of their own, whose plan depends on the searched text (it is planned
    // every time); the rows are then read by primary key in a statement that keeps its generic plan.
    const found = await db.execute(pageIdsQuery(from, where, plan, true));
    const ids = (found.rows as { id: unknown }[]).map((r) => Number(r.id));
    idParams = [`{${ids.join(',')}}`];
    inPage = sql`${plan.tiebreak} = ANY(${idParams[0]})`;
    shape = [opts.name, 'ids', plan.sortKey, plan.order].join('|');
  } else {
    inPage = sql`${plan.tiebreak} IN (${pageIdsQuery(from, where, plan, false)})`;
    idParams = idParamsOf(filter.params, plan);
    const paged = plan.after ? 'seek' : plan.offset > 0 ? 'offset' : 'first';
    shape = [opts.name, filter.sql, plan.sortKey, plan.order, plan.limit, paged].join('|');
  }
  const build = (cond: SQL) => rows(cond, cursorKey);
  const statement = pageStatement(shape, build, inPage, idParams);
  const driver = statement && driverOf(db);
  let page: R[];
  if (statement && driver) {
    const raw = await runPage(driver, statement, [...statement.pre, ...idParams, ...statement.post]);
    page = raw.map(statement.map) as R[];
    if (CHECK_SHAPES) {
      const mapped = raw.map((r) => mapResultRow(statement.fields, r, statement.joins));
      if (JSON.stringify(mapped) !== JSON.stringify(page)) throw new Error(`list rows of ${shape} map otherwise`);
    }
  } else {
    const query = build(inPage);
    page = await query
      .prepare(`list_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 24)}`)
      .execute();
  }
  const last = page[page.length - 1];
  const next_cursor =
    plan.keyset && last && page.length === plan.limit ? encodeCursor(plan.sortKey, plan.order, last._cursor) : null;
  return { rows: page, next_cursor, ...totalSeen(plan, page.length, counted) };
}
