/**
 * A tenant's narrowings of the role grants (domain/permission.ts): read, replace one role's set (bumping the tenant's
 * version in the same transaction) and the history of versions.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ACTIONS,
  ADMIN_LOCKED_RESOURCES,
  ADMIN_ROLE,
  ROLES,
  featureFlags,
  loadRole,
  roleHas,
  type Narrowing,
} from '../../../permissions';
import { permissionNarrowing, permissionVersion, tenant } from '../../db/schema';
import { readTenantPermissions } from '../../core/access';
import type { Staff } from '../../core/auth';
import type { Executor, Tx } from '../../core/db';
import { HttpError } from '../../core/errors';
import { announceSessions } from '../../core/events';
import { isMoneyResource, type ControlChange, type PendingChangeAnswer } from '../../../domain/approval';
import { activeAdministrator, proposeChange } from '../approval/gate';
import { byStaff } from '../records/common';

const key = (n: Narrowing) => `${n.resource}\u0000${n.action}`;
const sorted = (list: Narrowing[]) =>
  [...list].sort((a, b) => a.resource.localeCompare(b.resource) || a.action.localeCompare(b.action));

/** Every role's JSON grants with the tenant's narrowings, at the tenant's version. */
export async function permissionList(db: Executor, tenantId: string) {
  const state = await readTenantPermissions(db, tenantId);
  return {
    version: state.version,
    actions: [...ACTIONS],
    roles: ROLES.map((role) => {
      const def = loadRole(role);
      return {
        role,
        name: def.name,
        grants: def.grants.map((g) => ({ resource: g.resource, actions: g.actions })),
        removed: sorted(state.removed[role] ?? []),
        feature_flags: featureFlags(role),
      };
    }),
  };
}

/** One role's narrowings in a tenant. */
export async function roleNarrowings(db: Executor, tenantId: string, role: string): Promise<Narrowing[]> {
  const rows = await db
    .select({ resource: permissionNarrowing.resource, action: permissionNarrowing.action })
    .from(permissionNarrowing)
    .where(and(eq(permissionNarrowing.tenantId, tenantId), eq(permissionNarrowing.role, role)));
  return sorted(rows);
}

/** Refuses a set the rules do not allow: widening (400), the administrator's own permission page (409). */
export function checkNarrowings(role: string, removed: readonly Narrowing[]): void {
  const grants = loadRole(role).grants;
  const errors: Record<string, string> = {};
  removed.forEach((n, i) => {
    if (!roleHas(grants, n.resource, n.action))
      errors[`removed/${i}`] = `${role} does not hold ${n.resource}:${n.action}`;
  });
  if (Object.keys(errors).length) {
    throw new HttpError(400, 'permission_not_granted', 'A narrowing may only remove what the role holds', errors);
  }
  if (role === ADMIN_ROLE && removed.some((n) => ADMIN_LOCKED_RESOURCES.includes(n.resource))) {
    throw new HttpError(
      409,
      'permission_self_lockout',
      'The administrator role cannot be narrowed on the permission page or its menu group',
    );
  }
}

/** What a replacement changes: narrowings added and lifted. */
export function diffNarrowings(before: readonly Narrowing[], after: readonly Narrowing[]) {
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return {
    removed: sorted(after.filter((n) => !had.has(key(n)))),
    restored: sorted(before.filter((n) => !has.has(key(n)))),
  };
}

/** The tenant's current version, the tenant row locked so that concurrent changes take turns. */
async function lockedVersion(tx: Tx, tenantId: string): Promise<number> {
  await tx.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, tenantId)).for('update');
  const [row] = await tx
    .select({ v: sql<number>`coalesce(max(${permissionVersion.version}), 0)::int` })
    .from(permissionVersion)
    .where(eq(permissionVersion.tenantId, tenantId));
  return Number(row?.v ?? 0);
}

/** A narrowing as the approvals queue shows it: `resource:action`. */
const label = (n: Narrowing) => `${n.resource}:${n.action}`;

/**
 * Replaces a role's narrowings in the staff member's tenant and bumps the version (409 permission_version_conflict
 * when the tenant's version is no longer `seen`). Answers the role's set and the new version. A change that adds or
 * lifts a narrowing on a money resource (domain/approval.ts MONEY_RESOURCES) is a control change: checked now,
 * applied only when a second administrator approves it in the queue (kind role_grants, applyRoleGrants); the answer is
 * then the pending approval (202) and nothing changes meanwhile.
 */
