/**
 * The list of a table of one tenant's rows (the config entities: currency pairs, exchanges, rates, IP allow-list,
 * receiving addresses, global configs, emergency plans, findings...), declared once: the table's `id` keys the list
 * (order tiebreak, keyset), its `tenantId` scopes it, and one row is read back with the list's own select and
 * presenter in the caller's tenant (404 outside it). `staffNamed` is the usual row select: the given columns with
 * the name of the staff member a column names (who added or changed the row last).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { EntityDef, Row } from '../../domain/entity';
import { staffUser } from '../db/schema';
import type { Executor } from './db';
import type { EntityListSpec } from './entity';
import { NotFoundError } from './errors';
import type { StaffScope } from './scope';

/** A table of one tenant's rows. */
export type TenantTable = PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn };

/** A row select still open for WHERE, ORDER BY and LIMIT (drizzle's dynamic mode). */
export interface RowSelect<R> extends Promise<R[]> {
  where(cond: SQL | undefined): RowSelect<R>;
  orderBy(...order: (SQL | AnyPgColumn)[]): RowSelect<R>;
  limit(n: number): RowSelect<R>;
  offset(n: number): RowSelect<R>;
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(): Promise<R[]> };
}

/** What `staffNamed` selects: the fields, `staffName` (null when the column names no one) and `_cursor`. */
export type StaffNamed<F extends Record<string, unknown>> = SelectResultFields<F> & {
  staffName: string | null;
  _cursor: string;
};

/**
 * The rows of `table` as `fields` (columns, SQL, or the whole table under a key), with `staffName`: the name of the
 * staff member `by` names (a left join: null when none), and `_cursor` as given (the list's paging key).
 */
export function staffNamed<F extends Record<string, unknown>>(table: PgTable, fields: F, by: AnyPgColumn) {
  return (db: Executor, cursor: SQL<string> = sql<string>`''`): RowSelect<StaffNamed<F>> =>
    db
      .select({ ...(fields as Record<string, never>), staffName: staffUser.name, _cursor: cursor })
      .from(table)
      .leftJoin(staffUser, eq(staffUser.id, by))
      .$dynamic() as unknown as RowSelect<StaffNamed<F>>;
}

/** A tenant list's spec and its one-row read. */
export type TenantListSpec<D extends EntityDef, Raw> = EntityListSpec<D, Raw> & {
  /** One row of the tenant as the list shows it; else 404 (`notFound`: what the error names). */
  one(db: Executor, tenantId: string, id: number): Promise<Row<D>>;
};

/** The list of a tenant's table: `spec` with the table's key and tenant scope, and its one-row read. */
export function tenantList<D extends EntityDef, Raw>(
  table: TenantTable,
  notFound: string,
  spec: Omit<EntityListSpec<D, Raw>, 'table' | 'id' | 'scope'>,
): TenantListSpec<D, Raw> {
  return {
    ...spec,
    table,
    id: table.id,
    scope: (staff: StaffScope) => eq(table.tenantId, staff.tenantId),
    one: async (db, tenantId, id) => {
      const [row] = await spec
        .select(db, sql<string>`''`)
        .where(and(eq(table.id, id), eq(table.tenantId, tenantId)))
        .orderBy(sql`${table.id}`)
        .limit(1);
      if (!row) throw new NotFoundError(notFound);
      return spec.present(row);
    },
  };
}
