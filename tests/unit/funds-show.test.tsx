// The detail pages of deposits, withdrawals, loans and bonus points: client (username, name, id), type, agent, the
// requested amount beside what the account moves (credited amount and currency, rate), loans' repaid and owed, the
// proof, and who created, resolved and rolled back the record by staff name, and when. A list row opens it; its
// actions reload it.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import compensation from '../../resources/compensation';
import deposit from '../../resources/deposit';
import loan from '../../resources/loan';
import withdrawal from '../../resources/withdrawal';
import { record, renderResource, serveList, until } from './engine.helpers';
import { api, apiBody, installMsw, server } from './msw';

installMsw();

const SIGNED = 'https://files.example/proof/7.png?sig=abc';

/** The API's detail of deposit 7: 1,000.00 USD requested, 7,100.00 CNY credited at 7.1, approved then rolled back. */
const depositDetail = (extra: Record<string, unknown> = {}) =>
  apiBody('GET /deposit/admin/v1/detail/:id', {
    ...record(7),
    client_id: 107,
    username: 'client0007',
    full_name: 'Zhang San',
    agent_id: 4,
    agent_name: 'Sales Li',
    account_id: 34,
    sub_type: 'bank',
    currency: 'USD',
    amount: '1000.00',
    rate: '7.10000000',
    credit_currency: 'CNY',
    credit_amount: '7100.00',
    status: 'rolled_back',
    remark: 'wire 123',
    screenshot: 'proof/7.png',
    screenshot_url: SIGNED,
    source: 'staff',
    created_by: 2,
    created_by_name: 'Supervisor Wang',
    created_at: '2026-03-01T08:00:00Z',
    resolved_by: 1,
    resolved_by_name: 'Administrator',
    resolved_at: '2026-03-01T09:30:00Z',
    rolled_back_by: 1,
    rolled_back_by_name: 'Auditor Zhao',
    rolled_back_at: '2026-03-02T10:15:00Z',
    ...extra,
  });

/** The text of the show field `source`. */
const shown = (source: string) => screen.getByTestId(`show-${source}`).querySelector('dd')?.textContent;

