/**
 * Maker-checker in Chromium, with the spec's roles (only administrators and supervisors hold client:fund and the
 * approve grants; salesmen and leaders neither make nor check money): the administrator records a deposit of
 * 12,000.00 (two checkers from 10,000 USD) from the client drawer; the supervisor sees it in his approvals queue, the
 * menu badge counting it, and approves (1/2: nothing moves, the badge goes down); a second supervisor approves (2/2)
 * and the client card shows the new balance, exactly the API's. Screenshots in Chinese at 1366x768 and 375 px
 * (/tmp/approvals-*.png).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { staffUser } from '../../server/db/schema';
import {
  accountsOf,
  clientsFor,
  openClientDrawer,
  openFromMenu,
  pane,
  pickAccount,
  pngFile,
  signedInPage,
  startE2E,
} from './console';
import { addMoney, formatMoney } from '../../resources/client/money';

const e2e = startE2E({ clients: 12, adminToken: true });
const AMOUNT = '12000.00';
const PATH = '/approval';

/** The approvals badge of the side menu as a number (0 when it is not shown). */
async function badge(page: Page): Promise<number> {
  const b = page.locator('[data-testid=approval-badge]');
  return (await b.count()) ? Number(await b.innerText()) : 0;
}

/** Opens the approvals queue and approves the row of `username` (confirming), waiting for the decide answer. */
async function approveRow(page: Page, username: string): Promise<void> {
  await openFromMenu(page, 'approval', 'funds');
  const row = page.locator(`${pane(PATH)} tbody tr`, { hasText: username });
  await row.first().waitFor();
  await row.first().getByRole('button', { name: '通过' }).click();
  const decided = page.waitForResponse((r) => r.url().includes('/api/approval/admin/v1/decide/'));
  await page.locator('[data-testid=action-confirm]').click();
  expect((await decided).status()).toBe(200);
  await page.getByText('操作成功').first().waitFor();
}

