// A layout a staff member can work in, measured in Chromium on the built console: at 1366×768 and 1440×900 the
// client and funds lists show one line per row with the row actions in view, filters on one row behind "more
// filters", short dates with the full one in a tooltip; at 375 px nothing of the top bar or the toolbars is cut.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pane, rows, signedInPage, startE2E } from './console';

const e2e = startE2E({ clients: 40 });

/** A fresh page of `width`×`height` signed in as admin. */
const signedIn = (width: number, height: number) => signedInPage(e2e, 'admin', { width, height });

/**
 * Opens a list page and waits for its rows and, where the width shows them (not on a phone), the row actions: they
 * are drawn once the staff member's grants are known, and only on the rows that have one (a settled deposit has none).
 */
async function openList(page: Page, path: string, { actions = true } = {}) {
  await page.goto(`${e2e.server.url}${path}`);
  await rows(page, path).first().waitFor();
  if (actions)
    await page
      .locator(`${pane(path)} tbody tr [data-testid=row-actions]`)
      .first()
      .waitFor();
}

/** What one line per row means, measured in the page: heights, text lines, the actions cell, page overflow. */
function measureRows(path: string) {
  const root = document.querySelector(`[data-tab-pane="${path}"]`)!;
  const rows = [...root.querySelectorAll('tbody tr')];
  const cells = [...root.querySelectorAll('tbody td')];
  // A text that wraps is laid out as more than one box.
  const walker = document.createTreeWalker(root.querySelector('tbody')!, NodeFilter.SHOW_TEXT);
  const wrapped: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (tops.size > 1) wrapped.push(node.textContent);
  }
  const actions = root.querySelector('tbody tr [data-testid=row-actions]');
  const box = actions?.getBoundingClientRect();
  const hit = box && document.elementFromPoint(box.left + Math.min(box.width / 2, 12), box.top + box.height / 2);
  return {
    rows: rows.length,
    heights: [...new Set(rows.map((r) => Math.round(r.getBoundingClientRect().height)))],
    overflowing: cells.filter((c) => c.scrollHeight > c.clientHeight + 1).length,
    wrapped,
    actions: box ? { left: box.left, right: box.right, reachable: !!hit && actions!.contains(hit) } : null,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    dates: [...root.querySelectorAll('tbody time')].map((t) => t.textContent ?? ''),
    ids: [...root.querySelectorAll('tbody td.column-id')].map((t) => t.textContent?.trim() ?? ''),
  };
}

/** The filter inputs shown in a list's filter form: their sources and the distinct tops of their rows. */
function measureFilters(path: string) {
  const inputs = [...document.querySelectorAll(`[data-tab-pane="${path}"] .RaFilterForm-filterFormInput`)];
  return {
    sources: inputs.map((e) => (e as HTMLElement).dataset.source ?? ''),
    rows: new Set(inputs.map((e) => Math.round(e.getBoundingClientRect().top))).size,
  };
}

const SHORT_DATE = /^(\d{2}-\d{2} \d{2}:\d{2}|\d{4}-\d{2}-\d{2})$/;

