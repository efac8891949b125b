import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import ExchangeDialog from '../../resources/client/dialogs/ExchangeDialog';
import type { Account } from '../../resources/client/drawer/api';
import { account, deferred, fakeClientApi, flush, pick, renderClientUi, toasts } from './client.helpers';
import { apiError, installMsw } from './msw';
import { exchangeCredit, parseRateUnits } from '../../domain/exchange';
import { formatMoney } from '../../resources/client/money';

installMsw();
// MUI selects driven through user-event are slow in jsdom.

const THREE = [account(1, 'USD', '1000.00'), account(2, 'CNY', '0.00'), account(3, 'EUR', '50.00')];

async function openDialog(clientId: number | string | null = 42) {
  const onClose = vi.fn();
  const utils = await renderClientUi(<ExchangeDialog open clientId={clientId} onClose={onClose} />);
  await flush();
  return { ...utils, onClose };
}

const amountInput = () => screen.getByRole('spinbutton', { name: /兑换金额/ }) as HTMLInputElement;
const typeAmount = (value: string) => fireEvent.change(amountInput(), { target: { value } });
const submit = () => screen.getByTestId('exchange-submit');

describe('ExchangeDialog', () => {
  it('exchanges: funded source and another target proposed, amount clamped to the balance and sent with 2 decimals', async () => {
    const fake = fakeClientApi({ accounts: THREE });
    const { user, onClose } = await openDialog();
    expect(screen.getByRole('combobox', { name: /转出账户/ })).toHaveTextContent('AC000001');
    expect(screen.getByRole('combobox', { name: /转入账户/ })).toHaveTextContent('AC000002');
    typeAmount('5000');
    expect(amountInput().value).toBe('1000.00');
    typeAmount('12.5');
    expect(await screen.findByTestId('rate-line')).toHaveTextContent('1 USD = 7.100000 CNY');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [call] = fake.calls('/api/acc/admin/v1/exchange/42', 'POST');
    expect(call.body).toEqual({ from_account: 1, to_account: 2, amount: '12.50', rate: 7.1 });
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    expect(toasts()).toContain('兑换成功');
  });

  // Issue 18: the preview was 711.07 for 100.15 USD at 7.1 and 711.06 was credited. The dialog now shows what the
  // server credits: the same function (domain/exchange.ts exchangeCredit, used by server/modules/exchange/service.ts).
  it.each([
    ['100.15', 7.1, '711.06'],
    ['0.30', 0.925, '0.27'],
    ['0.03', 0.5, '0.01'],
    ['12.50', 7.1, '88.75'],
    ['1.00', 0.12820512, '0.12'],
    ['99999.99', 1.05263157, '105263.14'],
  ])('previews %s at %s as the server credits it (%s)', async (amount, rate, credited) => {
    const fake = fakeClientApi({
      accounts: [account(1, 'USD', '100000.00'), account(2, 'CNY', '0.00')],
      rate: () => HttpResponse.json(rate),
    });
    await openDialog();
    typeAmount(amount);
    const cents = BigInt(amount.replace('.', ''));
    const server = exchangeCredit(cents, parseRateUnits(rate)!);
    expect(`${server / 100n}.${(server % 100n).toString().padStart(2, '0')}`).toBe(credited);
    expect(await screen.findByTestId('rate-line')).toHaveTextContent(`${formatMoney(credited)} CNY`);
    // The rate asked is the one the exchange runs at (less the spread).
    const [ask] = fake.calls('/api/currency/admin/v1/rate');
    expect(new URLSearchParams(ask.path.split('?')[1]).get('purpose')).toBe('exchange');
  });

  it('rounds the amount to 2 decimals on the wire', async () => {
    const fake = fakeClientApi({ accounts: THREE });
    const { user, onClose } = await openDialog();
    typeAmount('10.005');
    await screen.findByTestId('rate-line');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.calls('/api/acc/admin/v1/exchange/42')[0].body).toMatchObject({ amount: '10.01' });
  });

  it('ignores a slow rate answer that arrives after a newer pair was answered', async () => {
    const slow = deferred();
    const fake = fakeClientApi({
      accounts: THREE,
      rate: async (primary, secondary) => {
        if (secondary === 'CNY') {
          await slow.promise;
          return HttpResponse.json(7.2);
        }
        return HttpResponse.json(primary === 'USD' && secondary === 'EUR' ? 0.9 : 1.1);
      },
    });
    const { user, onClose } = await openDialog();
    typeAmount('100');
    await pick(user, /转入账户/, /AC000003/);
    expect(await screen.findByTestId('rate-line')).toHaveTextContent('1 USD = 0.900000 EUR');
    slow.resolve();
    await waitFor(() => expect(fake.calls('/api/currency').length).toBe(2));
    await flush();
    expect(screen.getByTestId('rate-line')).toHaveTextContent('1 USD = 0.900000 EUR');
    expect(screen.getByTestId('rate-line')).toHaveTextContent('90.00 EUR');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(fake.calls('/api/acc/admin/v1/exchange/42')[0].body).toMatchObject({ to_account: 3, rate: 0.9 });
  });

  it('uses rate 1 without asking when both accounts have the same currency', async () => {
    const fake = fakeClientApi({ accounts: [account(1, 'USD', '10.00'), account(2, 'USD', '0.00')] });
    const { user, onClose } = await openDialog();
    typeAmount('10');
    expect(screen.getByTestId('rate-line')).toHaveTextContent('1 USD = 1.000000 USD');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(fake.calls('/api/currency')).toHaveLength(0);
    expect(fake.calls('/api/acc/admin/v1/exchange/42')[0].body).toMatchObject({ rate: 1, amount: '10.00' });
  });

  it.each<[string, Account[], string]>([
    ['a single account', [account(1, 'USD', '10.00')], '该客户只有一个账户，无法兑换'],
    ['all balances zero', [account(1, 'USD', '0.00'), account(2, 'CNY', '0')], '该客户所有账户余额均为 0，无法兑换'],
  ])('shows the inline note for %s and cannot submit', async (_name, accounts, note) => {
    const fake = fakeClientApi({ accounts });
    await openDialog();
    expect(screen.getByTestId('exchange-note')).toHaveTextContent(note);
    expect(submit()).toBeDisabled();
    fireEvent.submit(submit().closest('form')!);
    expect(fake.calls('/api/acc/admin/v1/exchange')).toHaveLength(0);
  });

  it('notes a source with a zero balance', async () => {
    fakeClientApi({ accounts: THREE });
    const { user } = await openDialog();
    expect(screen.queryByTestId('exchange-note')).toBeNull();
    await pick(user, /转出账户/, /AC000002/);
    expect(screen.getByTestId('exchange-note')).toHaveTextContent('转出账户余额为 0，无法兑换');
    expect(submit()).toBeDisabled();
  });

  it('refuses a target equal to the source, and a missing amount', async () => {
    const fake = fakeClientApi({ accounts: THREE });
    const { user } = await openDialog();
    await user.click(submit());
    expect(toasts()).toContain('请完善表单信息');
    typeAmount('5');
    await pick(user, /转入账户/, /AC000001/);
    expect(screen.getByText('转入账户不能与转出账户相同')).toBeInTheDocument();
    await user.click(submit());
    expect(fake.calls('/api/acc/admin/v1/exchange')).toHaveLength(0);
  });

  it('sends one request on a double click and tells a failure', async () => {
    const gate = deferred();
    const fake = fakeClientApi({
      accounts: THREE,
      command: async () => {
        await gate.promise;
        return HttpResponse.json(apiError('internal', 'Internal server error'), { status: 500 });
      },
    });
    const { onClose } = await openDialog();
    typeAmount('1');
    await screen.findByTestId('rate-line');
    fireEvent.click(submit());
    fireEvent.click(submit());
    fireEvent.click(submit());
    gate.resolve();
    await waitFor(() => expect(toasts()).toContain('兑换失败，请稍后再试'));
    expect(fake.calls('/api/acc/admin/v1/exchange/42', 'POST')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells a rate failure and does not submit', async () => {
    const fake = fakeClientApi({
      accounts: THREE,
      rate: () => HttpResponse.json(apiError('internal', 'x'), { status: 500 }),
    });
    const { user } = await openDialog();
    typeAmount('1');
    expect(await screen.findByTestId('rate-error')).toHaveTextContent('无法获取汇率');
    expect(toasts()).toContain('无法获取汇率，请稍后再试');
    await user.click(submit());
    expect(fake.calls('/api/acc/admin/v1/exchange')).toHaveLength(0);
  });

  it('tells when the accounts cannot be loaded', async () => {
    fakeClientApi({ accountsStatus: 500 });
    await openDialog();
    await waitFor(() => expect(toasts()).toContain('无法获取客户账户信息'));
    expect(within(screen.getByRole('dialog')).getByText('无法获取客户账户信息')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('needs a client id', async () => {
    const fake = fakeClientApi({ accounts: THREE });
    await openDialog(null);
    expect(within(screen.getByRole('dialog')).getByText('缺少用户 ID')).toBeInTheDocument();
    expect(fake.calls('/api/acc/admin/v1/list')).toHaveLength(0);
    expect(submit()).toBeDisabled();
  });
});
