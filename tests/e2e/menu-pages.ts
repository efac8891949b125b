/**
 * The pages each role opens from the menu, and when one is there for a person: what the tour (tour.ts, a file per role, with
 * its accessibility scans) walks, one role after another, at a desktop's and a phone's width.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { leaves, nodePath } from '../../resources/menu';
import { registry } from '../../resources/registry';
import type { MenuNode } from '../../resources/types';
import type { Role } from '../../permissions';
import { MENU_BY_LEAF } from './menu-expectations';
import { pane } from './console';

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 375, height: 812 };

/** The staff of the seed, one per role: username and role. */
export const ROLES: [string, Role][] = [
  ['admin', 'god'],
  ['supervisor', 'angel'],
  ['leader', 'superman'],
  ['sales', 'hero'],
];

export interface MenuEntry {
  name: string;
  path: string;
  /** The group to open first in the menu. */
  group?: string;
}

/** Each menu leaf with a page, its path and its group (the parent to open first), as the tenant tr shows them. */
export const ENTRIES: MenuEntry[] = registry
  .flatMap((n: MenuNode): { node: MenuNode; group?: string }[] =>
    n.children ? leaves(n.children).map((node) => ({ node, group: n.name })) : [{ node: n }],
  )
  .filter(({ node }) => node.page && !node.hide?.includes('tr'))
  .map(({ node, group }) => ({ name: node.name, path: nodePath(node), group }));

/** The entries `role` sees in the menu (the spec's role table, menu-expectations.ts). */
export const entriesOf = (role: Role) => ENTRIES.filter((e) => MENU_BY_LEAF[e.name]?.includes(role));

/** What the page of `path` shows once a person can work in it, measured in the page. */
export function inspect(path: string) {
  const root = document.querySelector(`[data-tab-pane="${path}"]`) as HTMLElement | null;
  if (!root) return null;
  const busy = !!root.querySelector('.MuiCircularProgress-root, .MuiLinearProgress-root, .MuiSkeleton-root');
  const list = !!root.querySelector('.RaList-main');
  const rows = root.querySelectorAll('tbody tr').length;
  // the console's own words (not the records' data)
  const chrome = [
    ...root.querySelectorAll(
      'th, button, [role=tab], label, legend, h1, h2, h3, h4, h5, h6, .MuiChip-label, .MuiAlert-message, .MuiCardHeader-subheader',
    ),
  ]
    .filter((e) => (e as HTMLElement).offsetParent !== null)
    .map((e) => (e as HTMLElement).innerText.trim())
    .filter(Boolean);
  const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
  const actions = [...root.querySelectorAll('[data-testid=row-actions]')].filter(visible).slice(0, 5);
  return {
    busy,
    text: root.innerText,
    list,
    rows,
    clickableRow: !!root.querySelector('tbody tr.RaDataTable-clickableRow'),
    // the generated list's actions column (a page's own tables keep theirs, in view at the right edge)
    listActions: [...root.querySelectorAll('.RaList-main [data-testid=row-actions]')].filter(visible).length,
    chrome,
    innerWidth: window.innerWidth,
    actions: actions.map((a) => {
      const box = a.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 12), box.top + box.height / 2);
      return { left: box.left, right: box.right, reachable: !!hit && a.contains(hit) };
    }),
  };
}

/**
 * Sets the window to `size` and waits until the console has laid itself out for it, as a person waits for a turned
 * phone to settle: the media queries and measured widths re-render the open pages over a few frames, and the page is
 * read once its layout (every open pane's size and row actions) stays the same for two frames.
 */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(async (width) => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const layout = () =>
      JSON.stringify([
        window.innerWidth,
        ...[...document.querySelectorAll('[data-tab-pane]:not([hidden])')].map((p) => [p.scrollWidth, p.scrollHeight]),
        ...[...document.querySelectorAll('[data-testid=row-actions]')].map((a) => a.getBoundingClientRect().right),
      ]);
    let last = '';
    let same = 0;
    for (let i = 0; i < 100 && same < 2; i++) {
      await frame();
      const now = layout();
      same = window.innerWidth === width && now === last ? same + 1 : 0;
      last = now;
    }
  }, size.width);
}

/** Waits until the page of `path` is there for a person: content, no spinner; a list with rows or its empty state. */
export async function settled(page: Page, path: string) {
  await page.locator(pane(path)).waitFor();
  await expect
    .poll(
      async () => {
        const m = await page.evaluate(inspect, path);
        return !!m && !m.busy && m.text.trim().length > 0 && (!m.list || m.rows > 0 || /没有/.test(m.text));
      },
      { timeout: 30_000, message: `${path} loads` },
    )
    .toBe(true);
  return (await page.evaluate(inspect, path))!;
}
