/**
 * The audit log in Chromium, in Chinese: a salesman creates a robot client and is refused the staff list; the
 * administrator opens 审计日志 from the config menu, filters by that staff member, opens the client's creation and
 * reads what it recorded and the client's history (creation, then the administrator's real/robot change); the
 * client drawer shows the same history. Screenshots at 1366x768 and 375 px (/tmp/audit-log-*.png).
 */
import { describe, expect, it } from 'vitest';
import { call, login } from '../server/helpers';
import { md5hex } from '../../server/security/password';
import { openFromMenu, pane, signedInPage, startE2E } from './console';

const e2e = startE2E();
const PATH = '/audit_log';

describe('audit log in Chromium', () => {
  it("filters by a staff member and opens a record's history", async () => {
    const app = e2e.server.test.app;
    const sales = (await login(app, 'sales')).access_token;
    const made = await call(app, 'POST', '/api/client/admin/v1/create', {
      token: sales,
      body: { username: 'audit_robot', currencies: ['USD'], password: md5hex('x1y2z3') },
    });
    expect(made.statusCode).toBe(200);
    const clientId = made.json().id as number;
    expect((await call(app, 'GET', '/api/user/v1/list', { token: sales })).statusCode).toBe(403);
    const admin = (await login(app, 'admin')).access_token;
    expect(
      (await call(app, 'PUT', `/api/client/admin/v1/fake/${clientId}`, { token: admin, body: { fake: false } }))
        .statusCode,
    ).toBe(200);

    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'audit_log', 'config');
    const view = page.locator(pane(PATH));
    await view.locator('tbody tr').first().waitFor();
    await page.screenshot({ path: '/tmp/audit-log-1366.png' });

    // Filter by the salesman: only his rows (his sign-in, the creation, the refusal).
    const staff = view.getByRole('combobox', { name: '员工' });
    await staff.click();
    await staff.fill('sales');
    await page.getByRole('option', { name: 'sales', exact: true }).click();
    await expect
      .poll(async () => [...new Set(await view.locator('tbody tr td.column-username').allTextContents())])
      .toEqual(['sales']);
    await view.locator('tbody tr').filter({ hasText: '拒绝访问' }).waitFor();
    await page.screenshot({ path: '/tmp/audit-log-1366-filtered.png' });

    // The creation's detail: what it recorded and the client's history, the creation marked.
    await view.locator('tbody tr').filter({ hasText: '创建机器人客户' }).first().click();
    const drawer = page.locator('[data-testid=audit-drawer]');
    await drawer.locator('[data-testid=audit-diff]').waitFor();
    await drawer.getByText('audit_robot').first().waitFor();
    const timeline = drawer.locator('[data-testid=audit-timeline] > li');
    await expect.poll(() => timeline.count()).toBe(2);
    expect(await timeline.nth(0).textContent()).toContain('创建机器人客户');
    expect(await timeline.nth(0).getAttribute('aria-current')).toBe('true');
    expect(await timeline.nth(1).textContent()).toContain('设置真实/机器人');
    expect(await timeline.nth(1).textContent()).toContain('admin');
    await page.screenshot({ path: '/tmp/audit-log-1366-detail.png' });
    await drawer.getByRole('button', { name: '关闭' }).click();

    // The client's own drawer shows the same history.
    await openFromMenu(page, 'client');
    const clients = page.locator(pane('/client'));
    await clients.locator('tbody tr').filter({ hasText: 'audit_robot' }).first().click();
    const history = page.locator('[data-testid=client-drawer] [data-testid=audit-history]');
    await history.getByText('设置真实/机器人').waitFor();
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/audit-log-1366-client.png' });
    await ctx.close();
  });

  it('fits a phone: the list and the detail, nothing wider than the screen', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 375, height: 740 });
    await page.goto(`${e2e.server.url}${PATH}`);
    const view = page.locator(pane(PATH));
    await view.locator('tbody tr').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/audit-log-375.png', fullPage: true });
    await view.locator('tbody tr').filter({ hasText: '设置真实/机器人' }).first().click();
    const drawer = page.locator('[data-testid=audit-drawer]');
    await drawer.locator('[data-testid=audit-diff]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/audit-log-375-detail.png', fullPage: true });
    await ctx.close();
  });

  it('a salesman has no audit log in his menu and the API refuses him', async () => {
    const { ctx, page } = await signedInPage(e2e, 'sales', { width: 1366, height: 768 });
    expect(await page.locator('[data-testid="menu-item-audit_log"]').count()).toBe(0);
    await ctx.close();
    const sales = (await login(e2e.server.test.app, 'sales')).access_token;
    expect((await call(e2e.server.test.app, 'GET', '/api/audit/admin/v1/list', { token: sales })).statusCode).toBe(403);
  });
});
