import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MfaDialog } from '../../src/account/MfaDialog';
import { authMachine } from '../../src/services';
import { api, fakeAuthApi, GOOD_CODE, server, installMsw } from './msw';
import { field, fill, renderInAdmin, signIn, toasts, toastType } from './account.helpers';

installMsw();

const CODES = Array.from({ length: 10 }, (_, i) => `rc-${i + 1}`);

beforeEach(() => {
  authMachine.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Signs in as `username`, renders the dialog (zh-CN by default) and returns helpers. */
async function openDialog(username = 'admin', locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const fake = fakeAuthApi();
  await signIn(username);
  const onClose = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderInAdmin(<MfaDialog open onClose={onClose} />, { locale, path: '/dashboard' });
  await screen.findByRole('dialog');
  return { fake, onClose, user };
}

/** Records the bodies of the calls to `path` and answers with `answer` (default: the fake's normal answer). */
function record(path: string, answer?: () => Response) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === `/api${path}`) bodies.push(await request.clone().json());
  });
  if (answer) server.use(http.post(api(path), answer));
  return bodies;
}

afterEach(() => {
  server.events.removeAllListeners();
});

const toggle = () => field('mfa');
const next = () => screen.getByTestId('mfa-next');
const finish = () => screen.getByTestId('mfa-finish');

describe('MfaDialog: state', () => {
  it('shows the switch off when MFA is off and on when it is on', async () => {
    await openDialog('admin');
    expect(toggle()).not.toBeChecked();
    expect(screen.queryByTestId('mfa-next')).not.toBeInTheDocument();
  });

  it('shows the switch on for a user with an authenticator', async () => {
    await openDialog('mfa');
    expect(toggle()).toBeChecked();
  });

  it('closes without success when cancelled before anything changed', async () => {
    const { onClose, user, fake } = await openDialog('admin');
    await user.click(toggle());
    await screen.findByTestId('mfa-secret');
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledWith(false);
    expect(fake.calls.bind_verify).toBeUndefined();
  });
});

