/**
 * The writes an entity's definition declares (domain/entity.ts: fields flagged `create` / `edit` with their rules),
 * registered in one call, `entityWrites(app, spec)`: `POST paths.create`, `PUT paths.update`, `DELETE paths.delete`,
 * each with its body schema made from the flags (unknown fields 400 `unknown_field`), its TypeScript body type
 * (`CreateBody<typeof def>`, `UpdateBody<typeof def>`), the permission chain of the definition's resource (the verb,
 * or the definition's `writeGrant`), `write()`
 * (transaction, retry, audit row `<entity>.create|update|delete` with before and after), 404 for a row outside the
 * caller's tenant, 409 `duplicate` for a `unique` field. What only one entity knows goes in its hooks.
 */
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  resourceChain,
  writeFields,
  writeProblems,
  type EntityDef,
  type FieldDef,
  type Row,
} from '../../domain/entity';
import { requires } from './access';
import { ctx, signedIn } from './context';
import type { Executor, Tx } from './db';
import { fieldSchema, rowSchema, type EntityListSpec } from './entity';
import { DuplicateError, errorResponses, NotFoundError, ValidationError, type FieldCode } from './errors';
import { idParams } from './params';
import { typed } from './typed';
import type { StaffScope } from './scope';
import { write } from './write';

type Staff = StaffScope & { id: number };
type Values = Record<string, unknown>;

/** What a hook of a write knows. */
export interface WriteContext<D extends EntityDef> {
  tx: Tx;
  staff: Staff;
  /** The row before the change (update, delete). */
  current?: Row<D>;
}

/** Field problems as codes (`errors.field.<code>` in the console); a hook answers them to refuse a write with 400. */
export type FieldCodes = Partial<Record<string, FieldCode | { code: FieldCode; limit?: number }>>;

/** 400 validation with one code (and its limit, if any) per field; nothing when there is none. */
export function refuse(problems: FieldCodes): void {
  const issues = Object.entries(problems).flatMap(([field, p]) => {
    if (!p) return [];
    const problem = typeof p === 'string' ? { code: p } : p;
    return [[field, { ...problem, message: `${field} is not valid (${problem.code})` }] as const];
  });
  if (!issues.length) return;
  throw new ValidationError(Object.fromEntries(issues));
}

/** How an entity's writes run. */
export interface EntityWritesSpec<D extends EntityDef, Raw> {
  /** The entity's list: its definition, id column, scope and row select read a row back (the answer, `before`). */
  list: EntityListSpec<D, Raw>;
  /** The table written. It gets `tenantId`, `createdBy`, `updatedBy`, `updatedAt` by itself when it has them. */
  table: PgTable;
  /** The column of each written field not among the list's `columns`. */
  columns?: Readonly<Record<string, AnyPgColumn>>;
  /** Rules beyond the definition's (across fields, against other rows): problems by field, or nothing. */
  validate?: (values: Values, w: WriteContext<D>) => FieldCodes | undefined | Promise<FieldCodes | undefined>;
  /**
   * The values to store from the checked body, by field name (e.g. a decimal in its stored spelling; a field not of
   * the definition needs its column in `columns`); `unique` fields are checked in this spelling. Default the body.
   */
  beforeWrite?: (values: Values, w: WriteContext<D>) => Values | Promise<Values>;
  /** Refuses a delete by throwing (e.g. 409 when records still name the row). */
  beforeDelete?: (current: Row<D>, w: WriteContext<D>) => Promise<void>;
  /** What the OpenAPI descriptions add (the entity's rules). */
  description?: string;
  /** The audit actions' prefix, `<prefix>.create|update|delete` (default the definition's name). */
  auditPrefix?: string;
}

/** The JSON schema of a written field: its wire type with the limits the API checks at the route. */
function inputSchema(f: FieldDef): Record<string, unknown> {
  const s = fieldSchema(f);
  if (f.kind === 'currency' && f.values) return { ...s, enum: [...f.values, ...(f.nullable ? [null] : [])] };
  if (f.kind === 'enums') return { ...s, uniqueItems: true, maxItems: f.values?.length ?? 100 };
  if (f.kind === 'integer' || f.kind === 'id') {
    return {
      ...s,
      ...(f.min !== undefined ? { minimum: f.min } : {}),
      ...(f.max !== undefined ? { maximum: f.max } : {}),
    };
  }
  return s;
}

