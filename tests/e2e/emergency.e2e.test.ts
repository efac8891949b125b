/**
 * Emergency plans in Chromium, in Chinese: the administrator requests a banner plan with a reason; nothing shows
 * until another administrator (the `emergency` grant of spec section 6 is the administrators'; the maker cannot
 * check) approves it in the approvals queue; then the banner shows at the top of the console for every staff member
 * of the tenant (a salesman too). Screenshots at 1366x768 and 375 px (/tmp/emergency-*.png).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffUser } from '../../server/db/schema';
import { openFromMenu, pane, signedInPage, startE2E } from './console';

const e2e = startE2E({ clients: 4 });
const BANNER = '今晚 22:00 至 23:00 系统维护，期间暂停出入金';

describe('emergency plans in Chromium', () => {
  it('a banner plan shows only after another administrator approves it in the approvals queue', async () => {
    const db = e2e.server.test.database.db;
    const [admin] = await db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'admin')));
    await db.insert(staffUser).values({
      tenantId: 'tr',
      username: 'admin2',
      name: '管理员二',
      role: 'god',
      passwordHash: admin.passwordHash,
      invitationCode: 'ADMIN2',
    });

    // The administrator (maker) requests the plan.
    const maker = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    const page = maker.page;
    await openFromMenu(page, 'emergency');
    await page.getByRole('button', { name: '发起应急预案' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /预案类型/ }).click();
    await page.getByRole('option', { name: '横幅公告' }).click();
    await dialog.getByRole('textbox', { name: /公告内容（中文）/ }).fill(BANNER);
    await dialog.getByRole('textbox', { name: /公告内容（英文）/ }).fill('Maintenance 22:00-23:00 tonight');
    await dialog.getByRole('textbox', { name: /原因/ }).fill('数据库升级');
    const made = page.waitForResponse((r) => r.url().includes('/api/emergency/admin/v1/create'));
    await page.locator('[data-testid=action-confirm]').click();
    expect((await made).status()).toBe(200);
    const row = page.locator(`${pane('/emergency')} tbody tr`, { hasText: '数据库升级' });
    await row.getByText('待复核启用').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: '/tmp/emergency-1366-requested.png' });
    expect(await page.locator('[data-testid=emergency-banner]').count()).toBe(0);

    // The maker's own queue does not offer it; another administrator approves it there.
    const checker = await signedInPage(e2e, 'admin2', { width: 1366, height: 768 });
    await openFromMenu(checker.page, 'approval', 'funds');
    const approvalRow = checker.page.locator(`${pane('/approval')} tbody tr`, { hasText: '应急预案' }).first();
    await approvalRow.waitFor();
    await checker.page.screenshot({ path: '/tmp/emergency-1366-queue.png' });
    await approvalRow.getByRole('button', { name: '通过' }).click();
    const decided = checker.page.waitForResponse((r) => r.url().includes('/api/approval/admin/v1/decide/'));
    await checker.page.locator('[data-testid=action-confirm]').click();
    expect((await decided).status()).toBe(200);
    await checker.page.getByTestId('emergency-banner').getByText(BANNER).waitFor({ timeout: 20_000 });

    // Every staff member of the tenant sees it: the maker after a reload, a salesman.
    await page.reload();
    await page.getByTestId('emergency-banner').getByText(BANNER).waitFor({ timeout: 20_000 });
    await openFromMenu(page, 'emergency');
    await row.getByText('生效中').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: '/tmp/emergency-1366-active.png' });
    const sales = await signedInPage(e2e, 'sales', { width: 375, height: 740 });
    await sales.page.getByTestId('emergency-banner').getByText(BANNER).waitFor({ timeout: 20_000 });
    expect(await sales.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await sales.page.screenshot({ path: '/tmp/emergency-375-banner.png' });

    // The administrator's page on a phone.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/emergency-375-list.png', fullPage: true });
    for (const p of [maker, checker, sales]) await p.ctx.close();
  });
});
