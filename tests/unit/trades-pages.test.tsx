// The trades and trade records pages: order actions only where the transitions allow them, a remark required to
// reject, bulk review in one call, per-currency totals from the list answer, the kind's trading hours and whether the
// market is open (GET market), the emergency order modification (the emergency grant, the body sent, the answer
// checked against the API schema), the records' ledger lines translated.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tradesEntries } from '../../resources/trades';
import { ordersOf } from '../../resources/trades/pages';
import { trxEntries } from '../../resources/trx';
import { listFields } from '../../resources/engine/schema';
import type { ResourceConfig } from '../../resources/engine/types';
import { renderResource, toasts, until } from './engine.helpers';
import { api, apiBody, apiList, installMsw, server } from './msw';

installMsw();

const ORDERS = '/trx/admin/v1/stock/list';
const order = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'stock',
  client_id: 7,
  username: 'client0007',
  product_id: 3,
  product_code: 'AAA',
  product_name: 'Alpha',
  trade_type: 'review',
  currency: 'USD',
  quantity: 100,
  price: '12.5000',
  amount: '1250.00',
  fee: '1.88',
  frozen: '1251.88',
  owed: '0.00',
  status,
  created_at: '2026-01-02T03:04:05Z',
  updated_at: '2026-01-02T03:04:05Z',
  ...extra,
});
const totals = [{ currency: 'USD', count: 2, amount: '2500.00', fee: '3.76', profit: '-5.00' }];

const MARKET = '/trades/admin/v1/stock/market';
const market = (open: boolean) =>
  apiBody(`GET ${MARKET}`, {
    kind: 'stock',
    sessions: '09:30-11:30,13:00-15:00',
    time_zone: 'Asia/Shanghai',
    local_time: open ? '10:05' : '22:40',
    open,
    session_bound: true,
  });

function serveOrders(rows: ReturnType<typeof order>[], open = true) {
  server.use(
    http.get(api(ORDERS), () => HttpResponse.json(apiList(`GET ${ORDERS}`, rows, { totals }))),
    http.get(api(MARKET), () => HttpResponse.json(market(open))),
    http.get(api('/trades/admin/v1/stock/product/list'), () =>
      HttpResponse.json(apiList('GET /trades/admin/v1/stock/product/list', [])),
    ),
  );
}

const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);

/** The names of a row's actions: its buttons and its "more" menu's items (the engine shows two at most inline). */
async function actionsOf(user: UserEvent, text: string): Promise<string[]> {
  const inline = rowOf(text)
    .queryAllByTestId(/^action-/)
    .map((b) => b.textContent ?? '');
  const more = rowOf(text).queryByTestId('row-actions-more');
  if (!more) return inline;
  await user.click(more);
  const items = within(await screen.findByRole('menu'))
    .getAllByRole('menuitem')
    .map((m) => m.textContent ?? '');
  await user.keyboard('{Escape}');
  await until(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return [...inline, ...items];
}

/** Runs a row action: its button, or its item of the "more" menu. */
async function runAction(user: UserEvent, text: string, name: string) {
  const button = rowOf(text).queryByRole('button', { name });
  if (button) return user.click(button);
  await user.click(rowOf(text).getByTestId('row-actions-more'));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name }));
}

describe('stock orders (trades page)', () => {
  const config = ordersOf('trades/stock')!;

  it('shows approve and reject on a pending order, sell on a holding one, and the totals per currency', async () => {
    serveOrders([order(1, 'pending', { username: 'pendingclient' }), order(2, 'holding', { username: 'holder' })]);
    await renderResource(config, { locale: 'zh-CN' });
    await screen.findByText('pendingclient');
    expect(rowOf('pendingclient').getByRole('button', { name: '通过' })).toBeInTheDocument();
    expect(rowOf('pendingclient').queryByRole('button', { name: '卖出' })).not.toBeInTheDocument();
    expect(rowOf('holder').getByRole('button', { name: '卖出' })).toBeInTheDocument();
    expect(rowOf('holder').queryByRole('button', { name: '通过' })).not.toBeInTheDocument();
    // a stock is sold, never closed (daily) nor redeemed (period)
    expect(screen.queryByRole('button', { name: '平仓' })).not.toBeInTheDocument();
    const chip = await screen.findByTestId('totals-USD');
    expect(chip.textContent).toBe('USD · 笔数 2 · 金额 2,500.00 · 手续费 3.76 · 盈亏 -5.00');
    const hours = await screen.findByTestId('market-hours');
    expect(hours.textContent).toBe('交易时段 09:30-11:30,13:00-15:00（Asia/Shanghai） · 开市中');
    expect(hours.getAttribute('title')).toMatch(/^当地时间 10:05；/);
  });

  it("shows the market closed outside the kind's trading hours, in English too", async () => {
    serveOrders([order(1, 'pending')], false);
    await renderResource(config, { locale: 'en-US' });
    const hours = await screen.findByTestId('market-hours');
    expect(hours.textContent).toBe('Trading hours 09:30-11:30,13:00-15:00 (Asia/Shanghai) · Closed');
  });

  it('shows a price as the products list does: grouped, without trailing zeros, beside the money with 2 decimals', async () => {
    serveOrders([order(3, 'holding', { username: 'bigprice', price: '1234.5000', amount: '123450.00' })]);
    await renderResource(config, { locale: 'zh-CN' });
    await screen.findByText('bigprice');
    const row = screen.getByText('bigprice').closest('tr')!;
    expect(row.querySelector('td.column-price')!.textContent).toBe('1,234.5');
    expect(row.querySelector('td.column-amount')!.textContent).toBe('123,450.00USD');
  });

  it('asks a remark before rejecting and sends it', async () => {
    serveOrders([order(1, 'pending')]);
    const calls: unknown[] = [];
    server.use(
      http.put(api('/trades/admin/v1/stock/order/reject/:id'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json(apiBody('PUT /trades/admin/v1/stock/order/reject/:id', order(1, 'rejected')));
      }),
    );
    const { user } = await renderResource(config, { locale: 'zh-CN' });
    await screen.findByText('client0007');
    await runAction(user, 'client0007', '拒绝');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/拒绝订单 #1（客户 client0007，Alpha）/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(calls).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: /备注/ }), '资料不全');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(calls).toEqual([{ remark: '资料不全' }]));
    await until(() => expect(toasts()).toContain('操作成功'));
  });
});

