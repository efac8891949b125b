/**
 * Data exceptions in Chromium, in Chinese: a real client has lost his agent and a deposit has waited two days (both
 * planted in the database); the administrator opens 数据异常, runs the checks (progress, then the counts), sees the
 * findings, opens one (what the check saw, link to the client), resolves it with a note; the list says 已解决.
 * Screenshots at 1366x768 and 375 px (/tmp/data-exception-*.png).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openFromMenu, openRow, pane, signedInPage, startE2E } from './console';

const e2e = startE2E({ clients: 8 });
const PATH = '/data_exception';

describe('data exceptions in Chromium', () => {
  it('runs the checks, shows a finding and resolves it with a note', async () => {
    const db = e2e.server.test.database.db;
    const [lost] = (
      await db.execute(
        sql`UPDATE client SET agent_id = NULL WHERE id = (SELECT id FROM client WHERE tenant_id = 'tr' AND NOT fake
          ORDER BY id LIMIT 1) RETURNING username`,
      )
    ).rows as { username: string }[];
    await db.execute(sql`UPDATE deposit_record SET created_at = now() - interval '48 hours'
      WHERE id = (SELECT id FROM deposit_record WHERE tenant_id = 'tr' AND status = 'pending' ORDER BY id LIMIT 1)`);

    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'data_exception');
    const view = page.locator(pane(PATH));
    const panel = view.locator('[data-testid=data-exception-panel]');
    await panel.getByText('尚未运行过检查').waitFor();
    await panel.getByRole('button', { name: '立即检查' }).click();
    await expect
      .poll(() => panel.locator('[data-testid=data-exception-run-status]').textContent(), { timeout: 30_000 })
      .toBe('已完成');
    await panel.getByText('客户无业务员：发现 1，新增 1').waitFor();
    await panel.getByText('待处理超时：发现 1，新增 1').waitFor();
    const row = view.locator('tbody tr').filter({ hasText: '客户无业务员' }).filter({ hasText: lost.username });
    await row.waitFor();
    await view.locator('tbody tr').filter({ hasText: '待处理超时' }).first().waitFor();
    await page.screenshot({ path: '/tmp/data-exception-1366-list.png' });

    // the finding: what the check saw, in Chinese
    await row.locator('td').first().click();
    const drawer = page.locator('[data-testid=finding-drawer]');
    await drawer.locator('[data-testid=finding-detail]').getByText('未分配业务员').waitFor();
    await drawer.getByRole('button', { name: '查看客户' }).waitFor();
    await page.screenshot({ path: '/tmp/data-exception-1366-drawer.png' });

    await drawer.getByRole('button', { name: '解决' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '请写明核查结果' });
    await dialog.getByRole('textbox', { name: /处理说明/ }).fill('已与团队主管确认，客户改由业务员 Sales 跟进');
    await page.screenshot({ path: '/tmp/data-exception-1366-resolve.png' });
    await dialog.getByRole('button', { name: /确认|确定/ }).click();
    await drawer.locator('[data-testid=show-status]').getByText('已解决').waitFor();
    await drawer.locator('[data-testid=show-resolution_note]').getByText('已与团队主管确认').waitFor();
    await page.screenshot({ path: '/tmp/data-exception-1366-resolved.png' });
    await drawer.locator('[data-testid=drawer-close]').click();
    await row.filter({ hasText: '已解决' }).waitFor();

    // the API's truth: resolved with the note, by the administrator
    const [stored] = (
      await db.execute(
        sql`SELECT status, resolution_note FROM data_exception WHERE check_code = 'client_without_agent'`,
      )
    ).rows as { status: string; resolution_note: string }[];
    expect(stored).toEqual({ status: 'resolved', resolution_note: '已与团队主管确认，客户改由业务员 Sales 跟进' });
    await ctx.close();
  });

  it('fits a phone: the panel, the list and the drawer, nothing wider than the screen', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 375, height: 740 });
    await page.goto(`${e2e.server.url}${PATH}`);
    const view = page.locator(pane(PATH));
    await view.locator('[data-testid=data-exception-results]').waitFor();
    await view.locator('tbody tr').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/data-exception-375.png', fullPage: true });
    const pending = view.locator('tbody tr').filter({ hasText: '待处理超时' }).first();
    const detail = page.locator('[data-testid=finding-detail]');
    await openRow(page, pending, detail);
    await detail.getByText('银行').waitFor();
    const username = (await detail.locator('dd').first().textContent())!.trim(); // the client comes first
    expect(username).toMatch(/^client\d+$/);
    await page.screenshot({ path: '/tmp/data-exception-375-drawer.png' });
    // the record's list, filtered on its client
    await page.getByRole('button', { name: '查看记录' }).click();
    await page.waitForURL('**/deposit?filter=*');
    await page
      .locator(`${pane('/deposit')} tbody tr`)
      .filter({ hasText: username })
      .first()
      .waitFor();
    await ctx.close();
  });
});
