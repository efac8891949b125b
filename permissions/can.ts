import type { Grant } from './types';

/**
 * Whether the grants allow `action` on `resource`. Pure, shared by the console and the API.
 * A check with no resource or no action passes (spec section 6); '*' matches any resource or action.
 */
export function can(grants: readonly Grant[] | undefined, resource?: string | null, action?: string | null): boolean {
  if (!resource || !action) return true;
  if (!grants) return false;
  return grants.some(
    (g) => (g.resource === '*' || g.resource === resource) && (g.actions.includes('*') || g.actions.includes(action)),
  );
}

/** Whether the grants allow `action` on the first resource of a chain that allows it (leaf, then its parents). */
export function canAny(
  grants: readonly Grant[] | undefined,
  resources: readonly (string | undefined)[],
  action: string,
): boolean {
  return resources.some((r) => r && can(grants, r, action));
}
