/**
 * Lists, paging: the querystring and answer schemas every list shares (page, page_size, sort from a per-resource
 * allow-list, order, keyset cursor), the page plan of a request, and the text-prefix condition of searches.
 */
import { asc, desc, is, sql, Column, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ValidationError } from '../errors';
import { badInput } from '../input';
import { MAX_PAGE, MAX_PAGE_SIZE, pagingFields } from '../params';

export { MAX_PAGE, MAX_PAGE_SIZE } from '../params';

/**
 * `column` starts with `prefix` (a text search), as a range of the byte-wise pattern operators rather than LIKE: the
 * (…, column text_pattern_ops) index answers it in a prepared statement's generic plan too, the prefix needs no
 * escaping, and the planner does not estimate a pattern. U+10FFFF sorts after every character a name can hold.
 */
export function startsWith(column: AnyPgColumn | SQL, prefix: string): SQL {
  return sql`(${column} ~>=~ ${prefix} AND ${column} ~<~ ${`${prefix}\u{10FFFF}`})`;
}

/**
 * `column` starts with `prefix` ignoring case: startsWith over `lower(column)` and the prefix lowered by the database
 * too (the same function both sides, whatever the locale); a (…, lower(column) text_pattern_ops) index answers it.
 */
export function startsWithFolded(column: AnyPgColumn, prefix: string): SQL {
  const folded = sql`lower(${column})`;
  return sql`(${folded} ~>=~ lower(${prefix}) AND ${folded} ~<~ lower(${`${prefix}\u{10FFFF}`}))`;
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

/**
 * A querystring schema that takes only its own parameters: an unknown one (a misspelt filter, which would otherwise
 * filter nothing) is 400 validation with the field code `unknown_field` (`propertyNames`: `additionalProperties` alone
 * only strips it).
 */
export function closedQuery<S extends { properties: Record<string, object> }>(schema: S) {
  return {
    ...schema,
    type: 'object',
    additionalProperties: false,
    propertyNames: { enum: Object.keys(schema.properties) },
  } as const;
}

/** A closed querystring schema with more parameters (e.g. an export's `lang` and `tz`). */
export const withParams = <S extends { properties: Record<string, object> }>(schema: S, more: Record<string, object>) =>
  closedQuery({ ...schema, properties: { ...schema.properties, ...more } });

/**
 * The querystring JSON schema of a list: paging, `sort` restricted to the allow-list, `order`, and the filters;
 * nothing else (closedQuery).
 */
export function listQuerySchema<F extends Record<string, object> = Record<never, never>>(
  sortKeys: readonly string[],
  filters: F = {} as F,
) {
  return closedQuery({
    properties: {
      ...pagingFields,
      sort: { type: 'string', enum: [...sortKeys] },
      order: { type: 'string', enum: ['asc', 'desc'] },
      cursor: { type: 'string', maxLength: 200, description: "The previous page's next_cursor (keyset paging)" },
      ...filters,
    },
  } as const);
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
 * What a sort column's values are, as a cursor carries them (the column's text form): an instant, a calendar day,
 * a whole number (int8 or int4), a decimal, a boolean, or text.
 */
export type CursorKind = 'time' | 'day' | 'int8' | 'int4' | 'decimal' | 'boolean' | 'text';

/**
 * A resource's sortable columns; `tiebreak` (the primary key) keeps the order stable across pages. Columns in
 * `nullable` page by OFFSET only (a keyset over NULLs would skip rows). `kinds` names the value kind of a sort key
 * whose column is an SQL expression (a table column's kind is read from its type).
 */
export interface SortSpec {
  columns: Record<string, AnyPgColumn>;
  defaultSort: string;
  defaultOrder: 'asc' | 'desc';
  tiebreak: AnyPgColumn;
  nullable?: readonly string[];
  kinds?: Readonly<Record<string, CursorKind>>;
}

/** The cursor kind of a table column, by its drizzle column type; undefined for an SQL expression. */
export function columnKind(column: unknown): CursorKind | undefined {
  if (!is(column, Column)) return undefined;
  const type = column.columnType;
  if (/^PgTimestamp/.test(type)) return 'time';
  if (/^PgDate/.test(type)) return 'day';
  if (/^Pg(BigInt|BigSerial)/.test(type)) return 'int8';
  if (/^Pg(Integer|Serial|SmallInt|SmallSerial)$/.test(type)) return 'int4';
  if (/^Pg(Numeric|Real|DoublePrecision)/.test(type)) return 'decimal';
  if (type === 'PgBoolean') return 'boolean';
  return 'text';
}

const INT8_MAX = 2n ** 63n - 1n;
const INT4_MAX = 2n ** 31n - 1n;

/** Whether y-m-d is a day of the calendar (year 1 to 9999: what a column's text form holds). */
const realDay = (y: number, m: number, d: number) => {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const t = new Date(Date.UTC(2000, m - 1, d));
  t.setUTCFullYear(y);
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,6})?(Z|[+-](0\d|1[0-5])(:?[0-5]\d){0,2})?$/;

