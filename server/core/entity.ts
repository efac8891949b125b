/**
 * What the API derives from a domain definition (domain/entity.ts): the list's querystring schema (paging, sort
 * whitelist, filters), the row schema, the export columns (CSV and .xlsx from one definition: headers in the caller's
 * language, times in the caller's time zone, the list's order), and the list + export routes in one call (`entityList`).
 */
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  exportFields,
  filterFields,
  LANGUAGES,
  sortFields,
  type EntityDef,
  type FieldDef,
  type Language,
  type ListQuery,
  type PageParams,
  type Row,
} from '../../domain/entity';
import { listTitle } from '../../domain/menu-titles';
import type { Action } from '../../permissions';
import { requires } from './access';
import { ctx, signedIn, type Ctx } from './context';
import type { Executor } from './db';
import { errorResponses, ValidationError } from './errors';
import {
  EXPORT_BATCH,
  EXPORT_FORMATS,
  EXPORT_PRODUCES,
  EXPORT_RESPONSE,
  excelNumber,
  exportStream,
  listPage,
  listQuerySchema,
  listResponseSchema,
  paging,
  sendExport,
  startsWith,
  TOTAL_DESCRIPTION,
  type CursorKind,
  type ExportColumn,
  type ExportFormat,
  type PagePlan,
  type SortSpec,
  withParams,
} from './list';
import { dayField, idField } from './params';
import { schemaOf, typed, type SchemaOf } from './typed';
import type { StaffScope } from './scope';
import { localTime, wallClock } from './local-time';
import { tenantTimeZone } from './time-zone';

/** The JSON schema of one field's value on the wire. */
export function fieldSchema(f: FieldDef): Record<string, unknown> {
  const base: Record<string, unknown> = (() => {
    switch (f.kind) {
      case 'id':
      case 'integer':
        return { type: 'integer' };
      case 'boolean':
        return { type: 'boolean' };
      case 'enum':
        return { type: 'string', enum: [...(f.values ?? [])] };
      case 'enums':
        return { type: 'array', items: { type: 'string', enum: [...(f.values ?? [])] } };
      case 'date':
        return { type: 'string', format: 'date' };
      case 'datetime':
        return { type: 'string', format: 'date-time' };
      default:
        return { type: 'string', ...(f.maxLength ? { maxLength: f.maxLength } : {}) };
    }
  })();
  if (!f.nullable) return base;
  if (base.enum) return { ...base, type: ['string', 'null'], enum: [...(base.enum as string[]), null] };
  return { ...base, type: [base.type as string, 'null'] };
}

/** The row schema of an entity: every field, all required (null where nullable), nothing else. */
export function rowSchema(def: EntityDef, extra: Record<string, object> = {}) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: { ...Object.fromEntries(def.fields.map((f) => [f.name, fieldSchema(f)])), ...extra },
    required: def.fields.map((f) => f.name),
  } as const;
}

/**
 * The body schema of a whole document's PUT: every field of the definition required, nothing else (an unknown field
 * is 400 with `errors.<name>`: `propertyNames`, since additionalProperties only strips), the allowed `values` of
 * currency and enums fields, and `extra` constraints per field (e.g. a minimum length).
 */
export function bodySchema<D extends EntityDef>(def: D, extra: Readonly<Record<string, object>> = {}) {
  const names = def.fields.map((f) => f.name);
  const input = (f: FieldDef): Record<string, unknown> => {
    const s = fieldSchema(f);
    if (f.kind === 'currency' && f.values) return { ...s, enum: [...f.values] };
    if (f.kind === 'enums') return { ...s, uniqueItems: true, maxItems: f.values?.length ?? 100 };
    return s;
  };
  return schemaOf<Row<D>>()({
    type: 'object',
    additionalProperties: false,
    propertyNames: { enum: names },
    properties: Object.fromEntries(def.fields.map((f) => [f.name, { ...input(f), ...extra[f.name] }])),
    required: names,
  } as const);
}

