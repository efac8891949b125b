// The funds record lists: the bonus-point kind filter (one sub_type on the wire), the requested amount beside what the
// account moves (credited amount and currency, rate), loans' repaid and owed, and confirmations that name the money and
// the account before approve, reject and rollback, which then reload the list.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import compensation from '../../resources/compensation';
import deposit from '../../resources/deposit';
import loan from '../../resources/loan';
import withdrawal from '../../resources/withdrawal';
import type { FundsRecord } from '../../resources/fundsRecords';
import { record, renderResource, serveList, toasts, until } from './engine.helpers';
import { api, apiBody, installMsw, server } from './msw';

installMsw();

const OVERDRAWN = '/overdrawn/admin/v1/record/list';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A bonus-point credit of 12.34 CNY to account #34 of client0003 (id 3). */
const credit = (id: number, extra: Partial<FundsRecord> = {}) =>
  record(id, {
    client_id: 3,
    username: 'client0003',
    account_id: 34,
    currency: 'CNY',
    amount: '12.34',
    rate: '1',
    credit_currency: 'CNY',
    credit_amount: '12.34',
    status: 'approved',
    sub_type: 'compensation',
    ...extra,
  });

/** Records each call of `method path`: url, Idempotency-Key, body; answers `answer`. */
function serveCall(method: 'put' | 'post', path: string, answer: () => Response) {
  const calls: { url: string; key: string | null; body: unknown }[] = [];
  server.use(
    http[method](api(path), async ({ request }) => {
      const text = await request.text();
      calls.push({
        url: request.url,
        key: request.headers.get('Idempotency-Key'),
        body: text ? JSON.parse(text) : null,
      });
      return answer();
    }),
  );
  return calls;
}

const firstRow = () => within(screen.getAllByRole('row')[1]);

/** Clicks the first row's action `label`: a button of the row, or an entry of its "more" menu. */
async function rowAction(user: { click: (e: Element) => Promise<void> }, label: string) {
  const inline = firstRow().queryByRole('button', { name: label });
  if (inline) return user.click(inline);
  await user.click(firstRow().getByRole('button', { name: /^(More actions|更多操作)$/ }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
}

describe('bonus-point records', () => {
  it('show the kind translated and filter by it with exactly one sub_type', async () => {
    const queries = serveList(OVERDRAWN, [credit(12), credit(13, { sub_type: 'bonus' })]);
    const { user } = await renderResource(compensation.config);
    await screen.findByText('Bonus points');
    expect(within(screen.getAllByRole('row')[2]).getByText('Bonus')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Kind' })).toBeInTheDocument();
    expect(queries[0].getAll('sub_type')).toEqual(['credit']);

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Bonus points', 'Bonus']));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Bonus' }));
    await until(() => expect(queries.at(-1)!.getAll('sub_type')).toEqual(['bonus']));
  });

  it('a kind in the URL filter replaces the fixed sub_type', async () => {
    const queries = serveList(OVERDRAWN, [credit(12)]);
    await renderResource(compensation.config, {
      path: `/compensation?filter=${encodeURIComponent(JSON.stringify({ sub_type: 'compensation' }))}`,
    });
    await screen.findByText('client0003');
    expect(queries.every((q) => q.getAll('sub_type').join() === 'compensation')).toBe(true);
  });

  it('roll back after a confirmation that names the amount and the account, then reload', async () => {
    const lists = serveList(OVERDRAWN, [credit(12)]);
    const calls = serveCall('put', '/overdrawn/admin/v1/rollback/:id', () =>
      HttpResponse.json(apiBody('PUT /overdrawn/admin/v1/rollback/:id', { id: 12, status: 'rolled_back' })),
    );
    const { user } = await renderResource(compensation.config, { locale: 'zh-CN' });
    await screen.findByText('client0003');
    // credits are created approved: nothing to audit
    expect(firstRow().queryByRole('button', { name: '通过' })).not.toBeInTheDocument();
    await rowAction(user, '回滚');
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('回滚 #12：从客户 client0003 的账户 #34 扣回 12.34 CNY？将写入冲正分录。'),
    ).toBeInTheDocument();
    const before = lists.length;
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toMatch(/\/api\/overdrawn\/admin\/v1\/rollback\/12$/);
    expect(calls[0].key).toMatch(UUID);
    await until(() => expect(lists.length).toBeGreaterThan(before));
    await until(() => expect(toasts()).toContain('操作成功'));
  });

  it('a rollback that reaches the tier says that it awaits review, not that it is done', async () => {
    serveList(OVERDRAWN, [credit(12)]);
    serveCall('put', '/overdrawn/admin/v1/rollback/:id', () =>
      HttpResponse.json(
        apiBody('PUT /overdrawn/admin/v1/rollback/:id', {
          id: 12,
          status: 'approved',
          approval: { id: 5, kind: 'rollback', required_checkers: 1, approvals: 0 },
        }),
      ),
    );
    const { user } = await renderResource(compensation.config, { locale: 'zh-CN' });
    await screen.findByText('client0003');
    await rowAction(user, '回滚');
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(toasts().join()).toContain('回滚已提交，待复核'));
    expect(toasts()).not.toContain('操作成功');
  });
});

