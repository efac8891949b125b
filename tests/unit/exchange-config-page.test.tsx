// Issue 10's exchanges-and-rates and currency-pair pages in the console: a rate changed from its row with the API's
// rules (8 decimals) and the history shown; a pair's spread checked before sending; the client exchange dialog
// offering only enabled pairs and showing the rate's source and time. Every mocked answer is checked against the
// API's schemas (installMsw).
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import exchangeConfig from '../../resources/exchange_config';
import currencyPair from '../../resources/currency_pair';
import ExchangeDialog from '../../resources/client/dialogs/ExchangeDialog';
import { account, fakeClientApi, flush, renderClientUi } from './client.helpers';
import { renderResource, until } from './engine.helpers';
import { api, apiBody, apiList, installMsw, server } from './msw';

installMsw();

type Write = { method: string; path: string; body: unknown };
const writes: Write[] = [];
const record = async (request: Request) => {
  const body = request.method === 'DELETE' ? undefined : await request.clone().json();
  writes.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body;
};

const rate = (id: number, primary: string, secondary: string, value: string, source = '中国银行') => ({
  id,
  primary,
  secondary,
  rate: value,
  source,
  valid_from: '2026-11-23T08:00:00.000Z',
  created_by_name: 'Administrator',
  created_at: '2026-11-23T08:00:00.000Z',
});

const exchange = {
  id: 1,
  code: 'SSE',
  name: '上海证券交易所',
  time_zone: 'Asia/Shanghai',
  sessions: '09:30-11:30,13:00-15:00',
  holidays: '2026-01-01,2026-10-01',
  updated_by_name: null,
  updated_at: '2026-11-23T08:00:00.000Z',
};

