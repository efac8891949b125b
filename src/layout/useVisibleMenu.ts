import { useMemo } from 'react';
import { findByPath, nodePath, visibleMenu, type VisibleMenuNode } from '../../resources/menu';
import { registry } from '../../resources/registry';
import { usePermissionPayload } from '../permissions/useCan';
import type { PermissionPayload } from '../../permissions/types';
import { profile } from '../services';
import { visiblePaths } from './menuSearch';

export interface ShellMenu {
  /** The permission payload (null while loading). */
  permissions: PermissionPayload | null;
  /** The menu tree this user sees in this deployment. */
  menu: VisibleMenuNode[];
  /** Leaf paths of `menu`. */
  paths: Set<string>;
  /** The tab (menu leaf path) a location belongs to, when the user may see it. */
  tabOf(pathname: string): string | undefined;
  /** Whether the path belongs to a registry page the user may not see (render the 403 page there). */
  isForbidden(pathname: string): boolean;
}

/** The signed-in user's menu, recomputed when the permissions change (spec sections 2 and 6). */
export function useShellMenu(): ShellMenu {
  const permissions = usePermissionPayload();
  return useMemo(() => {
    const menu = permissions ? visibleMenu(registry, permissions.grants, profile.deployment) : [];
    const paths = visiblePaths(menu);
    const leafOf = (pathname: string) => {
      const hit = findByPath(registry, pathname);
      return hit && hit.node.page ? nodePath(hit.node) : undefined;
    };
    return {
      permissions,
      menu,
      paths,
      tabOf: (pathname) => {
        const p = leafOf(pathname);
        return p && paths.has(p) ? p : undefined;
      },
      isForbidden: (pathname) => {
        const p = leafOf(pathname);
        return !!p && !!permissions && !paths.has(p);
      },
    };
  }, [permissions]);
}
