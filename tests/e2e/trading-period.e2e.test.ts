/**
 * A period product (基金) and a daily trade (日内交易) through the trades pages in Chromium, in Chinese, as a staff
 * member drives them: the administrator creates a fund, places a review order for a client, approves, redeems and
 * settles it with a profit; closes and settles a daily trade. What a person sees is checked on the way (the status
 * labels of the order's row, the totals chip, the client drawer's account card), and the API's truth at the end: the
 * client's account moved by exactly what docs/trading.md says with the fee rates of trade_config (set here to rates
 * whose fees need rounding), and a neighbour's account did not move at all.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { call, login } from '../server/helpers';
import { seedFunds } from '../../server/db/seed-funds';
import type { Account } from '../../resources/client/drawer/api';
import {
  listOf,
  newPage,
  openClientDrawer,
  openFromMenu,
  pane,
  pick,
  pickRemote,
  rows,
  rowWith,
  signedInPage,
  signInAs,
  startE2E,
  type ClientRow,
} from './console';

const e2e = startE2E({ clients: 10, adminToken: true });

const SHOTS = '/tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/trading-period-${name}.png` });

/** An administrator's token per tenant (tr: the one startE2E signed in). */
const tokens: Record<string, string> = {};
const tokenOf = async (tenant: string) =>
  tenant === 'tr'
    ? e2e.adminToken
    : (tokens[tenant] ??= (await login(e2e.server.test.app, 'admin', { tenant })).access_token);

