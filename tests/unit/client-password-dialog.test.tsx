import md5 from 'md5';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import ClientPasswordDialog from '../../resources/client/dialogs/ClientPasswordDialog';
import { fakeClientApi, renderClientUi, toasts } from './client.helpers';
import { api, apiError, server, installMsw } from './msw';

installMsw();
// The first render of MUI in jsdom is slow.

async function openDialog(clientId: number | string | null = 42) {
  const onClose = vi.fn();
  const utils = await renderClientUi(<ClientPasswordDialog open clientId={clientId} onClose={onClose} />);
  return { ...utils, onClose };
}

describe('ClientPasswordDialog', () => {
  it('sends the trimmed new password as MD5 hex and closes with success', async () => {
    const fake = fakeClientApi();
    const { user, onClose } = await openDialog();
    await user.type(screen.getByLabelText(/新密码/), '  s3cret!  ');
    await user.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [call] = fake.calls('/api/client/admin/v1/resetpwd/42', 'PUT');
    expect(call.body).toEqual({ password: md5('s3cret!') });
    expect(JSON.stringify(call.body)).not.toContain('s3cret');
    expect(toasts()).toContain('密码已更新');
  });

  it('requires a new password after trimming', async () => {
    const fake = fakeClientApi();
    const { user, onClose } = await openDialog();
    await user.type(screen.getByLabelText(/新密码/), '   ');
    await user.click(screen.getByTestId('password-submit'));
    expect(screen.getByText('请输入新密码')).toBeInTheDocument();
    expect(fake.calls('/api/client/admin/v1/resetpwd')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells a failure with the spec text, or the translated API error when it sent one', async () => {
    let withMessage = false;
    server.use(
      http.put(api('/client/admin/v1/resetpwd/:id'), () =>
        withMessage
          ? HttpResponse.json(apiError('not_found', 'Client not found'), { status: 404 })
          : HttpResponse.json(apiError('internal', 'Internal server error'), { status: 500 }),
      ),
    );
    const { user, onClose } = await openDialog();
    await user.type(screen.getByLabelText(/新密码/), 'abcdef');
    await user.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(toasts()).toContain('更新失败，请稍后重试'));
    withMessage = true;
    await user.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(toasts()).toContain('记录不存在或不在您的数据范围内'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells a missing client id', async () => {
    const { user } = await openDialog(null);
    await user.type(screen.getByLabelText(/新密码/), 'abcdef');
    await user.click(screen.getByTestId('password-submit'));
    expect(toasts()).toContain('缺少用户 ID');
  });
});
