import { delay, http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import md5 from 'md5';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordDialog, passwordProblems } from '../../src/account/ChangePasswordDialog';
import { authMachine } from '../../src/services';
import { api, apiError, DEMO_PASSWORD, fakeAuthApi, server, installMsw } from './msw';
import { fill, renderInAdmin, signIn, toasts, toastType } from './account.helpers';

installMsw();

beforeEach(() => {
  authMachine.clear();
});

async function openDialog(locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const fake = fakeAuthApi();
  await signIn('admin');
  const onClose = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderInAdmin(<ChangePasswordDialog open onClose={onClose} />, { locale, path: '/dashboard' });
  await screen.findByRole('dialog');
  return { fake, onClose, user, submit: () => user.click(screen.getByTestId('change-password-submit')) };
}

/** Records the body of every change_pwd call and answers like the server. */
function recordChangePwd(answer: () => Response | Promise<Response> = () => HttpResponse.json({})) {
  const bodies: Record<string, string>[] = [];
  server.use(
    http.post(api('/user/v1/change_pwd'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, string>);
      return answer();
    }),
  );
  return bodies;
}

describe('passwordProblems', () => {
  it('requires both after trimming and at least 6 characters for the new one', () => {
    expect(passwordProblems('', '')).toEqual({ old: 'auth.password.old_required', new: 'auth.password.new_required' });
    expect(passwordProblems('  ', '   ')).toEqual({
      old: 'auth.password.old_required',
      new: 'auth.password.new_required',
    });
    expect(passwordProblems('old', ' 12345 ')).toEqual({ new: 'auth.password.new_min' });
    expect(passwordProblems('old', '123456')).toEqual({});
  });
});

describe('ChangePasswordDialog', () => {
  it('shows the required messages and sends nothing', async () => {
    const { fake, onClose, submit } = await openDialog();
    await submit();
    expect(await screen.findByText('请输入当前密码')).toBeInTheDocument();
    expect(screen.getByText('请输入新密码')).toBeInTheDocument();
    fill('old_password', '   ');
    fill('new_password', '   ');
    await submit();
    expect(await screen.findByText('请输入新密码')).toBeInTheDocument();
    expect(screen.getByText('请输入当前密码')).toBeInTheDocument();
    expect(fake.calls.change_pwd).toBeUndefined();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for at least 6 characters', async () => {
    const { fake, submit } = await openDialog('en-US');
    fill('old_password', DEMO_PASSWORD);
    fill('new_password', '12345');
    await submit();
    expect(await screen.findByText('The new password must be at least 6 characters long')).toBeInTheDocument();
    expect(fake.calls.change_pwd).toBeUndefined();
  });

  it('sends both passwords as MD5 hex, toasts 密码已更新 and closes with success', async () => {
    const { onClose, submit } = await openDialog();
    const bodies = recordChangePwd();
    fill('old_password', DEMO_PASSWORD);
    fill('new_password', '  NewPass#1  ');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(bodies).toEqual([{ old_password: md5(DEMO_PASSWORD), new_password: md5('NewPass#1') }]);
    expect(bodies[0].new_password).toMatch(/^[0-9a-f]{32}$/);
    expect(toasts()).toEqual(['密码已更新']);
    expect(toastType('密码已更新')).toBe('success');
  });

  it('says "Password changed successfully" in en-US', async () => {
    const { onClose, submit } = await openDialog('en-US');
    fill('old_password', DEMO_PASSWORD);
    fill('new_password', 'NewPass#1');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(toasts()).toEqual(['Password changed successfully']);
  });

  it('toasts the translated code on a wrong current password (not the English server message) and stays open', async () => {
    const { onClose, submit } = await openDialog();
    fill('old_password', 'not-the-password');
    fill('new_password', 'NewPass#1');
    await submit();
    await waitFor(() => expect(toasts()).toContain('原密码不正确'));
    expect(toastType('原密码不正确')).toBe('error');
    expect(toasts()).not.toContain('Old password is incorrect');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('toasts 更新失败，请稍后重试 when the server gives no message', async () => {
    const { onClose, submit } = await openDialog();
    recordChangePwd(() => HttpResponse.json(apiError('internal', 'Internal server error'), { status: 500 }));
    fill('old_password', DEMO_PASSWORD);
    fill('new_password', 'NewPass#1');
    await submit();
    await waitFor(() => expect(toasts()).toEqual(['更新失败，请稍后重试']));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('disables submit while the change is pending', async () => {
    const { onClose, submit } = await openDialog();
    recordChangePwd(async () => {
      await delay(150);
      return HttpResponse.json({});
    });
    fill('old_password', DEMO_PASSWORD);
    fill('new_password', 'NewPass#1');
    await submit();
    expect(screen.getByTestId('change-password-submit')).toBeDisabled();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('closes without success on cancel', async () => {
    const { onClose, user } = await openDialog();
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