describe('maker-checker in Chromium', () => {
  it('a large deposit needs two checkers other than its maker; the balance moves at the second', async () => {
    // A second supervisor: two checkers who are not the maker (the administrator).
    const db = e2e.server.test.database.db;
    const [sup] = await db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'supervisor')));
    await db.insert(staffUser).values({
      tenantId: 'tr',
      username: 'supervisor2',
      name: '复核员二',
      role: 'angel',
      passwordHash: sup.passwordHash,
      invitationCode: 'SUPERVISOR2',
    });
    const clients = (await clientsFor(e2e.server, e2e.adminToken)).filter((c) => !c.fake);
    let pick: { id: number; username: string; account: Awaited<ReturnType<typeof accountsOf>>[number] } | undefined;
    for (const c of clients) {
      const usd = (await accountsOf(e2e.server, e2e.adminToken, c.id)).find((a) => a.currency === 'USD');
      if (usd) {
        pick = { id: c.id, username: c.username, account: usd };
        break;
      }
    }
    if (!pick) throw new Error('no real client with a USD account in the seed');
    const before = pick.account.balance;

    // The administrator (maker) records the deposit from the client drawer.
    const admin = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(admin.page, 'client');
    const drawer = await openClientDrawer(admin.page, pick);
    await drawer.locator('[data-testid=action-deposit]').click();
    const dialog = admin.page.locator('[data-testid=deposit-dialog]');
    await dialog.waitFor();
    await pickAccount(admin.page, dialog, 'account_id', pick.account.acc_no);
    await dialog.locator('input[name=amount]').fill(AMOUNT);
    await dialog.locator('[data-testid=proof-input]').setInputFiles(pngFile());
    await dialog.locator('[data-testid=proof-preview]').waitFor();
    const made = admin.page.waitForResponse((r) => r.url().includes(`/api/deposit/admin/v2/specialized/${pick!.id}`));
    await dialog.locator('[data-testid=fund-submit]').click();
    const record = await (await made).json();
    expect(record).toMatchObject({ status: 'pending', approval: { required_checkers: 2, approvals: 0 } });
    await dialog.waitFor({ state: 'hidden' });

    // The supervisor's queue holds it, the badge counts it; he approves (1/2).
    const sup1 = await signedInPage(e2e, 'supervisor', { width: 1366, height: 768 });
    await expect.poll(() => badge(sup1.page), { timeout: 20_000 }).toBeGreaterThan(0);
    const waiting = await badge(sup1.page);
    await openFromMenu(sup1.page, 'approval', 'funds');
    await sup1.page
      .locator(`${pane(PATH)} tbody tr`, { hasText: pick.username })
      .first()
      .waitFor();
    await sup1.page.screenshot({ path: '/tmp/approvals-1366-queue.png' });
    await approveRow(sup1.page, pick.username);
    await expect.poll(() => badge(sup1.page), { timeout: 20_000 }).toBe(waiting - 1);
    expect(
      (await accountsOf(e2e.server, e2e.adminToken, pick.id)).find((a) => a.id === pick!.account.id)!.balance,
    ).toBe(before);

    // The deposit page says it awaits its second checker.
    await openFromMenu(sup1.page, 'deposit', 'funds');
    await sup1.page.getByText('待复核 1/2').first().waitFor();
    await sup1.page.screenshot({ path: '/tmp/approvals-1366-deposit-awaiting.png' });

    // The second supervisor approves (2/2): the money moves, once.
    const sup2 = await signedInPage(e2e, 'supervisor2', { width: 1366, height: 768 });
    await approveRow(sup2.page, pick.username);
    // A row opens its detail: maker, checkers needed and so far, and each checker's decision.
    await sup2.page
      .locator(`${pane(PATH)} tbody tr`)
      .first()
      .click();
    await sup2.page.getByText('复核记录').first().waitFor();
    await sup2.page.waitForTimeout(500);
    await sup2.page.screenshot({ path: '/tmp/approvals-1366-detail.png' });
    await sup2.page.goBack();
    await sup2.page
      .locator(`${pane(PATH)} tbody tr`)
      .first()
      .waitFor();
    // On a phone: the queue (the other waiting approvals) fits the screen.
    await sup2.page.setViewportSize({ width: 375, height: 740 });
    await sup2.page.waitForTimeout(500);
    expect(await sup2.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await sup2.page.screenshot({ path: '/tmp/approvals-375-queue.png', fullPage: true });
    const after = (await accountsOf(e2e.server, e2e.adminToken, pick.id)).find((a) => a.id === pick!.account.id)!;
    expect(after.balance).toBe(addMoney(before, AMOUNT));

    // The administrator's client card shows the new balance.
    await drawer.locator('[data-testid=client-drawer-close]').click();
    await drawer.waitFor({ state: 'detached' });
    const again = await openClientDrawer(admin.page, pick);
    const card = again.locator(`[data-testid=account-card][data-account-id="${pick.account.id}"]`);
    await expect.poll(() => card.locator('[data-testid=account-balance]').innerText()).toBe(formatMoney(after.balance));
    for (const p of [admin, sup1, sup2]) await p.ctx.close();
  });

  it('a tier changed by one administrator awaits review; a second one approves it in 复核队列 and it is in force', async () => {
    const db = e2e.server.test.database.db;
    const [admin1] = await db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'admin')));
    await db.insert(staffUser).values({
      tenantId: 'tr',
      username: 'admin2',
      name: '管理员二',
      role: 'god',
      passwordHash: admin1.passwordHash,
      invitationCode: 'ADMIN2POLICY',
    });
    const tier = async () => {
      const res = await fetch(`${e2e.server.url}/api/approval/admin/v1/policy`, {
        headers: { authorization: `Bearer ${e2e.adminToken}`, 'x-tenant-id': 'tr' },
      });
      return ((await res.json()).data as { id: string; one_checker_from: string }[]).find(
        (r) => r.id === 'compensation:*',
      )!;
    };
    expect((await tier()).one_checker_from).toBe('1000.00');

    // The administrator edits the bonus-points tier: the page says it awaits review, nothing changed.
    const admin = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(admin.page, 'approval_policy', 'config');
    const row = admin.page.locator(`${pane('/approval_policy')} tbody tr`, { hasText: '赠分' }).first();
    await row.waitFor();
    await row.locator('[data-testid=action-edit]').click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.locator('input[name=one_checker_from]').fill('500');
    const asked = admin.page.waitForResponse(
      (r) => r.url().includes('/api/approval/admin/v1/policy') && r.request().method() === 'PUT',
    );
    await admin.page.locator('[data-testid=action-confirm]').click();
    expect((await asked).status()).toBe(202);
    await admin.page.getByText('已提交，待另一位管理员复核').first().waitFor();
    await row.getByText('变更待复核').waitFor();
    expect(await admin.page.getByText('操作成功').count()).toBe(0);
    await admin.page.screenshot({ path: '/tmp/approvals-1366-policy-awaiting.png' });
    expect((await tier()).one_checker_from).toBe('1000.00');

    // The second administrator sees what changes in 复核队列 and approves it.
    const admin2 = await signedInPage(e2e, 'admin2', { width: 1366, height: 768 });
    await openFromMenu(admin2.page, 'approval', 'funds');
    const change = admin2.page.locator(`${pane(PATH)} tbody tr`, { hasText: '复核规则变更' }).first();
    await change.waitFor();
    await change.getByText('赠分 / 其他所有币种: 一人复核起点金额 1000.00 → 500.00').waitFor();
    await admin2.page.screenshot({ path: '/tmp/approvals-1366-policy-change.png' });
    await change.getByRole('button', { name: '通过' }).click();
    const decided = admin2.page.waitForResponse((r) => r.url().includes('/api/approval/admin/v1/decide/'));
    await admin2.page.locator('[data-testid=action-confirm]').click();
    expect((await decided).status()).toBe(200);
    await admin2.page.getByText('操作成功').first().waitFor();

    // In force: the API and the administrator's page show the new tier, no longer awaiting review.
    expect((await tier()).one_checker_from).toBe('500.00');
    await admin.page.reload();
    const now = admin.page.locator(`${pane('/approval_policy')} tbody tr`, { hasText: '赠分' }).first();
    await now.getByText('500.00').first().waitFor();
    expect(await now.getByText('变更待复核').count()).toBe(0);
    for (const p of [admin, admin2]) await p.ctx.close();
  });

  it('the administrator sees the approval rules; a supervisor has no such menu entry', async () => {
    const admin = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(admin.page, 'approval_policy', 'config');
    await admin.page
      .locator(`${pane('/approval_policy')} tbody tr`, { hasText: '赠分' })
      .first()
      .waitFor();
    await admin.page.screenshot({ path: '/tmp/approvals-1366-policy.png' });
    const sup = await signedInPage(e2e, 'supervisor');
    expect(await sup.page.locator('[data-testid="menu-item-approval_policy"]').count()).toBe(0);
    await admin.ctx.close();
    await sup.ctx.close();
  });
});
