/**
 * Staff members as other staff see them (GET /user/v1/list): the tenant's staff within the caller's scope, paged or
 * in full (capped), without password hashes, MFA secrets or sign-in bookkeeping.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { staffUser } from '../../db/schema';
import { listPage, listTotal, paging, startsWith, type ListParams } from '../../core/list';
import { signedIn, type Ctx } from '../../core/context';
import { iso } from '../records/common';
import type { StaffScope } from '../../core/scope';

/** The staff roles, highest first. */
export const STAFF_ROLES = ['god', 'angel', 'superman', 'hero'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Most rows a `full=true` list answers. */
export const STAFF_FULL_MAX = 1000;

/** Filters of the staff list. */
export interface StaffFilters {
  /** One role or a comma list (god, angel, superman, hero). */
  role?: string;
  active?: boolean;
  /** Username prefix. */
  username?: string;
  /** Staff whose team leader this is. */
  leader_id?: number;
  /** Every match (up to STAFF_FULL_MAX) in one answer, no paging. */
  full?: boolean;
}

/** A staff row as the API answers it. */
export interface StaffRow {
  id: number;
  username: string;
  name: string;
  role: string;
  active: boolean;
  leader_id: number | null;
  leader_name: string | null;
  create_datetime: string;
}

/**
 * Which staff this staff member may list: supervisors and administrators every staff member of the tenant, a team
 * leader himself and his salesmen; anyone else nobody (the route's `users:read` grant already keeps salesmen out).
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

/** The roles of a `role` filter ('hero,superman'), duplicates and blanks dropped. */
export function rolesOf(role: string | undefined): StaffRole[] {
  if (!role) return [];
  const parts = role.split(',').map((r) => r.trim());
  return STAFF_ROLES.filter((r) => parts.includes(r));
}

/** The SQL condition of the filters within the staff member's scope. */
export function staffWhere(staff: StaffScope, f: StaffFilters): SQL {
  const conds: SQL[] = [staffScope(staff)];
  const roles = rolesOf(f.role);
  if (roles.length) conds.push(inArray(staffUser.role, roles));
  if (f.active !== undefined) conds.push(eq(staffUser.active, f.active));
  if (f.username) conds.push(startsWith(staffUser.username, f.username));
  if (f.leader_id) conds.push(eq(staffUser.leaderId, f.leader_id));
  return and(...conds)!;
}

const leader = alias(staffUser, 'leader');

const SORT = {
  // create_datetime: the console's name of created_at.
  columns: {
    id: staffUser.id,
    username: staffUser.username,
    name: staffUser.name,
    created_at: staffUser.createdAt,
    create_datetime: staffUser.createdAt,
  },
  defaultSort: 'id',
  defaultOrder: 'asc' as const,
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
  createdAt: staffUser.createdAt,
};

function selectRows(c: Ctx, where: SQL, cursorKey: SQL<string> = sql<string>`''`) {
  return c.db
    .select({ ...rowColumns, _cursor: cursorKey })
    .from(staffUser)
    .leftJoin(leader, and(eq(leader.id, staffUser.leaderId), eq(leader.tenantId, staffUser.tenantId)))
    .where(where)
    .$dynamic();
}

function present(r: Awaited<ReturnType<typeof selectRows>>[number]): StaffRow {
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    role: r.role,
    active: r.active,
    leader_id: r.leaderId,
    leader_name: r.leaderName,
    create_datetime: iso(r.createdAt)!,
  };
}

/**
 * The staff list: one page (core/list.ts listPage: page number or keyset cursor), or with `full` every match up to
 * STAFF_FULL_MAX in the same order, no cursor. `total` counts every match, so a full answer with fewer rows than
 * `total` was cut at the cap.
 */
export async function listStaff(c: Ctx, q: StaffFilters & ListParams) {
  const where = staffWhere(signedIn(c), q);
  if (!q.full) {
    const plan = paging(q, SORT);
    const { rows, ...page } = await listPage(
      c.db,
      staffUser,
      where,
      plan,
      (inPage, cursorKey) => selectRows(c, inPage, cursorKey).orderBy(...plan.orderBy),
      { name: 'staff' },
    );
    return { data: rows.map(present), ...page };
  }
  const { orderBy } = paging({ sort: q.sort, order: q.order }, SORT);
  const rows = await selectRows(c, where)
    .orderBy(...orderBy)
    .limit(STAFF_FULL_MAX);
  // A short answer is the whole list; a full one may have been cut at the cap: count (capped, cached).
  const counted =
    rows.length < STAFF_FULL_MAX
      ? { total: rows.length, total_is_estimate: false }
      : await listTotal(c.db, staffUser, where);
  return { data: rows.map(present), ...counted, next_cursor: null };
}
