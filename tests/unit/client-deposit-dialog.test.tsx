import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import DepositDialog from '../../resources/client/dialogs/DepositDialog';
import type { FundKind } from '../../resources/client/dialogs/api';
import { account, deferred, fakeClientApi, flush, pick, renderClientUi, toasts } from './client.helpers';
import { apiBody, apiError, installMsw } from './msw';

installMsw();
// MUI selects driven through user-event are slow in jsdom.

async function openDialog(kind: FundKind = 'deposit', clientId: number | string | null = 42) {
  const onClose = vi.fn();
  const utils = await renderClientUi(<DepositDialog open kind={kind} clientId={clientId} onClose={onClose} />);
  await flush();
  return { ...utils, onClose };
}

const amountInput = () => screen.getByRole('spinbutton', { name: /金额/ }) as HTMLInputElement;
const typeAmount = (value: string) => fireEvent.change(amountInput(), { target: { value } });
const submit = () => screen.getByTestId('fund-submit');

describe('DepositDialog (deposit)', () => {
  it('credits a deposit: sub_type defaults to bank, currency follows the account, amount sent with 2 decimals', async () => {
    const fake = fakeClientApi();
    const { user, onClose } = await openDialog();
    expect(screen.getByRole('combobox', { name: /充值方式/ })).toHaveTextContent('银行转账');
    await pick(user, /入账账户/, /AC000001/);
    expect(screen.getByRole('combobox', { name: /币种/ })).toHaveTextContent('USD');
    typeAmount('100.5');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [call] = fake.calls('/api/deposit/admin/v2/specialized/42', 'POST');
    expect(call.body).toEqual({ account_id: 1, amount: '100.50', currency: 'USD', screenshot: '', sub_type: 'bank' });
    expect(call.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(call.headers.get('X-Tenant-Id')).toBe('tr');
    expect(toasts()).toContain('充值已登记，等待审核');
    // same currency: no rate asked
    expect(fake.calls('/api/currency/admin/v1/rate')).toHaveLength(0);
  });

  it('refuses an incomplete form with the please-complete message and sends nothing', async () => {
    const fake = fakeClientApi();
    const { user } = await openDialog();
    await user.click(submit());
    expect(toasts()).toContain('请完善表单信息');
    await pick(user, /入账账户/, /AC000001/);
    for (const bad of ['0', '-5', '12.345']) {
      typeAmount(bad);
      await user.click(submit());
    }
    expect(screen.getByText('请输入大于 0 的金额（最多两位小数）')).toBeInTheDocument();
    expect(fake.calls('/api/deposit', 'POST')).toHaveLength(0);
  });

  it('sends one request on a double click, and a retry after a failure reuses the Idempotency-Key', async () => {
    const gate = deferred();
    let answers = 0;
    const fake = fakeClientApi({
      command: async () => {
        answers += 1;
        // A gateway's 503 without an API body: the spec toast.
        if (answers === 1) return new HttpResponse(null, { status: 503 });
        await gate.promise;
        return HttpResponse.json(apiBody('POST /deposit/admin/v2/specialized/:id', { id: 9 }));
      },
    });
    const { user, onClose } = await openDialog();
    await pick(user, /入账账户/, /AC000001/);
    typeAmount('10');
    await user.click(submit());
    await waitFor(() => expect(toasts()).toContain('无法完成充值'));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(submit());
    fireEvent.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    fireEvent.click(submit());
    gate.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const posts = fake.calls('/api/deposit/admin/v2/specialized/42', 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0].headers.get('Idempotency-Key')).toBe(posts[1].headers.get('Idempotency-Key'));
  });

  it('shows the server message for an unknown code, and a definite refusal gets a new key for the next try', async () => {
    let n = 0;
    const fake = fakeClientApi({
      command: () =>
        ++n === 1
          ? HttpResponse.json({ message: 'Account is frozen', code: 'frozen' }, { status: 400 })
          : HttpResponse.json(apiBody('POST /deposit/admin/v2/specialized/:id', { id: 1 })),
    });
    const { user } = await openDialog();
    await pick(user, /入账账户/, /AC000001/);
    typeAmount('10');
    await user.click(submit());
    await waitFor(() => expect(toasts()).toContain('Account is frozen'));
    await user.click(submit());
    await waitFor(() => expect(toasts()).toContain('充值已登记，等待审核'));
    const posts = fake.calls('/api/deposit', 'POST');
    expect(posts[0].headers.get('Idempotency-Key')).not.toBe(posts[1].headers.get('Idempotency-Key'));
  });

  it('needs a loaded rate when the currency differs from the account', async () => {
    const fake = fakeClientApi({
      rate: (p, s) => HttpResponse.json(p === 'USD' && s === 'CNY' ? 7.1234567 : 0.14),
    });
    const { user, onClose } = await openDialog();
    await pick(user, /入账账户/, /AC000002/);
    await pick(user, /币种/, 'USD');
    typeAmount('100');
    expect(await screen.findByTestId('rate-line')).toHaveTextContent('1 USD = 7.123457 CNY');
    expect(screen.getByTestId('rate-line')).toHaveTextContent('712.35 CNY');
    expect(fake.calls('/api/currency/admin/v1/rate')[0].path).toBe(
      '/api/currency/admin/v1/rate?primary=USD&secondary=CNY',
    );
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(fake.calls('/api/deposit', 'POST')[0].body).toMatchObject({
      account_id: 2,
      currency: 'USD',
      amount: '100.00',
    });
  });

  it('lets the currency follow the chosen account until staff pick one', async () => {
    const fake = fakeClientApi();
    const { user } = await openDialog();
    await pick(user, /入账账户/, /AC000001/);
    expect(screen.getByRole('combobox', { name: /币种/ })).toHaveTextContent('USD');
    await pick(user, /入账账户/, /AC000002/);
    expect(screen.getByRole('combobox', { name: /币种/ })).toHaveTextContent('CNY');
    await pick(user, /币种/, 'USD');
    await pick(user, /入账账户/, /AC000001/);
    await pick(user, /入账账户/, /AC000002/);
    expect(screen.getByRole('combobox', { name: /币种/ })).toHaveTextContent('USD');
    await waitFor(() => expect(fake.calls('/api/currency/admin/v1/rate').length).toBeGreaterThan(0));
  });

  it('blocks the submit when the rate fails, with both rate messages', async () => {
    const fake = fakeClientApi({ rate: () => HttpResponse.json(apiError('internal', 'down'), { status: 502 }) });
    const { user } = await openDialog();
    await pick(user, /入账账户/, /AC000002/);
    await pick(user, /币种/, 'USD');
    typeAmount('100');
    expect(await screen.findByTestId('rate-error')).toHaveTextContent('无法获取汇率');
    expect(toasts()).toContain('无法获取汇率，请稍后再试');
    await user.click(submit());
    expect(fake.calls('/api/deposit', 'POST')).toHaveLength(0);
  });

  it('falls back to the deposit-type label list when the options call is missing', async () => {
    fakeClientApi({ optionsStatus: 404 });
    const { user } = await openDialog();
    expect(screen.getByRole('combobox', { name: /充值方式/ })).toHaveTextContent('银行转账');
    await user.click(screen.getByRole('combobox', { name: /充值方式/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['银行转账', '加密货币', '兑换']);
  });

  it('uploads one proof image through presign and a direct PUT, and sends its public URL', async () => {
    const fake = fakeClientApi({ accounts: [account(1, 'USD', '5.00')] });
    const { user, onClose } = await openDialog();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'proof.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('proof-input'), file);
    // The preview loads the signed read URL; the stored value sent is the public URL.
    expect(await screen.findByTestId('proof-preview')).toHaveAttribute(
      'src',
      'https://files.example.test/proof-1.png?sig=read',
    );
    expect(fake.calls('/api/s3/admin/presign/put')[0].body).toEqual({
      filename: 'proof.png',
      content_type: 'image/png',
      size: 4,
    });
    const [put] = fake.calls('/upload/proof-1', 'PUT');
    expect(put.headers.get('content-type')).toBe('image/png');
    expect(put.headers.get('x-amz-acl')).toBe('private');
    expect(put.headers.get('Authorization')).toBeNull();
    // the single account is preselected
    typeAmount('1');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(fake.calls('/api/deposit', 'POST')[0].body).toMatchObject({
      screenshot: 'https://files.example.test/proof-1.png',
    });
  });

  it('accepts only images of at most 5 MB', async () => {
    const fake = fakeClientApi();
    await openDialog();
    const input = screen.getByTestId('proof-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('只能上传图片文件')).toBeInTheDocument();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('图片不能超过 5 MB')).toBeInTheDocument();
    expect(fake.calls('/api/s3')).toHaveLength(0);
  });

  it('tells an account list that failed to load', async () => {
    fakeClientApi({ accountsStatus: 500 });
    const { user } = await openDialog('deposit', 42);
    await waitFor(() => expect(toasts()).toContain('无法获取客户账户信息'));
    expect(within(screen.getByRole('dialog')).getByText('无法获取客户账户信息')).toBeInTheDocument();
    await user.click(submit());
    expect(toasts()).toContain('请完善表单信息');
  });

  it('refuses to submit without a client id', async () => {
    const fake = fakeClientApi();
    const { user } = await openDialog('deposit', null);
    await user.click(submit());
    expect(toasts()).toContain('缺少用户 ID');
    expect(fake.calls('/api/deposit', 'POST')).toHaveLength(0);
  });
});

describe('DepositDialog (compensation and bonus)', () => {
  it('adds bonus points to an account', async () => {
    const fake = fakeClientApi();
    const { user, onClose } = await openDialog('compensation');
    expect(screen.queryByRole('combobox', { name: /币种/ })).toBeNull();
    expect(screen.queryByTestId('proof-input')).toBeNull();
    await pick(user, /账户/, /AC000002/);
    typeAmount('0.01');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [call] = fake.calls('/api/overdrawn/admin/v1/compensation/42', 'POST');
    expect(call.body).toEqual({ account_id: 2, amount: '0.01' });
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    expect(toasts()).toContain('赠分已添加');
  });

  it('refuses exponent notation and more than 2 decimals inline, and sends nothing', async () => {
    const fake = fakeClientApi();
    const { user, onClose } = await openDialog('compensation');
    await pick(user, /账户/, /AC000002/);
    for (const value of ['1e3', '12.345']) {
      typeAmount(value);
      await user.click(submit());
      expect(await screen.findByText('请输入大于 0 的金额（最多两位小数）')).toBeTruthy();
    }
    expect(fake.calls('/api/overdrawn/admin/v1/compensation/42', 'POST')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('adds a reward, and tells a failure with the spec text', async () => {
    let fail = true;
    const fake = fakeClientApi({
      command: (kind) =>
        fail
          ? HttpResponse.json(apiError('internal', 'Internal server error'), { status: 500 })
          : HttpResponse.json(apiBody(`POST /overdrawn/admin/v1/${kind}/:id`, { id: 5, status: 'approved' })),
    });
    const { user, onClose } = await openDialog('bonus');
    await pick(user, /账户/, /AC000001/);
    typeAmount('25');
    await user.click(submit());
    await waitFor(() => expect(toasts()).toContain('无法添加奖励'));
    fail = false;
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(toasts()).toContain('奖励已添加');
    expect(fake.calls('/api/overdrawn/admin/v1/bonus/42', 'POST')[1].body).toEqual({ account_id: 1, amount: '25.00' });
  });

  it('says when a credit at or above the approval tier waits for a checker', async () => {
    fakeClientApi({
      command: (kind) =>
        HttpResponse.json(
          apiBody(`POST /overdrawn/admin/v1/${kind}/:id`, {
            id: 6,
            status: 'pending',
            approval: { id: 3, kind, required_checkers: 1, approvals: 0 },
          }),
        ),
    });
    const { user, onClose } = await openDialog('compensation');
    await pick(user, /账户/, /AC000002/);
    typeAmount('5000');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(toasts()).toContain('金额达到复核档位，赠分已提交，等待复核后入账');
    expect(toasts()).not.toContain('赠分已添加');
  });

  it('tells a failed compensation with the spec text', async () => {
    fakeClientApi({ command: () => HttpResponse.error() });
    const { user } = await openDialog('compensation');
    await pick(user, /账户/, /AC000001/);
    typeAmount('3');
    await user.click(submit());
    await waitFor(() => expect(toasts()).toContain('无法完成赠分操作'));
  });
});