describe('emergency order modification (stock orders)', () => {
  const config = ordersOf('trades/stock')!;
  const MODIFY = '/emergency/admin/v1/order/modify/:id';

  it('corrects a holding order: prefilled with its price and quantity, a reason required, the body sent', async () => {
    serveOrders([order(4, 'holding', { username: 'wrongprice', frozen: '0.00' })]);
    const calls: { path: string; body: unknown; key: string | null }[] = [];
    server.use(
      http.put(api(MODIFY), async ({ request }) => {
        calls.push({
          path: new URL(request.url).pathname,
          body: await request.json(),
          key: request.headers.get('idempotency-key'),
        });
        return HttpResponse.json(
          apiBody(`PUT ${MODIFY}`, {
            order: order(4, 'holding', { price: '12.6000', amount: '1260.00', fee: '1.89', frozen: '0.00' }),
            reason: '录入价格错误',
            before: { price: '12.5000', quantity: 100, amount: '1250.00', fee: '1.88', frozen: '0.00' },
            balance_change: '-10.01',
            frozen_change: '0.00',
          }),
        );
      }),
    );
    const { user } = await renderResource(config, { locale: 'zh-CN' });
    await screen.findByText('wrongprice');
    await runAction(user, 'wrongprice', '改单');
    const dialog = within(await screen.findByRole('dialog'));
    // the price as the list shows it (no zeros ending the fraction); the input keeps the stored value
    expect(
      dialog.getByText(/应急改单 #4（客户 wrongprice，Alpha，100 股 × 12\.5，金额 1,250\.00 USD）/),
    ).toBeInTheDocument();
    const price = dialog.getByRole('textbox', { name: /价格/ });
    expect(price).toHaveValue('12.5000');
    expect(dialog.getByLabelText(/数量/)).toHaveValue('100');
    await user.clear(price);
    await user.type(price, '12.6');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(calls).toHaveLength(0); // the reason is required
    await user.type(dialog.getByRole('textbox', { name: /改单原因/ }), '录入价格错误');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() =>
      expect(calls.map(({ path, body }) => ({ path, body }))).toEqual([
        {
          path: '/api/emergency/admin/v1/order/modify/4',
          body: { price: '12.6', quantity: 100, reason: '录入价格错误' },
        },
      ]),
    );
    expect(calls[0].key).toBeTruthy();
    await until(() => expect(toasts()).toContain('订单已更正'));
  });

  it('is offered on pending and holding orders only, and only with the emergency grant', async () => {
    serveOrders([order(1, 'pending', { username: 'p1' }), order(2, 'sold', { username: 's1', frozen: '0.00' })]);
    const first = await renderResource(config, { locale: 'en-US' });
    await screen.findByText('p1');
    expect(await actionsOf(first.user, 'p1')).toEqual(['Approve', 'Reject', 'Modify']);
    expect(await actionsOf(first.user, 's1')).toEqual([]);
    first.unmount();

    serveOrders([order(1, 'pending', { username: 'p1' })]);
    const { user } = await renderResource(config, {
      locale: 'en-US',
      role: 'angel',
      grants: [{ resource: 'trades', actions: ['*'] }],
    });
    await screen.findByText('p1');
    expect(await actionsOf(user, 'p1')).toEqual(['Approve', 'Reject']);
  });
});

