import { describe, expect, it } from 'vitest';
import { apiToken } from './harness';
import { call } from '../server/helpers';
import {
  accountsOf,
  clientsFor,
  openClientDrawer,
  openFromMenu,
  pane,
  pick,
  pickRemote,
  rowWith,
  signedInPage,
  startE2E,
  tableFits,
} from './console';

const e2e = startE2E({ clients: 10, adminToken: true });

const STOCK = '/trades/stock';
const CODE = 'E2E1';

describe('trading', () => {
  it('creates a stock, places a review order for a client, approves it, sees the holding, sells it and finds the record', async () => {
    // A client with an account that can pay 200 shares at 12.50; the product trades in that account's currency.
    let client: Awaited<ReturnType<typeof clientsFor>>[number] | undefined;
    let account: Awaited<ReturnType<typeof accountsOf>>[number] | undefined;
    for (const c of await clientsFor(e2e.server, e2e.adminToken)) {
      account = (await accountsOf(e2e.server, e2e.adminToken, c.id)).find((a) => Number(a.balance) >= 3000);
      if (account) {
        client = c;
        break;
      }
    }
    if (!client || !account) throw new Error('no seeded client can pay 2,500.00');
    const balanceBefore = account.balance;
    // Stocks trade all day here (the run may fall outside the default sessions), still without fees.
    const hours = await call(e2e.server.test.app, 'PUT', '/api/trade_config/admin/v1/product/stock', {
      token: e2e.adminToken,
      body: {
        enabled: true,
        sessions: '00:00-24:00',
        buy_fee: '0',
        sell_fee: '0',
        min_amount: '0.00',
        max_amount: '1000000.00',
        leverage: 1,
      },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });

    // 涨停股票: create a product
    await openFromMenu(page, 'trades/stock', 'trades');
    await page.locator(`${pane(STOCK)} a[href$="/trades/stock/create"]`).click();
    // The list (whose filters have the same names) stays until the create view replaces it: type into the form.
    const form = page.locator(`${pane(STOCK)} form`);
    await form.locator('[data-testid=form-save]').waitFor();
    await form.locator('input[name=code]').fill(CODE);
    await form.locator('input[name=name]').fill('测试股票');
    await pick(page, `${pane(STOCK)} form`, 'currency', account.currency);
    await form.locator('input[name=price]').fill('12.5');
    await form.locator('input[name=lot_size]').fill('100');
    await form.locator('[data-testid=form-save]').click();
    // Saved: the new product's page, then back to the list.
    await page.waitForURL('**/trades/stock/*/show');
    await page.locator(pane(STOCK)).getByText('测试股票').first().waitFor();
    await page.goto(`${e2e.server.url}${STOCK}`);
    await rowWith(page, STOCK, 'code', CODE).waitFor();
    await page.screenshot({ path: '/tmp/trading-products-1366.png' });

    // place a review order of 200 shares for the client
    await page.getByTestId('trades-tab-orders').click();
    // the kind's trading hours beside the totals: open all day
    await expect
      .poll(() => page.locator(pane(STOCK)).getByTestId('market-hours').innerText())
      .toBe('交易时段 00:00-24:00（Asia/Shanghai） · 开市中');
    await page.getByRole('button', { name: '代客下单' }).click();
    await pickRemote(page, '客户', client.username);
    await pickRemote(page, '产品', CODE);
    await pick(page, '[role=dialog]', 'trade_type', '审核');
    await page.getByRole('dialog').locator('input[name=quantity]').fill('200');
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    const order = rowWith(page, STOCK, 'product_code', CODE);
    await order.locator('text=待审核').waitFor();

    // approve it
    await order.getByRole('button', { name: '通过' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await order.locator('text=持仓中').waitFor();
    // status, result, time and actions on screen at 1366 px beside the menu
    expect(await tableFits(page, STOCK)).toBe(true);
    await page.screenshot({ path: '/tmp/trading-orders-1366.png' });
    // The totals of every matching order, from the list's own answer: one order of 2,500.00 in the account's currency.
    await expect
      .poll(() => page.locator(pane(STOCK)).getByTestId(`totals-${account.currency}`).innerText())
      .toContain('金额 2,500.00');

    // the holding in the client drawer: 200 at 12.5 = 2,500.00, profit 0
    await openFromMenu(page, 'client');
    const drawer = await openClientDrawer(page, client);
    await drawer.getByRole('tab', { name: '持仓' }).click();
    const holding = drawer.locator('[data-testid=holdings] tbody tr', { hasText: CODE });
    await holding.waitFor();
    const cells = await holding.locator('td').allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining(['200', '12.5000', '2,500.00']));
    await page.screenshot({ path: '/tmp/trading-holdings-1366.png' });
    await drawer.getByTestId('client-drawer-close').click();

    // sell at 13
    await openFromMenu(page, 'trades/stock', 'trades');
    await page.getByTestId('trades-tab-orders').click();
    await order.getByRole('button', { name: '卖出' }).click();
    await page.getByRole('dialog').locator('input[name=sell_price]').fill('13');
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await order.locator('text=已卖出').waitFor();
    // Bought 2,500.00, sold 2,600.00 (no fees configured): the account gained exactly 100.00.
    const after = (await accountsOf(e2e.server, e2e.adminToken, client.id)).find((a) => a.id === account.id)!;
    expect(Math.round((Number(after.balance) - Number(balanceBefore)) * 100)).toBe(10_000);

    // 交易记录 → 股票记录
    await openFromMenu(page, 'trx/stock', 'trx');
    const record = rowWith(page, '/trx/stock', 'product_code', CODE);
    await record.locator('text=已卖出').waitFor();
    await page.screenshot({ path: '/tmp/trading-records-1366.png' });
    await ctx.close();

    // The same records on a phone: nothing wider than the screen.
    const phone = await signedInPage(e2e, 'admin', { width: 375, height: 740 });
    await phone.page.goto(`${e2e.server.url}/trx/stock`);
    await rowWith(phone.page, '/trx/stock', 'product_code', CODE).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.page.screenshot({ path: '/tmp/trading-records-375.png' });
    await phone.ctx.close();
  });

  it('a salesman sees trade records but no trades', async () => {
    const { ctx, page } = await signedInPage(e2e, 'sales');
    const menu = page.locator('[data-testid=side-menu]');
    await expect.poll(() => menu.locator('[data-testid=menu-group-trx]').count()).toBe(1);
    expect(await menu.locator('[data-testid=menu-group-trades]').count()).toBe(0);
    const token = await apiToken(e2e.server, 'sales');
    const res = await call(e2e.server.test.app, 'GET', '/api/trades/admin/v1/stock/product/list', { token });
    expect(res.statusCode).toBe(403);
    await ctx.close();
  });
});