/** The querystring schema of one filter field. */
function filterSchemas(f: FieldDef): Record<string, object> {
  switch (f.filter) {
    case 'range':
      return {
        [`${f.name}_from`]: dayField('First day (inclusive)'),
        [`${f.name}_to`]: dayField('Last day (inclusive)'),
      };
    case 'in': {
      const one = `(${(f.values ?? []).join('|')})`;
      return {
        [f.name]: {
          type: 'string',
          pattern: `^${one}(,${one})*$`,
          description: `One or a comma list of: ${f.values?.join(', ')}`,
        },
      };
    }
    case 'prefix':
      return { [f.name]: { type: 'string', minLength: 1, maxLength: 64, description: 'Starts with' } };
    case 'eq':
      return {
        [f.name]:
          f.kind === 'id' || f.kind === 'integer'
            ? idField()
            : f.kind === 'boolean'
              ? { type: 'boolean' }
              : { ...fieldSchema({ ...f, nullable: false }), maxLength: 200 },
      };
    default:
      return {};
  }
}

/** Export-only parameters: the file's format, language and time zone. */
export const exportParams = {
  format: {
    type: 'string',
    enum: [...EXPORT_FORMATS],
    description:
      'csv (default: UTF-8 with BOM) or xlsx (one sheet, header row frozen; amounts and rates as numbers with their ' +
      'decimals, ids as text, times as Excel dates in `tz`)',
  },
  lang: {
    type: 'string',
    enum: [...LANGUAGES],
    description: 'Language of the file headers and labels (default zh-CN)',
  },
  tz: {
    type: 'string',
    maxLength: 64,
    pattern: '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$',
    description: "IANA time zone of the file's times (default the tenant's time zone)",
  },
};

/** The export parameters as a route receives them. */
export interface ExportParams {
  format?: ExportFormat;
  lang?: Language;
  tz?: string;
}

/**
 * The list querystring of an entity: paging, its sortable fields (and `moreSorts`, e.g. an alias of one), its
 * filters, and `extra` parameters (one named like a field's filter replaces that filter's schema).
 */
export function listQuery<D extends EntityDef>(
  def: D,
  extra: Record<string, object> = {},
  moreSorts: readonly string[] = [],
) {
  const filters = Object.assign({}, ...filterFields(def).map(filterSchemas), extra) as Record<string, object>;
  return schemaOf<ListQuery<D> & Query>()(listQuerySchema([...new Set([...sortFields(def), ...moreSorts])], filters));
}

/**
 * 00:00 of a calendar day (`YYYY-MM-DD`, checked by the route's schema or `bareDay`) in the tenant's time zone, as an
 * instant: the zone is the database's `stat_zone_of` (migration 0026, kept equal to `tenantTimeZone` by
 * `stat_set_zone`), so a list counts days as the tenant's dashboard and statistics do.
 */
export const dayStart = (day: string, tenantId: string): SQL =>
  sql`((${day}::date)::timestamp AT TIME ZONE stat_zone_of(${tenantId}))`;

/** 00:00 of the day after a calendar day in the tenant's time zone: the end (exclusive) of that day. */
export const dayEnd = (day: string, tenantId: string): SQL =>
  sql`(((${day}::date + 1)::timestamp) AT TIME ZONE stat_zone_of(${tenantId}))`;

/**
 * Whether a bound given as a day or a date-time (`dayOrTimeField`) is a bare calendar day (a day of the tenant's
 * zone, not an instant); a bare day that does not exist (2026-02-30, which `new Date` rolls over) is 400.
 */
export function bareDay(v: string, field: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) {
    throw new ValidationError({ [field]: `${field} must be a date` });
  }
  return true;
}

/**
 * The conditions of a `<name>_from` / `<name>_to` pair (each a day or a date-time, `dayOrTimeField`) on an instant
 * column: a bare day is that whole day in the tenant's time zone (from its 00:00 to the next day's, as the dashboard
 * counts days), a date-time the instant it names (both bounds inclusive).
 */
