import { canAny, type Grant } from '../permissions';
import type { DeploymentCode, MenuNode } from './types';

/** A menu node as shown: its resolved path and resource chain (leaf first, then parents). */
export interface VisibleMenuNode {
  node: MenuNode;
  path: string;
  resourceChain: string[];
  children: VisibleMenuNode[];
}

/** The route path of a node. */
export const nodePath = (node: MenuNode): string => node.path ?? `/${node.name}`;
/** The permission resource of a node. */
export const nodeResource = (node: MenuNode): string => node.resource ?? node.name;

/**
 * The menu tree a staff member sees (spec section 6): a leaf shows when its page exists, the user may
 * read it or its parent resource, and the deployment does not hide it; a group shows when a child shows.
 */
export function visibleMenu(
  nodes: readonly MenuNode[],
  grants: readonly Grant[] | undefined,
  deployment: DeploymentCode | string,
  parents: string[] = [],
): VisibleMenuNode[] {
  const out: VisibleMenuNode[] = [];
  for (const node of nodes) {
    if (node.hide?.includes(deployment as DeploymentCode)) continue;
    const chain = [nodeResource(node), ...parents];
    if (node.children) {
      const children = visibleMenu(node.children, grants, deployment, chain);
      if (children.length) out.push({ node, path: nodePath(node), resourceChain: chain, children });
    } else if (node.page && canAny(grants, chain, 'read')) {
      out.push({ node, path: nodePath(node), resourceChain: chain, children: [] });
    }
  }
  return out;
}

/** Every leaf of the tree, depth first. */
export function leaves(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children ? leaves(n.children) : [n]));
}

/** The leaf whose path matches `pathname` (its own path or below it), with its resource chain. */
export function findByPath(
  nodes: readonly MenuNode[],
  pathname: string,
  parents: string[] = [],
): { node: MenuNode; resourceChain: string[] } | undefined {
  for (const node of nodes) {
    const chain = [nodeResource(node), ...parents];
    if (node.children) {
      const hit = findByPath(node.children, pathname, chain);
      if (hit) return hit;
    } else {
      const p = nodePath(node);
      if (pathname === p || pathname.startsWith(p + '/')) return { node, resourceChain: chain };
    }
  }
  return undefined;
}

/** Each leaf's react-admin resource name (its declaration's, which is its own) with its permission chain. */
export function resourceChains(nodes: readonly MenuNode[], parents: string[] = []): [string, string[]][] {
  return nodes.flatMap((node) => {
    const chain = [nodeResource(node), ...parents];
    if (node.children) return resourceChains(node.children, chain);
    return [[node.name, chain] as [string, string[]]];
  });
}