export async function replaceNarrowings(
  tx: Tx,
  staff: Staff,
  role: string,
  input: Narrowing[],
  seen: number,
): Promise<{ role: string; removed: Narrowing[]; version: number } | PendingChangeAnswer> {
  const unique = sorted([...new Map(input.map((n) => [key(n), n])).values()]);
  checkNarrowings(role, unique);
  const current = await lockedVersion(tx, staff.tenantId);
  if (current !== seen) {
    throw new HttpError(409, 'permission_version_conflict', `The permissions are at version ${current}, not ${seen}`);
  }
  const before = await roleNarrowings(tx, staff.tenantId, role);
  const diff = diffNarrowings(before, unique);
  if (!diff.removed.length && !diff.restored.length) return { role, removed: before, version: current };
  if ([...diff.removed, ...diff.restored].some((n) => isMoneyResource(n.resource)))
    return proposeChange(tx, byStaff(staff), 'role_grants', {
      op: 'replace',
      target: role,
      from: { removed: before.map(label) },
      to: { removed: unique.map(label) },
      apply: { role, add: diff.removed, lift: diff.restored },
    });
  return writeNarrowings(tx, staff, role, unique, current, diff);
}

/** Writes a role's new narrowings and the tenant's next version (`current` + 1), by `staff`. */
async function writeNarrowings(
  tx: Tx,
  staff: Pick<Staff, 'id' | 'name' | 'username' | 'tenantId'>,
  role: string,
  unique: Narrowing[],
  current: number,
  diff: { removed: Narrowing[]; restored: Narrowing[] },
) {
  await tx
    .delete(permissionNarrowing)
    .where(and(eq(permissionNarrowing.tenantId, staff.tenantId), eq(permissionNarrowing.role, role)));
  if (unique.length) {
    await tx
      .insert(permissionNarrowing)
      .values(unique.map((n) => ({ tenantId: staff.tenantId, role, ...n, createdBy: staff.id })));
  }
  const version = current + 1;
  await tx.insert(permissionVersion).values({
    tenantId: staff.tenantId,
    version,
    role,
    ...diff,
    changedBy: staff.id,
    changedByName: staff.name || staff.username,
  });
  // the role's open event streams check their grants again (at commit)
  await announceSessions(tx, { tenant: staff.tenantId, role });
  return { role, removed: unique, version };
}

/**
 * Applies an approved role_grants change as its maker (recorded as who changed it): the narrowings it adds and lifts,
 * on the role's set as it is now (other changes made meanwhile are kept), checked again, with a new version. The
 * maker must still be an active administrator (403 role_not_allowed).
 */
export async function applyRoleGrants(
  tx: Executor,
  tenantId: string,
  makerId: number | null,
  change: ControlChange,
): Promise<void> {
  const maker = await activeAdministrator(tx, tenantId, makerId);
  const { role, add, lift } = change.apply as { role: string; add: Narrowing[]; lift: Narrowing[] };
  const current = await lockedVersion(tx as Tx, tenantId);
  const before = await roleNarrowings(tx, tenantId, role);
  const lifted = new Set(lift.map(key));
  const unique = sorted([
    ...new Map([...before.filter((n) => !lifted.has(key(n))), ...add].map((n) => [key(n), n])).values(),
  ]);
  checkNarrowings(role, unique);
  const diff = diffNarrowings(before, unique);
  if (!diff.removed.length && !diff.restored.length) return;
  await writeNarrowings(tx as Tx, { ...maker, tenantId }, role, unique, current, diff);
}

/** The tenant's versions, newest first. */
export async function versionHistory(db: Executor, tenantId: string, limit: number) {
  const rows = await db
    .select()
    .from(permissionVersion)
    .where(eq(permissionVersion.tenantId, tenantId))
    .orderBy(desc(permissionVersion.version))
    .limit(limit);
  return {
    items: rows.map((r) => ({
      version: r.version,
      role: r.role,
      removed: r.removed as Narrowing[],
      restored: r.restored as Narrowing[],
      changed_by: r.changedBy,
      changed_by_name: r.changedByName,
      changed_at: r.changedAt.toISOString(),
    })),
  };
}
