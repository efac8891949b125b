import { jwtDecode } from 'jwt-decode';
import type { RaRecord } from 'ra-core';
import { tokenStore } from '../../authProvider/tokens';
import { LEADER_ROLE, users, type RoleChoice, type UserRow } from '../../domain/user';
import type { Http } from '../../dataProvider/http';

/** The signed-in staff member's id (the access token's `sub`), or undefined. */
export function ownId(): string | undefined {
  const token = tokenStore.get()?.access;
  if (!token) return undefined;
  try {
    return jwtDecode<{ sub?: string }>(token).sub;
  } catch {
    return undefined;
  }
}

/** Whether the row is the signed-in staff member's own account. */
export const isSelf = (record: Pick<RaRecord, 'id'>): boolean => String(record.id) === ownId();

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
