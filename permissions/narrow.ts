import { can } from './can';
import { ACTIONS, type Grant } from './types';

/** One action a tenant removed from a role's grants on one resource. */
export interface Narrowing {
  resource: string;
  action: string;
}

/** Whether the role's own grants (its JSON file, not narrowed) hold this exact action on this exact resource. */
export function roleHas(roleGrants: readonly Grant[], resource: string, action: string): boolean {
  return resource !== '*' && action !== '*' && (ACTIONS as readonly string[]).includes(action)
    ? can(roleGrants, resource, action)
    : false;
}

/**
 * The effective grants: the role's grants followed by one deny grant per narrowed resource (can() lets a deny win).
 * Never adds: a narrowing the role does not hold is dropped.
 */
export function narrowGrants(roleGrants: readonly Grant[], removed: readonly Narrowing[]): Grant[] {
  const byResource = new Map<string, string[]>();
  for (const n of removed) {
    if (!roleHas(roleGrants, n.resource, n.action)) continue;
    const list = byResource.get(n.resource) ?? [];
    if (!list.includes(n.action)) list.push(n.action);
    byResource.set(n.resource, list);
  }
  return [
    ...roleGrants,
    ...[...byResource].map(([resource, actions]) => ({ resource, actions: actions.sort(), deny: true })),
  ];
}

/** Resources the administrator role may not narrow: the permission page and its menu group (no self-lockout). */
export const ADMIN_LOCKED_RESOURCES: readonly string[] = ['permission', 'config'];
/** The role that administers permissions. */
export const ADMIN_ROLE = 'god';
