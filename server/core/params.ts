/**
 * The request schemas every route shares for the values that reach the database as numbers or dates: ids (in the
 * path, the query and bodies), paging (page, page_size) and calendar days and instants. Each is bounded to what its
 * column holds, so a hostile value (an id beyond bigint, a page of 10^20, a five-digit year) is 400 validation at
 * the route's schema, never a database error answered 5xx. Routes use these, not copies of them.
 */

/**
 * Largest id a route takes. Ids are PostgreSQL bigint columns read as JS numbers, which are exact only up to 2^53 - 1
 * (below bigint's 2^63 - 1): no stored id is larger.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** Bounds of a PostgreSQL integer (int4) column, for counts and levels that are not ids. */
export const INT4_MAX = 2_147_483_647;

/**
 * An id anywhere in a request (path, query, body): a whole number from 1 to MAX_ID. Ajv coerces '1e3' and '1.0' to
 * whole numbers, which are then in range; '1e20', '-0', 1.5 and Infinity are 400 validation.
 */
export const idField = <D extends string>(description?: D) =>
  ({ type: 'integer', minimum: 1, maximum: MAX_ID, ...(description ? { description } : {}) }) as const;

/** An id or null (a body field that clears a reference). */
export const nullableIdField = <D extends string>(description?: D) =>
  ({ type: ['integer', 'null'], minimum: 1, maximum: MAX_ID, ...(description ? { description } : {}) }) as const;

/** The `{id}` path parameter of every route that has one. */
export const idParams = {
  type: 'object',
  properties: { id: idField('Record id') },
  required: ['id'],
} as const;

/** Largest page a list answers. */
export const MAX_PAGE_SIZE = 200;

/**
 * Highest page number a list takes: a page beyond it is 400 (its OFFSET, page × page_size, stays far inside bigint;
 * deeper reading goes by cursor).
 */
export const MAX_PAGE = 1_000_000;

/** The paging parameters of every list. */
export const pagingFields = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1, description: '1-based page number' },
  page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 },
} as const;

/**
 * The sort the console's data provider sends with every list request, for a list with one fixed order (newest
 * first): taken, and the order kept. A misspelt filter is still refused (closedQuery).
 */
export const fixedOrderFields = {
  sort: { type: 'string', maxLength: 64, description: 'Ignored: this list is always newest first' },
  order: { type: 'string', enum: ['asc', 'desc'], description: 'Ignored: this list is always newest first' },
} as const;

/** Years a date in a request may have: a calendar day or instant outside them is 400 (PostgreSQL takes more). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

const YEAR = '(19\\d\\d|[2-9]\\d{3})';
const MONTH_DAY = '-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const TIME = '[T ]([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,6})?)?(Z|[+-]([01]\\d|2[0-3]):?[0-5]\\d)?';

/** A calendar day `YYYY-MM-DD` with a year from MIN_YEAR to MAX_YEAR. */
export const DAY_PATTERN = `^${YEAR}${MONTH_DAY}$`;

/** A calendar day or an instant (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm[:ss[.ffffff]][Z|±hh:mm]`) in the same years. */
export const DAY_OR_TIME_PATTERN = `^${YEAR}${MONTH_DAY}(${TIME})?$`;

/** A calendar day in a query or body (a day that does not exist, e.g. 2026-02-30, is refused by `format`). */
export const dayField = <D extends string>(description?: D) =>
  ({ type: 'string', format: 'date', pattern: DAY_PATTERN, ...(description ? { description } : {}) }) as const;

/** A calendar day or an instant in a query (a bound of a time range). */
export const dayOrTimeField = <D extends string>(description?: D) =>
  ({ type: 'string', maxLength: 40, pattern: DAY_OR_TIME_PATTERN, ...(description ? { description } : {}) }) as const;

/** Whether `v` is an id a route may pass to the database (for values read outside a schema). */
export const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 1;

/** Whether a parsed date lies in the years a request may name (for values read outside a schema). */
export const inYears = (d: Date): boolean => {
  const y = d.getUTCFullYear();
  return !Number.isNaN(d.getTime()) && y >= MIN_YEAR && y <= MAX_YEAR;
};
