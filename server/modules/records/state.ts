/** "Each record resolves once": the conditional state change every money record goes through. */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { NotFoundError, StateConflictError, ValidationError } from '../../core/errors';
import type { Executor } from '../../core/db';
import type { Actor } from './common';
import { recordScope } from '../../core/scope';
import { recordLive } from './live';

type RecordTable = PgTable & { id: any; tenantId: any; clientId: any; agentId: any; status: any };

/**
 * Moves record `id` from one of `from` to the state in `set` with one conditional
 * `UPDATE ... WHERE status IN (from) RETURNING *` (the row lock serialises competing requests; the loser sees the
 * new status and gets a 409 with nothing changed). Outside the tenant or the actor's scope, or not matching `extra`
 * (e.g. a compensation audited as a loan): 404.
 */
export async function transition<T extends RecordTable>(
  tx: Executor,
  table: T,
  what: string,
  actor: Actor,
  id: number,
  from: string[],
  set: Record<string, unknown>,
  action: string,
  extra?: SQL,
): Promise<T['$inferSelect']> {
  const scope = actor.staff ? recordScope(actor.staff, table) : eq(table.tenantId, actor.tenantId);
  const rows = await (tx as any)
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), scope, inArray(table.status, from), extra ?? sql`true`))
    .returning();
  if (rows.length) {
    await recordLive(tx, table, rows[0], 'decided', actor);
    return rows[0];
  }
  const [current] = await (tx as any)
    .select({ status: table.status })
    .from(table)
    .where(and(eq(table.id, id), scope, extra ?? sql`true`));
  if (!current) throw new NotFoundError(what);
  throw new StateConflictError(what, current.status, action);
}

/** The record if it is in the actor's tenant and scope; else NotFoundError. */
export async function recordInScope<T extends RecordTable>(
  tx: Executor,
  table: T,
  what: string,
  actor: Actor,
  id: number,
): Promise<T['$inferSelect']> {
  const scope = actor.staff ? recordScope(actor.staff, table) : eq(table.tenantId, actor.tenantId);
  const [row] = await (tx as any)
    .select()
    .from(table)
    .where(and(eq(table.id, id), scope));
  if (!row) throw new NotFoundError(what);
  return row;
}

/** An audit decision on a pending record. */
export type AuditDecision = 'approved' | 'rejected';

/** The columns an audit sets (status, who, when, remark); refuses a decision other than approved or rejected. */
export function auditPatch(actor: Actor, decision: AuditDecision, remark?: string | null) {
  if (decision !== 'approved' && decision !== 'rejected')
    throw new ValidationError({ status: 'status must be approved or rejected' });
  return {
    status: decision,
    resolvedBy: actor.staff?.id ?? null,
    resolvedAt: sql`now()`,
    ...(remark != null ? { remark } : {}),
  };
}

/** The columns a rollback sets (status rolled_back, who, when, remark). */
export function rollbackPatch(actor: Actor, remark?: string | null) {
  return {
    status: 'rolled_back',
    rolledBackBy: actor.staff?.id ?? null,
    rolledBackAt: sql`now()`,
    ...(remark != null ? { remark } : {}),
  };
}

/** Writes the txn columns of record `id` (the txn just posted for it) and answers the updated row. */
export async function linkTxn<T extends RecordTable>(
  tx: Executor,
  table: T,
  id: number,
  set: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const [row] = await (tx as any).update(table).set(set).where(eq(table.id, id)).returning();
  return row;
}
