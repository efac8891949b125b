/**
 * Bonus points (赠分, compensation) and bonus (奖励) from the client drawer land on the account chosen in the dialog, of
 * that client, and nowhere else (issue 7: they used to land on the account whose id was the client's id); the record
 * is listed on the bonus-point records page and its rollback restores the balance. The drawer lists the client's
 * pending deposits and reloads them after a deposit.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { apiGet, apiToken } from './harness';
import {
  accountsOf,
  clientsFor,
  filterByUsername,
  openClientDrawer,
  openFromMenu,
  pickAccount,
  rows,
  signedInPage,
  uploadPng,
  startE2E,
} from './console';
import { addMoney, formatMoney, signOf } from '../../resources/client/money';
import type { Account } from '../../resources/client/drawer/api';
import { call } from '../server/helpers';

/** Where to save the drawer screenshots (none when unset). */
const SHOT_DIR = process.env.SHOT_DIR;
const e2e = startE2E({ clients: 12, adminToken: true });

interface CreditRecord {
  id: number;
  client_id: number;
  account_id: number;
  sub_type: string;
  amount: string;
  status: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** The client's accounts as admin reads them on the API. */
const adminAccounts = (clientId: number) => accountsOf(e2e.server, e2e.adminToken, clientId);
const accountIn = (accounts: Account[], id: Account['id']) => accounts.find((a) => String(a.id) === String(id))!;

/**
 * A client with at least two accounts, the account to credit (not the first one: a non-negative balance so that the
 * rollback has the money), a neighbour account of the same client, and an account of another client: preferably the
 * one whose id is the client's id (where the old bug put the money: the path's client id read as an account id).
 */
async function pickTarget() {
  const owners = await Promise.all(
    (await clientsFor(e2e.server, e2e.adminToken)).map(async (c) => ({
      client: c,
      accounts: await adminAccounts(c.id),
    })),
  );
  const candidates = owners.flatMap(({ client, accounts }) => {
    const chosen = accounts.length > 1 ? accounts.slice(1).find((a) => signOf(a.balance) >= 0) : undefined;
    return chosen ? [{ client, chosen, neighbour: accounts.find((a) => a.id !== chosen.id)! }] : [];
  });
  const ownerOf = (accountId: number) =>
    owners.find(({ accounts }) => accounts.some((a) => String(a.id) === String(accountId)));
  // Preferably a client whose id is the id of another client's account (the repro).
  for (const pick of candidates) {
    const owner = ownerOf(pick.client.id);
    if (owner && owner.client.id !== pick.client.id) {
      return { ...pick, otherOwner: owner.client, other: accountIn(owner.accounts, pick.client.id) };
    }
  }
  const pick = candidates[0];
  if (!pick) throw new Error('no client with two accounts in the seed');
  const owner = owners.find((o) => o.client.id !== pick.client.id && o.accounts.length)!;
  return { ...pick, otherOwner: owner.client, other: owner.accounts[0] };
}

const card = (drawer: Locator, account: Account) =>
  drawer.locator(`[data-testid=account-card][data-account-id="${account.id}"]`);
const shownBalance = (drawer: Locator, account: Account) =>
  card(drawer, account).locator('[data-testid=account-balance]').innerText();

const KINDS = {
  compensation: { button: '赠分', success: '赠分已添加', amount: '12.34' },
  bonus: { button: '奖励', success: '奖励已添加', amount: '23.45' },
} as const;

/**
 * Credits `kind` from the drawer to the chosen account, checks the chosen account, its neighbour and another
 * client's account (API and cards), then rolls the record back from the bonus-point records page.
 */
async function creditAndRollBack(kind: keyof typeof KINDS) {
  const { button, success, amount } = KINDS[kind];
  const { client, chosen, neighbour, otherOwner, other } = await pickTarget();
  const otherBefore = accountIn(await adminAccounts(otherOwner.id), other.id);

  const { ctx, page } = await signedInPage(e2e);
  await openFromMenu(page, 'client');
  const drawer = await openClientDrawer(page, client);
  expect(await shownBalance(drawer, chosen)).toBe(formatMoney(chosen.balance));

  await drawer.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.locator(`[data-testid=${kind}-dialog]`);
  await dialog.waitFor();
  await pickAccount(page, dialog, 'account_id', chosen.acc_no);
  await dialog.locator('input[name=amount]').fill(amount);
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes(`/api/overdrawn/admin/v1/${kind}/${client.id}`),
  );
  await dialog.getByRole('button', { name: '提交' }).click();
  const res = await answered;
  expect(res.status()).toBe(200);
  const record = (await res.json()) as CreditRecord;
  expect(record).toMatchObject({ client_id: client.id, account_id: Number(chosen.id), sub_type: kind, amount });
  expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({ account_id: chosen.id, amount });
  await page.getByText(success).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // The API: the chosen account up by exactly the amount (balance and its kind's total), nothing else moved.
  const after = await adminAccounts(client.id);
  const credited = accountIn(after, chosen.id);
  expect(credited.balance).toBe(addMoney(chosen.balance, amount));
  expect(credited[kind]).toBe(addMoney(chosen[kind], amount));
  expect(accountIn(after, neighbour.id)).toEqual(neighbour);
  expect(accountIn(await adminAccounts(otherOwner.id), other.id)).toEqual(otherBefore);