describe('funds lists', () => {
  it('show the requested amount in its currency beside the credited amount and the rate (deposits)', async () => {
    serveList('/deposit/admin/v1/list', [
      record(1, { amount: '1000.00', currency: 'USD', rate: '7.1', credit_amount: '7100.00', credit_currency: 'CNY' }),
    ]);
    await renderResource(deposit.config);
    await screen.findByText('user1');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Amount', 'Rate', 'Credited']));
    const row = firstRow();
    expect(row.getByText('1,000.00').parentElement).toHaveTextContent('1,000.00USD');
    expect(row.getByText('7,100.00').parentElement).toHaveTextContent('7,100.00CNY');
    expect(row.getByText('7.1')).toBeInTheDocument();
  });

  it('a deposit approval names what is credited to which account, at which rate', async () => {
    serveList('/deposit/admin/v1/list', [
      record(3, {
        account_id: 30,
        amount: '1000.00',
        currency: 'USD',
        rate: '7.10000000',
        credit_amount: '7100.00',
        credit_currency: 'CNY',
      }),
    ]);
    const { user } = await renderResource(deposit.config, { locale: 'zh-CN' });
    await screen.findByText('user3');
    await rowAction(user, '通过');
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('通过充值 #3：向客户 user3 的账户 #30 入账 7,100.00 CNY（申请 1,000.00 USD，汇率 7.1）？'),
    ).toBeInTheDocument();
  });

  it('loans show what is repaid and still owed', async () => {
    serveList(OVERDRAWN, [
      record(7, {
        sub_type: 'loan',
        status: 'approved',
        amount: '500.00',
        credit_amount: '500.00',
        credit_currency: 'USD',
        rate: '1',
        repaid: '120.50',
        owed: '379.50',
      }),
    ]);
    await renderResource(loan.config, { locale: 'zh-CN' });
    await screen.findByText('user7');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['已还', '尚欠', '借出金额']));
    expect(firstRow().getByText('120.50')).toBeInTheDocument();
    expect(firstRow().getByText('379.50')).toBeInTheDocument();
  });

  it('approve a withdrawal after a confirmation that names the payout and the account, then reload', async () => {
    const lists = serveList('/withdraw/admin/v1/list', [
      record(5, {
        sub_type: undefined, // withdrawals have none
        account_id: 77,
        amount: '250.00',
        credit_amount: '250.00',
        credit_currency: 'USD',
        rate: '1',
      }),
    ]);
    const calls = serveCall('post', '/withdraw/admin/v1/audit/:id', () =>
      HttpResponse.json(apiBody('POST /withdraw/admin/v1/audit/:id', { id: 5, status: 'approved' })),
    );
    const { user } = await renderResource(withdrawal.config);
    await screen.findByText('user5');
    await rowAction(user, 'Approve');
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('Approve withdrawal #5: pay out the frozen 250.00 USD from account #77 of user5?'),
    ).toBeInTheDocument();
    const before = lists.length;
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ status: 'approved' });
    expect(calls[0].key).toMatch(UUID);
    await until(() => expect(lists.length).toBeGreaterThan(before));
  });

  it('reject a loan through the overdrawn audit path', async () => {
    serveList(OVERDRAWN, [record(8, { sub_type: 'loan', account_id: 80, credit_amount: '100.00', rate: '1' })]);
    const calls = serveCall('put', '/overdrawn/admin/v1/audit/:id', () =>
      HttpResponse.json(apiBody('PUT /overdrawn/admin/v1/audit/:id', { id: 8, status: 'rejected' })),
    );
    const { user } = await renderResource(loan.config);
    await screen.findByText('user8');
    await rowAction(user, 'Reject');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Reject loan #8 of user8 \(100\.00 USD\)\? Account #80 is not credited\./)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toMatch(/\/overdrawn\/admin\/v1\/audit\/8$/);
    expect(calls[0].body).toEqual({ status: 'rejected' });
  });
});

describe('loan repayment', () => {
  const owing = () =>
    serveList(OVERDRAWN, [
      record(7, {
        sub_type: 'loan',
        status: 'approved',
        account_id: 70,
        amount: '1500.00',
        credit_amount: '1500.00',
        credit_currency: 'USD',
        rate: '1',
        repaid: '500.00',
        owed: '1000.00',
      }),
    ]);

  it('shows what is owed and refuses more, exponents and a third decimal before calling', async () => {
    owing();
    const calls = serveCall('post', '/overdrawn/admin/v1/loan/pay_fine/:id', () =>
      HttpResponse.json(apiBody('POST /overdrawn/admin/v1/loan/pay_fine/:id', { id: 7, status: 'repaid' })),
    );
    const { user } = await renderResource(loan.config, { locale: 'zh-CN' });
    await screen.findByText('user7');
    await rowAction(user, '还款');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/借贷 #7（客户 user7，账户 #70）尚欠 1,000.00 USD/)).toBeInTheDocument();
    const amount = dialog.getByRole('textbox', { name: '还款金额' });
    await user.type(amount, '1000.01');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(dialog.getByText('金额不能超过 1,000.00')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: '确认' })).toBeDisabled();
    for (const bad of ['1e3', '10.001', '1,000']) {
      await user.clear(amount);
      await user.type(amount, bad);
      expect(dialog.getByText('请输入大于 0 的金额，最多两位小数')).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ amount: '1000' });
    expect(calls[0].key).toMatch(UUID);
  });

  it("shows the API's amount_exceeds_owed in the user's language", async () => {
    owing();
    serveCall('post', '/overdrawn/admin/v1/loan/pay_fine/:id', () =>
      HttpResponse.json(
        { message: 'Amount exceeds what is owed', code: 'amount_exceeds_owed', errors: { amount: 'too much' } },
        { status: 409 },
      ),
    );
    const { user } = await renderResource(loan.config, { locale: 'zh-CN' });
    await screen.findByText('user7');
    await rowAction(user, '还款');
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: '还款金额' }), '10');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(await dialog.findByText('金额超过尚欠金额')).toBeInTheDocument();
    expect(dialog.queryByText('Amount exceeds what is owed')).not.toBeInTheDocument();
  });
});
