import { canAny, type Grant } from '../permissions';

/**
 * react-admin's access checks (`authProvider.canAccess`, `useCanAccess`, the list/show/edit controllers) over our
 * grants: react-admin's actions are mapped to spec section 6's, and a resource is checked along its menu chain (leaf,
 * then its parents: a grant on `funds` opens `deposit`), the chain registered by the menu registry when it loads.
 */
const chains = new Map<string, readonly string[]>();

/** The permission chain of each react-admin resource name (resources/registry.ts registers the menu's). */
export function registerResourceChains(entries: Iterable<[name: string, chain: readonly string[]]>): void {
  for (const [name, chain] of entries) chains.set(name, chain);
}

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
): boolean {
  if (!resource || !action) return true;
  return canAny(grants, chains.get(resource) ?? [resource], RA_ACTIONS[action] ?? action);
}