/**
 * Whether `key` is a value of `kind` in its text form, as PostgreSQL would read it back without an error (a day that
 * exists, an instant, a number within the column's range): a forged cursor's value must not reach the query.
 */
export function validKey(kind: CursorKind, key: string): boolean {
  switch (kind) {
    case 'time': {
      if (key === 'infinity' || key === '-infinity') return true;
      const m = TIME_TEXT.exec(key);
      return !!m && realDay(+m[1], +m[2], +m[3]);
    }
    case 'day': {
      const m = DAY_TEXT.exec(key);
      return !!m && realDay(+m[1], +m[2], +m[3]);
    }
    case 'int8':
    case 'int4': {
      if (!/^-?\d{1,19}$/.test(key)) return false;
      const n = BigInt(key);
      const max = kind === 'int8' ? INT8_MAX : INT4_MAX;
      return n <= max && n >= -max;
    }
    case 'decimal':
      return /^-?\d{1,40}(\.\d{1,40})?$/.test(key);
    case 'boolean':
      return key === 'true' || key === 'false';
    default:
      return badInput(key) === undefined;
  }
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
export const encodeCursor = (sortKey: string, order: string, rowCursor: string) =>
  Buffer.from(JSON.stringify([sortKey, order, ...(JSON.parse(rowCursor) as [string, number])])).toString('base64url');

/**
 * The row a cursor names, checked whole: its sort key and order those of the request, its sort value of the sort
 * column's kind (`kind`), its id a safe integer. Anything else is a forged or stale cursor: 400 validation (field
 * code invalid), never a query PostgreSQL refuses.
 */
function decodeCursor(cursor: string, sortKey: string, order: string, kind: CursorKind): { key: string; id: number } {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  const [s, o, key, id, ...more] = Array.isArray(parts) ? parts : [];
  if (s !== sortKey || o !== order || typeof key !== 'string' || !Number.isSafeInteger(id) || more.length) {
    throw new ValidationError({ cursor: 'cursor does not belong to this sort order' });
  }
  if (!validKey(kind, key)) throw new ValidationError({ cursor: 'cursor is not a cursor of this list' });
  return { key, id };
}

/** The page plan of a list request (the querystring schema already bounded the values). */
export function paging(params: ListParams, spec: SortSpec): PagePlan {
  const limit = Math.min(params.page_size ?? 20, MAX_PAGE_SIZE);
  const page = Math.max(params.page ?? 1, 1);
  // The querystring schema bounds both (pagingFields); a caller that builds its own parameters is held to it too.
  if (!Number.isSafeInteger(limit) || limit < 1) throw new ValidationError({ page_size: 'page_size is out of range' });
  if (!Number.isSafeInteger(page) || page > MAX_PAGE) throw new ValidationError({ page: 'page is out of range' });
  const sortKey = params.sort && spec.columns[params.sort] ? params.sort : spec.defaultSort;
  const column = spec.columns[sortKey];
  const order = (params.order ?? spec.defaultOrder) === 'asc' ? 'asc' : 'desc';
  const dir = order === 'asc' ? asc : desc;
  const orderBy = column === spec.tiebreak ? [dir(column)] : [dir(column), dir(spec.tiebreak)];
  const keyset = !spec.nullable?.includes(sortKey);
  const kind = columnKind(column) ?? spec.kinds?.[sortKey] ?? 'text';
  const after = params.cursor && keyset ? decodeCursor(params.cursor, sortKey, order, kind) : null;
  return { limit, offset: (page - 1) * limit, sortKey, column, tiebreak: spec.tiebreak, order, orderBy, after, keyset };
}
