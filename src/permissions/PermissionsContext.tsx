import { createContext, useContext, type ReactNode } from 'react';
import { permissionCache as defaultCache } from '../services';
import type { PermissionCache } from '../../permissions/cache';

const PermissionsContext = createContext<PermissionCache | null>(null);

/** Supplies a permission cache to useCan/Guard below it (tests; the console uses its singleton by default). */
export function PermissionsProvider({ cache, children }: { cache: PermissionCache; children: ReactNode }) {
  return <PermissionsContext.Provider value={cache}>{children}</PermissionsContext.Provider>;
}

/** The permission cache in effect: the provided one, else the console's. */
export function usePermissionCache(): PermissionCache {
  return useContext(PermissionsContext) ?? defaultCache;
}
