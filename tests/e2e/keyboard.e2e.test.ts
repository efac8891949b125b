/**
 * The keyboard alone (issue 21): a money flow without the mouse, in Chinese at 1366×768. Sign in, the menu to the
 * client list, the username filter, a row opened with Enter (its drawer), the deposit dialog (Esc closes it, the focus
 * comes back to its button), the dialog filled and sent, Esc closes the drawer and the focus is back on the row; the
 * tab strip closes a tab with Delete. Every stop of the focus shows it, and inside a dialog or the drawer the focus
 * stays inside.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { accountsOf, clientsFor, listOf, newPage, pane, PASSWORD, rowWith, startE2E, tab } from './console';
import { apiGet } from './harness';
import { DESKTOP } from './menu-pages';

const e2e = startE2E({ clients: 12, adminToken: true });

/**
 * Whether the focused element shows it: an outline, or for a text field or select the focused field's border (null
 * when it does). No element focused is the focus gone past the page's last control, to the browser's own.
 */
function focusShown(): string | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  const field = el.closest('.MuiInputBase-root.Mui-focused');
  if (field) return null;
  const style = getComputedStyle(el);
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) return null;
  return `no focus outline on ${el.outerHTML.slice(0, 120)}`;
}

const focused = (target: Locator) => target.evaluate((t) => t === document.activeElement);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most 80 times; each stop shows its focus and,
 * with `within`, lies inside it (a dialog keeps the focus).
 */
async function tabTo(page: Page, target: Locator, { within, back }: { within?: Locator; back?: boolean } = {}) {
  const max = 80;
  for (let i = 0; i < max; i++) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    expect(await page.evaluate(focusShown)).toBeNull();
    if (within) expect(await within.evaluate((w) => w.contains(document.activeElement))).toBe(true);
  }
  if (await focused(target)) return;
  throw new Error(`the focus did not reach ${target} in ${max} presses of Tab`);
}

describe('the keyboard alone', () => {
  it('finds a client, opens the drawer and makes a deposit without the mouse', async () => {
    const client = (await clientsFor(e2e.server, e2e.adminToken)).find((c) => !c.fake)!;
    const accounts = await accountsOf(e2e.server, e2e.adminToken, client.id);
    expect(accounts.length).toBeGreaterThan(0);
    const account = accounts[0];
    const AMOUNT = '67.89';

    const { ctx, page } = await newPage(e2e.browser, DESKTOP);
    // Sign in: the username field has the focus, Tab to the password, Enter sends.
    await page.goto(`${e2e.server.url}/login`);
    await expect.poll(() => focused(page.locator('input[name=username]'))).toBe(true);
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    expect(await focused(page.locator('input[name=password]'))).toBe(true);
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await page.locator('[data-testid=profile-card]').waitFor();

    // The menu: Tab to 客户管理, Enter opens the list.
    const menuItem = page.locator('[data-testid=side-menu] [data-testid=menu-item-client]');
    await tabTo(page, menuItem);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/client*');
    const filter = page.locator(`${pane('/client')} input[name=username]`);
    await filter.waitFor();

    // The username filter, then the client's row: Enter opens its drawer, which takes the focus.
    await tabTo(page, filter);
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/api/client/admin/v1/list') &&
        new URL(r.url()).searchParams.get('username') === client.username,
    );
    await page.keyboard.type(client.username);
    expect((await answered).status()).toBe(200);
    const row = rowWith(page, '/client', 'username', client.username);
    await row.waitFor();
    await tabTo(page, row);
    await page.keyboard.press('Enter');
    const drawer = page.locator('[data-testid=client-drawer]');
    await drawer.locator('[data-testid=account-card]').first().waitFor();
    await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    // The deposit dialog: Esc closes it and the focus is back on its button.
    const depositButton = drawer.locator('[data-testid=action-deposit]');
    await tabTo(page, depositButton, { within: drawer });
    await page.keyboard.press('Enter');
    const dialog = page.locator('[data-testid=deposit-dialog] [role=dialog]');
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(depositButton)).toBe(true);

    // Again, and this time filled in: the account with the arrow keys, the amount, Enter on 提交.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const select = dialog.locator('[data-testid=account_id-select]').locator('xpath=..').locator('[role=combobox]');
    await tabTo(page, select, { within: dialog });
    await page.keyboard.press('ArrowDown');
    const listbox = page.locator('[role=listbox]');
    await listbox.waitFor();
    const option = listbox.locator('[role=option]', { hasText: account.acc_no });
    for (let i = 0; i < accounts.length && !(await focused(option)); i++) await page.keyboard.press('ArrowDown');
    expect(await focused(option)).toBe(true);
    await page.keyboard.press('Enter');
    await listbox.waitFor({ state: 'detached' });
    await expect.poll(() => dialog.locator('input[name=currency]').inputValue()).toBe(account.currency);
    await expect.poll(() => dialog.locator('input[name=sub_type]').inputValue()).not.toBe('');
    await tabTo(page, dialog.locator('input[name=amount]'), { within: dialog });
    await page.keyboard.type(AMOUNT);
    await tabTo(page, dialog.locator('[data-testid=fund-submit]'), { within: dialog });
    const credited = page.waitForResponse((r) => r.url().includes(`/api/deposit/admin/v2/specialized/${client.id}`));
    await page.keyboard.press('Enter');
    expect((await credited).status()).toBeLessThan(300);
    await page.getByText('充值已登记，等待审核').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(depositButton)).toBe(true);

    // Esc closes the drawer; the focus is back on the row it opened from.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => focused(row)).toBe(true);

    // The API: one pending deposit of exactly that amount into that account, none into the client's other accounts.
    const pending = listOf<{ account_id: number; amount: string }>(
      await apiGet(
        e2e.server,
        e2e.adminToken,
        `/api/deposit/admin/v1/list?page=1&page_size=50&username=${client.username}&status=pending`,
      ),
    ).filter((d) => d.amount === AMOUNT);
    expect(pending.map((d) => String(d.account_id))).toEqual([String(account.id)]);
    // a request waits for approval: no balance moved yet
    expect((await accountsOf(e2e.server, e2e.adminToken, client.id)).map((a) => a.balance)).toEqual(
      accounts.map((a) => a.balance),
    );

    // The tab strip: Delete closes the focused tab and the focus moves to the tab shown now.
    const clientTab = page.locator(tab('/client'));
    await tabTo(page, clientTab, { back: true });
    await page.keyboard.press('Delete');
    await clientTab.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
    await ctx.close();
  });
});
