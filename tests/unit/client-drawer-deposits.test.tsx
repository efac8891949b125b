// The client drawer's pending deposits (issue 7): listed from GET /deposit/admin/v1/list?client_id=…&status=pending,
// only for staff who may read deposits, reloaded after a deposit made from the drawer.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ClientDrawer from '../../resources/client/ClientDrawer';
import type { PermissionPayload, Role } from '../../permissions';
import { account, fakeClientApi, flush, pick, renderClientUi, toasts, type FakeClientOptions } from './client.helpers';
import { api, apiBody, apiError, installMsw, server } from './msw';

installMsw();
// MUI in jsdom is slow on first render.

const PROOF = '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png?expires=1&signature=s';

/** A pending deposit of client 42 as the API answers it. */
const deposit = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  client_id: 42,
  account_id: 1,
  currency: 'USD',
  amount: '100.00',
  rate: '1',
  credit_currency: 'USD',
  credit_amount: '100.00',
  status: 'pending',
  sub_type: 'bank',
  screenshot: null,
  screenshot_url: null,
  source: 'staff',
  created_at: '2025-03-04T05:06:07.000Z',
  username: 'alice',
  ...extra,
});

async function openDrawer(
  options: { role?: Role; grants?: PermissionPayload['grants']; locale?: 'zh-CN' | 'en-US' } & FakeClientOptions = {},
) {
  const fake = fakeClientApi({
    accounts: [account(1, 'USD', '1000.00'), account(2, 'CNY', '-20.50')],
    ...options,
  });
  const utils = await renderClientUi(<ClientDrawer clientId={42} onClose={() => undefined} />, {
    role: options.role,
    grants: options.grants,
    locale: options.locale,
  });
  await screen.findByTestId('client-fields').catch(() => undefined);
  await flush();
  return { ...utils, fake };
}

const depositCalls = (fake: ReturnType<typeof fakeClientApi>) => fake.calls('/api/deposit/admin/v1/list', 'GET');
const rows = () => screen.queryAllByTestId('pending-deposit');

