// Issue 10's configuration pages in the console: crypto receiving addresses (list, per-chain rule before sending,
// delete only while no deposit names one), trade configuration (the products' settings edited from the row with the
// API's rules, global configs validated per type), trading permission rules (the subject input follows the level),
// the client drawer's own rules, and the deposit dialog offering only the platform's active addresses. Every mocked
// answer is checked against the API's schemas (installMsw).
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import cryptoAddress from '../../resources/crypto_address';
import tradeConfig from '../../resources/trade_config';
import tradingPermission from '../../resources/trading_permission';
import TradeSettingsTab from '../../resources/client/drawer/TradeSettingsTab';
import DepositDialog from '../../resources/client/dialogs/DepositDialog';
import { fakeClientApi, flush, pick, renderClientUi } from './client.helpers';
import { renderResource, until } from './engine.helpers';
import { api, apiBody, apiError, apiList, installMsw, server } from './msw';

installMsw();

type Write = { method: string; path: string; body: unknown };
const writes: Write[] = [];
const record = async (request: Request) => {
  const body = request.method === 'DELETE' ? undefined : await request.clone().json();
  writes.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body;
};

const TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

describe('crypto address page', () => {
  const row = (id: number, chain: string, address: string, extra: Record<string, unknown> = {}) => ({
    id,
    chain,
    address,
    label: null,
    active: true,
    deposit_count: 0,
    created_by_name: 'Administrator',
    created_at: '2026-03-01T08:00:00Z',
    updated_at: '2026-03-01T08:00:00Z',
    ...extra,
  });

  function serve() {
    writes.length = 0;
    const rows = [row(2, 'ERC20', EVM, { deposit_count: 3, label: 'Hot wallet' }), row(1, 'TRC20', TRON)];
    server.use(
      http.get(api('/crypto_address/admin/v1/list'), () =>
        HttpResponse.json(apiList('GET /crypto_address/admin/v1/list', rows)),
      ),
      http.post(api('/crypto_address/admin/v1/create'), async ({ request }) => {
        const body = (await record(request)) as { chain: string; address: string };
        return HttpResponse.json(apiBody('POST /crypto_address/admin/v1/create', row(3, body.chain, body.address)));
      }),
      http.put(api('/crypto_address/admin/v1/status/:id'), async ({ request, params }) => {
        const body = (await record(request)) as { active: boolean };
        const r = rows.find((x) => String(x.id) === params.id)!;
        return HttpResponse.json(apiBody('PUT /crypto_address/admin/v1/status/:id', { ...r, ...body }));
      }),
    );
  }

  it('lists the addresses in Chinese; delete only for an address no deposit names', async () => {
    serve();
    await renderResource(cryptoAddress.config!, { locale: 'zh-CN' });
    const used = (await until(() => screen.getByText('Hot wallet'))).closest('tr')!;
    expect(within(used).getByText('ERC20（以太坊）')).toBeInTheDocument();
    expect(within(used).getByText('启用')).toBeInTheDocument();
    expect(within(used).getByText('3')).toBeInTheDocument();
    expect(within(used).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(used).queryByRole('menuitem', { name: '删除' })).toBeNull();
    const free = screen.getByText('TRC20（波场）').closest('tr')!;
    const more = within(free).queryByRole('button', { name: '删除' }) ?? within(free).getByTestId('row-actions');
    expect(more).toBeInTheDocument();
  });

  it('checks the address against the chain before sending, then creates', async () => {
    serve();
    const { user } = await renderResource(cryptoAddress.config!, { locale: 'zh-CN', path: '/crypto_address/create' });
    await screen.findByRole('combobox', { name: /链/ });
    await pick(user, /链/, 'ERC20（以太坊）');
    const address = await screen.findByRole('textbox', { name: /收款地址/ });
    await user.type(address, TRON);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(/地址格式与所选链不符/)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.clear(address);
    await user.type(address, EVM);
    await user.type(screen.getByRole('textbox', { name: /标签/ }), 'Cold');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/crypto_address/admin/v1/create',
      body: { chain: 'ERC20', address: EVM, label: 'Cold', active: true },
    });
  });
});

