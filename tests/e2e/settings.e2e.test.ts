/**
 * The App settings page in Chromium: the administrator opens 应用配置 from the config menu, renames the app, uploads a
 * logo and saves; 保存成功 shows, and the document title, the top bar's name and its logo change without a reload.
 * Screenshots in Chinese at 1366x768 and 375 px (/tmp/settings-*.png).
 */
import { describe, expect, it } from 'vitest';
import { openFromMenu, pane, pngFile, signedInPage, startE2E } from './console';

const e2e = startE2E();
const PATH = '/settings/app';

describe('app settings in Chromium', () => {
  it('renames the app and changes the logo; title and top bar follow at once', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    let reloads = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloads++;
    });
    await openFromMenu(page, 'settings/app', 'config');
    const view = page.locator(pane(PATH));
    const name = view.getByRole('textbox', { name: /应用名称/ });
    await expect.poll(() => name.inputValue()).toBe('Admin');
    expect(await page.title()).toBe('Admin - 应用配置');
    const header = page.locator('header');
    await page.screenshot({ path: '/tmp/settings-1366.png' });
    const navigations = reloads;

    await name.fill('星辰后台');
    await view.locator('[data-testid=input-web_logo-input]').setInputFiles(pngFile('logo.png'));
    await view.locator('[data-testid=input-web_logo-preview]').waitFor();
    await expect.poll(() => view.locator('[data-testid=form-save]').isEnabled()).toBe(true);
    await view.locator('[data-testid=form-save]').click();
    await page.getByText('保存成功').waitFor();

    await expect.poll(() => page.title()).toBe('星辰后台 - 应用配置');
    await expect.poll(() => header.textContent()).toContain('星辰后台');
    const logo = header.locator('img[data-testid=app-logo]');
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(2);
    expect(reloads).toBe(navigations);
    await page.screenshot({ path: '/tmp/settings-1366-saved.png' });

    // The API has it: a reload keeps the new name.
    await page.reload();
    await expect.poll(() => page.title()).toBe('星辰后台 - 应用配置');
    await ctx.close();
  });

  it("shows the API's field error in Chinese and 保存失败 for a hostile service link; phone layout", async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 375, height: 740 });
    await page.goto(`${e2e.server.url}${PATH}`);
    const view = page.locator(pane(PATH));
    const service = view.getByRole('textbox', { name: /客服链接/ });
    await service.fill('javascript:alert(1)');
    await view.locator('[data-testid=form-save]').click();
    await page.getByText('保存失败').waitFor();
    // the API's field code, in Chinese (not its English text)
    await view.getByText('请输入 http 或 https 开头的地址').waitFor();
    expect(await view.getByText('Customer service link must be an http or https address').count()).toBe(0);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/settings-375.png', fullPage: true });
    await view.getByRole('tab', { name: '公司信息' }).click();
    await view.locator('[data-testid=form-about]').waitFor();
    await page.screenshot({ path: '/tmp/settings-375-company.png', fullPage: true });
    await view.getByRole('tab', { name: '时区' }).click();
    await view.locator('[data-testid=locale-utc_offset]').filter({ hasText: '+08:00' }).waitFor();
    await page.screenshot({ path: '/tmp/settings-375-timezone.png', fullPage: true });
    await ctx.close();
  });
});
