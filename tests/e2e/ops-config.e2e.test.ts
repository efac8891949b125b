/**
 * Issue 10's configuration pages in Chromium, in Chinese: the administrator adds a TRC20 receiving address on 收款地址
 * and sees it listed and offered in a client's crypto deposit; edits the stock product's fees on 交易配置; adds a
 * default rule on 交易权限 and sees a client's effective answer there (the client picked by username); a client's
 * own rule from the drawer's trade-settings tab wins over the default. The supervisor sees 收款地址 but neither configuration page. Screenshots at 1366x768 and 375 px
 * (/tmp/ops-config-*.png).
 */
import { describe, expect, it } from 'vitest';
import { clientsFor, openClientDrawer, openFromMenu, pane, pick, signedInPage, startE2E } from './console';
import { apiToken } from './harness';
import { call } from '../server/helpers';
import { settled } from './menu-pages';

const e2e = startE2E({ clients: 8, adminToken: true });
const TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

describe('operations and configuration in Chromium', () => {
  it('adds a receiving address; it is listed and offered in the crypto deposit dialog', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'crypto_address');
    const view = page.locator(pane('/crypto_address'));
    await view.locator(`a[href$="/crypto_address/create"]`).click();
    await page.waitForURL('**/crypto_address/create');
    // the list (its chain filter is a 链 combobox too) stays until the create view replaces it: pick in the form
    const form = page.locator(`${pane('/crypto_address')} form`);
    await form.locator('[data-testid=form-save]').waitFor();
    await form.getByRole('combobox', { name: /链/ }).click();
    await page.getByRole('option', { name: 'ERC20（以太坊）' }).click();
    await form.getByRole('textbox', { name: /收款地址/ }).fill(TRON);
    await form.locator('[data-testid=form-save]').click();
    // the chain's own format, in Chinese, before anything is sent
    await form.getByText(/地址格式与所选链不符/).waitFor();
    await page.screenshot({ path: '/tmp/ops-config-1366-address-invalid.png' });
    await form.getByRole('combobox', { name: /链/ }).click();
    await page.getByRole('option', { name: 'TRC20（波场）' }).click();
    await form.getByRole('textbox', { name: /标签/ }).fill('主收款地址');
    await form.locator('[data-testid=form-save]').click();
    // the new address opens, with the deposits received on it (none yet)
    await page.waitForURL(/\/crypto_address\/\d+\/show$/);
    const shown = page.locator(pane('/crypto_address'));
    await shown.getByText('主收款地址').first().waitFor();
    await shown.locator('[data-testid=related-deposits]').waitFor();
    await page.screenshot({ path: '/tmp/ops-config-1366-address-show.png' });
    await openFromMenu(page, 'crypto_address');
    const row = view.locator('tbody tr').filter({ hasText: '主收款地址' });
    await row.waitFor();
    await row.getByText('TRC20（波场）').waitFor();
    await row.getByText('启用').waitFor();
    await page.screenshot({ path: '/tmp/ops-config-1366-addresses.png' });

    // A client's crypto deposit offers it.
    const client = (await clientsFor(e2e.server, e2e.adminToken)).find((c) => !c.fake)!;
    await openFromMenu(page, 'client');
    const drawer = await openClientDrawer(page, client);
    await drawer.locator('[data-testid=action-deposit]').click();
    const dialog = page.locator('[data-testid=deposit-dialog]');
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: /充值方式/ }).click();
    await page.getByRole('option', { name: '加密货币' }).click();
    await dialog.getByRole('combobox', { name: /^链/ }).click();
    await page.getByRole('option', { name: /TRC20/ }).click();
    await dialog.getByRole('combobox', { name: /收款地址/ }).click();
    const offered = page.getByRole('option', { name: `主收款地址 · ${TRON}` });
    await offered.waitFor();
    expect(await page.getByRole('option').count()).toBe(1);
    await page.screenshot({ path: '/tmp/ops-config-1366-deposit-offered.png' });
    await offered.click();
    await ctx.close();
  });

  it("edits the stock product's fees", async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'trade_config', 'config');
    const view = page.locator(pane('/trade_config'));
    const stock = view.locator('[data-testid=trade-product-stock]');
    await stock.waitFor();
    await page.screenshot({ path: '/tmp/ops-config-1366-trade-config.png' });
    await stock.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /买入费率/ }).fill('0.0015');
    await dialog.getByRole('textbox', { name: /卖出费率/ }).fill('0.0025');
    await dialog.getByRole('textbox', { name: /最大金额/ }).fill('500000');
    await page.screenshot({ path: '/tmp/ops-config-1366-trade-edit.png' });
    const saved = page.waitForResponse((r) => r.url().includes('/api/trade_config/admin/v1/product/stock'));
    await dialog.getByRole('button', { name: '确认' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    await stock.getByText('0.0015').waitFor();
    await stock.getByText('0.0025').waitFor();
    await stock.getByText('500,000.00').waitFor();
    await stock.getByText('Administrator').waitFor();
    await ctx.close();
  });

  it('adds a default rule on the generated form; the lookup picks a client by username and shows its answer', async () => {
    const client = (await clientsFor(e2e.server, e2e.adminToken)).find((c) => !c.fake)!;
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'trading_permission', 'config');
    const view = page.locator(pane('/trading_permission'));
    await view.locator(`a[href$="/trading_permission/create"]`).click();
    // The list (whose filters have the same names) stays until the create view replaces it: pick in the form.
    const formScope = `${pane('/trading_permission')} form`;
    const form = page.locator(formScope);
    await form.locator('[data-testid=form-save]').waitFor();
    await pick(page, formScope, 'scope', '默认');
    // the default level names no subject (a client rule picks its client by username)
    expect(await form.locator('[data-testid=form-subject_id]').count()).toBe(0);
    await pick(page, formScope, 'product', '大宗交易');
    // 交易权限 is off (禁止) until switched on
    await form.getByRole('textbox', { name: /备注/ }).fill('暂停大宗交易');
    await form.locator('[data-testid=form-save]').click();
    await page.waitForURL(/\/trading_permission$/);
    const row = view.locator('tbody tr').filter({ hasText: '暂停大宗交易' });
    await row.waitFor();
    await row.getByText('禁止').waitFor();

    const lookup = view.locator('[data-testid=permission-lookup]');
    await lookup.getByRole('combobox', { name: /客户/ }).fill(client.username);
    await page.locator('[role=listbox] [role=option]', { hasText: client.username }).first().click();
    await lookup.locator('[data-testid=permission-lookup-go]').click();
    const block = lookup.locator('[data-testid=permission-block]');
    await block.getByText('默认规则').waitFor();
    await block.getByText('不可交易').waitFor();
    await page.screenshot({ path: '/tmp/ops-config-1366-permissions.png' });
    await ctx.close();
  });

  it("the client's own rule from his drawer wins over the default rule", async () => {
    const client = (await clientsFor(e2e.server, e2e.adminToken)).find((c) => !c.fake)!;
    const rule = await call(e2e.server.test.app, 'POST', '/api/trading_permission/admin/v1/create', {
      token: e2e.adminToken,
      tenant: 'tr',
      body: { scope: 'default', product: 'daily', allowed: false },
    });
    expect(rule.statusCode).toBe(200);
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'client');
    const drawer = await openClientDrawer(page, client);
    await drawer.locator('[data-testid=client-tab-trade]').click();
    const own = drawer.locator('[data-testid=permission-daily]');
    await own.getByText('默认规则').waitFor();
    await own.getByRole('combobox').click();
    await page.getByRole('option', { name: '允许' }).click();
    await drawer.locator('[data-testid=permissions-save]').click();
    await page.getByText('交易权限已保存').first().waitFor();
    await own.getByText('客户规则').waitFor();
    await own.getByText('可交易', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/ops-config-1366-drawer-permissions.png' });
    await ctx.close();
  });

  it("a salesman sees his client's trading permissions in the drawer and sets the client's own", async () => {
    const client = (await clientsFor(e2e.server, await apiToken(e2e.server, 'sales'))).find((c) => !c.fake)!;
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 375, height: 740 },
    ]) {
      const { ctx, page } = await signedInPage(e2e, 'sales', viewport);
      if (viewport.width < 768) await page.goto(`${e2e.server.url}/client`);
      else await openFromMenu(page, 'client');
      const drawer = await openClientDrawer(page, client);
      await drawer.locator('[data-testid=client-tab-trade]').click();
      const ipo = drawer.locator('[data-testid=permission-ipo]');
      // the second (phone) pass sees the rule the first one saved
      await ipo.getByText(viewport.width > 768 ? '无规则（允许）' : '客户规则').waitFor();
      if (viewport.width > 768) {
        await ipo.getByRole('combobox').click();
        await page.getByRole('option', { name: '禁止' }).click();
        await drawer.locator('[data-testid=permissions-save]').click();
        await ipo.getByText('客户规则').waitFor();
        await ipo.getByText('不可交易').waitFor();
      }
      await drawer.locator('[data-testid=client-permissions]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/ops-config-${viewport.width}-sales-drawer-permissions.png` });
      await ctx.close();
    }
  });

  it('fits a phone, and the supervisor sees the addresses but not the configuration pages', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 375, height: 740 });
    for (const path of ['/crypto_address', '/trade_config', '/trading_permission']) {
      await page.goto(`${e2e.server.url}${path}`);
      // rows, or the empty state of a tenant without rules (this test makes none of its own)
      await settled(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      await page.screenshot({ path: `/tmp/ops-config-375${path.replace('/', '-')}.png`, fullPage: true });
    }
    await ctx.close();

    const sup = await signedInPage(e2e, 'supervisor', { width: 1366, height: 768 });
    const menu = sup.page.locator('[data-testid=side-menu]');
    await menu.locator('[data-testid="menu-item-crypto_address"]').waitFor();
    expect(await menu.locator('[data-testid="menu-item-trade_config"]').count()).toBe(0);
    expect(await menu.locator('[data-testid="menu-item-trading_permission"]').count()).toBe(0);
    await openFromMenu(sup.page, 'crypto_address');
    // its rows, or its empty state (this test adds no address of its own)
    await settled(sup.page, '/crypto_address');
    await sup.page.screenshot({ path: '/tmp/ops-config-1366-supervisor-addresses.png' });
    await sup.page.setViewportSize({ width: 375, height: 740 });
    await settled(sup.page, '/crypto_address');
    await sup.page.screenshot({ path: '/tmp/ops-config-375-supervisor-addresses.png', fullPage: true });
    await sup.ctx.close();
  });
});