export function dayOrTimeRange(col: AnyPgColumn, q: Record<string, unknown>, name: string, tenantId: string): SQL[] {
  const conds: SQL[] = [];
  const bound = (edge: 'from' | 'to'): { day: string | null; at: Date } | undefined => {
    const field = `${name}_${edge}`;
    const v = q[field];
    if (v === undefined || v === null || v === '') return undefined;
    const at = new Date(String(v));
    if (Number.isNaN(at.getTime())) throw new ValidationError({ [field]: `${field} must be a date` });
    return { day: bareDay(String(v), field) ? String(v) : null, at };
  };
  const from = bound('from');
  const to = bound('to');
  if (from) conds.push(gte(col, from.day ? dayStart(from.day, tenantId) : from.at));
  if (to) conds.push(lt(col, to.day ? dayEnd(to.day, tenantId) : new Date(to.at.getTime() + 1)));
  return conds;
}

/**
 * The conditions of a list query's filters over the field columns (unknown or absent parameters add nothing);
 * fields named in `skip` are left to the caller (a list's own condition for them); range days are the tenant's
 * (`dayStart`, `dayEnd`).
 */
export function filterWhere(
  def: EntityDef,
  columns: Readonly<Record<string, AnyPgColumn>>,
  q: Record<string, unknown>,
  tenantId: string,
  skip: readonly string[] = [],
): SQL[] {
  const conds: SQL[] = [];
  for (const f of filterFields(def)) {
    if (skip.includes(f.name)) continue;
    const col = columns[f.name];
    if (!col) throw new Error(`filter ${def.name}.${f.name} has no column`);
    if (f.filter === 'range') {
      const from = q[`${f.name}_from`];
      const to = q[`${f.name}_to`];
      // Days are the caller's calendar days in the tenant's time zone; the column is an instant (or a date).
      if (typeof from === 'string') conds.push(gte(col, dayStart(from, tenantId)));
      if (typeof to === 'string') conds.push(lt(col, dayEnd(to, tenantId)));
      continue;
    }
    const v = q[f.name];
    if (v === undefined || v === '') continue;
    if (f.filter === 'prefix') conds.push(startsWith(col, String(v)));
    else if (f.filter === 'in') conds.push(inArray(col, String(v).split(',')));
    else if ((f.kind === 'id' || f.kind === 'integer') && !Number.isSafeInteger(v)) {
      // Ajv coerces "1e400" to Infinity and lets it through `type: integer` and `maximum`.
      throw new ValidationError({ [f.name]: `${f.name} must be a whole number` });
    } else conds.push(eq(col, v));
  }
  return conds;
}

/**
 * The sheet name of an export: its list's title in `lang` (the menu entry's, or the definition's own title:
 * domain/menu-titles.ts listTitle), as the header row is in `lang`; the definition's name when it has none.
 */
export const sheetTitle = (def: EntityDef, lang: Language): string => listTitle(def.name, lang, def.title) ?? def.name;

/** How an .xlsx types each field kind's cells (the others are text: labels, names, currencies). */
const CELL_TYPE: Partial<Record<FieldDef['kind'], ExportColumn<unknown>['type']>> = {
  money: 'money',
  decimal: 'decimal',
  integer: 'integer',
  id: 'id',
  datetime: 'datetime',
  date: 'date',
};

/**
 * The export columns of an entity (CSV and .xlsx, one definition): translated headers, enum values and booleans as
 * labels, local times; for the .xlsx, each field kind's typed cell (core/list/xlsx.ts): amounts and decimals as
 * numbers where exact, whole numbers as numbers, ids as text, times and days as Excel dates (the wall-clock of `tz`).
 */
