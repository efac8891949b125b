/**
 * The IP allow-list in Chromium: the administrator opens IP 白名单 from the config menu, sees his own address, adds
 * its /32 entry, turns the list on (asked first); the page says it is on, and after a reload (a request that passes
 * the list) it still does. Screenshots in Chinese at 1366x768 and 375 px (/tmp/ip-access-*.png).
 */
import { describe, expect, it } from 'vitest';
import { openFromMenu, pane, signedInPage, startE2E } from './console';

const e2e = startE2E();
const PATH = '/ip_access';

describe('IP allow-list in Chromium', () => {
  it('adds the own address and turns the list on; the page says it is on', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'ip_access', 'config');
    const view = page.locator(pane(PATH));
    const panel = view.locator('[data-testid=ip-access-status]');
    await panel.waitFor();
    const ip = (await panel.locator('[data-testid=ip-access-your-ip]').textContent())!.trim();
    expect(ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    await expect.poll(() => panel.locator('[data-testid=ip-access-state]').textContent()).toBe('已关闭');
    await panel.getByText('不在白名单中').waitFor();
    await page.screenshot({ path: '/tmp/ip-access-1366-empty.png' });

    // The create form: the range and a note.
    // An empty list has no toolbar: the panel offers the first entry.
    await panel.locator('[data-testid=ip-access-add-first]').click();
    await page.waitForURL(`**${PATH}/create`);
    // The URL changes before the create view replaces the list, whose filter "IP 地址或网段" has the same name:
    // type only once the form is there (typed into the leaving filter, the address was lost).
    const form = page.locator(pane(PATH)).locator('form');
    await form.locator('[data-testid=form-cidr]').waitFor();
    await form.getByRole('textbox', { name: /IP 地址或网段/ }).fill(`${ip}/32`);
    await form.getByRole('textbox', { name: /备注/ }).fill('管理员办公室');
    await page.waitForTimeout(300); // the note's label has moved up
    await page.screenshot({ path: '/tmp/ip-access-1366-create.png' });
    await form.locator('[data-testid=form-save]').click();
    await page.waitForURL(`**${PATH}`);
    await view
      .locator('tbody tr')
      .filter({ hasText: `${ip}/32` })
      .filter({ hasText: '管理员办公室' })
      .waitFor();
    await panel.getByText('在白名单中', { exact: true }).waitFor();

    // Turn it on: asked first.
    await panel.getByRole('switch', { name: '启用 IP 白名单' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`您当前的地址为 ${ip}`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: /确认|确定/ }).click();
    await page.getByText('IP 白名单已开启').first().waitFor();
    await expect.poll(() => panel.locator('[data-testid=ip-access-state]').textContent()).toBe('已开启');
    expect(await panel.getByRole('switch', { name: '启用 IP 白名单' }).isChecked()).toBe(true);
    await page.screenshot({ path: '/tmp/ip-access-1366-on.png' });

    // The console keeps working from the listed address: a reload reads the status again.
    await page.reload();
    const again = page.locator(pane(PATH)).locator('[data-testid=ip-access-status]');
    await expect.poll(() => again.locator('[data-testid=ip-access-state]').textContent()).toBe('已开启');
    await ctx.close();
  });

  it('fits a phone: the switch panel and the list, nothing wider than the screen', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 375, height: 740 });
    await page.goto(`${e2e.server.url}${PATH}`);
    const view = page.locator(pane(PATH));
    await expect.poll(() => view.locator('[data-testid=ip-access-state]').textContent()).toBe('已开启');
    await view.locator('tbody tr').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/ip-access-375.png', fullPage: true });
    await view.locator('tbody tr').first().getByRole('button', { name: '删除' }).click();
    await page
      .getByRole('dialog')
      .getByText(/从白名单中删除/)
      .waitFor();
    await page.screenshot({ path: '/tmp/ip-access-375-delete.png' });
    // Deleting the only entry that holds the own address is refused, in Chinese.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确认|确定/ })
      .click();
    await page.getByText(/会使您当前的 IP 地址无法访问系统/).waitFor();
    await page.screenshot({ path: '/tmp/ip-access-375-lockout.png' });
    await ctx.close();
  });
});
