// The deposit dialog's crypto fields: shown for the crypto deposit type only, validated as the API validates them
// (domain/crypto-chains.ts) with inline translated errors, sent with the deposit, and a duplicate
// transaction hash (409 duplicate_tx_hash) shown on the hash field.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import DepositDialog from '../../resources/client/dialogs/DepositDialog';
import type { UiLocale } from '../../i18n';
import { fakeClientApi, flush, pick, renderClientUi, toasts } from './client.helpers';
import { apiBody, installMsw } from './msw';

installMsw();
// MUI selects driven through user-event are slow in jsdom.

const ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const HASH = 'a1'.repeat(32);

async function openDialog(locale: UiLocale = 'zh-CN') {
  const onClose = vi.fn();
  const utils = await renderClientUi(<DepositDialog open kind="deposit" clientId={42} onClose={onClose} />, {
    locale,
  });
  await flush();
  return { ...utils, onClose };
}

const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: RegExp, value: string) => fireEvent.change(textbox(name), { target: { value } });
const submit = () => screen.getByTestId('fund-submit');

/** Account, amount and the crypto deposit type chosen. */
async function cryptoDeposit(user: Awaited<ReturnType<typeof openDialog>>['user']) {
  await pick(user, /入账账户/, /AC000001/);
  fireEvent.change(screen.getByRole('spinbutton', { name: /金额/ }), { target: { value: '250' } });
  await pick(user, /充值方式/, '加密货币');
}

