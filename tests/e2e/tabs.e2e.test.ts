import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openFromMenu, pane, rows, signedInPage, tab, startE2E } from './console';

// A few clients: on an empty list react-admin shows its empty page instead of the filter form.
const e2e = startE2E({ clients: 8 });

/** What is typed into the client filter: one seeded client's username. */
const TYPED = 'client0003';

/** The paths of the tab strip's tabs, in order. */
async function tabPaths(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=tab-strip] [role=tab]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('tab-'.length)));
}

describe('keep-alive tabs', () => {
  it('keeps typed filters across tab switches, restores tabs on reload, and closes others', async () => {
    const { ctx, page } = await signedInPage(e2e, 'supervisor');

    await openFromMenu(page, 'client');
    await openFromMenu(page, 'deposit', 'funds');
    await openFromMenu(page, 'withdrawal', 'funds');
    expect(await tabPaths(page)).toEqual(['/dashboard', '/client', '/deposit', '/withdrawal']);

    // Type into the client list's username filter.
    await page.click(tab('/client'));
    await page.waitForURL('**/client*');
    const filter = page.locator(`${pane('/client')} input[name=username]`);
    await filter.waitFor({ state: 'visible' });
    await filter.fill(TYPED);
    // Mark the very element: a remounted page would have a new input without the mark.
    await filter.evaluate((el) => ((el as HTMLInputElement & { __kept?: boolean }).__kept = true));
    // The list has applied the filter (react-admin debounces it into the URL) and shows the one matching row.
    await page.waitForURL(new RegExp(`/client\\?.*${TYPED}`));
    const clientRows = rows(page, '/client');
    await expect.poll(() => clientRows.allInnerTexts()).toEqual([expect.stringContaining(TYPED)]);

    await page.click(tab('/deposit'));
    await page.waitForURL('**/deposit*');
    await expect.poll(() => page.locator(pane('/client')).isHidden()).toBe(true);
    await page.locator(`${pane('/deposit')} input[name=username]`).waitFor({ state: 'visible' });

    await page.click(tab('/client'));
    await page.waitForURL(new RegExp(`/client\\?.*${TYPED}`));
    await filter.waitFor({ state: 'visible' });
    expect(await filter.inputValue()).toBe(TYPED);
    expect(await clientRows.allInnerTexts()).toEqual([expect.stringContaining(TYPED)]);
    expect(await filter.evaluate((el) => (el as HTMLInputElement & { __kept?: boolean }).__kept === true)).toBe(true);

    // Reload: the open tabs come back in order, the active one included, its filter with it.
    await page.reload();
    await page.locator(tab('/withdrawal')).waitFor();
    expect(await tabPaths(page)).toEqual(['/dashboard', '/client', '/deposit', '/withdrawal']);
    expect(await page.locator(tab('/client')).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.locator(`${pane('/client')} input[name=username]`).inputValue()).toBe(TYPED);

    // The home tab cannot be closed; the others can.
    expect(await page.locator(`${tab('/dashboard')} [data-testid=tab-close]`).count()).toBe(0);
    expect(await page.locator(`${tab('/deposit')} [data-testid=tab-close]`).count()).toBe(1);

    // Close others from the current tab's context menu: only the home tab and the current one remain.
    await page.click(tab('/client'), { button: 'right' });
    await page.click('[data-testid=tab-close-others]');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/client']);
    expect(page.url()).toContain('/client');
    expect(await page.locator(`${tab('/dashboard')} [data-testid=tab-close]`).count()).toBe(0);
    // The closed tabs stay closed after a reload.
    await page.reload();
    await page.locator(tab('/client')).waitFor();
    expect(await tabPaths(page)).toEqual(['/dashboard', '/client']);
    await ctx.close();
  });

  it('keeps a filter in its tab when the user switches tabs while the list applies it', async () => {
    const { ctx, page } = await signedInPage(e2e, 'supervisor');
    await openFromMenu(page, 'client');
    await openFromMenu(page, 'deposit', 'funds');
    await page.click(tab('/client'));
    await page.waitForURL('**/client*');
    const filter = page.locator(`${pane('/client')} input[name=username]`);
    const clientRows = rows(page, '/client');
    await filter.waitFor({ state: 'visible' });
    /** The client tab's location as saved for this browser session. */
    const savedClientSearch = () =>
      page.evaluate(() => {
        const saved = JSON.parse(sessionStorage.getItem('bo.tabs.v1') ?? '{}') as {
          tabs?: { path: string; location: { search: string } }[];
        };
        return saved.tabs?.find((t) => t.path === '/client')?.location.search ?? '';
      });

    // Typed, and the user is on another tab before the list's debounce applies it: the filter lands in the
    // hidden client tab, and the user stays where they went.
    await filter.fill('client0005');
    await page.click(tab('/deposit'));
    await page.waitForURL('**/deposit*');
    await expect.poll(savedClientSearch).toContain('client0005');
    expect(new URL(page.url()).pathname).toBe('/deposit');
    expect(await page.locator(tab('/deposit')).getAttribute('aria-selected')).toBe('true');
    // the late filter moved only the hidden tab: once the page settles, its pane stays hidden
    await expect.poll(() => page.locator(pane('/client')).isHidden()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/deposit');

    await page.click(tab('/client'));
    await page.waitForURL(/\/client\?.*client0005/);
    expect(await filter.inputValue()).toBe('client0005');
    await expect.poll(() => clientRows.allInnerTexts()).toEqual([expect.stringContaining('client0005')]);

    // The list has just put the filter in the URL; the user switches at once and comes back.
    await filter.fill('client0006');
    await page.waitForURL(/client0006/);
    await page.click(tab('/deposit'));
    await page.waitForURL('**/deposit*');
    await page.click(tab('/client'));
    await page.waitForURL(/\/client\?.*client0006/);
    expect(await filter.inputValue()).toBe('client0006');
    await expect.poll(() => clientRows.allInnerTexts()).toEqual([expect.stringContaining('client0006')]);
    await ctx.close();
  });
});
