// The emergency page: the plans in Chinese (kind, product, status labels), requesting a plan (the kind's own inputs,
// the shared rule checked before the call, the body sent), requesting a lift of an active plan with a reason, the
// API refusal translated, no actions without the grant; the console banner of an active plan in the user's
// language; the order modification by order number (an empty price or quantity left out, a reason required, the
// Idempotency-Key sent). Every mocked answer is checked against the API's schemas (installMsw).
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { AdminContext, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import emergency from '../../resources/emergency';
import { EmergencyBanner } from '../../src/layout/EmergencyBanner';
import { createDataProvider } from '../../dataProvider';
import { createI18nProvider } from '../../i18n';
import { renderResource, testHttp, toasts, until } from './engine.helpers';
import { api, apiBody, apiError, apiList, installMsw, server } from './msw';

installMsw();

const plan = (id: number, extra: Record<string, unknown> = {}) =>
  apiBody('GET /emergency/admin/v1/detail/:id', {
    id,
    kind: 'halt_trading',
    product: 'ipo',
    message_zh: null,
    message_en: null,
    reason: '行情异常',
    status: 'active',
    maker_name: 'Administrator',
    approval_id: null,
    created_at: '2026-11-23T08:00:00Z',
    activated_at: '2026-11-23T08:05:00Z',
    lift_reason: null,
    lifted_at: null,
    ...extra,
  });

type Write = { method: string; path: string; body: unknown };

function serve(options: { create?: () => Response } = {}) {
  const writes: Write[] = [];
  const rows = [
    plan(1),
    plan(2, {
      kind: 'banner',
      product: null,
      message_zh: '系统维护中',
      message_en: 'Maintenance',
      reason: '例行维护',
      status: 'pending_activation',
      approval_id: 5,
      activated_at: null,
    }),
  ];
  server.use(
    http.get(api('/emergency/admin/v1/list'), () => HttpResponse.json(apiList('GET /emergency/admin/v1/list', rows))),
    http.get(api('/emergency/admin/v1/detail/:id'), ({ params }) =>
      HttpResponse.json(rows.find((r) => r.id === Number(params.id))),
    ),
    http.post(api('/emergency/admin/v1/create'), async ({ request }) => {
      const body = (await request.clone().json()) as Record<string, string>;
      writes.push({ method: 'POST', path: new URL(request.url).pathname, body });
      if (options.create) return options.create();
      return HttpResponse.json(
        apiBody('POST /emergency/admin/v1/create', plan(3, { ...body, status: 'pending_activation', approval_id: 9 })),
      );
    }),
    http.put(api('/emergency/admin/v1/lift/:id'), async ({ request }) => {
      const body = (await request.clone().json()) as Record<string, string>;
      writes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      return HttpResponse.json(
        apiBody('PUT /emergency/admin/v1/lift/:id', plan(1, { status: 'pending_lift', lift_reason: body.reason })),
      );
    }),
  );
  return { writes };
}

const dialogWith = async (text: RegExp) =>
  within((await until(() => screen.getByText(text))).closest('[role=dialog]') as HTMLElement);

describe('emergency page', () => {
  it('lists the plans with kinds, products and statuses in Chinese', async () => {
    serve();
    await renderResource(emergency.config, { locale: 'zh-CN' });
    const first = (await until(() => screen.getAllByText('行情异常')[0])).closest('tr')!;
    expect(within(first).getByText('暂停产品交易')).toBeInTheDocument();
    expect(within(first).getByText('生效中')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '申请解除' })).toBeInTheDocument();
    const second = screen.getByText('系统维护中').closest('tr')!;
    expect(within(second).getByText('横幅公告')).toBeInTheDocument();
    expect(within(second).getByText('待复核启用')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: '申请解除' })).not.toBeInTheDocument();
  });

  it('requests a banner plan: both messages and the reason required before the call, then the body sent', async () => {
    const { writes } = serve();
    const { user } = await renderResource(emergency.config, { locale: 'zh-CN' });
    await user.click(await until(() => screen.getByRole('button', { name: '发起应急预案' })));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('combobox', { name: /预案类型/ }));
    await user.click(await screen.findByRole('option', { name: '横幅公告' }));
    await user.type(await dialog.findByRole('textbox', { name: /公告内容（中文）/ }), '今晚 22:00 系统维护');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    expect(writes).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: /公告内容（英文）/ }), 'Maintenance at 22:00');
    await user.type(dialog.getByRole('textbox', { name: /原因/ }), '  升级  ');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/emergency/admin/v1/create',
          body: {
            kind: 'banner',
            message_zh: '今晚 22:00 系统维护',
            message_en: 'Maintenance at 22:00',
            reason: '升级',
          },
        },
      ]),
    );
    await until(() => expect(toasts()).toContain('预案已提交，等待另一位管理员复核'));
  });

  it('requests the lift of an active plan with a reason', async () => {
    const { writes } = serve();
    const { user } = await renderResource(emergency.config, { locale: 'zh-CN' });
    const first = (await until(() => screen.getAllByText('行情异常')[0])).closest('tr')!;
    await user.click(within(first).getByRole('button', { name: '申请解除' }));
    const dialog = await dialogWith(/申请解除预案 #1/);
    await user.type(dialog.getByRole('textbox', { name: /原因/ }), '已恢复');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() =>
      expect(writes).toEqual([{ method: 'PUT', path: '/api/emergency/admin/v1/lift/1', body: { reason: '已恢复' } }]),
    );
  });

  it('shows the API refusal in Chinese', async () => {
    serve({ create: () => HttpResponse.json(apiError('forbidden', 'Forbidden'), { status: 403 }) });
    const { user } = await renderResource(emergency.config, { locale: 'zh-CN' });
    await user.click(await until(() => screen.getByRole('button', { name: '发起应急预案' })));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('combobox', { name: /预案类型/ }));
    await user.click(await screen.findByRole('option', { name: '冻结出金' }));
    await user.type(dialog.getByRole('textbox', { name: /原因/ }), '可疑出金');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    expect(await dialog.findByText(/没有执行此操作的权限/)).toBeInTheDocument();
  });

  it('modifies an order by its number: only what is filled is sent, with the reason and an Idempotency-Key', async () => {
    serve();
    const calls: { path: string; body: unknown; key: string | null }[] = [];
    server.use(
      http.put(api('/emergency/admin/v1/order/modify/:id'), async ({ request }) => {
        calls.push({
          path: new URL(request.url).pathname,
          body: await request.json(),
          key: request.headers.get('idempotency-key'),
        });
        const row = {
          id: 42,
          kind: 'stock',
          client_id: 7,
          username: 'client0007',
          product_id: 3,
          product_code: 'AAA',
          product_name: 'Alpha',
          trade_type: 'holding',
          currency: 'USD',
          quantity: 100,
          price: '12.6000',
          amount: '1260.00',
          fee: '1.89',
          frozen: '0.00',
          owed: '0.00',
          status: 'holding',
          created_at: '2026-11-23T08:00:00Z',
          updated_at: '2026-11-23T08:10:00Z',
        };
        return HttpResponse.json(
          apiBody('PUT /emergency/admin/v1/order/modify/:id', {
            order: row,
            reason: '录入价格错误',
            before: { price: '12.5000', quantity: 100, amount: '1250.00', fee: '1.88', frozen: '0.00' },
            balance_change: '-10.01',
            frozen_change: '0.00',
          }),
        );
      }),
    );
    const { user } = await renderResource(emergency.config, { locale: 'zh-CN' });
    await user.click(await until(() => screen.getByRole('button', { name: '应急改单' })));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/订单号/), '42');
    await user.type(dialog.getByRole('textbox', { name: /更正后的价格/ }), '12.6');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    expect(calls).toHaveLength(0); // the reason is required
    await user.type(dialog.getByRole('textbox', { name: /原因/ }), ' 录入价格错误 ');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() =>
      expect(calls.map(({ path, body }) => ({ path, body }))).toEqual([
        { path: '/api/emergency/admin/v1/order/modify/42', body: { price: '12.6', reason: '录入价格错误' } },
      ]),
    );
    expect(calls[0].key).toBeTruthy();
    await until(() => expect(toasts()).toContain('订单已更正'));
  });

  it('offers no request or lift without the grant', async () => {
    serve();
    await renderResource(emergency.config, {
      locale: 'zh-CN',
      role: 'god',
      grants: [{ resource: 'emergency', actions: ['read', 'export'] }],
    });
    const first = (await until(() => screen.getAllByText('行情异常')[0])).closest('tr')!;
    expect(within(first).queryByRole('button', { name: '申请解除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '发起应急预案' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '应急改单' })).not.toBeInTheDocument();
  });
});

describe('console banner', () => {
  const renderBanner = (locale: 'zh-CN' | 'en-US') =>
    render(
      <AdminContext
        dataProvider={createDataProvider(testHttp)}
        i18nProvider={createI18nProvider({ initialLocale: locale })}
        store={memoryStore()}
      >
        <QueryClientProvider client={new QueryClient()}>
          <EmergencyBanner />
        </QueryClientProvider>
      </AdminContext>,
    );
  const active = (data: unknown[]) =>
    server.use(
      http.get(api('/emergency/admin/v1/active'), () =>
        HttpResponse.json(apiBody('GET /emergency/admin/v1/active', { data })),
      ),
    );
  const banner = {
    id: 2,
    kind: 'banner',
    product: null,
    message_zh: '系统维护中',
    message_en: 'Maintenance',
    activated_at: '2026-11-23T08:05:00Z',
  };

  it('shows the banner of an active plan in the user language, nothing for other kinds', async () => {
    active([{ ...banner, id: 1, kind: 'halt_trading', product: 'ipo', message_zh: null, message_en: null }, banner]);
    renderBanner('zh-CN');
    const region = await until(() => screen.getByTestId('emergency-banner'));
    expect(region).toHaveTextContent('系统维护中');
    expect(within(region).getAllByRole('alert')).toHaveLength(1);
  });

  it('in English', async () => {
    active([banner]);
    renderBanner('en-US');
    await until(() => expect(screen.getByTestId('emergency-banner')).toHaveTextContent('Maintenance'));
  });

  it('shows nothing without an active banner', async () => {
    active([]);
    renderBanner('zh-CN');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('emergency-banner')).not.toBeInTheDocument();
  });
});
