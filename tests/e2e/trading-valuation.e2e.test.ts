/**
 * A period product priced other than 1 in the client drawer (docs/trading.md "Trading safety"), in Chromium, in
 * Chinese: a fund at 1.2345 bought for 1,000.00 shows its position at cost, market value 1,000.00 and profit 0.00 (it
 * showed 1,234.50 and +234.50 the moment it was bought). Its own data: the product and the order through the API.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../server/helpers';
import { accountsOf, clientsFor, openClientDrawer, openFromMenu, signedInPage, startE2E } from './console';

const e2e = startE2E({ clients: 10, adminToken: true });
const CODE = 'NAVE2E';

describe('period positions at cost', () => {
  it('a fund at 1.2345 bought for 1,000.00 is shown at 1,000.00 with no unrealised profit', async () => {
    const api = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
      const res = await call(e2e.server.test.app, method, `/api${url}`, { token: e2e.adminToken, body });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    let client: Awaited<ReturnType<typeof clientsFor>>[number] | undefined;
    let currency = '';
    for (const c of await clientsFor(e2e.server, e2e.adminToken)) {
      const acc = (await accountsOf(e2e.server, e2e.adminToken, c.id)).find((a) => Number(a.balance) >= 2000);
      if (acc) {
        client = c;
        currency = acc.currency;
        break;
      }
    }
    if (!client) throw new Error('no seeded client can pay 1,000.00');
    await api('PUT', '/trade_config/admin/v1/product/fund', {
      enabled: true,
      sessions: '00:00-24:00',
      buy_fee: '0',
      sell_fee: '0',
      min_amount: '1.00',
      max_amount: '1000000.00',
      leverage: 1,
    });
    const fund = await api('POST', '/trades/admin/v1/fund/product/create', {
      code: CODE,
      name: '净值基金',
      currency,
      price: '1.2345',
      period_days: 30,
    });
    await api('POST', '/trades/admin/v1/fund/order/create', {
      client_id: client.id,
      product_id: fund.id,
      trade_type: 'holding',
      amount: '1000.00',
    });

    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'client');
    const drawer = await openClientDrawer(page, client);
    await drawer.getByRole('tab', { name: '持仓' }).click();
    const holding = drawer.locator('[data-testid=holdings] tbody tr', { hasText: CODE });
    await holding.waitFor();
    const cells = await holding.locator('td').allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining(['1,000.00', '1.0000']));
    expect(cells).not.toContain('1,234.50');
    expect(await holding.getByTestId('holding-profit').innerText()).toBe('0.00');
    await page.screenshot({ path: '/tmp/trading-valuation-1366.png' });
    await ctx.close();
  });
});