describe('DepositDialog crypto fields', () => {
  it('shows the chain, address and hash inputs only for a crypto deposit', async () => {
    fakeClientApi();
    const { user } = await openDialog();
    expect(screen.queryByRole('textbox', { name: /收款地址/ })).toBeNull();
    await pick(user, /充值方式/, '加密货币');
    expect(screen.getByRole('combobox', { name: /链/ })).toBeInTheDocument();
    expect(textbox(/收款地址/)).toBeInTheDocument();
    expect(textbox(/交易哈希/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /链/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'TRC20（波场）',
      'ERC20（以太坊）',
      'BEP20（BNB 智能链）',
      'BTC（比特币）',
      'ETH（以太坊）',
      'SOL（Solana）',
    ]);
    await user.keyboard('{Escape}');
    await pick(user, /充值方式/, '银行转账');
    expect(screen.queryByRole('textbox', { name: /收款地址/ })).toBeNull();
  });

  it('sends the three fields (trimmed) with a crypto deposit', async () => {
    const fake = fakeClientApi();
    const { user, onClose } = await openDialog();
    await cryptoDeposit(user);
    await pick(user, /链/, /TRC20/);
    type(/收款地址/, ` ${ADDRESS} `);
    type(/交易哈希/, `  ${HASH} `);
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(fake.calls('/api/deposit/admin/v2/specialized/42', 'POST')[0].body).toEqual({
      account_id: 1,
      amount: '250.00',
      currency: 'USD',
      screenshot: '',
      sub_type: 'crypto',
      chain: 'TRC20',
      address: ADDRESS,
      tx_hash: HASH,
    });
  });

  it('refuses missing fields inline with the please-complete message and sends nothing', async () => {
    const fake = fakeClientApi();
    const { user } = await openDialog();
    await cryptoDeposit(user);
    // Nothing is flagged before a submit or a blur.
    expect(screen.queryByText('必填')).toBeNull();
    await user.click(submit());
    expect(toasts()).toContain('请完善表单信息');
    expect(screen.getAllByText('必填')).toHaveLength(3);
    expect(fake.calls('/api/deposit', 'POST')).toHaveLength(0);
  });

  it.each([
    ['address', /收款地址/, 'T123', '请输入 20–120 位字母或数字'],
    ['address', /收款地址/, 'TXYZopYRdj2D9XRtbG41-XZZ3kM5VkAeBf', '请输入 20–120 位字母或数字'],
    ['tx_hash', /交易哈希/, 'abc123', '请输入 32–100 位十六进制（可带 0x 前缀）或 Base58 字符'],
    ['tx_hash', /交易哈希/, `0x${'g'.repeat(64)}`, '请输入 32–100 位十六进制（可带 0x 前缀）或 Base58 字符'],
    [
      'tx_hash',
      /交易哈希/,
      `${'5VERv8NMvzbJMEkV8xnrLkEaWRtSz9'}0OIl`,
      '请输入 32–100 位十六进制（可带 0x 前缀）或 Base58 字符',
    ],
  ])('flags an invalid %s (%s) once the field is left, and blocks the submit', async (_f, label, value, message) => {
    const fake = fakeClientApi();
    const { user } = await openDialog();
    await cryptoDeposit(user);
    await pick(user, /链/, /ERC20/);
    type(/收款地址/, '0x71C7656EC7ab88b098defB751B7401B5f6d8976F');
    type(/交易哈希/, `0x${HASH}`);
    type(label, value);
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.blur(textbox(label));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(submit());
    expect(toasts()).toContain('请完善表单信息');
    expect(fake.calls('/api/deposit', 'POST')).toHaveLength(0);
  });

  it('accepts the shapes the API accepts: 0x hex, plain hex and base58', async () => {
    for (const hash of [
      `0x${HASH.toUpperCase()}`,
      HASH,
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKh',
    ]) {
      const fake = fakeClientApi();
      const { user, onClose, unmount } = await openDialog();
      await cryptoDeposit(user);
      await pick(user, /链/, /SOL/);
      type(/收款地址/, 'So11111111111111111111111111111111111111112');
      type(/交易哈希/, hash);
      await user.click(submit());
      await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
      expect(fake.calls('/api/deposit', 'POST')[0].body).toMatchObject({ chain: 'SOL', tx_hash: hash });
      unmount();
    }
  });

  it('shows a duplicate transaction hash on the hash field, and retries a corrected one under a new key', async () => {
    let n = 0;
    const fake = fakeClientApi({
      command: () =>
        ++n === 1
          ? HttpResponse.json(
              {
                message: 'This transaction hash is already recorded on BEP20',
                code: 'duplicate_tx_hash',
                errors: { tx_hash: 'This transaction hash is already recorded on BEP20' },
              },
              { status: 409 },
            )
          : HttpResponse.json(apiBody('POST /deposit/admin/v2/specialized/:id', { id: 7 })),
    });
    const { user, onClose } = await openDialog();
    await cryptoDeposit(user);
    await pick(user, /链/, /BEP20/);
    type(/收款地址/, '0x71C7656EC7ab88b098defB751B7401B5f6d8976F');
    type(/交易哈希/, HASH);
    await user.click(submit());
    // The code in the user's language, not the server's English sentence.
    await waitFor(() => expect(toasts()).toContain('该交易哈希已在此链上登记'));
    expect(await screen.findByText('该交易哈希已在此链上登记过')).toBeInTheDocument();
    // Unchanged, it is not sent again.
    await user.click(submit());
    expect(fake.calls('/api/deposit', 'POST')).toHaveLength(1);

    type(/交易哈希/, 'b2'.repeat(32));
    expect(screen.queryByText('该交易哈希已在此链上登记过')).toBeNull();
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const posts = fake.calls('/api/deposit', 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toMatchObject({ chain: 'BEP20', tx_hash: 'b2'.repeat(32) });
    expect(posts[0].headers.get('Idempotency-Key')).not.toBe(posts[1].headers.get('Idempotency-Key'));
  });

  it('speaks English too', async () => {
    fakeClientApi();
    const { user } = await openDialog('en-US');
    await pick(user, /Deposit type/, 'Crypto');
    expect(screen.getByRole('combobox', { name: /Chain/ })).toBeInTheDocument();
    type(/Receiving address/, 'short');
    fireEvent.blur(textbox(/Receiving address/));
    expect(await screen.findByText('Enter 20 to 120 letters or digits')).toBeInTheDocument();
    expect(textbox(/Transaction hash/)).toBeInTheDocument();
  });
});
