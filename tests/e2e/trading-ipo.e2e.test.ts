/**
 * An IPO through its stage pages in Chromium, in Chinese: two clients subscribe 200 shares each of an issue of 300
 * (through the API, as the client app would), the subscription is closed; the administrator allocates it by ratio on
 * 新股配售 (asked first), finds the allotments on 配售记录 (200 and 100: pro rata in lots of 100, the last lot to the
 * earlier of two equal requests), lists it on 上市管理; the API then holds the positions and the money each client
 * paid, and a third client's account did not move.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../server/helpers';
import { accountsOf, clientsFor, openFromMenu, pane, rowWith, signedInPage, startE2E, tableFits } from './console';

const e2e = startE2E({ clients: 10, adminToken: true });
const CODE = 'IPOE2E';

const api = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
  const res = await call(e2e.server.test.app, method, `/api${url}`, { token: e2e.adminToken, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe('IPO allocation and listing in Chromium', () => {
  it('allocates by ratio on 新股配售, shows the allotments on 配售记录 and lists the issue on 上市管理', async () => {
    // Three clients with a USD account that can pay 2,000.00: two subscribe, the third is the neighbour.
    const funded: { clientId: number; username: string; accountId: number; balance: string }[] = [];
    for (const c of await clientsFor(e2e.server, e2e.adminToken)) {
      const usd = (await accountsOf(e2e.server, e2e.adminToken, c.id)).find(
        (a) => a.currency === 'USD' && Number(a.balance) >= 2000,
      );
      if (usd) funded.push({ clientId: c.id, username: c.username, accountId: Number(usd.id), balance: usd.balance });
      if (funded.length === 3) break;
    }
    expect(funded).toHaveLength(3);
    const [a, b, neighbour] = funded;

    const product = await api('POST', '/trades/admin/v1/ipo/product/create', {
      code: CODE,
      name: '测试新股',
      currency: 'USD',
      price: '10',
      lot_size: 100,
      offered: 300,
      subscribe_end: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const orders = [];
    for (const c of [a, b])
      orders.push(
        await api('POST', '/trades/admin/v1/ipo/order/create', {
          client_id: c.clientId,
          product_id: product.id,
          trade_type: 'review',
          quantity: 200,
        }),
      );
    await api('PUT', `/trades/admin/v1/ipo/product/lock/${product.id}`);

    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'trades/ipo_allocation', 'trades');
    const waiting = rowWith(page, '/trades/ipo_allocation', 'code', CODE);
    await waiting.waitFor();
    // the row fits 1366 px beside the menu (the totals of a later stage wait in the column chooser)
    expect(await tableFits(page, '/trades/ipo_allocation')).toBe(true);
    await waiting.getByRole('button', { name: '配售' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('按比例').waitFor();
    await page.screenshot({ path: '/tmp/trading-ipo-allocate-1366.png' });
    await dialog.getByRole('button', { name: '确认' }).click();
    await page.getByText('配售完成').first().waitFor();
    await waiting.waitFor({ state: 'detached' });

    // 配售记录: 200 for the first subscription, 100 for the second
    await openFromMenu(page, 'trx/sub_allocation', 'trx');
    const records = page.locator(pane('/trx/sub_allocation'));
    const allotted = async (username: string) =>
      (await records.locator('tbody tr', { hasText: username }).locator('td.column-allocated').innerText()).trim();
    await records.locator('tbody tr', { hasText: b.username }).waitFor();
    expect(await allotted(a.username)).toBe('200');
    expect(await allotted(b.username)).toBe('100');
    await page.screenshot({ path: '/tmp/trading-ipo-allocations-1366.png' });

    // 上市管理: list it
    await openFromMenu(page, 'trades/go_public', 'trades');
    const listing = rowWith(page, '/trades/go_public', 'code', CODE);
    await listing.waitFor();
    expect(await tableFits(page, '/trades/go_public')).toBe(true);
    await listing.getByRole('button', { name: '上市' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await listing.waitFor({ state: 'detached' });
    await ctx.close();

    // The API's truth: listed, the allotments held, 2,000.00 and 1,000.00 paid (no fees configured), the rest
    // released; the neighbour untouched.
    expect((await api('GET', `/trades/admin/v1/ipo/product/${product.id}`)).status).toBe('listed');
    for (const [o, qty] of [
      [orders[0], 200],
      [orders[1], 100],
    ] as const) {
      expect(await api('GET', `/trx/admin/v1/ipo/${o.id}`)).toMatchObject({
        status: 'holding',
        allocated_quantity: qty,
      });
    }
    const cents = (v: string) => Math.round(Number(v) * 100);
    const now = async (c: (typeof funded)[number]) =>
      (await accountsOf(e2e.server, e2e.adminToken, c.clientId)).find((x) => Number(x.id) === c.accountId)!;
    expect(cents((await now(a)).balance)).toBe(cents(a.balance) - 200_000);
    expect(cents((await now(b)).balance)).toBe(cents(b.balance) - 100_000);
    expect((await now(a)).frozen).toBe('0.00');
    expect((await now(neighbour)).balance).toBe(neighbour.balance);
  });
});