  // The cards: the drawer reloaded; the chosen card shows the new balance, the neighbour its old one.
  await expect.poll(() => shownBalance(drawer, chosen)).toBe(formatMoney(credited.balance));
  expect(await card(drawer, chosen).locator(`[data-field=${kind}] .MuiTypography-body2`).innerText()).toBe(
    formatMoney(credited[kind]),
  );
  expect(await shownBalance(drawer, neighbour)).toBe(formatMoney(neighbour.balance));

  // The bonus-point records page lists the record; its rollback restores the balance.
  await drawer.locator('[data-testid=client-drawer-close]').click();
  await drawer.waitFor({ state: 'detached' });
  await openFromMenu(page, 'compensation', 'funds');
  await filterByUsername(page, '/compensation', '/api/overdrawn/admin/v1/record/list', client.username);
  const row = rows(page, '/compensation')
    .filter({ hasText: client.username })
    .filter({ hasText: formatMoney(amount) });
  await row.first().waitFor();
  expect(await row.count()).toBe(1);
  await expect.poll(() => row.innerText()).toContain('已通过');

  await row.getByRole('button', { name: '回滚' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: client.username });
  await confirm.waitFor();
  expect(await confirm.innerText()).toContain(`#${record.id}`);
  const rolledBack = page.waitForResponse((r) => r.url().includes(`/api/overdrawn/admin/v1/rollback/${record.id}`));
  await confirm.getByRole('button', { name: '确认' }).click();
  const asked = await rolledBack;
  expect(asked.status()).toBe(200);
  // Maker-checker: the administrator credited it, so his rollback waits for a checker; the record is frozen meanwhile.
  const approvalId = ((await asked.json()) as { approval: { id: number; kind: string } }).approval.id;
  await expect.poll(() => row.innerText()).toContain('回滚待复核');
  expect(await row.getByRole('button', { name: '回滚' }).count()).toBe(0);
  const checker = await apiToken(e2e.server, 'supervisor');
  const decided = await call(e2e.server.test.app, 'PUT', `/api/approval/admin/v1/decide/${approvalId}`, {
    token: checker,
    body: { decision: 'approved' },
  });
  expect(decided.statusCode).toBe(200);
  await page.reload();
  const done = rows(page, '/compensation').filter({ hasText: client.username }).filter({ hasText: '已回滚' });
  await done.first().waitFor();
  expect(await done.first().getByRole('button', { name: '回滚' }).count()).toBe(0);

  const detail = await apiGet<CreditRecord>(e2e.server, e2e.adminToken, `/api/overdrawn/admin/v1/detail/${record.id}`);
  expect(detail.status).toBe('rolled_back');
  const restored = await adminAccounts(client.id);
  expect(accountIn(restored, chosen.id).balance).toBe(chosen.balance);
  expect(accountIn(restored, chosen.id)[kind]).toBe(chosen[kind]);
  expect(accountIn(restored, neighbour.id)).toEqual(neighbour);
  expect(accountIn(await adminAccounts(otherOwner.id), other.id)).toEqual(otherBefore);
  await ctx.close();
}

// ---------------------------------------------------------------------------------------------------------------

describe('bonus points and bonus from the client drawer', () => {
  it('赠分 lands on the chosen account only, is listed, and rolls back', () => creditAndRollBack('compensation'));
  it('奖励 lands on the chosen account only, is listed, and rolls back', () => creditAndRollBack('bonus'));
});

