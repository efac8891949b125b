import type { Grant } from './types';

const matches = (g: Grant, resource: string, action: string) =>
  (g.resource === '*' || g.resource === resource) && (g.actions.includes('*') || g.actions.includes(action));

/** Whether a deny grant (a tenant's narrowing, permissions/narrow.ts) removes `action` on `resource`. */
export function denied(grants: readonly Grant[] | undefined, resource: string, action: string): boolean {
  return !!grants && grants.some((g) => g.deny && matches(g, resource, action));
}

/**
 * Whether the grants allow `action` on `resource`. Pure, shared by the console and the API.
 * A check with no resource or no action passes (spec section 6); '*' matches any resource or action; a deny grant
 * (a tenant's narrowing) wins over any allowing one.
 */
export function can(grants: readonly Grant[] | undefined, resource?: string | null, action?: string | null): boolean {
  if (!resource || !action) return true;
  if (!grants) return false;
  return !denied(grants, resource, action) && grants.some((g) => !g.deny && matches(g, resource, action));
}

/**
 * Whether the grants allow `action` on the first resource of a chain that allows it (leaf, then its parents). A
 * narrowing on any resource of the chain removes it: a removed menu group removes its pages.
 */
export function canAny(
  grants: readonly Grant[] | undefined,
  resources: readonly (string | undefined)[],
  action: string,
): boolean {
  if (resources.some((r) => r && denied(grants, r, action))) return false;
  return resources.some((r) => r && can(grants, r, action));
}