/** The API as administrator of `tenant`; expects a 200 and answers the JSON. */
const api = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, tenant = 'tr') => {
  const res = await call(e2e.server.test.app, method, `/api${url}`, { token: await tokenOf(tenant), tenant, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

/* Exact money, written here again (not imported from the code under test): cents as bigint. */

/** A decimal string of at most 2 places as cents. */
const cents = (v: string | undefined): bigint => {
  if (v === undefined) throw new Error('no amount');
  const [whole, frac = ''] = v.split('.');
  const neg = whole.startsWith('-');
  const c = BigInt(whole.replace('-', '')) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return neg ? -c : c;
};
/** `amount × rate` (a rate of at most 6 decimals) rounded half up to the cent, as docs/trading.md says fees are. */
const fee = (amount: bigint, rate: string): bigint => {
  const [whole, frac = ''] = rate.split('.');
  const micro = BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  return (amount * micro + 500_000n) / 1_000_000n;
};
/** Cents as the console shows money: thousands separators, 2 decimals. */
const shown = (c: bigint): string => {
  const neg = c < 0n;
  const abs = neg ? -c : c;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/**
 * Sets a product's fee rates in trade_config and opens it all day (the run may fall outside the default sessions, which
 * market orders hold to); the rest as it was. Answers the rates the API now holds.
 */
async function setFees(kind: string, buy: string, sell: string, tenant = 'tr') {
  const cfg = await api('GET', `/trade_config/admin/v1/product/${kind}`, undefined, tenant);
  const { enabled, min_amount, max_amount, leverage } = cfg;
  const sessions = '00:00-24:00';
  const saved = await api(
    'PUT',
    `/trade_config/admin/v1/product/${kind}`,
    {
      enabled,
      sessions,
      min_amount,
      max_amount,
      leverage,
      buy_fee: buy,
      sell_fee: sell,
    },
    tenant,
  );
  return { buy: String(saved.buy_fee), sell: String(saved.sell_fee) };
}

/** Clicks the row action `name` of `row`, confirms its dialog (after filling `inputs`) and waits for it to close. */
async function act(page: Page, row: Locator, name: string, inputs: Record<string, string> = {}) {
  await row.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog');
  for (const [field, value] of Object.entries(inputs)) await dialog.locator(`input[name=${field}]`).fill(value);
  await dialog.getByRole('button', { name: '确认' }).click();
  await dialog.waitFor({ state: 'detached' });
}

interface Funded {
  client: ClientRow;
  accountId: number;
  currency: string;
  tenant: string;
}

/** The client's accounts as the API answers them. */
const accountsIn = async (tenant: string, clientId: number): Promise<Account[]> =>
  listOf<Account>(await api('GET', `/acc/admin/v1/list/${clientId}`, undefined, tenant));

/**
 * Two clients of `tenant` with an account in one currency that can pay `need`: the one who trades and the
 * neighbour.
 */
async function twoClients(need: number, tenant = 'tr'): Promise<[Funded, Funded]> {
  const found: Funded[] = [];
  const clients = listOf<ClientRow>(
    await api('GET', '/client/admin/v1/list?page=1&page_size=200&sort=id&order=asc', undefined, tenant),
  );
  for (const c of clients) {
    for (const a of await accountsIn(tenant, c.id)) {
      if (Number(a.balance) < need || (found.length && a.currency !== found[0].currency)) continue;
      found.push({ client: c, accountId: Number(a.id), currency: a.currency, tenant });
      break;
    }
    if (found.length === 2) return [found[0], found[1]];
  }
  throw new Error(`no two seeded clients can pay ${need} in one currency`);
}

const accountOf = async (f: Funded) =>
  (await accountsIn(f.tenant, f.client.id)).find((a) => Number(a.id) === f.accountId)!;

describe('period and daily trades in Chromium', () => {
  it('a fund order: placed for review, approved, redeemed and settled with a profit; the account moves by exactly that', async () => {
    const rates = await setFees('fund', '0.0015', '0.0013');
    const [trader, neighbour] = await twoClients(12_000);
    const before = await accountOf(trader);
    const neighbourBefore = await accountOf(neighbour);

    const principal = cents('10000.00');
    const result = cents('250.00');
    const buyFee = fee(principal, rates.buy);
    const proceeds = principal + result;
    const sellFee = fee(proceeds, rates.sell);
    const net = proceeds - principal - buyFee - sellFee;
    // the rates chosen make the sell fee a rounding (10,250.00 × 0.0013 = 13.325): a wrong rounding shows
    expect(sellFee).toBe(1333n);

    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    const FUND = '/trades/fund';
    const CODE = 'FUNDE2E';

    // 基金: create the product through its form
    await openFromMenu(page, 'trades/fund', 'trades');
    await page.locator(`${pane(FUND)} a[href$="/trades/fund/create"]`).click();
    // The list (whose filters have the same names) stays until the create view replaces it: type into the form.
    const form = page.locator(`${pane(FUND)} form`);
    await form.locator('[data-testid=form-save]').waitFor();
    await form.locator('input[name=code]').fill(CODE);
    await form.locator('input[name=name]').fill('稳健基金');
    await pick(page, `${pane(FUND)} form`, 'currency', trader.currency);
    await form.locator('input[name=price]').fill('1');
    await form.locator('input[name=lot_size]').fill('1');
    await form.locator('input[name=period_days]').fill('30');
    await shot(page, 'create-1366');
    await form.locator('[data-testid=form-save]').click();
    await page.waitForURL('**/trades/fund/*/show');
    await page.locator(pane(FUND)).getByText('稳健基金').first().waitFor();
    await page.goto(`${e2e.server.url}${FUND}`);
    const product = rowWith(page, FUND, 'code', CODE);
    await product.locator('text=启用').waitFor();
    await shot(page, 'products-1366');

    // 代客下单: a review order of 10,000.00
    await page.getByTestId('trades-tab-orders').click();
    await page.getByRole('button', { name: '代客下单' }).click();
    await pickRemote(page, '客户', trader.client.username);
    await pickRemote(page, '产品', CODE);
    await pick(page, '[role=dialog]', 'trade_type', '审核');
    await page.getByRole('dialog').locator('input[name=amount]').fill('10000');
    await shot(page, 'place-1366');
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // the client's cell reads "client0002 #2": the row is the one naming the client
    const order = rows(page, FUND).filter({ hasText: trader.client.username });
    await order.locator('text=待审核').waitFor();
    // frozen: the amount and its buy fee, out of the balance
    const frozen = await accountOf(trader);
    expect(cents(frozen.frozen) - cents(before.frozen)).toBe(principal + buyFee);
    expect(cents(frozen.balance) - cents(before.balance)).toBe(-(principal + buyFee));

    // 通过 → 持仓中, 赎回 → 待结算, 结算 with a profit of 250.00 → 已完成
    await act(page, order, '通过');
    await order.locator('text=持仓中').waitFor();
    const approved = await accountOf(trader);
    expect(cents(approved.frozen)).toBe(cents(before.frozen));
    expect(cents(approved.balance)).toBe(cents(before.balance) - principal - buyFee);
    await act(page, order, '赎回');
    await order.locator('text=待结算').waitFor();
    // a redemption moves no money
    expect((await accountOf(trader)).balance).toBe(approved.balance);
    await order.getByRole('button', { name: '结算' }).click();
    await page.getByRole('dialog').locator('input[name=profit]').fill('250');
    await shot(page, 'settle-1366');
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await order.locator('text=已完成').waitFor();
    // the row shows the net result (after both fees) and no action is left
    expect((await order.locator('td.column-profit').innerText()).replace(/\s+/g, '')).toBe(
      `${shown(net)}${trader.currency}`,
    );
    await expect.poll(() => order.getByRole('button', { name: /通过|赎回|结算/ }).count()).toBe(0);
    // the totals chip: this one order (a fresh database has no other fund order)
    await expect
      .poll(() => page.locator(pane(FUND)).getByTestId(`totals-${trader.currency}`).innerText())
      .toBe(`${trader.currency} · 笔数 1 · 金额 ${shown(principal)} · 手续费 ${shown(buyFee)} · 盈亏 ${shown(net)}`);
    await shot(page, 'orders-1366');

    // The API's truth: principal back with the result less the sell fee since the approval; net over the whole.
    const after = await accountOf(trader);
    expect(cents(after.balance) - cents(approved.balance)).toBe(principal + result - sellFee);
    expect(cents(after.balance) - cents(before.balance)).toBe(net);
    expect(cents(after.profit) - cents(before.profit)).toBe(net);
    expect(cents(after.frozen)).toBe(cents(before.frozen));
    expect(await accountOf(neighbour)).toEqual(neighbourBefore);

    // 交易记录 → 基金记录: the same order, completed
    await openFromMenu(page, 'trx/fund', 'trx');
    const record = rows(page, '/trx/fund').filter({ hasText: trader.client.username });
    await record.locator('text=已完成').waitFor();
    await shot(page, 'records-1366');

    // The client drawer's account card shows the account as the API holds it.
    await openFromMenu(page, 'client');
    const drawer = await openClientDrawer(page, trader.client);
    const card = drawer.locator(`[data-testid=account-card][data-account-id="${trader.accountId}"]`);
    expect((await card.getByTestId('account-balance').innerText()).trim()).toBe(shown(cents(after.balance)));
    expect((await card.locator('[data-field=profit] .MuiTypography-body2').innerText()).trim()).toBe(
      shown(cents(after.profit)),
    );
    expect((await card.locator('[data-field=frozen] .MuiTypography-body2').innerText()).trim()).toBe(
      shown(cents(after.frozen)),
    );
    await shot(page, 'drawer-1366');
    await ctx.close();
  });

  it('a daily trade (deployment pl: tr hides 日内交易): placed Direct, closed at a price, settled', async () => {
    const PL = 'pl';
    await seedFunds(e2e.server.test.database.db, PL, { clients: 6 });
    const rates = await setFees('daily', '0.0007', '0.0011', PL);
    const [trader, neighbour] = await twoClients(8_000, PL);
    const before = await accountOf(trader);
    const neighbourBefore = await accountOf(neighbour);
    const product = await api(
      'POST',
      '/trades/admin/v1/daily/product/create',
      { code: 'DAYE2E', name: '日内测试', currency: trader.currency, price: '20.05', lot_size: 100 },
      PL,
    );

    const amount = 300n * 2005n; // 300 shares at 20.05
    const buyFee = fee(amount, rates.buy);
    const proceeds = 300n * 2133n; // closed at 21.33
    const sellFee = fee(proceeds, rates.sell);
    const net = proceeds - amount - buyFee - sellFee;

    // the deployment profile is chosen on the login page's address and kept for the session
    const { ctx, page } = await newPage(e2e.browser, { width: 1366, height: 768 });
    await page.goto(`${e2e.server.url}/login?profile=${PL}`);
    await signInAs(page, e2e.server.url, 'admin');
    const DAILY = '/trades/daily';
    await openFromMenu(page, 'trades/daily', 'trades');
    await page.getByTestId('trades-tab-orders').click();
    await page.getByRole('button', { name: '代客下单' }).click();
    await pickRemote(page, '客户', trader.client.username);
    await pickRemote(page, '产品', product.code);
    // Direct is the default trade type
    await page.getByRole('dialog').locator('input[name=quantity]').fill('300');
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const order = rowWith(page, DAILY, 'product_code', product.code);
    await order.locator('text=持仓中').waitFor();
    const bought = await accountOf(trader);
    expect(cents(bought.balance) - cents(before.balance)).toBe(-(amount + buyFee));

    // 平仓 at 21.33 → 未结算: the sale is fixed, no money yet
    await act(page, order, '平仓', { sell_price: '21.33' });
    await order.locator('text=未结算').waitFor();
    expect((await accountOf(trader)).balance).toBe(bought.balance);
    await shot(page, 'daily-closed-1366');

    // 结算 (nothing to type: the close fixed it) → 已完成
    await act(page, order, '结算');
    await order.locator('text=已完成').waitFor();
    expect((await order.locator('td.column-profit').innerText()).replace(/\s+/g, '')).toBe(
      `${shown(net)}${trader.currency}`,
    );
    await shot(page, 'daily-settled-1366');
    await ctx.close();

    const after = await accountOf(trader);
    expect(cents(after.balance) - cents(bought.balance)).toBe(proceeds - sellFee);
    expect(cents(after.balance) - cents(before.balance)).toBe(net);
    expect(cents(after.profit) - cents(before.profit)).toBe(net);
    expect(await accountOf(neighbour)).toEqual(neighbourBefore);
    const [placed] = (await api('GET', `/trx/admin/v1/daily/list?product_id=${product.id}`, undefined, PL)).data;
    expect(placed).toMatchObject({ status: 'completed', sell_price: '21.3300' });
    expect(cents(placed.sell_fee)).toBe(sellFee);
    expect(cents(placed.profit)).toBe(net);
  });
});