describe('exchanges and rates page', () => {
  function serve() {
    writes.length = 0;
    const current = [rate(2, 'USD', 'CNY', '7.10000000'), rate(3, 'USD', 'EUR', '0.92000000', 'initial')];
    server.use(
      http.get(api('/exchange_config/admin/v1/rate/list'), () =>
        HttpResponse.json(apiList('GET /exchange_config/admin/v1/rate/list', current)),
      ),
      http.get(api('/exchange_config/admin/v1/rate/history'), () =>
        HttpResponse.json(
          apiList('GET /exchange_config/admin/v1/rate/history', [...current, rate(1, 'USD', 'CNY', '7.00000000')]),
        ),
      ),
      http.get(api('/exchange_config/admin/v1/list'), () =>
        HttpResponse.json(apiList('GET /exchange_config/admin/v1/list', [exchange])),
      ),
      http.put(api('/exchange_config/admin/v1/:id'), async ({ request }) => {
        const body = (await record(request)) as Record<string, unknown>;
        return HttpResponse.json(apiBody('PUT /exchange_config/admin/v1/:id', { ...exchange, ...body }));
      }),
      http.post(api('/exchange_config/admin/v1/rate'), async ({ request }) => {
        const body = (await record(request)) as { primary: string; secondary: string; rate: string; source: string };
        return HttpResponse.json(
          apiBody('POST /exchange_config/admin/v1/rate', rate(9, body.primary, body.secondary, body.rate, body.source)),
        );
      }),
    );
  }

  it('shows the current rates, their history and the exchanges in Chinese', async () => {
    serve();
    await renderResource(exchangeConfig.config!, { locale: 'zh-CN' });
    const usdCny = await until(() => screen.getByTestId('current-rates-USD-CNY'));
    expect(within(usdCny).getByText('7.10000000')).toBeInTheDocument();
    expect(within(usdCny).getByText('中国银行')).toBeInTheDocument();
    // the rates set before their history began: source `initial`, shown translated
    expect(within(screen.getByTestId('current-rates-USD-EUR')).getByText('初始汇率')).toBeInTheDocument();
    expect(screen.getByText('当前汇率')).toBeInTheDocument();
    expect(within(screen.getByTestId('rate-history')).getByText('7.00000000')).toBeInTheDocument();
    expect(await screen.findByText('上海证券交易所')).toBeInTheDocument();
    expect(screen.getByText('Asia/Shanghai')).toBeInTheDocument();
  });

  it("changes a rate from its row with the API's rules: at most 8 decimals, then sent as an exact string", async () => {
    serve();
    const { user } = await renderResource(exchangeConfig.config!, { locale: 'zh-CN' });
    const usdCny = await until(() => screen.getByTestId('current-rates-USD-CNY'));
    await user.click(within(usdCny).getByRole('button', { name: '修改汇率' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByRole('textbox', { name: /^汇率/ }) as HTMLInputElement;
    expect(input.value).toBe('7.10000000');
    fireEvent.change(input, { target: { value: '7.123456789' } });
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(await dialog.findByText('请填写大于 0 的数字，最多 8 位小数')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    fireEvent.change(input, { target: { value: '7.12345678' } });
    const source = dialog.getByRole('textbox', { name: /来源/ });
    await user.clear(source);
    await user.type(source, '招商银行');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/exchange_config/admin/v1/rate',
      body: { primary: 'USD', secondary: 'CNY', rate: '7.12345678', reverse_rate: null, source: '招商银行' },
    });
  });

  it("edits an exchange in the dialog made from the definition, checked with the API's rules", async () => {
    serve();
    const { user } = await renderResource(exchangeConfig.config!, { locale: 'zh-CN' });
    const row = (await screen.findByText('上海证券交易所')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = within(await screen.findByRole('dialog'));
    const sessions = dialog.getByRole('textbox', { name: /交易时段/ });
    await user.clear(sessions);
    await user.type(sessions, '11:30-09:30');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(await dialog.findByText(/请按 09:30-11:30,13:00-15:00 的格式填写/)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.clear(sessions);
    await user.type(sessions, '09:30-11:30');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/api/exchange_config/admin/v1/1',
      body: { code: 'SSE', name: '上海证券交易所', time_zone: 'Asia/Shanghai', sessions: '09:30-11:30' },
    });
  });
});

describe('currency pairs page', () => {
  it("lists pairs in Chinese and checks a pair's spread before sending", async () => {
    writes.length = 0;
    const pair = {
      id: 1,
      base: 'USD',
      quote: 'CNY',
      decimals: 6,
      enabled: true,
      spread: '0.00150000',
      updated_by_name: null,
      updated_at: '2026-11-23T08:00:00.000Z',
    };
    server.use(
      http.get(api('/currency_pair/admin/v1/list'), () =>
        HttpResponse.json(apiList('GET /currency_pair/admin/v1/list', [pair])),
      ),
      http.put(api('/currency_pair/admin/v1/:id'), async ({ request }) => {
        const body = (await record(request)) as Record<string, unknown>;
        return HttpResponse.json(apiBody('PUT /currency_pair/admin/v1/:id', { ...pair, ...body }));
      }),
    );
    const { user } = await renderResource(currencyPair.config!, { locale: 'zh-CN' });
    const row = (await until(() => screen.getByText('USD 美元'))).closest('tr')!;
    expect(within(row).getByText('CNY 人民币')).toBeInTheDocument();
    expect(within(row).getByText('启用')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = within(await screen.findByRole('dialog'));
    const spread = dialog.getByRole('textbox', { name: /点差/ });
    await user.clear(spread);
    await user.type(spread, '-1');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(
      await dialog.findByText('请填写 0 到 0.1 之间的小数（比例，最多 8 位小数），例如 0.0015 表示 0.15%'),
    ).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.clear(spread);
    await user.type(spread, '0.002');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toEqual({ decimals: 6, enabled: true, spread: '0.002' });
  });
});

describe('client exchange dialog', () => {
  it('offers only accounts an enabled pair joins to the source, and shows the rate with its source and time', async () => {
    fakeClientApi({
      accounts: [account(1, 'USD', '1000.00'), account(2, 'CNY', '0.00'), account(3, 'EUR', '50.00')],
    });
    server.use(
      http.get(api('/currency_pair/admin/v1/enabled'), () =>
        HttpResponse.json(
          apiBody('GET /currency_pair/admin/v1/enabled', {
            restricted: true,
            data: [{ base: 'USD', quote: 'CNY', decimals: 6 }],
          }),
        ),
      ),
    );
    const { user } = await renderClientUi(<ExchangeDialog open clientId={42} onClose={vi.fn()} />);
    await flush();
    const target = await screen.findByRole('combobox', { name: /转入账户/ });
    await until(() => expect(target).toHaveTextContent('AC000002'));
    await user.click(target);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent).join(' ')).not.toMatch(/AC000003/);
    await user.keyboard('{Escape}');
    expect(await screen.findByTestId('rate-source')).toHaveTextContent(
      /汇率 7\.10000000（来源 中国银行，更新于 2026-11-23/,
    );
  });
});