describe('stock records (trx page)', () => {
  it('opens an order with its ledger lines, kinds translated', async () => {
    serveOrders([order(5, 'holding')]);
    server.use(
      http.get(api('/trx/admin/v1/stock/5'), () =>
        HttpResponse.json(apiBody('GET /trx/admin/v1/stock/:id', order(5, 'holding'))),
      ),
      http.get(api('/trx/admin/v1/stock/:id/transactions'), () =>
        HttpResponse.json(
          apiList('GET /trx/admin/v1/stock/:id/transactions', [
            { id: 1, ledger_kind: 'trade_freeze', kind: null, currency: 'USD', amount: '0.00', frozen: '1251.88' },
            { id: 2, ledger_kind: 'buy', kind: 'buy', currency: 'USD', amount: '-1250.00', frozen: '-1250.00' },
            { id: 3, ledger_kind: 'buy_fee', kind: 'buy_fee', currency: 'USD', amount: '-1.88', frozen: '-1.88' },
          ]),
        ),
      ),
    );
    const { user } = await renderResource(trxEntries.stock.config, { locale: 'zh-CN' });
    await user.click(await screen.findByText('client0007'));
    const lines = within(await screen.findByTestId('related-transactions'));
    await lines.findByText('买入手续费');
    expect(lines.getByText('冻结')).toBeInTheDocument();
    expect(lines.getByText('买入')).toBeInTheDocument();
    expect(screen.getByTestId('export-button')).toBeInTheDocument();
  });
});

describe('stock records as a salesman', () => {
  it('leave out the product filter, whose product list he may not read (no refused call)', async () => {
    serveOrders([order(5, 'holding')]);
    const productCalls: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      if (request.url.includes('/product/list')) productCalls.push(request.url);
    };
    server.events.on('request:start', listen);
    try {
      await renderResource(trxEntries.stock.config, { locale: 'zh-CN', role: 'hero' });
      await screen.findByText('client0007');
      expect(document.querySelector('input[name=agent_id]')).toBeNull();
      expect(document.querySelector('input[name=product_id]')).toBeNull();
      expect(productCalls).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listen);
    }
  });

  it('as an administrator, offer it', async () => {
    serveOrders([order(5, 'holding')]);
    await renderResource(trxEntries.stock.config, { locale: 'zh-CN' });
    await screen.findByText('client0007');
    await until(() => expect(document.querySelector('input[name=product_id]')).not.toBeNull());
  });
});

describe('declarations', () => {
  it('give each family its actions: daily closes and settles in bulk, funds redeem, IPO pays', () => {
    const names = (page: string) => (ordersOf(page)!.rowActions ?? []).map((a) => a.name);
    expect(names('trades/stock')).toEqual(['approve', 'reject', 'sell', 'modify']);
    expect(names('trades/daily')).toEqual(['approve', 'reject', 'close', 'settle', 'modify']);
    expect(names('trades/fund')).toEqual(['approve', 'reject', 'settle', 'redeem']);
    expect(names('trades/ipo')).toEqual(['reject', 'sell', 'pay', 'overdue']);
    expect((ordersOf('trades/daily')!.bulkActions ?? []).map((a) => a.name)).toEqual([
      'bulk_approve',
      'bulk_reject',
      'bulk_settle',
    ]);
    expect(tradesEntries.ipo_allocation.config.rowActions!.map((a) => a.name)).toEqual(['allocate']);
    expect(tradesEntries.go_public.config.endpoints.list).toBe('/trades/admin/v1/ipo_allocation/list?status=listing');
  });

  it('show by default only the columns that fit 1366 px beside the menu (the others in the column chooser)', () => {
    const shown = (c: ResourceConfig) =>
      listFields(c)
        .filter((f) => !f.hidden)
        .map((f) => f.source);
    // the trades page acts on orders: no agent; an IPO subscription is always reviewed, at the issue price
    expect(shown(ordersOf('trades/stock')!)).toEqual([
      'id',
      'username',
      'product_code',
      'trade_type',
      'quantity',
      'price',
      'amount',
      'status',
      'profit',
      'created_at',
    ]);
    expect(shown(ordersOf('trades/ipo')!)).toEqual([
      'id',
      'username',
      'product_code',
      'quantity',
      'amount',
      'status',
      'allocated_quantity',
      'owed',
      'profit',
      'created_at',
    ]);
    // a period product is named, not coded
    expect(shown(ordersOf('trades/fund')!)).toContain('product_name');
    expect(shown(ordersOf('trades/fund')!)).not.toContain('product_code');
    // the records keep the agent
    expect(shown(trxEntries.stock.config)).toContain('agent_name');
    expect(shown(trxEntries.ipo.config)).not.toContain('trade_type');
    expect(shown(trxEntries.sub_allocation.config)).not.toContain('method');
    // each IPO stage page leaves out the totals of the other stage
    const allocation = shown(tradesEntries.ipo_allocation.config);
    expect(allocation).toEqual(expect.arrayContaining(['requested_quantity', 'requested_amount', 'frozen']));
    expect(allocation).not.toContain('allocated_quantity');
    expect(allocation).not.toContain('owed');
    const listing = shown(tradesEntries.go_public.config);
    expect(listing).toEqual(expect.arrayContaining(['allocated_quantity', 'allocated_amount', 'owed', 'approved']));
    expect(listing).not.toContain('pending');
    expect(listing).not.toContain('frozen');
  });
});
