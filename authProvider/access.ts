import { canAny, type Grant } from '../permissions';

/**
 * react-admin's access checks (`authProvider.canAccess`, `useCanAccess`, the list/show/edit controllers) over our
 * grants: react-admin's actions are mapped to spec section 6's, and a resource is checked along its menu chain (leaf,
 * then its parents: a grant on `funds` opens `deposit`). The chains are given (the registry's, `registryChains`, to
 * createAuthProvider): nothing is registered, so the answer is the same whatever module was imported.
 */

/** The permission chain of each react-admin resource name. */
export type ResourceChains = ReadonlyMap<string, readonly string[]>;

/** react-admin's view actions in spec section 6's terms; any other action is checked as named. */
const RA_ACTIONS: Record<string, string> = {
  list: 'read',
  show: 'read',
  edit: 'update',
  create: 'create',
  clone: 'create',
  delete: 'delete',
  export: 'export',
};

/** Whether the grants allow react-admin's `action` on `resource` (no resource or no action passes). */
export function canAccessWith(
  grants: readonly Grant[] | undefined,
  { resource, action }: { resource?: string; action?: string },
  chains: ResourceChains,
): boolean {
  if (!resource || !action) return true;
  return canAny(grants, chains.get(resource) ?? [resource], RA_ACTIONS[action] ?? action);
}
