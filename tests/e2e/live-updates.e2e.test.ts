/**
 * Live updates in Chromium: the supervisor has the deposit list open; a deposit created over HTTP by the administrator
 * (one checker from 0: it opens an approval) makes, without a reload, the approvals badge count it, the deposit menu's
 * pending count grow, and the list offer "1 条新增或变更记录，点击刷新" instead of moving its rows; the click shows the
 * new row. The settings gear's new-request alerts switch is off by default and remembered by the browser.
 * Screenshots in Chinese at 1366x768 and 375 px (/tmp/live-*.png).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountsOf, clientsFor, newPage, openFromMenu, pane, signInAs, signedInPage, startE2E } from './console';
import { setTier } from '../server/approval-helpers';
import { apiGet, apiToken } from './harness';
import { approval } from '../../domain/approval';
import { PENDING_LISTS } from '../../src/live/pending';
import { call } from '../server/helpers';

const e2e = startE2E({ clients: 6, adminToken: true });

/** Waits until the menu badge `testId` shows `n` (a badge is not shown for 0), as a person reads it. */
async function shows(page: Page, testId: string, n: number): Promise<void> {
  const badge = page.locator(`[data-testid=${testId}]`);
  if (n === 0) await badge.first().waitFor({ state: 'detached' });
  else
    await badge
      .filter({ hasText: new RegExp(`^${n}$`) })
      .first()
      .waitFor();
}

describe('live updates in Chromium', () => {
  it('a deposit made over HTTP updates the badges and the open list without a reload', async () => {
    await setTier(e2e.server.test.database.db, 'tr', { enabled: true, one: '0' }, ['deposit']);
    const client = (await clientsFor(e2e.server, e2e.adminToken)).find((c) => !c.fake)!;
    const account = (await accountsOf(e2e.server, e2e.adminToken, client.id))[0];

    const { ctx, page } = await newPage(e2e.browser, { width: 1366, height: 768 });
    // the console's one stream (its answer's headers: the stream is open)
    const stream = page.waitForResponse((r) => r.url().endsWith('/api/events'));
    await signInAs(page, e2e.server.url, 'supervisor');
    expect((await stream).status()).toBe(200);
    await openFromMenu(page, 'deposit', 'funds');
    const list = page.locator(`${pane('/deposit')} tbody tr`);
    await list.first().waitFor();
    // what the supervisor's badges will read once loaded (read from the API as him), and the page showing it: the
    // counts load on their own, after the list
    const supervisor = await apiToken(e2e.server, 'supervisor');
    const total = async (path: string) =>
      (await apiGet<{ total: number }>(e2e.server, supervisor, `/api${path}`)).total;
    const badgeBefore = await total(approval.paths.count);
    const pendingBefore = await total(`${PENDING_LISTS.deposit}?status=pending&page=1&page_size=1`);
    await shows(page, 'approval-badge', badgeBefore);
    await shows(page, 'pending-badge-deposit', pendingBefore);
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });

    const res = await call(e2e.server.test.app, 'POST', `/api/deposit/admin/v2/specialized/${client.id}`, {
      token: e2e.adminToken,
      body: { account_id: account.id, amount: '321.00', remark: 'live e2e' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(200);

    const bar = page.locator(`${pane('/deposit')} [data-testid=live-list-bar]`);
    await bar.waitFor();
    expect(await bar.innerText()).toContain('1 条新增或变更记录，点击刷新');
    await shows(page, 'approval-badge', badgeBefore + 1);
    await shows(page, 'pending-badge-deposit', pendingBefore + 1);
    expect(navigations).toEqual([]);
    await page.screenshot({ path: '/tmp/live-list-1366.png' });

    await bar.click();
    await page
      .locator(`${pane('/deposit')} tbody tr`, { hasText: '321.00' })
      .first()
      .waitFor();
    await bar.waitFor({ state: 'detached' });
    // a closed funds group shows its leaves' counts
    await page.locator('[data-testid=menu-group-funds]').click();
    await page.locator('[data-testid=menu-group-funds][aria-expanded=false]').waitFor();
    await page.locator('[data-testid=menu-group-funds] [data-testid=pending-badge-deposit]').waitFor();
    await page.screenshot({ path: '/tmp/live-menu-closed-1366.png' });
    await ctx.close();
  });

  it('the new-request alerts are off by default and the switch is remembered by the browser', async () => {
    const { ctx, page } = await signedInPage(e2e, 'supervisor', { width: 375, height: 740 });
    await page.locator('[data-testid=user-menu]').click();
    const item = page.locator('[data-testid=menu-live-alerts]');
    await item.waitFor();
    expect(await item.getAttribute('aria-checked')).toBe('false');
    await page.screenshot({ path: '/tmp/live-gear-375.png' });
    await item.click();
    expect(await item.getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('bo.liveAlerts'))).toBe('1');
    await page.keyboard.press('Escape');
    await page.reload();
    await page.locator('[data-testid=user-menu]').click();
    await page.locator('[data-testid=menu-live-alerts][aria-checked=true]').waitFor();
    await ctx.close();
  });
});
