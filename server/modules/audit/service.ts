/**
 * Reading the audit trail (domain/audit.ts): the list and its export (core/entity.ts entityList), one row with its
 * before/after, and the history of a target. Always within the caller's tenant.
 */
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_HISTORY_LIMIT,
  CREATED_UNDER,
  auditLog as auditEntity,
  type AuditDetail,
  type AuditHistory,
  type AuditOrigin,
  type AuditResult,
  type AuditRow,
} from '../../../domain/audit';
import { auditLog } from '../../db/schema';
import type { EntityListSpec } from '../../core/entity';
import type { Executor } from '../../core/db';
import { NotFoundError } from '../../core/errors';
import { auditSigningKey } from '../../core/audit';
import { rowOrigin } from '../../core/audit-chain';
import type { StaffScope } from '../../core/scope';

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  username: auditLog.username,
  action: auditLog.action,
  resource: auditLog.resource,
  targetId: auditLog.targetId,
  result: auditLog.result,
  ip: auditLog.ip,
  detail: auditLog.detail,
  // what the row's signature covers and the signature itself (the row's origin, core/audit-chain.ts rowOrigin)
  tenantId: auditLog.tenantId,
  before: auditLog.before,
  after: auditLog.after,
  mac: auditLog.mac,
  dbRole: auditLog.dbRole,
  requestId: auditLog.requestId,
};

/** Rows with `_cursor` (the list's paging key), open for WHERE. */
function selectRows(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({ ...columns, _cursor: cursor })
    .from(auditLog)
    .$dynamic();
}

type Raw = Omit<Awaited<ReturnType<typeof selectRows>>[number], '_cursor'>;

/** Who wrote the row: signed by the API's key, before signing, or outside the API's writer. */
function origin(r: Raw): AuditOrigin {
  const key = auditSigningKey();
  if (key) return rowOrigin(key, r);
  return r.dbRole === null ? 'legacy' : 'outside_api';
}

/** A row as the API answers it. */
export function presentRow(r: Raw): AuditRow {
  return {
    id: r.id,
    at: r.at.toISOString(),
    user_id: r.userId,
    username: r.username,
    action: r.action,
    resource: r.resource,
    target_id: r.targetId,
    result: r.result as AuditResult,
    ip: r.ip,
    detail: r.detail,
    origin: origin(r),
    request_id: r.requestId,
    db_role: r.dbRole,
  };
}

/** The caller's tenant. */
const inTenant = (tenantId: string) => eq(auditLog.tenantId, tenantId);

/** The list (and CSV export) of the tenant's audit rows. */
export const auditListSpec: EntityListSpec<typeof auditEntity, Raw> = {
  def: auditEntity,
  table: auditLog,
  id: auditLog.id,
  columns: {
    id: auditLog.id,
    at: auditLog.at,
    user_id: auditLog.userId,
    username: auditLog.username,
    action: auditLog.action,
    resource: auditLog.resource,
    target_id: auditLog.targetId,
    result: auditLog.result,
    ip: auditLog.ip,
    request_id: auditLog.requestId,
  },
  scope: (staff: StaffScope) => inTenant(staff.tenantId),
  extra: {
    action_in: {
      type: 'string',
      maxLength: 500,
      pattern: '^[a-z_]+(\\.[a-z_]+)*(,[a-z_]+(\\.[a-z_]+)*)*$',
      description: 'One or a comma list of whole actions (auth.login,auth.lockout)',
    },
  },
  where: (q) =>
    typeof q.action_in === 'string' ? [inArray(auditLog.action, q.action_in.split(',').slice(0, 50))] : [],
  select: (db, cursor) => selectRows(db, cursor),
  present: presentRow,
  tags: ['audit'],
  description:
    "The tenant's audit trail, newest first by default: who (user_id, username as signed in or as typed at sign-in), " +
    'what (action, e.g. deposit.approve; `action` filters by prefix, `action_in` by a list), the target (resource and ' +
    'target_id), the result (success, failure, denied, pending), the address and a detail. Filters: user_id, username ' +
    'prefix, action prefix, action_in, resource, target_id, result (comma list), ip prefix, request_id (the id of an ' +
    'error answer, X-Request-Id), at_from/at_to (days ' +
    "in the tenant's time zone). The export is itself audited (list.export).",
};

/**
 * The rows about a target, oldest first: those naming it (resource and target_id), and for a record created under
 * another target (CREATED_UNDER: a deposit on its client) the rows of its kind whose result (`after.id`) is it.
 */
export async function targetHistory(
  db: Executor,
  tenantId: string,
  type: string,
  id: string,
  limit = AUDIT_HISTORY_LIMIT,
): Promise<AuditHistory> {
  const named = and(eq(auditLog.resource, type), eq(auditLog.targetId, id));
  const prefix = Object.hasOwn(CREATED_UNDER, type) ? CREATED_UNDER[type] : undefined;
  const created = prefix
    ? and(
        sql`${auditLog.after} ->> 'id' = ${id}`,
        ne(auditLog.resource, type),
        sql`${auditLog.action} LIKE ${`${prefix}.%`}`,
      )
    : undefined;
  const rows = await db
    .select(columns)
    .from(auditLog)
    .where(and(inTenant(tenantId), created ? or(named, created) : named))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(limit + 1);
  return { data: rows.slice(0, limit).map(presentRow), truncated: rows.length > limit };
}

/** One row of the tenant with its before/after, chain position and its target's history (404 otherwise). */
export async function auditDetail(db: Executor, tenantId: string, id: number): Promise<AuditDetail> {
  const [r] = await db
    .select({ ...columns, seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .where(and(inTenant(tenantId), eq(auditLog.id, id)))
    .limit(1);
  if (!r) throw new NotFoundError('Audit record');
  const history =
    r.resource && r.targetId
      ? await targetHistory(db, tenantId, r.resource, r.targetId)
      : { data: [], truncated: false };
  return {
    ...presentRow(r),
    before: r.before,
    after: r.after,
    seq: r.seq,
    hash: r.hash,
    history: history.data,
    history_truncated: history.truncated,
  };
}
