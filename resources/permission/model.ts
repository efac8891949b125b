/**
 * The permission matrix as the page shows it (pure, tested): rows from the menu tree (resource per entry, its menu
 * chain), each cell's state for a role and a draft of the tenant's narrowings, and the diff a save sends.
 */
import {
  canAny,
  narrowGrants,
  roleHas,
  ADMIN_LOCKED_RESOURCES,
  ADMIN_ROLE,
  type Grant,
  type Narrowing,
} from '../../permissions';
import { nodeResource } from '../menu';
import type { DeploymentCode, MenuNode } from '../types';

/** One row: a menu entry (group or page), its permission resource and chain (leaf first). */
export interface MatrixRow {
  name: string;
  resource: string;
  chain: string[];
  depth: number;
  group: boolean;
  /** Deployments that hide the entry (read-only deployment flags of the menu). */
  hide: DeploymentCode[];
}

/** Every menu entry as a row, groups before their pages; entries sharing a resource appear once. */
export function matrixRows(nodes: readonly MenuNode[], parents: string[] = [], depth = 0, seen = new Set<string>()) {
  const rows: MatrixRow[] = [];
  for (const node of nodes) {
    const resource = nodeResource(node);
    const chain = [resource, ...parents];
    if (!seen.has(resource)) {
      seen.add(resource);
      rows.push({ name: node.name, resource, chain, depth, group: !!node.children, hide: node.hide ?? [] });
    }
    if (node.children) rows.push(...matrixRows(node.children, chain, depth + 1, seen));
  }
  return rows;
}

/** What a cell shows: `granted` (checked), whether it can be toggled, and why not. */
export interface CellState {
  granted: boolean;
  editable: boolean;
  /** never: the role does not hold it; inherited: held through the menu group (narrow the group); locked: no self-lockout. */
  reason?: 'never' | 'inherited' | 'locked';
  /** The tenant removed it (itself or through its group). */
  narrowed: boolean;
}

export const keyOf = (n: Narrowing) => `${n.resource}:${n.action}`;

/** A cell's state for a role's JSON grants and a draft set of narrowings. */
export function cellState(
  role: string,
  grants: readonly Grant[],
  draft: readonly Narrowing[] | { effective: readonly Grant[] },
  row: MatrixRow,
  action: string,
): CellState {
  const effective = 'effective' in draft ? draft.effective : narrowGrants(grants, draft);
  const held = canAny(grants, row.chain, action);
  const granted = held && canAny(effective, row.chain, action);
  const narrowed = held && !granted;
  if (!held) return { granted: false, editable: false, reason: 'never', narrowed: false };
  if (!roleHas(grants, row.resource, action)) return { granted, editable: false, reason: 'inherited', narrowed };
  if (role === ADMIN_ROLE && ADMIN_LOCKED_RESOURCES.includes(row.resource)) {
    return { granted, editable: false, reason: 'locked', narrowed };
  }
  return { granted, editable: true, narrowed };
}

/** The draft with the cell toggled (removed when granted, given back when narrowed). */
export function toggle(draft: readonly Narrowing[], resource: string, action: string): Narrowing[] {
  const k = keyOf({ resource, action });
  return draft.some((n) => keyOf(n) === k) ? draft.filter((n) => keyOf(n) !== k) : [...draft, { resource, action }];
}

/** What saving the draft changes against the saved set. */
export function draftDiff(saved: readonly Narrowing[], draft: readonly Narrowing[]) {
  const had = new Set(saved.map(keyOf));
  const has = new Set(draft.map(keyOf));
  return { removed: draft.filter((n) => !had.has(keyOf(n))), restored: saved.filter((n) => !has.has(keyOf(n))) };
}
