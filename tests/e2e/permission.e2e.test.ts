/**
 * Permissions in Chromium, in Chinese: the administrator removes 站内信 (message read) from the supervisor role
 * (confirmation with the diff); a supervisor session that stays signed in loses the 站内信 menu entry after its next
 * request (the answer's x-permission-version is newer: the console refetches its grants). Then the grant is given
 * back. Screenshots at 1366x768 and 375 px (/tmp/permission-*.png).
 */
import { describe, expect, it } from 'vitest';
import { openFromMenu, pane, signedInPage, startE2E } from './console';

const e2e = startE2E();
const PATH = '/permission';

describe('permissions in Chromium', () => {
  it('a narrowing of the supervisor role reaches a signed-in supervisor on the next request', async () => {
    const sup = await signedInPage(e2e, 'supervisor', { width: 1366, height: 768 });
    const supMenu = sup.page.locator('[data-testid=side-menu]');
    await supMenu.locator('[data-testid="menu-item-message"]').waitFor();

    const admin = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    const { page } = admin;
    await openFromMenu(page, 'permission', 'config');
    const view = page.locator(pane(PATH));
    await view.getByRole('tab', { name: '主管' }).click();
    const messageRead = view.getByLabel('站内信 · 查看', { exact: true });
    await messageRead.waitFor();
    expect(await messageRead.isChecked()).toBe(true);
    await page.screenshot({ path: '/tmp/permission-1366.png' });

    await messageRead.click();
    await view.getByRole('button', { name: '保存' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('将收回：').waitFor();
    await dialog.getByText('站内信 · 查看').waitFor();
    await page.waitForTimeout(400); // the dialog has faded in
    await page.screenshot({ path: '/tmp/permission-1366-confirm.png' });
    await dialog.getByRole('button', { name: /确认|确定/ }).click();
    await page
      .getByText(/已保存，权限版本 1/)
      .first()
      .waitFor();
    await view.getByTestId('permission-version').getByText('权限版本 1').waitFor();
    await view.getByText('− 站内信 · 查看').waitFor();
    await page.screenshot({ path: '/tmp/permission-1366-saved.png' });

    // The supervisor, still signed in, makes one request (opens a page): the menu entry goes.
    expect(await supMenu.locator('[data-testid="menu-item-message"]').count()).toBe(1);
    await openFromMenu(sup.page, 'kyc');
    await expect.poll(() => supMenu.locator('[data-testid="menu-item-message"]').count(), { timeout: 10_000 }).toBe(0);
    expect(await supMenu.locator('[data-testid="menu-item-kyc"]').count()).toBe(1);
    await sup.page.screenshot({ path: '/tmp/permission-supervisor-after.png' });

    // Given back: the next request of the supervisor brings it back.
    await messageRead.click();
    await view.getByRole('button', { name: '保存' }).click();
    await page.getByRole('dialog').getByText('将恢复：').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确认|确定/ })
      .click();
    await view.getByTestId('permission-version').getByText('权限版本 2').waitFor();
    await openFromMenu(sup.page, 'client');
    await supMenu.locator('[data-testid="menu-item-message"]').waitFor({ timeout: 10_000 });
    await sup.ctx.close();
    await admin.ctx.close();
  });

  it('fits a phone: the matrix scrolls inside its box, nothing wider than the screen', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 375, height: 740 });
    await page.goto(`${e2e.server.url}${PATH}`);
    const view = page.locator(pane(PATH));
    await view.getByLabel('站内信 · 查看', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/permission-375.png' });
    await page.screenshot({ path: '/tmp/permission-375-full.png', fullPage: true });
    await ctx.close();
  });
});