describe('deposit detail', () => {
  it('shows client, type, agent, amounts with currencies, rate, proof, remark and the staff names with times', async () => {
    server.use(http.get(api('/deposit/admin/v1/detail/7'), () => HttpResponse.json(depositDetail())));
    await renderResource(deposit.config, { path: '/deposit/7/show' });
    await screen.findByText('Supervisor Wang');
    expect(shown('username')).toBe('client0007#107');
    expect(shown('full_name')).toBe('Zhang San');
    expect(shown('sub_type')).toBe('Bank');
    expect(shown('agent_name')).toBe('Sales Li');
    expect(shown('amount')).toBe('1,000.00USD');
    expect(shown('rate')).toBe('7.1');
    expect(shown('credit_amount')).toBe('7,100.00CNY');
    expect(shown('status')).toBe('Rolled back');
    expect(shown('remark')).toBe('wire 123');
    expect(shown('created_by_name')).toBe('Supervisor Wang');
    expect(shown('resolved_by_name')).toBe('Administrator');
    expect(shown('rolled_back_by_name')).toBe('Auditor Zhao');
    // when, in the locale's date format (minutes differ: 00, 30, 15)
    expect(shown('created_at')).toMatch(/2026.*:00:00$/);
    expect(shown('resolved_at')).toMatch(/2026.*:30:00$/);
    expect(shown('rolled_back_at')).toMatch(/2026.*:15:00$/);
    expect(within(screen.getByTestId('show-screenshot_url')).getByTestId('proof-image')).toHaveAttribute('src', SIGNED);
    // staff are named, never shown by id; the currency is part of the amounts
    expect(screen.queryByTestId('show-resolved_by')).not.toBeInTheDocument();
    expect(screen.queryByTestId('show-currency')).not.toBeInTheDocument();
  });

  it('labels in Chinese and shows a dash for what has not happened yet', async () => {
    server.use(
      http.get(api('/deposit/admin/v1/detail/7'), () =>
        HttpResponse.json(
          depositDetail({
            status: 'pending',
            resolved_by: null,
            resolved_by_name: null,
            resolved_at: null,
            rolled_back_by: null,
            rolled_back_by_name: null,
            rolled_back_at: null,
          }),
        ),
      ),
    );
    await renderResource(deposit.config, { path: '/deposit/7/show', locale: 'zh-CN' });
    await screen.findByText('Supervisor Wang');
    const label = (source: string) => screen.getByTestId(`show-${source}`).querySelector('dt')?.textContent;
    expect(label('credit_amount')).toBe('入账金额');
    expect(label('rate')).toBe('汇率');
    expect(label('rolled_back_by_name')).toBe('回滚人');
    expect(shown('status')).toBe('待审核');
    expect(shown('rolled_back_by_name')).toBe('—');
    expect(shown('resolved_at')).toBe('—');
    // a pending deposit can be audited from its detail
    expect(screen.getByRole('button', { name: '通过' })).toBeInTheDocument();
  });

  it('opens from a list row', async () => {
    serveList('/deposit/admin/v1/list', [record(7, { username: 'client0007' })]);
    server.use(http.get(api('/deposit/admin/v1/detail/7'), () => HttpResponse.json(depositDetail())));
    const { user } = await renderResource(deposit.config);
    await user.click(await screen.findByText('client0007'));
    // the detail replaces the list's row once it arrives (slow on a loaded test machine)
    expect(await screen.findByText('Supervisor Wang')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('withdrawal, loan and bonus-point details', () => {
  it('a withdrawal detail names the staff and what the account pays out', async () => {
    server.use(
      http.get(api('/withdraw/admin/v1/detail/9'), () =>
        HttpResponse.json(
          apiBody('GET /withdraw/admin/v1/detail/:id', {
            ...record(9, { sub_type: undefined }),
            amount: '250.00',
            currency: 'USD',
            rate: '1',
            credit_amount: '250.00',
            credit_currency: 'USD',
            status: 'approved',
            resolved_by_name: 'Administrator',
          }),
        ),
      ),
    );
    await renderResource(withdrawal.config, { path: '/withdrawal/9/show' });
    await screen.findByText('Administrator');
    expect(screen.getByTestId('show-credit_amount').querySelector('dt')?.textContent).toBe('Debited');
    expect(shown('credit_amount')).toBe('250.00USD');
    expect(screen.queryByTestId('show-sub_type')).not.toBeInTheDocument();
  });

  it('a loan detail shows repaid and owed in the account currency', async () => {
    server.use(
      http.get(api('/overdrawn/admin/v1/detail/7'), () =>
        HttpResponse.json(
          apiBody('GET /overdrawn/admin/v1/detail/:id', {
            ...record(7, { sub_type: 'loan', status: 'approved' }),
            amount: '1500.00',
            rate: '1',
            credit_amount: '1500.00',
            credit_currency: 'USD',
            repaid: '500.00',
            owed: '1000.00',
            created_by_name: 'Supervisor Wang',
          }),
        ),
      ),
    );
    await renderResource(loan.config, { path: '/loan/7/show' });
    await screen.findByText('Supervisor Wang');
    expect(shown('repaid')).toBe('500.00USD');
    expect(shown('owed')).toBe('1,000.00USD');
    expect(screen.getByRole('button', { name: 'Repay' })).toBeInTheDocument();
  });

  it('a bonus-point detail shows its kind and rolls back from the detail, which then reloads', async () => {
    let status = 'approved';
    let reads = 0;
    server.use(
      http.get(api('/overdrawn/admin/v1/detail/12'), () => {
        reads++;
        return HttpResponse.json(
          apiBody('GET /overdrawn/admin/v1/detail/:id', {
            ...record(12, { sub_type: 'bonus', status: status as 'approved', account_id: 34 }),
            currency: 'CNY',
            amount: '12.34',
            rate: '1',
            credit_amount: '12.34',
            credit_currency: 'CNY',
            created_by_name: 'Administrator',
            ...(status === 'rolled_back'
              ? { rolled_back_by_name: 'Auditor Zhao', rolled_back_at: '2026-03-02T10:15:00Z' }
              : {}),
          }),
        );
      }),
      http.put(api('/overdrawn/admin/v1/rollback/12'), () => {
        status = 'rolled_back';
        return HttpResponse.json(apiBody('PUT /overdrawn/admin/v1/rollback/:id', { id: 12, status }));
      }),
    );
    const { user } = await renderResource(compensation.config, { path: '/compensation/12/show' });
    await screen.findByText('Administrator');
    expect(shown('sub_type')).toBe('Bonus');
    await user.click(screen.getByRole('button', { name: 'Roll back' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/take 12\.34 CNY back from account #34 of user12/)).toBeInTheDocument();
    const before = reads;
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(reads).toBeGreaterThan(before));
    expect(await screen.findByText('Auditor Zhao')).toBeInTheDocument();
    await until(() => expect(shown('status')).toBe('Rolled back'));
  });
});
