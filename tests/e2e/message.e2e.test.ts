/**
 * Messages and customer service in Chromium, in Chinese. A team leader composes a message from a template to his team;
 * the record shows its recipients and, once some clients have read it, the read count; a salesman sees the message
 * counted over his own clients. The administrator edits the templates tab and saves the service hours (checked through
 * the API). Screenshots at 1366x768 and 375 px as admin, leader and salesman (/tmp/ops-*.png).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, messageRecipient, staffUser } from '../../server/db/schema';
import { seedOperations } from '../../server/db/seed-operations';
import { apiGet, apiToken } from './harness';
import { openFromMenu, pane, signedInPage, startE2E } from './console';
import type { Page } from 'playwright-core';

const e2e = startE2E({ clients: 40, adminToken: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/ops-${name}.png` });

beforeAll(async () => {
  await seedOperations(e2e.server.test.database.db, 'tr');
});

/** No element wider than the screen (a phone). */
async function noOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375 + 1);
}

describe('messages', () => {
  it('a leader composes from a template to his team; the record shows recipients, then read counts', async () => {
    const { page, ctx } = await signedInPage(e2e, 'leader', { width: 1366, height: 768 });
    await openFromMenu(page, 'message');
    const view = page.locator(pane('/message'));
    await view.locator('tbody tr').first().waitFor();
    await shot(page, 'message-list-leader-1366');

    await view.locator('a[href$="/message/create"]').first().click();
    await page.waitForURL('**/message/create');
    await page.locator('[data-testid=form-audience]').click();
    await page.getByRole('option', { name: '团队' }).click();
    await page.locator('[data-testid=form-template_id] input').click();
    await page.getByRole('option', { name: '欢迎新客户' }).click();
    await page.waitForTimeout(300);
    await shot(page, 'message-compose-leader-1366');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/message/admin/v1/create'));
    await page.locator('[data-testid=form-save]').click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ audience: 'team' });
    const m = (await answer.json()) as { id: number; recipients: number; title: string };
    expect(m.title).toBe('欢迎您，{{client_name}}');

    // the record: its counts and its recipients
    await page.waitForURL(`**/message/${m.id}/show`);
    await expect
      .poll(() => page.locator('[data-testid="show-recipients"] dd').textContent())
      .toBe(String(m.recipients));
    await expect.poll(() => page.locator('[data-testid="show-read"] dd').textContent()).toBe('0');
    await expect.poll(() => page.locator('[data-testid="related-recipients"] tbody tr').count()).toBeGreaterThan(0);
    await shot(page, 'message-show-leader-1366');

    // two clients read it in the client app
    const db = e2e.server.test.database.db;
    const two = await db
      .select({ id: messageRecipient.clientId })
      .from(messageRecipient)
      .where(eq(messageRecipient.messageId, m.id))
      .limit(2);
    await db
      .update(messageRecipient)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(messageRecipient.messageId, m.id),
          inArray(
            messageRecipient.clientId,
            two.map((r) => r.id),
          ),
        ),
      );
    await page.reload();
    await expect.poll(() => page.locator('[data-testid="show-read"] dd').textContent()).toBe('2');
    await expect.poll(() => page.locator('[data-testid="related-recipients"]').textContent()).toContain('已读');

    // the list row: recipients and read
    await page.goto(`${e2e.server.url}/message`);
    const row = page
      .locator(`${pane('/message')} tbody tr`)
      .filter({ hasText: '欢迎您' })
      .first();
    await expect.poll(() => row.locator('td.column-read').textContent()).toBe('2');
    await expect.poll(() => row.locator('td.column-recipients').textContent()).toBe(String(m.recipients));
    await shot(page, 'message-list-read-leader-1366');

    // a salesman: the message, counted over his own clients
    const sales = await signedInPage(e2e, 'sales', { width: 1366, height: 768 });
    await openFromMenu(sales.page, 'message');
    const salesView = sales.page.locator(pane('/message'));
    await salesView.locator('tbody tr').first().waitFor();
    const token = await apiToken(e2e.server, 'sales');
    const mine = await apiGet<{ recipients: number }>(e2e.server, token, `/api/message/admin/v1/${m.id}`);
    const [salesId] = await db
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'sales')));
    const own = await db
      .select({ id: messageRecipient.clientId })
      .from(messageRecipient)
      .innerJoin(client, eq(client.id, messageRecipient.clientId))
      .where(and(eq(messageRecipient.messageId, m.id), eq(client.agentId, salesId.id)));
    expect(mine.recipients).toBe(own.length);
    expect(mine.recipients).toBeLessThan(m.recipients);
    // no compose button for a salesman
    expect(await salesView.locator('a[href$="/message/create"]').count()).toBe(0);
    await shot(sales.page, 'message-list-sales-1366');
    await sales.ctx.close();
    await ctx.close();
  });

  it('at 375 px: the list and a record for the salesman and the leader', async () => {
    for (const who of ['sales', 'leader']) {
      const { page, ctx } = await signedInPage(e2e, who, { width: 375, height: 812 });
      await page.goto(`${e2e.server.url}/message`);
      await page.locator('tbody tr').first().waitFor();
      await shot(page, `message-list-${who}-375`);
      await noOverflow(page);
      await page.locator('tbody tr td.column-title').first().click();
      await page.locator('[data-testid=show-drawer] [data-testid="related-recipients"]').waitFor();
      await shot(page, `message-show-${who}-375`);
      await ctx.close();
    }
  });

  it('the administrator sees the templates tab and the compose form', async () => {
    const { page, ctx } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'message');
    await page
      .locator(`${pane('/message')} tbody tr`)
      .first()
      .waitFor();
    await shot(page, 'message-list-admin-1366');
    await page.locator('[data-testid=message-tab-templates]').click();
    const row = page.locator(`${pane('/message')} tbody tr`).filter({ hasText: '系统维护通知' });
    await row.waitFor();
    await shot(page, 'message-templates-admin-1366');
    await row.locator('[data-testid=action-edit]').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('input[name=name]').inputValue()).toBe('系统维护通知');
    await shot(page, 'message-template-edit-admin-1366');
    await dialog.getByRole('button', { name: /取消/ }).click();
    await page.goto(`${e2e.server.url}/message/create`);
    await page.locator('[data-testid=form-audience]').waitFor();
    await page.locator('[data-testid=form-save]').click();
    await page.getByText(/必填/).first().waitFor();
    await shot(page, 'message-compose-admin-1366');
    await ctx.close();
    const phone = await signedInPage(e2e, 'admin', { width: 375, height: 812 });
    await phone.page.goto(`${e2e.server.url}/message/create`);
    await phone.page.locator('[data-testid=form-audience]').waitFor();
    await shot(phone.page, 'message-compose-admin-375');
    await noOverflow(phone.page);
    await phone.ctx.close();
  });
});

