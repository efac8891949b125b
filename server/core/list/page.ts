/**
 * Lists, one page: the page's ids (keyset after a cursor, a small search set sorted from its own index, or the sort
 * index walked) and its full rows in one prepared statement, with the total and the next cursor.
 */
import { createHash } from 'node:crypto';
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db';
import { listTotal, totalSeen, type ListTotal } from './count';
import { encodeCursor, type PagePlan } from './paging';

const dialect = new PgDialect();

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