/**
 * The body schema of a create or update: the fields flagged `create` / `edit`, the `required` ones required, nothing
 * else (an unknown field is 400 `unknown_field`: `propertyNames`, since additionalProperties only strips). Blank
 * text, `requiredIf`, `minLength` and `pattern` are checked after trimming (`writeProblems`, the console's rules too).
 */
export function writeBodySchema(def: EntityDef, mode: 'create' | 'edit') {
  const fields = writeFields(def, mode);
  return {
    type: 'object',
    additionalProperties: false,
    propertyNames: { enum: fields.map((f) => f.name) },
    properties: Object.fromEntries(fields.map((f) => [f.name, inputSchema(f)])),
    required: fields.filter((f) => f.required).map((f) => f.name),
  } as const;
}

/** The Postgres error code of a failed query (drizzle wraps the driver's error). */
const pgCode = (e: unknown): unknown =>
  (e as { code?: unknown }).code ?? ((e as { cause?: { code?: unknown } }).cause?.code as unknown);

/**
 * Registers an entity's create, update and delete (those its definition has paths and flagged fields for), as the
 * module comment says. Answers each the written row as its list shows it (a delete: the row deleted).
 */
export function entityWrites<D extends EntityDef, Raw>(app: FastifyInstance, spec: EntityWritesSpec<D, Raw>): void {
  const { list, table } = spec;
  const { def } = list;
  const chain = resourceChain(def);
  const action = spec.auditPrefix ?? def.name;
  const tags = list.tags ?? [def.name];
  const route = (path: string) => path.replace('{id}', ':id');
  const columns: Record<string, AnyPgColumn> = { ...list.columns, ...spec.columns };
  const keys = new Map(Object.entries(getTableColumns(table)).map(([key, col]) => [col as AnyPgColumn, key]));
  const own = getTableColumns(table) as Record<string, AnyPgColumn>;
  const keyOf = (field: string) => {
    const key = columns[field] && keys.get(columns[field]);
    if (!key) throw new Error(`${def.name}.${field} has no column of the written table`);
    return key;
  };
  const row = rowSchema(def);
  const rowLabel = def.name.replace(/_/g, ' ');
  const AUDITED = 'Audited (who, before, after) in the same transaction.';
  const about = spec.description ? ` ${spec.description}` : '';

  const readOne = async (db: Executor, staff: Staff, id: number): Promise<Row<D>> => {
    const [raw] = await list
      .select(db, sql<string>`''`)
      .where(and(eq(list.id, id), list.scope(staff)))
      .orderBy(sql`${list.id}`)
      .limit(1);
    if (!raw) throw new NotFoundError(rowLabel);
    return list.present(raw);
  };

  /** The checked body as column values (text trimmed, blank optional text null or empty). */
  const checked = async (body: Values, mode: 'create' | 'edit', w: WriteContext<D>) => {
    const values: Values = {};
    for (const f of writeFields(def, mode)) {
      if (!Object.hasOwn(body, f.name)) {
        if (mode === 'create' && f.default !== undefined) values[f.name] = f.default;
        continue;
      }
      const v = body[f.name];
      values[f.name] = typeof v === 'string' && f.kind !== 'richtext' && f.trim !== false ? v.trim() : v;
      if (values[f.name] === '' && f.nullable) values[f.name] = null;
    }
    // requiredIf reads the other field's value: the body's, else the row's
    const all = { ...(w.current as Values | undefined), ...values };
    refuse(Object.fromEntries(Object.entries(writeProblems(def, all, mode)).map(([k, p]) => [k, p.code])));
    refuse((await spec.validate?.(values, w)) ?? {});
    // unique in the stored spelling (e.g. a code upper-cased by beforeWrite)
    const written = spec.beforeWrite ? await spec.beforeWrite(values, w) : values;
    await assertUnique(w, { ...(w.current as Values | undefined), ...written }, written);
    return written;
  };

  /** 409 duplicate when another row of the tenant has a `unique` field's value (with its companions). */
  const assertUnique = async (w: WriteContext<D>, all: Values, written: Values) => {
    for (const f of def.fields.filter((x) => x.unique)) {
      const together = [f.name, ...(Array.isArray(f.unique) ? (f.unique as string[]) : [])];
      if (!together.some((n) => Object.hasOwn(written, n))) continue;
      if (together.some((n) => all[n] === null || all[n] === undefined)) continue;
      const conds: SQL[] = together.map((n) => eq(columns[n], all[n]));
      if (w.current) conds.push(ne(list.id, (w.current as Values).id as number));
      const [clash] = await w.tx
        .select({ id: list.id })
        .from(table)
        .where(and(list.scope(w.staff), ...conds))
        .limit(1);
      if (clash) throw new DuplicateError(f.name);
    }
  };

  /** The table's own bookkeeping columns. */
  const stamps = (staff: Staff, creating: boolean): Values => ({
    ...(creating && own.tenantId ? { tenantId: staff.tenantId } : {}),
    ...(creating && own.createdBy ? { createdBy: staff.id } : {}),
    ...(own.updatedBy ? { updatedBy: staff.id } : {}),
    ...(!creating && own.updatedAt ? { updatedAt: sql`now()` } : {}),
  });
  const toColumns = (values: Values) =>
    Object.fromEntries(Object.entries(values).map(([field, v]) => [keyOf(field), v]));
  /** A unique index the check above raced with: the same 409 on the first unique field. */
  const orDuplicate = (e: unknown): never => {
    const first = def.fields.find((f) => f.unique);
    if (pgCode(e) === '23505' && first) throw new DuplicateError(first.name);
    throw e;
  };

  if (def.paths.create && writeFields(def, 'create').length) {
    typed(app).post(
      route(def.paths.create),
      {
        config: { permission: requires(chain, def.writeGrant ?? 'create') },
        schema: {
          tags,
          description: `Adds a ${rowLabel}; answers it. A unique value another row has: 409 duplicate.${about} ${AUDITED}`,
          body: writeBodySchema(def, 'create'),
          response: { 200: row, ...errorResponses(400, 401, 403, 409) },
        },
      },
      (req) => {
        const staff = signedIn(ctx(req));
        return write(req, {
          action: `${action}.create`,
          resource: def.resource,
          targetId: (r: Row<D>) => (r as Values).id as number,
          run: async (tx) => {
            const values = await checked(req.body as Values, 'create', { tx, staff });
            const [row] = await tx
              .insert(table)
              .values({ ...toColumns(values), ...stamps(staff, true) } as never)
              .returning({ id: list.id })
              .catch(orDuplicate);
            return readOne(tx, staff, row.id as number);
          },
        });
      },
    );
  }

  if (def.paths.update && writeFields(def, 'edit').length) {
    typed(app).put(
      route(def.paths.update),
      {
        config: { permission: requires(chain, def.writeGrant ?? 'update') },
        schema: {
          tags,
          description: `Changes a ${rowLabel} (a field left out keeps its value); answers it. Another tenant's or a missing one: 404; a unique value another row has: 409 duplicate.${about} ${AUDITED}`,
          params: idParams,
          body: writeBodySchema(def, 'edit'),
          response: { 200: row, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (req) => {
        const staff = signedIn(ctx(req));
        const { id } = req.params;
        return write(req, {
          action: `${action}.update`,
          resource: def.resource,
          targetId: id,
          run: async (tx) => {
            const current = await readOne(tx, staff, id);
            const values = await checked(req.body as Values, 'edit', { tx, staff, current });
            await tx
              .update(table)
              .set({ ...toColumns(values), ...stamps(staff, false) } as never)
              .where(and(eq(list.id, id), list.scope(staff)))
              .catch(orDuplicate);
            return { current, row: await readOne(tx, staff, id) };
          },
          beforeOf: (r) => r.current,
          after: (r) => r.row,
        }).then((r) => r.row);
      },
    );
  }

  if (def.paths.delete) {
    typed(app).delete(
      route(def.paths.delete),
      {
        config: { permission: requires(chain, def.writeGrant ?? 'delete') },
        schema: {
          tags,
          description: `Deletes a ${rowLabel}; answers it. Another tenant's or a missing one: 404.${about} ${AUDITED}`,
          params: idParams,
          response: { 200: row, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (req) => {
        const staff = signedIn(ctx(req));
        const { id } = req.params;
        return write(req, {
          action: `${action}.delete`,
          resource: def.resource,
          targetId: id,
          run: async (tx) => {
            const current = await readOne(tx, staff, id);
            await spec.beforeDelete?.(current, { tx, staff, current });
            await tx.delete(table).where(and(eq(list.id, id), list.scope(staff)));
            return current;
          },
          beforeOf: (r) => r,
          after: () => null,
        });
      },
    );
  }
}
