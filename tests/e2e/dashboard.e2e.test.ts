// The dashboard's statistics against the real API on seeded demo clients: today's figures first, above the fold at
// 1366×768, each card opening its list filtered to what it counts; the profile card at the side; the tabs, the
// deposits of this month (the tenant's) as the API sums them (formatted exactly), the team tabs for an administrator and not for a
// salesman, and the page at 1366×768 and 375 px wide without horizontal overflow (the team figures one line each).
// Screenshots go to DASHBOARD_SHOTS when set.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, apiToken } from './harness';
import { signedInPage, startE2E } from './console';
import { formatMoney } from '../../resources/client/money';

const e2e = startE2E({ clients: 12 });
const shots = process.env.DASHBOARD_SHOTS;

const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};
const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('dashboard statistics', () => {
  it('shows an administrator the figures the API sums, every tab, at 1366×768', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    const token = await apiToken(e2e.server, 'admin');
    const summary = await apiGet<{ deposits: { currency: string; amount: string }[] }>(
      e2e.server,
      token,
      // the API's default range: this month in the tenant's zone, as the page asks for it
      '/api/dashboard/admin/v1/summary',
    );
    const stats = page.locator('[data-testid=dashboard-stats]');
    await stats.waitFor();
    await page.locator('[data-testid=card-clients]').waitFor();
    expect(await page.locator('[data-testid=dashboard-tabs] [role=tab]').allInnerTexts()).toEqual([
      '概览',
      '产品',
      '团队统计',
      '团队产品统计',
    ]);
    for (const d of summary.deposits)
      expect(await page.locator(`[data-testid=deposits-${d.currency}]`).innerText()).toBe(formatMoney(d.amount));
    expect(await noOverflow(page)).toBe(true);
    await shoot(page, 'admin-summary-1366');
    await page.click('[data-testid=stats-tab-product]');
    await page.locator('[data-testid=kind-stock]').waitFor();
    await shoot(page, 'admin-product-1366');
    await page.click('[data-testid=stats-tab-team]');
    await page.locator('[data-testid^=team-]').first().waitFor();
    await shoot(page, 'admin-team-1366');
    await page.click('[data-testid=stats-tab-team_product]');
    await page.locator('[data-testid^=team-product-]').first().waitFor();
    await shoot(page, 'admin-team-product-1366');
    await ctx.close();
  });

  it('keeps each team figure on one line 375 px wide (the team table scrolls sideways instead)', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 375, height: 812 });
    await page.click('[data-testid=stats-tab-team]');
    const lines = page.locator('[data-testid^=team-] table li');
    await lines.first().waitFor();
    const heights = await lines.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    const lineHeight = await lines.first().evaluate((el) => parseFloat(getComputedStyle(el.children[1]).lineHeight));
    // a currency, its amount and its count: one line each (not the currency above an amount above its count)
    expect(Math.max(...heights)).toBeLessThan(lineHeight * 1.5);
    // the clients' breakdown on one line too
    const caption = page.locator('[data-testid$=-total-clients] .MuiTypography-caption').first();
    expect(await caption.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(
      await caption.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) * 1.5),
    );
    expect(await noOverflow(page)).toBe(true);
    await shoot(page, 'admin-team-375');
    await ctx.close();
  });

  it('shows a salesman his summary without the team tabs, 375 px wide without horizontal overflow', async () => {
    const { ctx, page } = await signedInPage(e2e, 'sales', { width: 375, height: 812 });
    await page.locator('[data-testid=card-clients]').waitFor();
    expect(await page.locator('[data-testid=dashboard-tabs] [role=tab]').allInnerTexts()).toEqual(['概览', '产品']);
    expect(await noOverflow(page)).toBe(true);
    await shoot(page, 'sales-summary-375');
    await ctx.close();
  });

  it("shows a supervisor today's figures above the fold at 1366×768, the profile beside them, a card opening its list", async () => {
    const { ctx, page } = await signedInPage(e2e, 'supervisor', { width: 1366, height: 768 });
    const token = await apiToken(e2e.server, 'supervisor');
    const day = (await apiGet<{ to: string }>(e2e.server, token, '/api/dashboard/admin/v1/summary')).to;
    const today = await apiGet<{ deposits: { currency: string; amount: string }[] }>(
      e2e.server,
      token,
      `/api/dashboard/admin/v1/summary?from=${day}&to=${day}`,
    );
    for (const d of today.deposits)
      await expect
        .poll(() => page.locator(`[data-testid=today-deposits-${d.currency}]`).innerText())
        .toBe(formatMoney(d.amount));
    await page.locator('[data-testid=today-approvals-count]').waitFor();
    // in the first screen: the cards of today, and the profile card at the side (not above them)
    for (const id of ['today-deposits', 'today-withdrawals', 'today-clients', 'today-approvals', 'profile-card']) {
      const box = (await page.locator(`[data-testid=${id}]`).boundingBox())!;
      expect(box.y + Math.min(box.height, 120), id).toBeLessThanOrEqual(768);
    }
    const profile = (await page.locator('[data-testid=profile-card]').boundingBox())!;
    const deposits = (await page.locator('[data-testid=today-deposits]').boundingBox())!;
    expect(profile.x).toBeGreaterThan(deposits.x + deposits.width);
    expect(await noOverflow(page)).toBe(true);
    await shoot(page, 'supervisor-today-1366');
    // today's deposits: the deposit list of the deposits approved today (the day the figure counts them)
    await page.locator('[data-testid=today-deposits] a').first().click();
    await page.waitForURL((u) => u.pathname === '/deposit');
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter')!);
    expect(filter).toEqual({ status: 'approved', resolved_at_from: day, resolved_at_to: day });
    // its rows, or its empty state when none was made today
    const list = page.locator('[data-tab-pane="/deposit"] .RaList-main');
    await expect
      .poll(async () => (await list.locator('tbody tr').count()) > 0 || /没有/.test(await list.innerText()))
      .toBe(true);
    await ctx.close();
  });
});
