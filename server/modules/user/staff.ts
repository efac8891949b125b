/**
 * Staff members as other staff see them (GET /user/v1/list): the tenant's staff within the caller's scope, paged or
 * in full (capped), without password hashes, MFA secrets or sign-in bookkeeping. The row and the filters are those of
 * the `users` entity (domain/user.ts).
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sortFields } from '../../../domain/entity';
import { STAFF_ROLES, users, type StaffRole, type UserListQuery, type UserRow } from '../../../domain/user';
import { staffUser } from '../../db/schema';
import { filterWhere } from '../../core/entity';
import { listPage, listTotal, paging } from '../../core/list';
import { signedIn, type Ctx } from '../../core/context';
import type { Executor } from '../../core/db';
import { iso } from '../records/common';
import type { StaffScope } from '../../core/scope';

export { STAFF_ROLES, type StaffRole };

/** Most rows a `full=true` list answers. */
export const STAFF_FULL_MAX = 1000;

/** Filters of the staff list (the `users` entity's querystring). */
export type StaffFilters = UserListQuery;

/** A staff row as the API answers it. */
export type StaffRow = UserRow;

/**
 * Which staff this staff member may see and manage: supervisors and administrators every staff member of the tenant,
 * a team leader himself and his salesmen; anyone else nobody (the routes' `users` grant already keeps salesmen out).
 */
export function staffScope(staff: StaffScope): SQL {
  const tenant = eq(staffUser.tenantId, staff.tenantId);
  switch (staff.role) {
    case 'god':
    case 'angel':
      return tenant;
    case 'superman':
      return and(tenant, or(eq(staffUser.id, staff.id), eq(staffUser.leaderId, staff.id)))!;
    default:
      return sql`false`;
  }
}

/** The columns of the entity's filtered and sorted fields. */
const COLUMNS: Record<string, AnyPgColumn> = {
  id: staffUser.id,
  username: staffUser.username,
  name: staffUser.name,
  role: staffUser.role,
  active: staffUser.active,
  leader_id: staffUser.leaderId,
  create_datetime: staffUser.createdAt,
};

/** The SQL condition of the filters within the staff member's scope. */
export function staffWhere(staff: StaffScope, f: StaffFilters): SQL {
  return and(staffScope(staff), ...filterWhere(users, COLUMNS, f as Record<string, unknown>, staff.tenantId))!;
}

const leader = alias(staffUser, 'leader');

const SORT = {
  // created_at: the column's own name, kept as an alias of create_datetime.
  columns: {
    ...Object.fromEntries(sortFields(users).map((name) => [name, COLUMNS[name]])),
    created_at: staffUser.createdAt,
  },
  defaultSort: users.sort.field,
  defaultOrder: users.sort.order,
  tiebreak: staffUser.id,
};

/** Sortable columns of the staff list. */
export const STAFF_SORTS = Object.keys(SORT.columns);

const rowColumns = {
  id: staffUser.id,
  username: staffUser.username,
  name: staffUser.name,
  role: staffUser.role,
  active: staffUser.active,
  leaderId: staffUser.leaderId,
  leaderName: leader.name,
  mfaEnabled: staffUser.mfaEnabled,
  invitationCode: staffUser.invitationCode,
  createdAt: staffUser.createdAt,
};

/** The staff rows matching `where`, with their team leader's name. */
export function selectStaffRows(db: Executor, where: SQL, cursorKey: SQL<string> = sql<string>`''`) {
  return db
    .select({ ...rowColumns, _cursor: cursorKey })
    .from(staffUser)
    .leftJoin(leader, and(eq(leader.id, staffUser.leaderId), eq(leader.tenantId, staffUser.tenantId)))
    .where(where)
    .$dynamic();
}

/** A staff row as the API answers it. */
export function presentStaff(r: Awaited<ReturnType<typeof selectStaffRows>>[number]): StaffRow {
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    role: r.role as StaffRole,
    active: r.active,
    leader_id: r.leaderId,
    leader_name: r.leaderName,
    mfa: r.mfaEnabled,
    invitation_code: r.invitationCode,
    create_datetime: iso(r.createdAt)!,
  };
}

/**
 * The staff list: one page (core/list.ts listPage: page number or keyset cursor), or with `full` every match up to
 * STAFF_FULL_MAX in the same order, no cursor. `total` counts every match, so a full answer with fewer rows than
 * `total` was cut at the cap.
 */
export async function listStaff(c: Ctx, q: StaffFilters) {
  const where = staffWhere(signedIn(c), q);
  if (!q.full) {
    const plan = paging(q, SORT);
    const { rows, ...page } = await listPage(
      c.db,
      staffUser,
      where,
      plan,
      (inPage, cursorKey) => selectStaffRows(c.db, inPage, cursorKey).orderBy(...plan.orderBy),
      { name: 'staff' },
    );
    return { data: rows.map(presentStaff), ...page };
  }
  const { orderBy } = paging({ sort: q.sort, order: q.order }, SORT);
  const rows = await selectStaffRows(c.db, where)
    .orderBy(...orderBy)
    .limit(STAFF_FULL_MAX);
  // A short answer is the whole list; a full one may have been cut at the cap: count (capped, cached).
  const counted =
    rows.length < STAFF_FULL_MAX
      ? { total: rows.length, total_is_estimate: false }
      : await listTotal(c.db, staffUser, where);
  return { data: rows.map(presentStaff), ...counted, next_cursor: null };
}