export function csvColumns<R extends Record<string, unknown>>(
  def: EntityDef,
  lang: Language,
  tz: string,
): ExportColumn<R>[] {
  const yes = lang === 'zh-CN' ? '是' : 'Yes';
  const no = lang === 'zh-CN' ? '否' : 'No';
  return exportFields(def).map((f) => {
    const value = (r: R): unknown => {
      const v = r[f.name];
      if (v === null || v === undefined) return '';
      if (f.kind === 'datetime') return localTime(v as string, tz);
      if (f.kind === 'boolean') return f.valueLabels?.[String(v)]?.[lang] ?? (v ? yes : no);
      if (f.kind === 'enum') return f.valueLabels?.[v as string]?.[lang] ?? v;
      if (f.kind === 'enums') return (v as string[]).map((x) => f.valueLabels?.[x]?.[lang] ?? x).join(' ');
      return v;
    };
    const type = CELL_TYPE[f.kind] ?? 'text';
    const cell = (r: R): string | number | Date | null => {
      const v = r[f.name];
      if (v === null || v === undefined || v === '') return null;
      switch (type) {
        case 'money':
        case 'decimal':
          return excelNumber(v);
        case 'integer':
          return typeof v === 'number' && Number.isSafeInteger(v) ? v : excelNumber(v);
        case 'datetime': {
          const d = wallClock(v as string, tz);
          const y = d?.getUTCFullYear() ?? 0;
          // Excel's dates are the years 1900 to 9999
          return d && y >= 1900 && y <= 9999 ? d : String(value(r));
        }
        case 'date':
          return /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? new Date(`${String(v)}T00:00:00Z`) : String(v);
        default:
          return String(value(r));
      }
    };
    return {
      header: f.label?.[lang] ?? f.name,
      type,
      ...(type === 'money' ? { decimals: 2 } : type === 'decimal' ? { decimals: f.decimals ?? 2 } : {}),
      value,
      cell,
    };
  });
}

/** A select builder still open for WHERE (drizzle's dynamic mode). */
interface OpenSelect<Raw> {
  where(cond: SQL | undefined): {
    orderBy(...o: SQL[]): {
      limit(n: number): Promise<Raw[]>;
      offset?: unknown;
      toSQL(): { sql: string; params: unknown[] };
      prepare(name: string): { execute(): Promise<Raw[]> };
    };
  };
}

/** How an entity's list reads its rows. */
export interface EntityListSpec<D extends EntityDef, Raw> {
  def: D;
  /** The table the filters and the count run on (or a join of tables, as SQL). */
  table: PgTable | SQL;
  /** Its primary key (the order's tiebreak and the keyset). */
  id: AnyPgColumn;
  /** The column of each filtered or sorted field (a column of `table`). */
  columns: Readonly<Record<string, AnyPgColumn>>;
  /**
   * A sort expression instead of a field's column, by field name (e.g. a nullable time as `coalesce(col, '-infinity')`
   * so rows without one sort last newest-first and still page by keyset). Filters keep using `columns`. A name that
   * is not a sort field adds a sort key (e.g. an older name of one, kept for callers).
   */
  sortColumns?: Readonly<Record<string, AnyPgColumn | SQL>>;
  /** Data scope of the signed-in staff member on `table` (tenant included). */
  scope: (staff: StaffScope) => SQL;
  /**
   * Conditions of the `extra` parameters: parameters that are not fields, and parameters named like a field's
   * filter, which replace that filter (its schema from `extra`, its condition from here, not from `columns`).
   */
  where?: (q: Record<string, unknown>, staff: StaffScope) => SQL[];
  extra?: Record<string, object>;
  /** The full row select, with `_cursor` selected as given, joins included, before WHERE. */
  select: (db: Executor, cursor: SQL<string>) => OpenSelect<Raw & { _cursor: string }>;
  present: (raw: Raw) => Row<D>;
  /** The prefix-search parameters, if any (their small match sets are sorted from the search's index). */
  search?: string | readonly string[];
  /** Nullable sort fields (paged by OFFSET). */
  nullable?: readonly string[];
  /** The permission actions; default read and export on the definition's resource chain. */
  permission?: { list?: Action; export?: Action };
  tags?: string[];
  /** What the OpenAPI description adds (scope, defaults). */
  description: string;
}

/** The list's sort keys: the sort fields, then the extra keys of `sortColumns`. */
const sortKeys = <D extends EntityDef, Raw>(spec: EntityListSpec<D, Raw>): string[] => [
  ...new Set([...sortFields(spec.def), ...Object.keys(spec.sortColumns ?? {})]),
];

/** The cursor kind of a field's values (a sort expression's, whose SQL has no column type to read). */
const FIELD_CURSOR_KIND: Partial<Record<FieldDef['kind'], CursorKind>> = {
  id: 'int8',
  integer: 'int8',
  money: 'decimal',
  boolean: 'boolean',
  date: 'day',
  datetime: 'time',
};