describe('customer service', () => {
  it('the administrator saves the default hours; the API answers them', async () => {
    const { page, ctx } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'service');
    const editor = page.locator('[data-testid=service-editor]');
    await editor.locator('[data-testid=service-hours-sat]').waitFor();
    await expect.poll(() => editor.locator('[data-testid=service-channel]').count()).toBe(4);
    await shot(page, 'service-admin-1366');
    const sat = editor.locator('[data-testid=service-hours-sat]');
    await sat.getByRole('switch').click();
    await sat.locator('[data-testid=service-open-sat] input').fill('10:00');
    await sat.locator('[data-testid=service-close-sat] input').fill('15:30');
    // a chat link must be http(s): refused before sending
    await editor.locator('[data-testid=service-channel] input').nth(1).fill('javascript:alert(1)');
    await editor.locator('[data-testid=service-save]').click();
    await editor.getByText('请输入 http 或 https 开头的地址').waitFor();
    await editor.locator('[data-testid=service-channel] input').nth(1).fill('https://chat.example.com/new');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/service/admin/v1/default'));
    await editor.locator('[data-testid=service-save]').click();
    expect((await saved).status()).toBe(200);
    await page.getByText('客服配置已保存').first().waitFor();
    const doc = await apiGet<{ hours: { day: string; closed: boolean; open: string; close: string }[] }>(
      e2e.server,
      e2e.adminToken,
      '/api/service/admin/v1/default',
    );
    expect(doc.hours.find((h) => h.day === 'sat')).toEqual({
      day: 'sat',
      closed: false,
      open: '10:00',
      close: '15:30',
    });
    await shot(page, 'service-saved-admin-1366');
    await ctx.close();

    const phone = await signedInPage(e2e, 'admin', { width: 375, height: 812 });
    await phone.page.goto(`${e2e.server.url}/service`);
    await phone.page.locator('[data-testid=service-hours-sat]').waitFor();
    await shot(phone.page, 'service-admin-375');
    await noOverflow(phone.page);
    await phone.ctx.close();
  });

  it("a leader opens on his own team's configuration", async () => {
    const { page, ctx } = await signedInPage(e2e, 'leader', { width: 1366, height: 768 });
    await openFromMenu(page, 'service');
    const editor = page.locator('[data-testid=service-editor]');
    await expect.poll(() => editor.locator('[data-testid=service-scope]').textContent()).toContain('Team Leader');
    await expect.poll(() => editor.locator('[data-testid=service-channel]').count()).toBe(2);
    await shot(page, 'service-leader-1366');
    await ctx.close();
    const phone = await signedInPage(e2e, 'leader', { width: 375, height: 812 });
    await phone.page.goto(`${e2e.server.url}/service`);
    await phone.page.locator('[data-testid=service-hours-sat]').waitFor();
    await shot(phone.page, 'service-leader-375');
    await noOverflow(phone.page);
    await phone.ctx.close();
  });
});
