import { jwtDecode } from 'jwt-decode';
import type { RaRecord } from 'ra-core';
import { tokenStore } from '../../authProvider/tokens';
import { LEADER_ROLE, manages, users, type RoleChoice, type UserRow } from '../../domain/user';
import type { Http } from '../../dataProvider/http';

/** The signed-in staff member's access token claims (`sub`: his id, `role`), or {}. */
function claims(): { sub?: string; role?: string } {
  const token = tokenStore.get()?.access;
  if (!token) return {};
  try {
    return jwtDecode<{ sub?: string; role?: string }>(token);
  } catch {
    return {};
  }
}

/** The signed-in staff member's id (the access token's `sub`), or undefined. */
export const ownId = (): string | undefined => claims().sub;

/** Whether the row is the signed-in staff member's own account. */
export const isSelf = (record: Pick<RaRecord, 'id'>): boolean => String(record.id) === ownId();

/**
 * Whether the signed-in staff member manages the row's staff member (domain/user.ts manages: a strictly lower role,
 * administrators any): the list offers the row's actions and its edit page only then (the API refuses the rest).
 */
export const mayManage = (record: Pick<UserRow, 'role'>): boolean => manages(claims().role ?? '', record.role);

/** The choices of the team leader picker: the active team leaders in the caller's scope, "name (username)". */
export async function leaderChoices({ http }: { http: Http }) {
  const answer = await http<{ data: UserRow[] }>(users.paths.list!, {
    query: { full: true, role: LEADER_ROLE, active: true, sort: 'name', order: 'asc' },
  });
  return (answer?.data ?? []).map((s) => ({ id: s.id, name: `${s.name} (${s.username})` }));
}

/** The roles the signed-in staff member may give (`GET /user/v1/role`), highest first. */
export async function assignableRoles(http: Http): Promise<RoleChoice['id'][]> {
  const answer = await http<{ data: RoleChoice[] }>(users.paths.roles!);
  return (answer?.data ?? []).map((r) => r.id);
}

/** A row of the list by id: the whole list in scope (`full=true`), as there is no detail call (spec section 7). */
export async function userById(http: Http, id: string): Promise<UserRow | undefined> {
  const answer = await http<{ data: UserRow[] }>(users.paths.list!, { query: { full: true } });
  return (answer?.data ?? []).find((r) => String(r.id) === id);
}