describe('ClientDrawer pending deposits', () => {
  it("lists the client's pending deposits: id, time, amount, credited amount and rate, type and proof", async () => {
    const { fake } = await openDrawer({
      pendingDeposits: [
        deposit(7, {
          currency: 'CNY',
          amount: '710.00',
          rate: '0.14084507',
          credit_amount: '100.00',
          credit_currency: 'USD',
          screenshot: '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png',
          screenshot_url: PROOF,
        }),
        deposit(5, {
          account_id: 2,
          currency: 'CNY',
          amount: '1234.5',
          credit_currency: 'CNY',
          credit_amount: '1234.5',
          sub_type: 'crypto',
        }),
      ],
    });
    // The API is asked for this client's pending records only.
    const [call] = depositCalls(fake);
    const query = new URL(call.path, 'http://x').searchParams;
    expect(query.get('client_id')).toBe('42');
    expect(query.get('status')).toBe('pending');

    const section = await screen.findByTestId('pending-deposits');
    expect(within(section).getByRole('heading')).toHaveTextContent('待审核充值');
    expect(screen.getByTestId('pending-deposits-total')).toHaveTextContent('2');
    const [first, second] = rows();
    expect(rows()).toHaveLength(2);
    expect(first).toHaveAttribute('data-deposit-id', '7');
    expect(within(first).getByTestId('pending-deposit-amount')).toHaveTextContent('710.00 CNY');
    const credited = within(first).getByTestId('pending-deposit-credited');
    expect(credited).toHaveTextContent('100.00 USD');
    expect(credited).toHaveTextContent('汇率 1 CNY = 0.140845 USD');
    expect(credited).toHaveTextContent('入账账户 AC000001');
    expect(first).toHaveTextContent('银行转账');
    // Another year than now: the date alone, as the lists write it (the full time is the tooltip).
    expect(first).toHaveTextContent(/2025-03-0\d/);
    expect(within(first).getByTitle(/^2025-03-0\d \d\d:\d\d:07$/)).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: '充值凭证' })).toHaveAttribute('src', PROOF);

    // Same currency: no rate line; no proof: says so; the amount with 2 decimals and separators.
    expect(within(second).getByTestId('pending-deposit-amount')).toHaveTextContent('1,234.50 CNY');
    expect(within(second).getByTestId('pending-deposit-credited')).not.toHaveTextContent('汇率');
    expect(within(second).getByTestId('pending-deposit-credited')).toHaveTextContent('入账账户 AC000002');
    expect(second).toHaveTextContent('加密货币');
    expect(within(second).queryByRole('img')).toBeNull();
    expect(second).toHaveTextContent('无');
  });

  it('shows the empty state when there is none', async () => {
    await openDrawer({ pendingDeposits: [] });
    expect(await screen.findByTestId('pending-deposits-empty')).toHaveTextContent('暂无待审核的充值');
    expect(rows()).toHaveLength(0);
    expect(screen.queryByTestId('pending-deposits-total')).toBeNull();
  });

  it('speaks English', async () => {
    await openDrawer({ locale: 'en-US', pendingDeposits: [deposit(3)] });
    const section = await screen.findByTestId('pending-deposits');
    expect(section).toHaveTextContent('Deposits pending approval');
    expect(section).toHaveTextContent('Credited');
    expect(rows()[0]).toHaveTextContent('Bank');
  });

  it('hides the section, and does not ask, without deposit read permission', async () => {
    const { fake } = await openDrawer({
      grants: [{ resource: 'client', actions: ['read', 'fund'] }],
      pendingDeposits: [deposit(7)],
    });
    expect(screen.getAllByTestId('account-card')).toHaveLength(2);
    expect(screen.queryByTestId('pending-deposits')).toBeNull();
    expect(depositCalls(fake)).toHaveLength(0);
  });

  it.each<[string, PermissionPayload['grants']]>([
    [
      'deposit:read',
      [
        { resource: 'client', actions: ['read'] },
        { resource: 'deposit', actions: ['read'] },
      ],
    ],
    [
      'funds:read',
      [
        { resource: 'client', actions: ['read'] },
        { resource: 'funds', actions: ['read'] },
      ],
    ],
  ])('shows it with %s', async (_name, grants) => {
    await openDrawer({ grants, pendingDeposits: [deposit(7)] });
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('tells when the list cannot be loaded, and retries', async () => {
    fakeClientApi({ pendingDeposits: [deposit(9)] });
    let failures = 1;
    server.use(
      http.get(api('/deposit/admin/v1/list'), () =>
        failures-- > 0 ? HttpResponse.json(apiError('internal', 'boom'), { status: 500 }) : undefined,
      ),
    );
    const { user } = await renderClientUi(<ClientDrawer clientId={42} onClose={() => undefined} />);
    const section = await screen.findByTestId('pending-deposits');
    await waitFor(() => expect(section).toHaveTextContent('无法获取待审核充值，请稍后重试'));
    expect(rows()).toHaveLength(0);
    await user.click(within(section).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(section).not.toHaveTextContent('无法获取待审核充值');
  });

  it('reloads the pending deposits after a deposit made from the drawer', async () => {
    let recorded = false;
    const { user, fake } = await openDrawer({
      pendingDeposits: () => (recorded ? [deposit(11, { amount: '50.00', credit_amount: '50.00' })] : []),
      command: () => {
        recorded = true;
        return HttpResponse.json(apiBody('POST /deposit/admin/v2/specialized/:id', { id: 11, status: 'pending' }));
      },
    });
    expect(await screen.findByTestId('pending-deposits-empty')).toBeInTheDocument();
    const before = depositCalls(fake).length;

    await user.click(screen.getByTestId('action-deposit'));
    const dialog = await screen.findByTestId('deposit-dialog');
    await pick(user, /入账账户/, /AC000001/);
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /金额/ }), { target: { value: '50' } });
    await user.click(within(dialog).getByTestId('fund-submit'));
    await waitFor(() => expect(toasts()).toContain('充值已登记，等待审核'));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(depositCalls(fake).length).toBe(before + 1);
    expect(within(rows()[0]).getByTestId('pending-deposit-amount')).toHaveTextContent('50.00 USD');
    expect(screen.queryByTestId('pending-deposits-empty')).toBeNull();
  });
});