function sortSpec<D extends EntityDef, Raw>(spec: EntityListSpec<D, Raw>): SortSpec {
  const sort = spec.def.sort ?? { field: 'id', order: 'desc' as const };
  const columns: Record<string, AnyPgColumn> = { id: spec.id };
  const kinds: Record<string, CursorKind> = {};
  // paging only renders a sort expression in SQL
  for (const name of sortKeys(spec)) {
    columns[name] = (spec.sortColumns?.[name] ?? spec.columns[name]) as AnyPgColumn;
    const field = spec.def.fields.find((f) => f.name === name);
    kinds[name] = (field && FIELD_CURSOR_KIND[field.kind]) ?? 'text';
  }
  return {
    columns,
    defaultSort: sort.field,
    defaultOrder: sort.order,
    tiebreak: spec.id,
    nullable: spec.nullable,
    kinds,
  };
}

/** The list's WHERE: scope, the fields' filters, the extra filters (also what a list's totals sum over). */
export function whereOf<D extends EntityDef, Raw>(
  spec: EntityListSpec<D, Raw>,
  c: Ctx,
  q: Record<string, unknown>,
): SQL {
  const staff = signedIn(c);
  const own = Object.keys(spec.extra ?? {});
  return and(
    spec.scope(staff),
    ...filterWhere(spec.def, spec.columns, q, staff.tenantId, own),
    ...(spec.where?.(q, staff) ?? []),
  )!;
}

/**
 * A list querystring as a route receives it: paging and sorting, and the definition's filters (the route's schema,
 * made from the same definition, has checked them; `ListQuery<typeof def>` is their precise type for services).
 */
type Query = PageParams & Record<string, unknown>;

/** A list route's querystring schema, as entityList and entityExport take it. */
type ListSchema = SchemaOf<{ properties: Record<string, object> }, Query>;

/** One page of an entity's list. */
export async function readList<D extends EntityDef, Raw>(
  spec: EntityListSpec<D, Raw>,
  c: Ctx,
  q: ListQuery<D> | Query,
) {
  const query = q as Record<string, unknown>;
  const where = whereOf(spec, c, query);
  const plan = paging(q, sortSpec(spec));
  const { rows, ...page } = await listPage(
    c.db,
    spec.table,
    where,
    plan,
    (inPage, cursorKey) =>
      spec
        .select(c.db, cursorKey)
        .where(inPage)
        .orderBy(...plan.orderBy),
    { name: spec.def.name, search: [spec.search ?? []].flat().some((p) => !!query[p]) },
  );
  return { data: rows.map(spec.present), ...page };
}

/** The keyset condition after a row, in the plan's order. */
function after(plan: PagePlan, last: { key: string; id: number }): SQL {
  const cmp = sql.raw(plan.order === 'asc' ? '>' : '<');
  return plan.column === plan.tiebreak
    ? sql`${plan.tiebreak} ${cmp} ${last.id}`
    : sql`(${plan.column}, ${plan.tiebreak}) ${cmp} (${last.key}, ${last.id})`;
}

/** Every matching row in the list's order, in batches of EXPORT_BATCH (keyset; OFFSET for a nullable sort). */
export function exportBatches<D extends EntityDef, Raw>(spec: EntityListSpec<D, Raw>, c: Ctx, q: ListQuery<D> | Query) {
  const where = whereOf(spec, c, q as Record<string, unknown>);
  const plan = paging({ sort: q.sort, order: q.order }, sortSpec(spec));
  const cursorKey = sql<string>`json_build_array((${plan.column})::text, ${plan.tiebreak})::text`;
  let offset = 0;
  return async (last: (Raw & { _cursor: string }) | null) => {
    const [key, id] = last ? (JSON.parse(last._cursor) as [string, number]) : [];
    const cond = last && plan.keyset ? and(where, after(plan, { key: key!, id: id! })) : where;
    const query = spec
      .select(c.db, cursorKey)
      .where(cond)
      .orderBy(...plan.orderBy);
    const rows = plan.keyset
      ? await query.limit(EXPORT_BATCH)
      : await (query as unknown as { limit(n: number): { offset(n: number): Promise<Raw[]> } })
          .limit(EXPORT_BATCH)
          .offset(offset);
    offset += rows.length;
    return rows as (Raw & { _cursor: string })[];
  };
}

