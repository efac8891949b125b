import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasswordChangeGate } from '../../src/account/PasswordChangeGate';
import { authMachine, permissionCache } from '../../src/services';
import { api, apiBody, DEMO_PASSWORD, fakeAuthApi, server, installMsw } from './msw';
import { fill, renderInAdmin, signIn } from './account.helpers';

installMsw();

beforeEach(() => {
  authMachine.clear();
});

/** The fake API, with userinfo answering `must_change_password` as given (the real API refuses permissions then). */
function backend(mustChange: boolean) {
  const fake = fakeAuthApi();
  server.use(
    http.get(api('/auth/admin/v1/userinfo'), () =>
      HttpResponse.json(
        apiBody('GET /auth/admin/v1/userinfo', {
          id: 1,
          name: 'Administrator',
          username: 'admin',
          role: 'god',
          must_change_password: mustChange,
        }),
      ),
    ),
    http.get(api('/auth/admin/v1/permissions'), () =>
      mustChange
        ? HttpResponse.json({ message: 'Change first', code: 'password_change_required' }, { status: 403 })
        : HttpResponse.json(
            apiBody('GET /auth/admin/v1/permissions', { userId: 1, roles: ['god'], grants: [], version: 'v' }),
          ),
    ),
  );
  return fake;
}

const shell = () => <div data-testid="shell">the console</div>;

describe('a staff member who must change the password', () => {
  it('signs in without loading permissions, and sees only the change dialog, which cannot be dismissed', async () => {
    const fake = backend(true);
    await signIn('admin');
    expect(authMachine.getState()).toMatchObject({ status: 'authenticated', user: { must_change_password: true } });
    expect(permissionCache.get()).toBeNull();

    renderInAdmin(<PasswordChangeGate>{shell()}</PasswordChangeGate>, { locale: 'zh-CN', path: '/dashboard' });
    const dialog = await screen.findByTestId('forced-password-change');
    expect(screen.queryByTestId('shell')).toBeNull();
    expect(dialog).toHaveTextContent('首次登录须先修改密码');
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    if (backdrop) fireEvent.click(backdrop);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('forced-password-change')).toBeInTheDocument();
    expect(fake.calls.logout).toBeUndefined();

    // Its other button signs out.
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(fake.calls.logout).toBe(1));
    expect(fake.calls.permissions).toBeUndefined();
  });

  it('changing the password signs out (the API has ended the session)', async () => {
    const fake = backend(true);
    await signIn('admin');
    renderInAdmin(<PasswordChangeGate>{shell()}</PasswordChangeGate>, { locale: 'en-US', path: '/dashboard' });
    await screen.findByTestId('forced-password-change');
    fill('old_password', DEMO_PASSWORD);
    fill('new_password', 'Chosen#2026');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(fake.calls.change_pwd).toBe(1));
    await waitFor(() => expect(fake.calls.logout).toBe(1));
  });

  it('everyone else gets the console as usual', async () => {
    backend(false);
    await signIn('admin');
    renderInAdmin(<PasswordChangeGate>{shell()}</PasswordChangeGate>, { path: '/dashboard' });
    expect(await screen.findByTestId('shell')).toBeInTheDocument();
    expect(screen.queryByTestId('forced-password-change')).toBeNull();
    expect(permissionCache.get()?.roles).toEqual(['god']);
  });
});
