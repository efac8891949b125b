import type { VisibleMenuNode } from '../../resources/menu';

/**
 * The menu tree narrowed to entries whose translated title contains `query` (case-insensitive, trimmed).
 * A group whose own title matches keeps all its children; otherwise it keeps its matching children and
 * disappears when none match. An empty query returns the tree unchanged.
 */
export function filterMenu(
  nodes: readonly VisibleMenuNode[],
  query: string,
  titleOf: (node: VisibleMenuNode) => string,
): VisibleMenuNode[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return nodes as VisibleMenuNode[];
  const out: VisibleMenuNode[] = [];
  for (const n of nodes) {
    const hit = titleOf(n).toLocaleLowerCase().includes(q);
    if (n.children.length) {
      if (hit) out.push(n);
      else {
        const children = filterMenu(n.children, q, titleOf);
        if (children.length) out.push({ ...n, children });
      }
    } else if (hit) out.push(n);
  }
  return out;
}

/** Every leaf path of a visible menu tree. */
export function visiblePaths(nodes: readonly VisibleMenuNode[]): Set<string> {
  const paths = new Set<string>();
  const walk = (list: readonly VisibleMenuNode[]) =>
    list.forEach((n) => (n.children.length ? walk(n.children) : paths.add(n.path)));
  walk(nodes);
  return paths;
}
