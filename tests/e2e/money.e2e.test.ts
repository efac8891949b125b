import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { apiGet, apiToken } from './harness';
import {
  accountsOf,
  clientsFor,
  filterByUsername,
  listOf,
  openClientDrawer,
  openFromMenu,
  pane,
  pickAccount,
  pngFile,
  rowWith,
  rows,
  signedInPage,
  type ClientRow,
  startE2E,
} from './console';
import { addMoney, formatMoney, signOf, toCents } from '../../resources/client/money';
import type { Account } from '../../resources/client/drawer/api';
import { call } from '../server/helpers';

const e2e = startE2E({ clients: 40, adminToken: true });

interface DepositRow {
  id: number;
  client_id: number;
  account_id: number;
  amount: string;
  status: string;
  screenshot?: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** The client's accounts as admin reads them on the API. */
const adminAccounts = (clientId: number) => accountsOf(e2e.server, e2e.adminToken, clientId);

/** Every account card in the drawer shows exactly the API's amounts (balance and the other amount fields). */
async function expectCardsMatchApi(drawer: Locator, accounts: Account[]) {
  await expect.poll(() => drawer.locator('[data-testid=account-card]').count()).toBe(accounts.length);
  for (const a of accounts) {
    const card = drawer.locator(`[data-testid=account-card][data-account-id="${a.id}"]`);
    expect(await card.locator('[data-testid=account-number]').innerText()).toBe(a.acc_no);
    const amounts: [string, string, string | undefined][] = [
      ['balance', await card.locator('[data-testid=account-balance]').innerText(), a.balance],
    ];
    for (const field of [
      'deposit',
      'withdrawal',
      'profit',
      'compensation',
      'bonus',
      'loan',
      'frozen',
      'outstanding',
    ] as const) {
      amounts.push([field, await card.locator(`[data-field=${field}] .MuiTypography-body2`).innerText(), a[field]]);
    }
    for (const [field, shown, api] of amounts) {
      // The API's decimal string (numeric(20,2)), shown with thousands separators and nothing else changed.
      expect(api, `${a.acc_no} ${field} from the API`).toMatch(/^-?\d+\.\d{2}$/);
      expect(shown, `${a.acc_no} ${field}`).toBe(formatMoney(api));
      expect(shown.replace(/,/g, ''), `${a.acc_no} ${field}`).toBe(api);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------

describe('client scope', () => {
  it("a salesman finds his own client and not another salesman's", async () => {
    const salesToken = await apiToken(e2e.server, 'sales');
    const own = (await clientsFor(e2e.server, salesToken))[0];
    const foreign = (await clientsFor(e2e.server, await apiToken(e2e.server, 'sales3')))[0];
    expect(own && foreign).toBeTruthy();
    // The API agrees: outside his scope the client does not exist for him.
    expect(
      (await call(e2e.server.test.app, 'GET', `/api/client/admin/v1/detail/${foreign.id}`, { token: salesToken }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(e2e.server.test.app, 'GET', `/api/client/admin/v1/detail/${own.id}`, { token: salesToken }))
        .statusCode,
    ).toBe(200);
    // The usernames do not share a prefix with one another (the username filter is a prefix search).
    expect(foreign.username.startsWith(own.username) || own.username.startsWith(foreign.username)).toBe(false);

    const { ctx, page } = await signedInPage(e2e, 'sales');
    await openFromMenu(page, 'client');

    // His own client: one row, and its drawer opens.
    await filterByUsername(page, '/client', '/api/client/admin/v1/list', own.username);
    await rowWith(page, '/client', 'username', own.username).waitFor();
    expect(await rows(page, '/client').count()).toBe(1);

    // Another salesman's client: the API answers nothing and the list shows no row.
    const res = await filterByUsername(page, '/client', '/api/client/admin/v1/list', foreign.username);
    expect((await res!.json()).total).toBe(0);
    await expect.poll(() => rowWith(page, '/client', 'username', own.username).count()).toBe(0);
    expect(await rows(page, '/client').count()).toBe(0);
    expect(await page.locator(pane('/client')).innerText()).not.toContain(foreign.username);

    // Opening /client with that filter in the URL shows nothing either.
    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/client/admin/v1/list') && r.url().includes(encodeURIComponent(foreign.username)),
    );
    await page.goto(
      `${e2e.server.url}/client?filter=${encodeURIComponent(JSON.stringify({ username: foreign.username }))}`,
    );
    expect((await (await answered).json()).total).toBe(0);
    await page.locator(`${pane('/client')} input[name=username]`).waitFor();
    expect(await page.locator(`${pane('/client')} input[name=username]`).inputValue()).toBe(foreign.username);
    expect(await rows(page, '/client').count()).toBe(0);
    expect(await page.locator(pane('/client')).innerText()).not.toContain(foreign.username);
    await ctx.close();
  });
});

describe('money movements', () => {
  it('an administrator credits a deposit with a proof image, a supervisor approves it, and the card shows the new balance', async () => {
    // A real client with at least one account.
    let client: ClientRow | undefined;
    let account: Account | undefined;
    for (const c of await clientsFor(e2e.server, e2e.adminToken)) {
      if (c.fake) continue;
      const accounts = await adminAccounts(c.id);
      if (accounts.length) {
        client = c;
        account = accounts[0];
        break;
      }
    }
    if (!client || !account) throw new Error('no real client with an account in the seed');
    const before = account.balance;
    const AMOUNT = '123.45';

    const { ctx, page } = await signedInPage(e2e);
    await openFromMenu(page, 'client');
    let drawer = await openClientDrawer(page, client);
    await expectCardsMatchApi(drawer, await adminAccounts(client.id));

    // The deposit dialog: destination account, amount, proof image.
    await drawer.locator('[data-testid=action-deposit]').click();
    const dialog = page.locator('[data-testid=deposit-dialog]');
    await dialog.waitFor();
    await pickAccount(page, dialog, 'account_id', account.acc_no);
    await expect.poll(() => dialog.locator('input[name=currency]').inputValue()).toBe(account.currency);
    await expect.poll(() => dialog.locator('input[name=sub_type]').inputValue()).not.toBe('');
    await dialog.locator('input[name=amount]').fill(AMOUNT);
    const uploaded = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(e2e.server.url));
    await dialog.locator('[data-testid=proof-input]').setInputFiles(pngFile());
    expect((await uploaded).ok()).toBe(true);
    await dialog.locator('[data-testid=proof-preview]').waitFor();

    const credited = page.waitForResponse((r) => r.url().includes(`/api/deposit/admin/v2/specialized/${client.id}`));
    await dialog.locator('[data-testid=fund-submit]').click();
    expect((await credited).status()).toBeLessThan(300);
    await page.getByText('充值已登记，等待审核').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The API holds one pending deposit of exactly that amount, with the proof.
    const pending = listOf<DepositRow>(
      await apiGet(
        e2e.server,
        e2e.adminToken,
        `/api/deposit/admin/v1/list?page=1&page_size=50&username=${client.username}&status=pending`,
      ),
    ).filter((d) => String(d.account_id) === String(account.id) && d.amount === AMOUNT);
    expect(pending).toHaveLength(1);
    const record = pending[0];
    expect(record.screenshot).toBeTruthy();

    // A supervisor approves it on the deposit records page (maker-checker: the administrator made it).
    await drawer.locator('[data-testid=client-drawer-close]').click();
    await drawer.waitFor({ state: 'detached' });
    const checker = await signedInPage(e2e, 'supervisor');
    const cp = checker.page;
    await openFromMenu(cp, 'deposit', 'funds');
    await filterByUsername(cp, '/deposit', '/api/deposit/admin/v1/list', client.username);
    const row = rowWith(cp, '/deposit', 'id', record.id);
    await row.waitFor();
    await row.locator('[data-testid=action-approve]').click();
    const audited = cp.waitForResponse((r) => r.url().includes(`/api/deposit/admin/v1/audit/${record.id}`));
    await cp.locator('[data-testid=action-confirm]').click();
    expect((await audited).status()).toBe(200);
    await cp.getByText('操作成功').first().waitFor();
    await expect.poll(() => row.locator('[data-testid=action-approve]').count()).toBe(0);
    await checker.ctx.close();

    // Back on the client: the card shows old balance + 123.45, exactly the API's amounts.
    const after = await adminAccounts(client.id);
    const credited1 = after.find((a) => a.id === account.id)!;
    expect(credited1.balance).toBe(addMoney(before, AMOUNT));
    await page.locator('[data-testid="tab-/client"]').click();
    await page.waitForURL('**/client*');
    drawer = await openClientDrawer(page, client);
    const card = drawer.locator(`[data-testid=account-card][data-account-id="${account.id}"]`);
    expect(await card.locator('[data-testid=account-balance]').innerText()).toBe(formatMoney(addMoney(before, AMOUNT)));
    await expectCardsMatchApi(drawer, after);
    await ctx.close();
  });

  it('exchanges between two accounts in different currencies and shows the API balances', async () => {
    // A client with a funded account and another account in a different currency.
    let pick: { client: ClientRow; from: Account; to: Account } | undefined;
    for (const c of await clientsFor(e2e.server, e2e.adminToken)) {
      const accounts = await adminAccounts(c.id);
      const from = accounts.find((a) => signOf(a.balance) > 0 && toCents(a.balance)! >= 100n);
      const to = from && accounts.find((a) => a.currency !== from.currency);
      if (from && to) {
        pick = { client: c, from, to };
        break;
      }
    }
    if (!pick) throw new Error('no client with two funded accounts in different currencies in the seed');
    const { client, from, to } = pick;
    const AMOUNT = '1.00';
    const rate = await apiGet<number>(
      e2e.server,
      e2e.adminToken,
      `/api/currency/admin/v1/rate?primary=${from.currency}&secondary=${to.currency}`,
    );

    const { ctx, page } = await signedInPage(e2e);
    await openFromMenu(page, 'client');
    const drawer = await openClientDrawer(page, client);

    await drawer.locator('[data-testid=action-exchange]').click();
    const dialog = page.locator('[data-testid=exchange-dialog]');
    await dialog.waitFor();
    await pickAccount(page, dialog, 'from_account', from.acc_no);
    await pickAccount(page, dialog, 'to_account', to.acc_no);
    await dialog.locator('input[name=amount]').fill(AMOUNT);
    const line = dialog.locator('[data-testid=rate-line]');
    await line.waitFor();
    const shownRate = /(\d+\.\d+)/.exec(await line.innerText())?.[1];
    expect(shownRate).toMatch(/^\d+\.\d{6}$/);
    expect(shownRate).toBe(rate.toFixed(6));

    const exchanged = page.waitForResponse((r) => r.url().includes(`/api/acc/admin/v1/exchange/${client.id}`));
    await dialog.locator('[data-testid=exchange-submit]').click();
    expect((await exchanged).status()).toBeLessThan(300);
    await page.getByText('兑换成功').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The drawer reloads its accounts; they equal the API's, the source down by exactly the amount.
    const after = await adminAccounts(client.id);
    const source = after.find((a) => a.id === from.id)!;
    const target = after.find((a) => a.id === to.id)!;
    expect(source.balance).toBe(addMoney(from.balance, `-${AMOUNT}`));
    // Target amount = amount × rate, half-even to cents (the API's rule): 1.00 × rate = rate rounded to cents.
    const units = BigInt(rate.toFixed(8).replace('.', '')); // rate × 10^8
    let cents = units / 1_000_000n;
    const rest = units % 1_000_000n;
    if (rest > 500_000n || (rest === 500_000n && cents % 2n === 1n)) cents += 1n;
    expect(target.balance).toBe(addMoney(to.balance, `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`));
    await expect
      .poll(() =>
        drawer
          .locator(`[data-testid=account-card][data-account-id="${from.id}"] [data-testid=account-balance]`)
          .innerText(),
      )
      .toBe(formatMoney(source.balance));
    await expectCardsMatchApi(drawer, after);
    await ctx.close();
  });
});