/** The file name of an export: `<entity>-<YYYYMMDD-HHmmss>.csv` (.xlsx by its format, sendExport). */
const fileName = (def: EntityDef) =>
  `${def.name.replace(/\W+/g, '_')}-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.csv`;

/**
 * The list and export routes of an entity in one call: `GET <paths.list>` answers `{ data, total, ... }` pages and
 * `GET <paths.export>` (default `<list>/export`) a CSV of every match in the list's order, both within the staff
 * member's scope, both permission-checked on the definition's resource chain.
 */
export function entityList<D extends EntityDef, Raw>(app: FastifyInstance, spec: EntityListSpec<D, Raw>): void {
  const { def } = spec;
  if (!def.paths.list) throw new Error(`${def.name} has no list path`);
  // the resource alone when no menu parent also grants it
  const chain = def.parents?.length ? [def.resource, ...def.parents] : def.resource;
  // the route's query as every list route takes it (ListQuery<D> cannot be resolved for a generic D)
  const querystring: ListSchema = schemaOf<Query>()(listQuery(def, spec.extra, sortKeys(spec)));
  const tags = spec.tags ?? [def.name];
  const sorts = sortKeys(spec).join(', ');
  typed(app).get(
    def.paths.list,
    {
      config: { permission: requires(chain, spec.permission?.list ?? 'read') },
      schema: {
        tags,
        description: `${spec.description} Sort: ${sorts || 'id'}. ${TOTAL_DESCRIPTION}`,
        querystring,
        response: { 200: listResponseSchema(rowSchema(def)), ...errorResponses(400, 401, 403) },
      },
    },
    (req) => readList(spec, ctx(req), req.query),
  );
  if (def.paths.export === undefined && !def.paths.list) return;
  entityExport(app, spec, { chain, tags, querystring });
}

/**
 * `GET <paths.export>` (default `<list>/export`) of an entity's list: every row the list's filters match in the list's
 * order, within the staff member's scope, as CSV or .xlsx (`format`), headers in `lang`, times in `tz`; audited.
 */
export function entityExport<D extends EntityDef, Raw>(
  app: FastifyInstance,
  spec: EntityListSpec<D, Raw>,
  opts: { chain: string | string[]; tags: string[]; querystring: ListSchema },
): void {
  const { def } = spec;
  const querystring = schemaOf<Query & ExportParams>()(withParams(opts.querystring, exportParams));
  typed(app).get(
    def.paths.export ?? `${def.paths.list}/export`,
    {
      config: { permission: requires(opts.chain, spec.permission?.export ?? 'export') },
      schema: {
        tags: opts.tags,
        description:
          `CSV (UTF-8 with BOM) or .xlsx (\`format\`) of every row the list's filters match, in the list's order, ` +
          `headers in \`lang\`, times in \`tz\`. ${spec.description}`,
        querystring,
        produces: EXPORT_PRODUCES,
        response: { 200: EXPORT_RESPONSE, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const c = ctx(req);
      const present = (raw: Raw & { _cursor: string }) => spec.present(raw) as Record<string, unknown>;
      const columns = csvColumns(def, q.lang ?? 'zh-CN', q.tz ?? (await tenantTimeZone(c.db, signedIn(c).tenantId)));
      const fetch = exportBatches(spec, c, q);
      let lastRaw: (Raw & { _cursor: string }) | null = null;
      const batch = async () => {
        const rows = await fetch(lastRaw);
        lastRaw = rows[rows.length - 1] ?? null;
        return rows.map(present);
      };
      const sheet = sheetTitle(def, q.lang ?? 'zh-CN');
      return sendExport(reply, fileName(def), exportStream(q.format, columns, batch, sheet), q.format);
    },
  );
}