describe('MfaDialog: enable', () => {
  it('binds, verifies, shows the recovery codes and finishes with success', async () => {
    const { fake, onClose, user } = await openDialog('admin');
    const verifyBodies = record('/user/v1/mfa/bind/verify');
    await user.click(toggle());
    expect(toggle()).toBeChecked();
    expect(await screen.findByTestId('mfa-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('mfa-qr')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.queryByTestId('mfa-finish')).not.toBeInTheDocument();

    // the code is validated before it is sent
    await user.click(next());
    expect(await screen.findByText('请输入验证码。')).toBeInTheDocument();
    fill('code', '12x3');
    expect(field('code').value).toBe('123');
    await user.click(next());
    expect(await screen.findByText('请输入 6 位数字验证码。')).toBeInTheDocument();
    expect(fake.calls.bind_verify).toBeUndefined();

    fill('code', GOOD_CODE);
    await user.click(next());
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(verifyBodies).toEqual([{ code: GOOD_CODE }]);
    expect(toasts()).toContain('验证码验证成功');
    expect(toastType('验证码验证成功')).toBe('success');
    expect(fake.calls.recovery_codes).toBe(1);
    expect(toggle()).toBeDisabled(); // MFA is on at the server now

    const userinfoCalls = fake.calls.userinfo;
    expect(finish()).toBeEnabled();
    await user.click(finish());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(toasts()).toContain('多因素认证已启用');
    expect(fake.calls.userinfo).toBe(userinfoCalls + 1);
    expect(authMachine.getState().user?.mfa).toBe(true);
  });

  it('copies the recovery codes and downloads them as a .txt file', async () => {
    const { user } = await openDialog('admin');
    await user.click(toggle());
    await screen.findByTestId('mfa-secret');
    fill('code', GOOD_CODE);
    await user.click(next());
    await screen.findByTestId('recovery-codes');

    await user.click(screen.getByTestId('recovery-codes-copy'));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    await waitFor(() => expect(toasts()).toContain('恢复码已复制'));

    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:recovery';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(screen.getByTestId('recovery-codes-download'));
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('recovery-codes.txt');
    expect(clicked[0].href).toBe('blob:recovery');
    expect(blobs[0].type).toMatch(/^text\/plain/);
    expect(await blobs[0].text()).toBe(CODES.join('\n') + '\n');
  });

  it('toasts 获取二维码失败，请重试 and refuses to verify before a QR code was fetched', async () => {
    const { fake, user } = await openDialog('admin');
    server.use(
      http.post(api('/user/v1/mfa/bind/start'), () => HttpResponse.json({ message: 'boom' }, { status: 500 }), {
        once: true,
      }),
    );
    await user.click(toggle());
    await waitFor(() => expect(toasts()).toContain('获取二维码失败，请重试'));
    expect(toastType('获取二维码失败，请重试')).toBe('error');
    expect(screen.queryByTestId('mfa-secret')).not.toBeInTheDocument();

    fill('code', GOOD_CODE);
    await user.click(next());
    await waitFor(() => expect(toasts()).toContain('请先获取二维码'));
    expect(fake.calls.bind_verify).toBeUndefined();

    await user.click(screen.getByTestId('mfa-get-qr'));
    expect(await screen.findByTestId('mfa-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
  });

  it('toasts 验证码验证失败，请重试 on a wrong code and does not fetch recovery codes', async () => {
    const { fake, user } = await openDialog('admin');
    await user.click(toggle());
    await screen.findByTestId('mfa-secret');
    fill('code', '000000');
    await user.click(next());
    await waitFor(() => expect(toasts()).toContain('验证码验证失败，请重试'));
    expect(toastType('验证码验证失败，请重试')).toBe('error');
    expect(fake.calls.recovery_codes).toBeUndefined();
    expect(screen.queryByTestId('mfa-finish')).not.toBeInTheDocument();
    expect(field('code').value).toBe('');
    expect(toggle()).toBeEnabled();
  });

  it('toasts 未获取到恢复码 when the answer holds no codes, and can still finish', async () => {
    const { onClose, user } = await openDialog('admin');
    server.use(
      http.post(api('/user/v1/mfa/recovery_codes'), () => HttpResponse.json({ data: { recovery_codes: [] } })),
    );
    await user.click(toggle());
    await screen.findByTestId('mfa-secret');
    fill('code', GOOD_CODE);
    await user.click(next());
    await waitFor(() => expect(toasts()).toContain('未获取到恢复码'));
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
    expect(finish()).toBeEnabled();
    await user.click(finish());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('toasts 获取恢复码失败，请稍后再试 when the call fails, and a retry shows them', async () => {
    const { user } = await openDialog('admin');
    server.use(
      http.post(api('/user/v1/mfa/recovery_codes'), () => HttpResponse.json({}, { status: 500 }), { once: true }),
    );
    await user.click(toggle());
    await screen.findByTestId('mfa-secret');
    fill('code', GOOD_CODE);
    await user.click(next());
    await waitFor(() => expect(toasts()).toContain('获取恢复码失败，请稍后再试'));
    server.use(
      http.post(api('/user/v1/mfa/recovery_codes'), () => HttpResponse.json({ data: { codes: ['a1', 'b2'] } })),
    );
    await user.click(screen.getByTestId('recovery-codes-retry'));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a1', 'b2']);
  });

  it('toasts 刷新用户信息失败，请稍后再试 when the profile cannot be reloaded, and still closes with success', async () => {
    const { onClose, user } = await openDialog('admin');
    await user.click(toggle());
    await screen.findByTestId('mfa-secret');
    fill('code', GOOD_CODE);
    await user.click(next());
    await screen.findByTestId('recovery-codes');
    server.use(http.get(api('/auth/admin/v1/userinfo'), () => HttpResponse.json({}, { status: 500 })));
    await user.click(finish());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(toasts()).toContain('多因素认证已启用');
    expect(toasts()).toContain('刷新用户信息失败，请稍后再试');
  });

  it('treats closing after verification as finishing', async () => {
    const { onClose, user } = await openDialog('admin');
    await user.click(toggle());
    await screen.findByTestId('mfa-secret');
    fill('code', GOOD_CODE);
    await user.click(next());
    await screen.findByTestId('recovery-codes');
    await user.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });
});

describe('MfaDialog: disable', () => {
  it('verifies with a recovery code, confirms, and finishes with success', async () => {
    const { onClose, user, fake } = await openDialog('mfa');
    const bodies = record('/user/v1/mfa/disable');
    await user.click(toggle());
    expect(toggle()).not.toBeChecked();

    await user.click(screen.getByTestId('mfa-method-toggle'));
    await user.click(next());
    expect(await screen.findByText('请输入恢复码。')).toBeInTheDocument();
    fill('code', 'rc-1');
    await user.click(next());

    // step 2: nothing is sent until the confirmation; finish needs the disable to be verified
    expect(await screen.findByTestId('mfa-confirm-disable')).toBeInTheDocument();
    expect(finish()).toBeDisabled();
    expect(fake.calls.mfa_disable).toBeUndefined();
    await user.click(screen.getByTestId('mfa-confirm-disable'));
    await waitFor(() => expect(toasts()).toContain('多因素认证已关闭'));
    expect(toastType('多因素认证已关闭')).toBe('success');
    expect(bodies).toEqual([{ recovery_code: 'rc-1' }]);

    expect(finish()).toBeEnabled();
    await user.click(finish());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(authMachine.getState().user?.mfa).toBe(false);
  });

  it('verifies with an authenticator code (6 digits required)', async () => {
    const { onClose, user } = await openDialog('mfa');
    const bodies = record('/user/v1/mfa/disable');
    await user.click(toggle());
    await user.click(next());
    expect(await screen.findByText('请输入验证码。')).toBeInTheDocument();
    fill('code', '123');
    await user.click(next());
    expect(await screen.findByText('请输入 6 位数字验证码。')).toBeInTheDocument();
    fill('code', GOOD_CODE);
    await user.click(next());
    await user.click(await screen.findByTestId('mfa-confirm-disable'));
    await waitFor(() => expect(finish()).toBeEnabled());
    expect(bodies).toEqual([{ code: GOOD_CODE }]);
    await user.click(finish());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('toasts 关闭失败，请重试 when the server refuses, and cannot finish', async () => {
    const { onClose, user } = await openDialog('mfa');
    await user.click(toggle());
    fill('code', '000000');
    await user.click(next());
    await user.click(await screen.findByTestId('mfa-confirm-disable'));
    await waitFor(() => expect(toasts()).toContain('关闭失败，请重试'));
    expect(toastType('关闭失败，请重试')).toBe('error');
    expect(finish()).toBeDisabled();
    // back to the first step to type another code
    await user.click(screen.getByRole('button', { name: '上一步' }));
    expect(field('code')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('switching back before confirming cancels the flow', async () => {
    const { user } = await openDialog('mfa');
    await user.click(toggle());
    expect(screen.getByTestId('mfa-next')).toBeInTheDocument();
    await user.click(toggle());
    expect(toggle()).toBeChecked();
    expect(screen.queryByTestId('mfa-next')).not.toBeInTheDocument();
  });
});

describe('MfaDialog: English', () => {
  it('speaks English in en-US', async () => {
    const { user } = await openDialog('admin', 'en-US');
    await user.click(toggle());
    await screen.findByTestId('mfa-secret');
    fill('code', GOOD_CODE);
    await user.click(next());
    await screen.findByTestId('recovery-codes');
    expect(toasts()).toContain('Code verified successfully');
    expect(screen.getByText('Save recovery codes')).toBeInTheDocument();
  });
});
