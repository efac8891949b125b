import type { VisibleMenuNode } from '../../resources/menu';

/**
 * What a menu entry is found by: its title in the UI language, its title in every language of the registry (an
 * English word finds the entry in a Chinese console) and its route (`trades/ipo`: "ipo", "trades").
 */
export function searchTexts(node: VisibleMenuNode, titleOf: (node: VisibleMenuNode) => string): string[] {
  return [titleOf(node), ...Object.values(node.node.title), node.path, node.node.name];
}

/**
 * The menu tree narrowed to entries one of whose search texts (searchTexts) contains `query` (case-insensitive,
 * trimmed). A group that matches keeps all its children; otherwise it keeps its matching children and disappears
 * when none match. An empty query returns the tree unchanged.
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
    const hit = searchTexts(n, titleOf).some((t) => t.toLocaleLowerCase().includes(q));
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