describe('pending deposits in the client drawer', () => {
  it('lists the pending deposits of the client and reloads them after a deposit', async () => {
    const { client, chosen, neighbour } = await pickTarget();
    // Two pending deposits made through the API: one in the account's currency, one converted and with a proof.
    const deposit = async (body: Record<string, unknown>) => {
      const made = await call(e2e.server.test.app, 'POST', `/api/deposit/admin/v2/specialized/${client.id}`, {
        token: e2e.adminToken,
        body: { account_id: chosen.id, sub_type: 'bank', ...body },
      });
      expect(made.statusCode, made.body).toBe(200);
      return made.json() as CreditRecord & { credit_amount: string; credit_currency: string; currency: string };
    };
    const first = await deposit({ amount: '45.60', currency: chosen.currency });
    const foreignCurrency = neighbour.currency !== chosen.currency ? neighbour.currency : undefined;
    const converted = await deposit({
      amount: '100.00',
      ...(foreignCurrency ? { currency: foreignCurrency } : {}),
      screenshot: await uploadPng(e2e.server, e2e.adminToken),
    });

    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 375, height: 812 },
    ]) {
      const { ctx, page } = await signedInPage(e2e, 'admin', viewport);
      await page.goto(`${e2e.server.url}/client`);
      const drawer = await openClientDrawer(page, client);
      const section = drawer.locator('[data-testid=pending-deposits]');
      await section.getByRole('heading', { name: '待审核充值' }).waitFor();
      const row = section.locator(`[data-testid=pending-deposit][data-deposit-id="${first.id}"]`);
      await row.waitFor();
      expect(await row.locator('[data-testid=pending-deposit-amount]').innerText()).toBe(`45.60 ${chosen.currency}`);
      expect(await row.innerText()).toContain('银行转账');
      // The converted one: requested amount and currency, what the account is credited, and its proof decoded.
      const other = section.locator(`[data-testid=pending-deposit][data-deposit-id="${converted.id}"]`);
      expect(await other.locator('[data-testid=pending-deposit-amount]').innerText()).toBe(
        `100.00 ${converted.currency}`,
      );
      expect(await other.locator('[data-testid=pending-deposit-credited]').innerText()).toContain(
        `${formatMoney(converted.credit_amount)} ${chosen.currency}`,
      );
      if (foreignCurrency) expect(converted.credit_currency).not.toBe(converted.currency);
      const proof = other.getByRole('img', { name: '充值凭证' });
      await proof.scrollIntoViewIfNeeded();
      await expect.poll(() => proof.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(2);
      await section.scrollIntoViewIfNeeded();
      if (SHOT_DIR) await page.screenshot({ path: `${SHOT_DIR}/drawer-pending-${viewport.width}.png` });
      await ctx.close();
    }

    // A deposit made in the drawer appears in the section without reopening it.
    const { ctx, page } = await signedInPage(e2e);
    await openFromMenu(page, 'client');
    const drawer = await openClientDrawer(page, client);
    const section = drawer.locator('[data-testid=pending-deposits]');
    await section.locator(`[data-deposit-id="${first.id}"]`).waitFor();
    const shown = await section.locator('[data-testid=pending-deposit]').count();
    await drawer.getByRole('button', { name: '充值', exact: true }).click();
    const dialog = page.locator('[data-testid=deposit-dialog]');
    await dialog.waitFor();
    await pickAccount(page, dialog, 'account_id', chosen.acc_no);
    await expect.poll(() => dialog.locator('input[name=sub_type]').inputValue()).not.toBe('');
    await dialog.locator('input[name=amount]').fill('67.80');
    const answered = page.waitForResponse((r) => r.url().includes(`/api/deposit/admin/v2/specialized/${client.id}`));
    await dialog.getByRole('button', { name: '提交' }).click();
    const second = (await (await answered).json()) as CreditRecord;
    await page.getByText('充值已登记，等待审核').first().waitFor();
    const newRow = section.locator(`[data-testid=pending-deposit][data-deposit-id="${second.id}"]`);
    await newRow.waitFor();
    expect(await newRow.locator('[data-testid=pending-deposit-amount]').innerText()).toBe(`67.80 ${chosen.currency}`);
    expect(await section.locator('[data-testid=pending-deposit]').count()).toBe(Math.min(shown + 1, 20));
    await ctx.close();
  });
});
