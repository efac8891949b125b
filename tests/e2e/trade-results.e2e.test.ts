/**
 * Trade results in Chromium (docs/trading.md "Trade results"): a supervisor settles a fund order whose result reaches
 * the approval tier; the settle dialog closes saying 待复核 (not done), the order's row reads 待复核 with no action left,
 * and no money moves; the administrator finds it in 复核队列 as 交易结果 with the result asked and approves it; then the
 * client's account moves by exactly the settlement and a neighbour's not at all.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../server/helpers';
import { setTier } from '../server/approval-helpers';
import type { Account } from '../../resources/client/drawer/api';
import { listOf, openFromMenu, pane, rows, signedInPage, startE2E, type ClientRow } from './console';

const e2e = startE2E({ clients: 10, adminToken: true });

const api = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
  const res = await call(e2e.server.test.app, method, `/api${url}`, { token: e2e.adminToken, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
/** A decimal string of at most 2 places as cents. */
const cents = (v: string): bigint => {
  const [whole, frac = ''] = v.split('.');
  const neg = whole.startsWith('-');
  const c = BigInt(whole.replace('-', '')) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return neg ? -c : c;
};
const accountsOf = async (clientId: number): Promise<Account[]> =>
  listOf<Account>(await api('GET', `/acc/admin/v1/list/${clientId}`));

describe('trade results in Chromium', () => {
  it('a settlement above the tier awaits review (待复核), appears in 复核队列 and moves money only once approved', async () => {
    // two clients with an account in one currency that can pay 1,010.00
    const found: { client: ClientRow; account: Account }[] = [];
    for (const c of listOf<ClientRow>(
      await api('GET', '/client/admin/v1/list?page=1&page_size=200&sort=id&order=asc'),
    )) {
      const a = (await accountsOf(c.id)).find(
        (x) => Number(x.balance) >= 1010 && (!found.length || x.currency === found[0].account.currency),
      );
      if (a) found.push({ client: c, account: a });
      if (found.length === 2) break;
    }
    const [trader, neighbour] = found;
    const currency = trader.account.currency;
    // a tier of 10.00 in the trader's currency for trade results (whatever the seeded currency's large amount is)
    await setTier(
      e2e.server.test.database.db,
      'tr',
      { enabled: true, one: '10', two: null },
      ['trade_result'],
      currency,
    );
    await api('PUT', '/trade_config/admin/v1/product/fund', {
      enabled: true,
      sessions: '00:00-24:00',
      buy_fee: '0',
      sell_fee: '0',
      min_amount: '1.00',
      max_amount: '1000000.00',
      leverage: 1,
    });
    const product = await api('POST', '/trades/admin/v1/fund/product/create', {
      code: 'RESULTS1',
      name: '复核基金',
      currency,
      price: '1',
      period_days: 30,
    });
    const order = await api('POST', '/trades/admin/v1/fund/order/create', {
      client_id: trader.client.id,
      product_id: product.id,
      trade_type: 'holding',
      amount: '1000',
    });
    const balance = async (c: { client: ClientRow; account: Account }) =>
      (await accountsOf(c.client.id)).find((a) => a.id === c.account.id)!.balance;
    const before = [await balance(trader), await balance(neighbour)];

    // The supervisor settles it with a result of 150.00 (15 %, within the kind's range; above the tier).
    const maker = await signedInPage(e2e, 'supervisor', { width: 1366, height: 768 });
    const page = maker.page;
    // the top of the orders' first row in every frame: it must not move while the toolbar fills in (its totals
    // arrive after the rows and the filters fold to fewer; a wrap for a frame moved the row under the pointer)
    await page.addInitScript(() => {
      const tops: number[] = [];
      (window as unknown as { rowTops: number[] }).rowTops = tops;
      const tick = () => {
        const tr = document.querySelector('[data-tab-pane="/trades/fund"] tbody tr');
        const top = tr && Math.round(tr.getBoundingClientRect().top);
        if (top && top !== tops[tops.length - 1]) tops.push(top);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto(`${e2e.server.url}/trades/fund`);
    await page.getByTestId('trades-tab-orders').click();
    const row = rows(page, '/trades/fund').filter({ hasText: trader.client.username }).first();
    await page
      .locator(pane('/trades/fund'))
      .getByText(/笔数 1/)
      .waitFor();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    expect(await page.evaluate(() => (window as unknown as { rowTops: number[] }).rowTops)).toHaveLength(1);
    await row.getByRole('button', { name: '结算' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name=profit]').fill('150');
    await dialog.getByRole('button', { name: '确认' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/已提交，待复核/).waitFor();
    await row.getByText('待复核').waitFor();
    await expect.poll(() => row.getByRole('button', { name: /结算|赎回/ }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/trade-results-1366-awaiting.png' });
    expect([await balance(trader), await balance(neighbour)]).toEqual(before);

    // The administrator finds it in 复核队列 as 交易结果, with what was asked, and approves it.
    const checker = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(checker.page, 'approval', 'funds');
    const approval = checker.page.locator(`${pane('/approval')} tbody tr`, { hasText: '交易结果' }).first();
    await approval.getByText('RESULTS1 复核基金').waitFor();
    await approval.getByText('结算').waitFor();
    await checker.page.screenshot({ path: '/tmp/trade-results-1366-queue.png' });
    await approval.getByRole('button', { name: '通过' }).click();
    const decided = checker.page.waitForResponse((r) => r.url().includes('/api/approval/admin/v1/decide/'));
    await checker.page.locator('[data-testid=action-confirm]').click();
    expect((await decided).status()).toBe(200);

    // principal 1,000.00 + 150.00, no fees: the balance takes 1,150.00, once; the neighbour nothing
    const done = await api('GET', `/trx/admin/v1/fund/${order.id}`);
    expect(done).toMatchObject({ status: 'completed', proceeds: '1150.00', approval_id: null });
    expect(cents(await balance(trader)) - cents(before[0])).toBe(115_000n);
    expect(await balance(neighbour)).toBe(before[1]);
    await maker.ctx.close();
    await checker.ctx.close();
  });
});
