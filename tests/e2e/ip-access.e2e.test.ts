/**
 * The IP allow-list in Chromium: the administrator opens IP 白名单 from the config menu, sees his own address, asks
 * to add its /32 entry: the page says it awaits review (never "操作成功") and the list stays empty; a second
 * administrator finds the change in 复核队列, described (新增 IP 白名单条目 …/32: 备注 无 → 管理员办公室), and approves
 * it; the entry is then on the list. Turning the list on goes the same way (asked first, approved by the second
 * administrator); the page then says it is on, and after a reload (a request that passes the list) it still does.
 * Screenshots in Chinese at 1366x768 and 375 px (/tmp/ip-access-*.png).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { staffUser } from '../../server/db/schema';
import { clickRowAction, openFromMenu, pane, signedInPage, startE2E } from './console';

const e2e = startE2E();
const PATH = '/ip_access';
const AWAITING = '已提交，待另一位管理员复核';

/** A second administrator of tr (inserted: creating one through the API is itself a control change). */
async function secondAdmin() {
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
    invitationCode: 'ADMIN2IPACL',
  });
}

/** The second administrator approves the change described `text` in 复核队列. */
async function approveInQueue(page: Page, text: string) {
  await page.reload();
  await openFromMenu(page, 'approval', 'funds');
  const change = page.locator(`${pane('/approval')} tbody tr`, { hasText: 'IP 白名单变更' }).filter({ hasText: text });
  await change.first().waitFor();
  await change.first().getByRole('button', { name: '通过' }).click();
  const decided = page.waitForResponse((r) => r.url().includes('/api/approval/admin/v1/decide/'));
  await page.locator('[data-testid=action-confirm]').click();
  expect((await decided).status()).toBe(200);
}

describe('IP allow-list in Chromium', () => {
  it('asks to add the own address and to turn the list on; a second administrator approves both', async () => {
    await secondAdmin();
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
    await page.screenshot({ path: '/tmp/ip-access-1366-create.png' });
    const asked = page.waitForResponse(
      (r) => r.url().includes('/api/ip_access/admin/v1/create') && r.request().method() === 'POST',
    );
    await form.locator('[data-testid=form-save]').click();
    expect((await asked).status()).toBe(202);
    await page.getByText(AWAITING).first().waitFor();
    await page.waitForURL(`**${PATH}`);
    // Asked, not added: the panel counts the change, the address is still not on the list.
    await panel.locator('[data-testid=ip-access-pending]').getByText('1 项').waitFor();
    await panel.getByText('不在白名单中').waitFor();
    expect(await page.getByText('操作成功').count()).toBe(0);
    await page.screenshot({ path: '/tmp/ip-access-1366-awaiting.png' });

    // The second administrator sees what changes in 复核队列 and approves it: the entry is on the list.
    const admin2 = await signedInPage(e2e, 'admin2', { width: 1366, height: 768 });
    await approveInQueue(admin2.page, `新增 IP 白名单条目 ${ip}/32: 备注 无 → 管理员办公室`);
    await admin2.page.screenshot({ path: '/tmp/ip-access-1366-queue.png' });
    await page.reload();
    await view
      .locator('tbody tr')
      .filter({ hasText: `${ip}/32` })
      .filter({ hasText: '管理员办公室' })
      .waitFor();
    await panel.getByText('在白名单中', { exact: true }).waitFor();

    // Turn it on: asked first, then awaiting review; the switch stays off until approved.
    await panel.getByRole('switch', { name: '启用 IP 白名单' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`您当前的地址为 ${ip}`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: /确认|确定/ }).click();
    await page.getByText(AWAITING).first().waitFor();
    await panel.locator('[data-testid=ip-access-pending]').waitFor();
    expect(await panel.getByRole('switch', { name: '启用 IP 白名单' }).isChecked()).toBe(false);

    await approveInQueue(admin2.page, '开启 IP 白名单');
    await page.reload();
    await expect.poll(() => panel.locator('[data-testid=ip-access-state]').textContent()).toBe('已开启');
    expect(await panel.getByRole('switch', { name: '启用 IP 白名单' }).isChecked()).toBe(true);
    expect(await panel.locator('[data-testid=ip-access-pending]').count()).toBe(0);
    await page.screenshot({ path: '/tmp/ip-access-1366-on.png' });

    // The console keeps working from the listed address: a reload reads the status again.
    await page.reload();
    const again = page.locator(pane(PATH)).locator('[data-testid=ip-access-status]');
    await expect.poll(() => again.locator('[data-testid=ip-access-state]').textContent()).toBe('已开启');
    await admin2.ctx.close();
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
    // a phone has no actions column: a tap on the row opens its actions
    await clickRowAction(page, view.locator('tbody tr').first(), '删除');
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