describe('trade configuration page', () => {
  const product = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    enabled: true,
    sessions: '09:30-11:30,13:00-15:00',
    buy_fee: '0',
    sell_fee: '0',
    min_amount: '0.00',
    max_amount: '1000000.00',
    leverage: 1,
    price_band: '0.2',
    profit_rate_min: '-0.2',
    profit_rate_max: '0.2',
    updated_by_name: null,
    updated_at: null,
    ...extra,
  });
  const PRODUCTS = ['stock', 'block', 'ipo', 'daily', 'ai', 'fund', 'quant', 'saving'];

  function serve() {
    writes.length = 0;
    server.use(
      http.get(api('/trade_config/admin/v1/list'), () =>
        HttpResponse.json(
          apiList(
            'GET /trade_config/admin/v1/list',
            PRODUCTS.map((p) => product(p)),
          ),
        ),
      ),
      http.put(api('/trade_config/admin/v1/product/:id'), async ({ request, params }) => {
        const body = (await record(request)) as Record<string, unknown>;
        return HttpResponse.json(
          apiBody('PUT /trade_config/admin/v1/product/:id', product(String(params.id), { ...body })),
        );
      }),
      http.get(api('/trade_config/admin/v1/global/list'), () =>
        HttpResponse.json(
          apiList('GET /trade_config/admin/v1/global/list', [
            {
              id: 1,
              key: 'withdraw.enabled',
              type: 'boolean',
              value: 'true',
              description: 'Withdrawals open',
              updated_by_name: 'Administrator',
              updated_at: '2026-03-01T08:00:00Z',
            },
          ]),
        ),
      ),
      http.put(api('/trade_config/admin/v1/global/:id'), async ({ request }) => {
        const body = (await record(request)) as Record<string, unknown>;
        return HttpResponse.json(
          apiBody('PUT /trade_config/admin/v1/global/:id', {
            id: 1,
            key: 'withdraw.enabled',
            type: 'boolean',
            ...body,
          }),
        );
      }),
    );
  }

  it("edits a product's fees from its row with the API's rules", async () => {
    serve();
    const { user } = await renderResource(tradeConfig.config!, { locale: 'zh-CN' });
    const stock = await until(() => screen.getByTestId('trade-product-stock'));
    expect(within(stock).getByText('涨停股票')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^trade-product-/)).toHaveLength(8);
    await user.click(within(stock).getByRole('button', { name: '编辑' }));
    const dialog = within(await screen.findByRole('dialog'));
    const sessions = dialog.getByRole('textbox', { name: /交易时段/ }) as HTMLInputElement;
    expect(sessions.value).toBe('09:30-11:30,13:00-15:00');
    const buy = dialog.getByRole('textbox', { name: /买入费率/ });
    await user.clear(buy);
    await user.type(buy, '0.0015');
    const min = dialog.getByRole('textbox', { name: /最小金额/ });
    await user.clear(min);
    await user.type(min, '2000000');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(await dialog.findByText('最小金额不能大于最大金额')).toBeInTheDocument();
    await user.clear(buy);
    await user.type(buy, '1.5');
    expect(await dialog.findByText(/费率为 0 到 1 之间的小数/)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.clear(buy);
    await user.type(buy, '0.0015');
    await user.clear(min);
    await user.type(min, '100');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/trade_config/admin/v1/product/stock',
      body: {
        enabled: true,
        sessions: '09:30-11:30,13:00-15:00',
        buy_fee: '0.0015',
        sell_fee: '0',
        min_amount: '100',
        max_amount: '1000000.00',
        leverage: 1,
        price_band: '0.2',
        profit_rate_min: '-0.2',
        profit_rate_max: '0.2',
      },
    });
  });

  it('validates a global config value for its type before sending', async () => {
    serve();
    const { user } = await renderResource(tradeConfig.config!, { locale: 'zh-CN' });
    const row = (await until(() => screen.getByText('withdraw.enabled'))).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = within(await screen.findByRole('dialog'));
    const value = dialog.getByRole('textbox', { name: /值/ });
    expect((value as HTMLTextAreaElement).value).toBe('true');
    await user.clear(value);
    await user.type(value, 'yes');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(await dialog.findByText('请输入 true 或 false')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.clear(value);
    await user.type(value, 'false');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toEqual({ value: 'false', description: 'Withdrawals open' });
  });
});

describe('trading permission page', () => {
  function serve() {
    writes.length = 0;
    server.use(
      http.get(api('/trading_permission/admin/v1/list'), () =>
        HttpResponse.json(apiList('GET /trading_permission/admin/v1/list', [])),
      ),
      http.get(api('/client/admin/v1/list'), () =>
        HttpResponse.json(
          apiList('GET /client/admin/v1/list', [
            { id: 42, username: 'carol', fake: false, active: true, create_datetime: '2026-01-01T00:00:00Z' },
          ]),
        ),
      ),
      http.post(api('/trading_permission/admin/v1/create'), async ({ request }) => {
        const body = (await record(request)) as Record<string, unknown>;
        return HttpResponse.json(
          apiBody('POST /trading_permission/admin/v1/create', {
            id: 1,
            note: null,
            ...body,
            subject_name: 'carol',
            updated_by_name: null,
            updated_at: '2026-11-23T08:00:00.000Z',
          }),
        );
      }),
    );
  }

  it('adds a client rule from the definition: the subject follows the level, a client picked by username', async () => {
    serve();
    const { user } = await renderResource(tradingPermission.config!, {
      locale: 'zh-CN',
      path: '/trading_permission/create',
    });
    await until(() => screen.getByTestId('form-scope'));
    // no level yet (or the default level): no subject to pick
    expect(screen.queryByTestId('form-subject_id')).toBeNull();
    await pick(user, /适用范围/, 'VIP 等级');
    await pick(user, /适用对象/, 'VIP 3');
    // another level: the subject's choices are the level's and the VIP level chosen is cleared
    await pick(user, /适用范围/, '单个客户');
    const subject = within(screen.getByTestId('form-subject_id')).getByRole('combobox') as HTMLInputElement;
    await until(() => expect(subject.value).toBe(''));
    await pick(user, /产品/, '大宗交易');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(screen.getByTestId('form-subject_id')).findByText('必填')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.click(subject);
    await user.type(subject, 'car');
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'carol' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/trading_permission/admin/v1/create',
      body: { scope: 'client', subject_id: 42, product: 'block', allowed: false },
    });
  });
});

