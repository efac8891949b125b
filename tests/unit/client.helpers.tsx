// Helpers of the client drawer and money dialog tests: a react-admin context with real i18n, a permission cache for a
// role, a toast probe, and an msw fake of the client, account, funds, rate and upload calls.
import type { ReactNode } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CoreAdminContext, memoryStore, useNotificationContext, useTranslate } from 'ra-core';
import { createI18nProvider, type UiLocale } from '../../i18n';
import { createPermissionCache } from '../../permissions/cache';
import { PermissionsProvider } from '../../src/permissions/PermissionsContext';
import type { PermissionPayload, Role } from '../../permissions';
import type { Account, Client } from '../../resources/client/drawer/api';
import { dataProvider } from '../../src/services';
import { api, apiBody, apiError, apiList, permissionPayload, server } from './msw';

function ToastProbe() {
  const { notifications } = useNotificationContext();
  const translate = useTranslate();
  return (
    <ul data-testid="toasts">
      {notifications.map((n, i) => (
        <li key={i} data-type={n.type}>
          {typeof n.message === 'string' ? translate(n.message, n.notificationOptions?.messageArgs) : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * Renders `ui` with real i18n (zh-CN by default), the console's dataProvider (over msw), the permissions of `role`
 * (or only `grants`) and a toast probe.
 */
export async function renderClientUi(
  ui: ReactNode,
  {
    role = 'god',
    locale = 'zh-CN',
    grants,
  }: { role?: Role; locale?: UiLocale; grants?: PermissionPayload['grants'] } = {},
) {
  const payload = permissionPayload({ id: 1, role }) as PermissionPayload;
  const cache = createPermissionCache({ fetch: async () => (grants ? { ...payload, grants } : payload) });
  await cache.refetch(role);
  const utils = render(
    <CoreAdminContext
      i18nProvider={createI18nProvider({ initialLocale: locale })}
      dataProvider={dataProvider}
      store={memoryStore()}
    >
      <PermissionsProvider cache={cache}>
        {ui}
        <ToastProbe />
      </PermissionsProvider>
    </CoreAdminContext>,
  );
  return { ...utils, user: userEvent.setup() };
}

/** The texts of the toasts raised so far. */
export function toasts(): string[] {
  return within(screen.getByTestId('toasts'))
    .queryAllByRole('listitem', { hidden: true })
    .map((li) => li.textContent ?? '');
}

/** Picks `option` (matched by text) in the MUI select labelled `label`. */
export async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp | string, option: RegExp | string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** A deferred answer, resolved by the test. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** An account with zero amounts except those given. */
export function account(id: number, currency: string, balance: string, extra: Partial<Account> = {}): Account {
  return {
    id,
    acc_no: `AC${String(id).padStart(6, '0')}`,
    currency,
    balance,
    deposit: '0.00',
    withdrawal: '0.00',
    profit: '0.00',
    compensation: '0.00',
    bonus: '0.00',
    loan: '0.00',
    frozen: '0.00',
    outstanding: '0.00',
    ...extra,
  };
}

/** One request the fake API received. */
export interface Seen {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

/** Options of the fake client API. */
export interface FakeClientOptions {
  client?: Partial<Client>;
  accounts?: Account[];
  /** Answers the rate call; default: 7.1 for any pair. */
  rate?: (primary: string, secondary: string) => Response | Promise<Response>;
  /** Answers the money commands (deposit, compensation, bonus, exchange); default 200: the API's record. */
  command?: (kind: string, body: unknown) => Response | Promise<Response>;
  /** Status of the deposit-options call (200 answers `depositOptions`). */
  optionsStatus?: number;
  depositOptions?: unknown;
  detailStatus?: number;
  accountsStatus?: number;
  /** The client's pending deposits (GET /deposit/admin/v1/list rows, completed like apiList); default none. */
  pendingDeposits?: unknown[] | (() => unknown[]);
}

/** Installs the fake client API on the msw server; returns the requests it saw. */
export function fakeClientApi(options: FakeClientOptions = {}) {
  const seen: Seen[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    seen.push({ method: request.method, path: url.pathname + url.search, body, headers: request.headers });
  };
  const client: Client = {
    id: 42,
    username: 'alice',
    full_name: 'Alice Zhang',
    mobile: '13800000000',
    avatar: null,
    fake: false,
    active: true,
    score: 88,
    vip: 2,
    agent_name: 'sales',
    superman: 'leader',
    mfa: false,
    create_datetime: '2025-01-02T03:04:05Z',
    kyc_status: 'approved',
    ...options.client,
  };
  const accounts = options.accounts ?? [account(1, 'USD', '1000.00'), account(2, 'CNY', '-20.50')];
  const command =
    (kind: string, route: string) =>
    async ({ request }: { request: Request }) => {
      await record(request);
      const body = await request.json();
      // a credit below the approval tier is credited at once (answered approved; at or above it: pending)
      const state = kind === 'compensation' || kind === 'bonus' ? { status: 'approved' } : {};
      return options.command
        ? options.command(kind, body)
        : HttpResponse.json(apiBody(route, { id: seen.length, ...state }));
    };
  const boom = (status: number) => HttpResponse.json(apiError('internal', 'boom'), { status });
  server.use(
    http.get(api('/client/admin/v1/detail/:id'), async ({ request }) => {
      await record(request);
      if (options.detailStatus) return boom(options.detailStatus);
      return HttpResponse.json(apiBody('GET /client/admin/v1/detail/:id', { ...client, accounts }));
    }),
    http.get(api('/acc/admin/v1/list/:id'), async ({ request }) => {
      await record(request);
      if (options.accountsStatus) return boom(options.accountsStatus);
      return HttpResponse.json(apiList('GET /acc/admin/v1/list/:id', accounts));
    }),
    http.get(api('/deposit/admin/v1/list'), async ({ request }) => {
      await record(request);
      const rows = typeof options.pendingDeposits === 'function' ? options.pendingDeposits() : options.pendingDeposits;
      return HttpResponse.json(apiList('GET /deposit/admin/v1/list', rows ?? []));
    }),
    http.get(api('/currency/admin/v1/rate'), async ({ request }) => {
      await record(request);
      const q = new URL(request.url).searchParams;
      return options.rate ? options.rate(q.get('primary') ?? '', q.get('secondary') ?? '') : HttpResponse.json(7.1);
    }),
    // where the rate comes from (exchange_config) and the enabled currency pairs (currency_pair): not restricted
    http.get(api('/currency/admin/v1/rate/detail'), () =>
      HttpResponse.json(
        apiBody('GET /currency/admin/v1/rate/detail', {
          rate: '7.10000000',
          source: '中国银行',
          valid_from: '2026-11-23T08:00:00.000Z',
          inverted: false,
        }),
      ),
    ),
    http.get(api('/currency_pair/admin/v1/enabled'), () =>
      HttpResponse.json(apiBody('GET /currency_pair/admin/v1/enabled', { restricted: false, data: [] })),
    ),
    http.get(api('/deposit/admin/v1/options'), async ({ request }) => {
      await record(request);
      if (options.optionsStatus && options.optionsStatus !== 200) {
        return HttpResponse.json(apiError('not_found', 'Not found'), { status: options.optionsStatus });
      }
      return HttpResponse.json(
        options.depositOptions ?? { data: [{ value: 'crypto' }, { value: 'bank' }, { value: 'exchange' }] },
      );
    }),
    http.post(api('/deposit/admin/v2/specialized/:id'), command('deposit', 'POST /deposit/admin/v2/specialized/:id')),
    http.post(
      api('/overdrawn/admin/v1/compensation/:id'),
      command('compensation', 'POST /overdrawn/admin/v1/compensation/:id'),
    ),
    http.post(api('/overdrawn/admin/v1/bonus/:id'), command('bonus', 'POST /overdrawn/admin/v1/bonus/:id')),
    http.post(api('/acc/admin/v1/exchange/:id'), command('exchange', 'POST /acc/admin/v1/exchange/:id')),
    http.put(api('/client/admin/v1/resetpwd/:id'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({});
    }),
    http.post(api('/s3/admin/presign/put'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        url: '/upload/proof-1?sig=abc',
        method: 'PUT',
        headers: { 'x-amz-acl': 'private' },
        public_url: 'https://files.example.test/proof-1.png',
        read_url: 'https://files.example.test/proof-1.png?sig=read',
        expires_in: 300,
      });
    }),
    http.put('*/upload/:name', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 200 });
    }),
    http.get(api('/identify/admin/v1/client_detail/:id'), () =>
      HttpResponse.json(
        apiBody('GET /identify/admin/v1/client_detail/:id', {
          client_id: 42,
          username: 'alice',
          kyc_status: 'approved',
          real_name: 'Alice Zhang',
          id_type: 'passport',
          id_number: 'ID-123',
          nationality: 'CN',
          dob: '1990-05-06',
          front_image: '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png',
          front_image_url: '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png?expires=1&signature=s',
          submitted_at: '2025-01-02T03:04:05.000Z',
        }),
      ),
    ),
    http.get(api('/client/admin/v1/trade/:id'), () =>
      HttpResponse.json({ buy_enabled: true, sell_enabled: false, max_leverage: 5, daily_limit: null }),
    ),
    http.post(api('/client/admin/v1/trade/:id'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ buy_enabled: true, sell_enabled: false, max_leverage: 5, daily_limit: null });
    }),
    // the trade-settings tab's trading permissions: every product allowed by no rule
    http.get(api('/trading_permission/admin/v1/effective/:id'), ({ params }) =>
      HttpResponse.json(
        apiBody('GET /trading_permission/admin/v1/effective/:id', {
          client_id: Number(params.id),
          vip: 2,
          team_id: null,
          products: ['stock', 'block', 'ipo', 'daily', 'ai', 'fund', 'quant', 'saving'].map((product) => ({
            product,
            allowed: true,
            source: 'none',
            rule_id: null,
            own: null,
            product_enabled: true,
            tradable: true,
          })),
        }),
      ),
    ),
    http.get(api('/client/admin/v1/access/:id'), () =>
      HttpResponse.json(
        apiList('GET /client/admin/v1/access/:id', [
          {
            id: 1,
            action: 'login_failed',
            ip: '10.0.0.1',
            location: 'Shanghai',
            device: 'iPhone',
            user_agent: 'Mozilla/5.0 (iPhone)',
            at: '2025-01-02T03:04:05.000Z',
          },
        ]),
      ),
    ),
    http.get(api('/client/admin/v1/bank/:id'), () =>
      HttpResponse.json(
        apiList('GET /client/admin/v1/bank/:id', [
          {
            id: 1,
            bank_name: 'ICBC',
            holder_name: 'Alice Zhang',
            acc_no: '6222000011112222',
            address: 'Beijing',
            phone: '138',
          },
        ]),
      ),
    ),
    http.get(api('/client/admin/v1/nominee/:id'), () =>
      HttpResponse.json(
        apiList('GET /client/admin/v1/nominee/:id', [
          { id: 1, name: 'Bob', relationship: 'spouse', phone: '139', dob: '1990-01-01', share_percent: '100.00' },
        ]),
      ),
    ),
    http.get(api('/client/admin/v1/order/holding/:id'), () =>
      HttpResponse.json(
        apiList('GET /client/admin/v1/order/holding/:id', [
          {
            id: 1,
            symbol: 'AAPL',
            name: 'Apple',
            product_type: 'stock',
            currency: 'USD',
            quantity: '10.0000',
            avg_price: '150.5000',
            cost: '1505.00',
          },
        ]),
      ),
    ),
  );
  /** The requests to paths starting with `prefix`. */
  const calls = (prefix: string, method?: string) =>
    seen.filter((s) => s.path.startsWith(prefix) && (!method || s.method === method));
  return { seen, calls, client, accounts };
}

/** The contexts a client hook needs (the console's dataProvider, react-query), for renderHook's `wrapper`. */
export function ClientHookContext({ children }: { children: ReactNode }) {
  return (
    <CoreAdminContext dataProvider={dataProvider} store={memoryStore()}>
      {children}
    </CoreAdminContext>
  );
}

/**
 * Lets pending promises and effects settle: a few timer turns, as react-query tells its observers of an answer on the
 * next timer turn after msw gave it.
 */
export const flush = () =>
  act(async () => {
    for (let turn = 0; turn < 3; turn++) await new Promise<void>((r) => setTimeout(r, 0));
  });
