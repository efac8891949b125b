/**
 * The ways into the console a person takes, on the built console and the real API: a page the role may not open says
 * 403, a deep link opened signed out comes back after sign-in, the menu search finds an entry by its route. The tour of
 * every menu entry per role is tour-<role>.e2e.test.ts (tour.ts).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newPage, pane, PASSWORD, signedInPage, startE2E } from './console';
import { submitLogin } from './harness';
import { ROLES } from './menu-pages';

const e2e = startE2E({ clients: 12 });

describe('ways in', () => {
  it('every role of the seed has its tour (tour-<username>.e2e.test.ts)', () => {
    const missing = ROLES.filter(([u]) => !existsSync(new URL(`./tour-${u}.e2e.test.ts`, import.meta.url)));
    expect(missing).toEqual([]);
  });

  it('a page the role may not open says 403 in Chinese, not 404', async () => {
    const { ctx, page } = await signedInPage(e2e, 'sales');
    await page.goto(`${e2e.server.url}/permission`);
    const forbidden = page.locator('[data-testid=forbidden]');
    await forbidden.getByText('无权访问此页面').waitFor();
    expect(await forbidden.innerText()).toContain('403');
    expect(await page.locator('[data-testid=not-found]').count()).toBe(0);
    await ctx.close();
  });

  it('a deep link opened signed out opens after sign-in; one the role may not open gives way to the dashboard', async () => {
    const filter = encodeURIComponent(JSON.stringify({ status: 'approved' }));
    // signed out at a page: the login form, then that page with its filter
    const first = await newPage(e2e.browser);
    await first.page.goto(`${e2e.server.url}/deposit?filter=${filter}`);
    await first.page.waitForURL(/\/login\?next=/);
    await submitLogin(first.page, 'supervisor', PASSWORD);
    await first.page.waitForURL(
      (u) => u.pathname === '/deposit' && u.searchParams.get('filter') === '{"status":"approved"}',
    );
    await first.page
      .locator(`${pane('/deposit')} tbody tr`)
      .first()
      .waitFor();
    await first.ctx.close();

    // a page the salesman may not open: the dashboard after sign-in, not a 403
    const second = await newPage(e2e.browser);
    await second.page.goto(`${e2e.server.url}/permission`);
    await second.page.waitForURL(/\/login\?next=/);
    await submitLogin(second.page, 'sales', PASSWORD);
    await second.page.waitForURL('**/dashboard');
    await second.page.locator('[data-testid=profile-card]').waitFor();
    expect(await second.page.locator('[data-testid=forbidden]').count()).toBe(0);
    await second.ctx.close();
  });

  it('the menu search finds the IPO entries by their route in a Chinese console', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin');
    await page.fill('[data-testid=menu-search]', 'ipo');
    const menu = page.locator('[data-testid=side-menu]');
    await menu.locator('[data-testid="menu-item-trades/ipo"]', { hasText: '新股申购' }).waitFor();
    await menu.locator('[data-testid="menu-item-trx/ipo"]').waitFor();
    expect(await menu.locator('[data-testid=menu-item-deposit]').count()).toBe(0);
    await ctx.close();
  });
});