describe.each([
  [1366, 768],
  [1440, 900],
])('lists at %i×%i', (width, height) => {
  it('show one line per row, the row actions in view, and no sideways page scroll', async () => {
    const { ctx, page } = await signedIn(width, height);
    for (const path of ['/client', '/deposit', '/withdrawal', '/loan', '/compensation']) {
      await openList(page, path);
      const m = await page.evaluate(measureRows, path);
      expect(m.rows, path).toBeGreaterThan(1);
      // Every row as high as the others, and one line high.
      expect(m.heights, path).toHaveLength(1);
      expect(m.heights[0], path).toBeLessThanOrEqual(56);
      expect(m.wrapped, path).toEqual([]);
      expect(m.overflowing, path).toBe(0);
      // The first row's actions are inside the window and not covered, without scrolling.
      expect(m.actions, path).not.toBeNull();
      expect(m.actions!.left, path).toBeGreaterThanOrEqual(0);
      expect(m.actions!.right, path).toBeLessThanOrEqual(width);
      expect(m.actions!.reachable, path).toBe(true);
      expect(m.scrollWidth, path).toBeLessThanOrEqual(m.innerWidth);
      // Timestamps short: month-day and time this year, the date for older ones.
      expect(m.dates.length, path).toBeGreaterThan(0);
      for (const d of m.dates) expect(d, path).toMatch(SHORT_DATE);
      // Ids as they are, without thousands separators.
      expect(m.ids.length, path).toBe(m.rows);
      for (const id of m.ids) expect(id, path).toMatch(/^\d+$/);
    }
    await ctx.close();
  });

  it('keep the filters on one row and show the others behind "more filters"', async () => {
    const { ctx, page } = await signedIn(width, height);
    for (const path of ['/client', '/deposit']) {
      await openList(page, path);
      const folded = await page.evaluate(measureFilters, path);
      expect(folded.rows, path).toBe(1);
      const more = page.locator(`${pane(path)} [data-testid=more-filters]`);
      await expect.poll(() => more.textContent()).toContain('更多筛选');
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.click();
      await expect
        .poll(async () => (await page.evaluate(measureFilters, path)).sources.length)
        .toBeGreaterThan(folded.sources.length);
      const open = await page.evaluate(measureFilters, path);
      expect(open.sources.slice(0, folded.sources.length)).toEqual(folded.sources);
      // expanded, they take the list's width (the toolbar goes under them), not a narrow column beside the toolbar
      expect(open.rows, path).toBeLessThanOrEqual(3);
      expect(await more.textContent()).toContain('收起筛选');
      // The page did not grow sideways either.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await ctx.close();
  });
});

describe('dates in the locale format', () => {
  it("shows the full date-time with the tenant's zone in a tooltip and types the date filter as yyyy-mm-dd in Chinese", async () => {
    const { ctx, page } = await signedIn(1366, 768);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await openList(page, '/client');
    const first = page.locator(`${pane('/client')} tbody time`).first();
    await first.hover();
    await expect
      .poll(() => page.locator('[role=tooltip]').textContent())
      .toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(Asia\/Shanghai, UTC\+08:00\)$/);

    await page.locator(`${pane('/client')} [data-testid=more-filters]`).click();
    const from = page.getByLabel('注册时间起');
    expect(await from.getAttribute('placeholder')).toBe('yyyy-mm-dd');
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/client/admin/v1/list') && new URL(r.url()).searchParams.get('created_from') === '2025-01-15',
    );
    await from.fill('2025-01-15');
    expect((await answered).status()).toBe(200);
    await ctx.close();
  });
});

describe('phone, 375 px', () => {
  it('cuts nothing of the top bar, the tab strip or the list toolbar', async () => {
    const { ctx, page } = await signedIn(375, 812);
    for (const path of ['/client', '/deposit']) {
      await openList(page, path, { actions: false });
      const boxes = await page.evaluate((p) => {
        const pick = (sel: string) =>
          [...document.querySelectorAll(sel)]
            .filter((e) => (e as HTMLElement).offsetParent !== null)
            .map((e) => {
              const r = e.getBoundingClientRect();
              return { what: e.getAttribute('aria-label') ?? e.textContent ?? sel, left: r.left, right: r.right };
            });
        return {
          appBar: pick('header button, header [data-testid=app-logo]'),
          toolbar: pick(
            `[data-tab-pane="${p}"] .RaList-actions button, [data-tab-pane="${p}"] [data-testid=client-search]`,
          ),
          tabs: pick('[data-testid=tab-strip], [data-testid=tab-menu]'),
          scrollWidth: document.documentElement.scrollWidth,
        };
      }, path);
      expect(boxes.appBar.length, path).toBeGreaterThanOrEqual(4);
      expect(boxes.toolbar.length, path).toBeGreaterThanOrEqual(2);
      for (const b of [...boxes.appBar, ...boxes.toolbar, ...boxes.tabs]) {
        expect(b.left, `${path} ${b.what}`).toBeGreaterThanOrEqual(0);
        expect(b.right, `${path} ${b.what}`).toBeLessThanOrEqual(375);
      }
      expect(boxes.scrollWidth, path).toBeLessThanOrEqual(375);
    }
    await ctx.close();
  });
});

describe('narrowing the window', () => {
  it('leaves no scrolling region without a control in it, in any frame (axe scrollable-region-focusable)', async () => {
    const { ctx, page } = await signedIn(1366, 768);
    for (const path of ['/loan', '/client']) {
      await openList(page, path);
      // every frame for 1.5 s from the resize: the regions that scroll (overflow auto or scroll, content larger than
      // the box) with nothing focusable inside, which a keyboard user could not scroll
      const recording = page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const seen = new Set<string>();
            const t0 = performance.now();
            const frame = () => {
              for (const el of document.querySelectorAll<HTMLElement>('#root *')) {
                if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
                const style = getComputedStyle(el);
                if (!/auto|scroll/.test(style.overflowX + style.overflowY)) continue;
                if (el.tabIndex >= 0) continue;
                const focusable = el.querySelector(
                  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
                );
                if (!focusable) seen.add(`${el.tagName}.${String(el.className).split(' ')[0]}`);
              }
              if (performance.now() - t0 < 1500) requestAnimationFrame(frame);
              else resolve([...seen]);
            };
            requestAnimationFrame(frame);
          }),
      );
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await recording, path).toEqual([]);
      await page.setViewportSize({ width: 1366, height: 768 });
    }
    await ctx.close();
  });
});
