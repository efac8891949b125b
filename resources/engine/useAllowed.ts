import { canAny } from '../../permissions/can';
import { usePermissionPayload } from '../../src/permissions/useCan';
import { registry } from '../registry';
import type { MenuNode } from '../types';
import { permissionKey } from './schema';
import type { ResourceConfig } from './types';

function findChain(config: ResourceConfig, nodes: readonly MenuNode[], parents: string[]): string[] | null {
  for (const node of nodes) {
    const chain = [node.resource ?? node.name, ...parents];
    if (node.children) {
      const hit = findChain(config, node.children, chain);
      if (hit) return hit;
    } else if (node.declaration && node.name === config.name) return chain;
  }
  return null;
}

/** The permission resources of a config's registry node and its parents (leaf first); just its own key when unlisted. */
export function resourceChainOf(config: ResourceConfig, nodes: readonly MenuNode[] = registry): string[] {
  return findChain(config, nodes, []) ?? [permissionKey(config)];
}

/**
 * Whether the signed-in staff member may use a permission of this resource. The resource's own key is checked
 * with its menu parents (a grant on `funds` covers `deposit`, as for the menu); another resource only by itself.
 */
export function useAllowed(config: ResourceConfig, permission?: { resource?: string; action: string }): boolean {
  const payload = usePermissionPayload();
  if (!permission) return true;
  const own = permissionKey(config);
  const resource = permission.resource ?? own;
  const chain = resource === own ? resourceChainOf(config) : [resource];
  return canAny(payload?.grants, chain, permission.action);
}
