/**
 * Lists, paging: the querystring and answer schemas every list shares (page, page_size, sort from a per-resource
 * allow-list, order, keyset cursor), the page plan of a request, and the text-prefix condition of searches.
 */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ValidationError } from '../errors';

/** Largest page a list answers. */
export const MAX_PAGE_SIZE = 200;

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
export const encodeCursor = (sortKey: string, order: string, rowCursor: string) =>
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