describe("the client drawer's trading permissions", () => {
  const effective = (own: Record<string, boolean | null> = {}) =>
    apiBody('GET /trading_permission/admin/v1/effective/:id', {
      client_id: 42,
      vip: 2,
      team_id: 5,
      products: ['stock', 'block', 'ipo', 'daily', 'ai', 'fund', 'quant', 'saving'].map((product) => ({
        product,
        allowed: own[product] ?? product !== 'ai',
        source: own[product] !== undefined && own[product] !== null ? 'client' : product === 'ai' ? 'team' : 'none',
        rule_id: product === 'ai' ? 9 : null,
        own: own[product] ?? null,
        product_enabled: product !== 'fund',
        tradable: (own[product] ?? product !== 'ai') && product !== 'fund',
      })),
    });

  it('shows the effective answer and saves the changed own rules only', async () => {
    writes.length = 0;
    fakeClientApi();
    server.use(
      http.get(api('/trading_permission/admin/v1/effective/:id'), () => HttpResponse.json(effective())),
      http.put(api('/trading_permission/admin/v1/client/:id'), async ({ request }) => {
        await record(request);
        return HttpResponse.json(effective({ ipo: false }));
      }),
    );
    const { user } = await renderClientUi(<TradeSettingsTab clientId={42} />);
    const ai = await until(() => screen.getByTestId('permission-ai'));
    expect(within(ai).getByText('团队规则')).toBeInTheDocument();
    expect(within(ai).getByText('不可交易')).toBeInTheDocument();
    expect(within(screen.getByTestId('permission-fund')).getByText('产品已关闭')).toBeInTheDocument();
    expect(screen.getByTestId('permissions-save')).toBeDisabled();
    await pick(user, '新股申购', '禁止');
    await user.click(screen.getByTestId('permissions-save'));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/trading_permission/admin/v1/client/42',
      body: { rules: { ipo: false } },
    });
    await until(() => expect(within(screen.getByTestId('permission-ipo')).getByText('客户规则')).toBeInTheDocument());
  });

  it('is read-only for staff who may not update the client', async () => {
    fakeClientApi();
    server.use(http.get(api('/trading_permission/admin/v1/effective/:id'), () => HttpResponse.json(effective())));
    await renderClientUi(<TradeSettingsTab clientId={42} />, {
      grants: [{ resource: 'client', actions: ['read'] }],
    });
    await until(() => screen.getByTestId('permission-ai'));
    expect(screen.queryByTestId('permissions-save')).toBeNull();
  });

  it('refusals are shown in the user language', async () => {
    fakeClientApi();
    server.use(
      http.get(api('/trading_permission/admin/v1/effective/:id'), () =>
        HttpResponse.json(apiError('not_found', 'Client not found'), { status: 404 }),
      ),
    );
    await renderClientUi(<TradeSettingsTab clientId={42} />);
    expect(await screen.findByText('记录不存在或不在您的数据范围内')).toBeInTheDocument();
  });
});

describe("the deposit dialog's receiving addresses", () => {
  it("offers only the platform's active addresses of the chosen chain", async () => {
    const fake = fakeClientApi({
      depositOptions: apiBody('GET /deposit/admin/v1/options', {
        data: [{ value: 'bank' }, { value: 'crypto' }],
        addresses: [
          { chain: 'TRC20', address: TRON, label: 'Main' },
          { chain: 'ERC20', address: EVM, label: null },
        ],
      }),
    });
    const onClose = vi.fn();
    const { user } = await renderClientUi(<DepositDialog open kind="deposit" clientId={42} onClose={onClose} />);
    await flush();
    await pick(user, /入账账户/, /AC000001/);
    fireEvent.change(screen.getByRole('spinbutton', { name: /金额/ }), { target: { value: '250' } });
    await pick(user, /充值方式/, '加密货币');
    expect(screen.getByText('请先选择链')).toBeInTheDocument();
    await pick(user, /链/, 'SOL（Solana）');
    expect(screen.getByText(/此链没有启用的收款地址/)).toBeInTheDocument();
    await pick(user, /链/, /TRC20/);
    await user.click(screen.getByRole('combobox', { name: /收款地址/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([`Main · ${TRON}`]);
    await user.click(screen.getByRole('option', { name: `Main · ${TRON}` }));
    fireEvent.change(screen.getByRole('textbox', { name: /交易哈希/ }), { target: { value: 'a1'.repeat(32) } });
    await user.click(screen.getByTestId('fund-submit'));
    await until(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(fake.calls('/api/deposit/admin/v2/specialized/42', 'POST')[0].body).toMatchObject({
      sub_type: 'crypto',
      chain: 'TRC20',
      address: TRON,
    });
  });
});
