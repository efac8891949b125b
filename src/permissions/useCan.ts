import { useContext, useSyncExternalStore } from 'react';
import { UNSAFE_LocationContext } from 'react-router';
import { findByPath } from '../../resources/menu';
import { registry } from '../../resources/registry';
import { can, canAny } from '../../permissions/can';
import { usePermissionCache } from './PermissionsContext';
import type { PermissionPayload } from '../../permissions/types';

/** The signed-in staff member's permission payload, re-rendering when it changes. */
export function usePermissionPayload(): PermissionPayload | null {
  const cache = usePermissionCache();
  return useSyncExternalStore(cache.subscribe, cache.get, cache.get);
}

/**
 * Whether the signed-in staff member may do `action` on `resource`. Without `resource`, the route's:
 * the registry entry of the current path and its parents (leaf first). No resource or no action passes.
 */
export function useCan(resource?: string, action?: string): boolean {
  const payload = usePermissionPayload();
  const pathname = useContext(UNSAFE_LocationContext)?.location?.pathname;
  const chain = resource ? [resource] : pathname ? (findByPath(registry, pathname)?.resourceChain ?? []) : [];
  if (!chain.length || !action) return can(payload?.grants, chain[0], action);
  return canAny(payload?.grants, chain, action);
}
