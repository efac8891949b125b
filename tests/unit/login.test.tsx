import { http, HttpResponse, delay } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import md5 from 'md5';
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../../src/pages/LoginPage';
import { authMachine, tokenStore } from '../../src/services';
import { api, DEMO_PASSWORD, fakeAuthApi, server, installMsw } from './msw';
import { field, fill, renderInAdmin, toasts, toastType } from './account.helpers';

installMsw();

beforeEach(() => {
  authMachine.clear();
});

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  values: { username?: string; password?: string; captcha?: string },
) {
  if (values.username !== undefined) fill('username', values.username);
  if (values.password !== undefined) fill('password', values.password);
  if (values.captcha !== undefined) fill('captcha', values.captcha);
  await user.click(screen.getByTestId('login-submit'));
}

async function renderLogin(locale: 'en-US' | 'zh-CN' = 'en-US') {
  const view = renderInAdmin(<LoginPage />, { locale });
  await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).not.toBeNull());
  return view;
}

describe('LoginPage', () => {
  it('shows the three required messages and calls nothing when the form is empty', async () => {
    const api = fakeAuthApi();
    const user = userEvent.setup({ delay: null });
    await renderLogin();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Captcha is required')).toBeInTheDocument();
    expect(api.calls.login).toBeUndefined();
  });

  it('treats a username of spaces as missing and keeps what was typed', async () => {
    fakeAuthApi();
    const user = userEvent.setup({ delay: null });
    await renderLogin();
    await fillAndSubmit(user, { username: '   ', password: 'x', captcha: 'abcd' });
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(field('password').value).toBe('x');
  });

  it('shows the server captcha image and fetches a new one on click', async () => {
    const api = fakeAuthApi();
    const user = userEvent.setup({ delay: null });
    await renderLogin();
    expect(api.calls.captcha).toBe(1);
    expect(screen.getByTestId('captcha-image').querySelector('img')!.getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );
    await user.click(screen.getByTestId('captcha-image'));
    await waitFor(() => expect(api.calls.captcha).toBe(2));
  });

  it('sends the MD5 of the password with the captcha and lands on /dashboard', async () => {
    fakeAuthApi();
    let body: Record<string, unknown> | undefined;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/auth/admin/v1/login'))
        body = (await request.clone().json()) as Record<string, unknown>;
    });
    const user = userEvent.setup({ delay: null });
    const view = await renderLogin();
    await user.click(field('remember'));
    await fillAndSubmit(user, { username: 'admin', password: DEMO_PASSWORD, captcha: 'abcd' });
    await waitFor(() => expect(view.location()).toBe('/dashboard'));
    server.events.removeAllListeners();
    expect(body).toMatchObject({ username: 'admin', password: md5(DEMO_PASSWORD), captcha: 'abcd' });
    expect(String(body!.captcha_id)).toMatch(/^c\d+$/);
    expect(authMachine.getState()).toMatchObject({ status: 'authenticated', user: { username: 'admin' } });
    expect(tokenStore.remembered()).toBe(true);
  });

  it('opens the page asked for while signed out (?next=) after sign-in', async () => {
    fakeAuthApi();
    const user = userEvent.setup({ delay: null });
    const view = renderInAdmin(<LoginPage />, { path: `/login?${new URLSearchParams({ next: '/deposit?x=1' })}` });
    await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).not.toBeNull());
    await fillAndSubmit(user, { username: 'admin', password: DEMO_PASSWORD, captcha: 'abcd' });
    await waitFor(() => expect(view.location()).toBe('/deposit'));
  });

  it('shows "Captcha does not match" from the server, clears only the captcha and fetches a new one', async () => {
    const api = fakeAuthApi();
    const user = userEvent.setup({ delay: null });
    const view = await renderLogin();
    await fillAndSubmit(user, { username: 'admin', password: DEMO_PASSWORD, captcha: 'zzzz' });
    expect(await screen.findByText('Captcha does not match')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.captcha).toBe(2));
    expect(field('username').value).toBe('admin');
    expect(field('password').value).toBe(DEMO_PASSWORD);
    expect(field('captcha').value).toBe('');
    expect(view.location()).toBe('/login');
    // with the new captcha the same form signs in
    fill('captcha', 'abcd');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(view.location()).toBe('/dashboard'));
  });

  it('toasts the server message on wrong credentials and refetches the captcha', async () => {
    const api = fakeAuthApi();
    const user = userEvent.setup({ delay: null });
    await renderLogin();
    await fillAndSubmit(user, { username: 'admin', password: 'wrong', captcha: 'abcd' });
    await waitFor(() => expect(toasts()).toContain('Invalid username or password'));
    expect(toastType('Invalid username or password')).toBe('error');
    await waitFor(() => expect(api.calls.captcha).toBe(2));
    expect(field('username').value).toBe('admin');
    expect(field('password').value).toBe('wrong');
    expect(authMachine.getState().status).toBe('error');
  });

  it('toasts the lock message of a locked account in the user language', async () => {
    fakeAuthApi();
    server.use(
      http.post(api('/auth/admin/v1/login'), () =>
        HttpResponse.json(
          { code: 'account_locked', message: 'Account locked, try again in 15 minutes' },
          { status: 423 },
        ),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderLogin();
    await fillAndSubmit(user, { username: 'admin', password: DEMO_PASSWORD, captcha: 'abcd' });
    // The translation of the code (errors.codes.account_locked), not the server's sentence.
    await waitFor(() => expect(toasts()).toContain('The account is locked after repeated failures; try again later'));
  });

  it.each([
    ['en-US', 'Login failed'],
    ['zh-CN', '登录失败'],
  ] as const)('toasts "Login failed" in %s when the server gives no message', async (locale, text) => {
    fakeAuthApi();
    server.use(http.post(api('/auth/admin/v1/login'), () => HttpResponse.json({}, { status: 500 })));
    const user = userEvent.setup({ delay: null });
    await renderLogin(locale);
    await fillAndSubmit(user, { username: 'admin', password: DEMO_PASSWORD, captcha: 'abcd' });
    await waitFor(() => expect(toasts()).toEqual([text]));
  });

  it('shows progress and disables submit while signing in', async () => {
    fakeAuthApi();
    server.use(
      http.post(api('/auth/admin/v1/login'), async () => {
        await delay(150);
        return HttpResponse.json(
          { code: 'invalid_credentials', message: 'Invalid username or password' },
          { status: 401 },
        );
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderLogin();
    await fillAndSubmit(user, { username: 'admin', password: DEMO_PASSWORD, captcha: 'abcd' });
    expect(screen.getByTestId('login-submit')).toBeDisabled();
    expect(screen.getAllByRole('progressbar').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByTestId('login-submit')).toBeEnabled());
  });

  it('hides the captcha when the server has it switched off and signs in without it', async () => {
    fakeAuthApi({ captcha: false });
    const user = userEvent.setup({ delay: null });
    const view = renderInAdmin(<LoginPage />);
    await waitFor(() => expect(screen.queryByTestId('captcha-image')).not.toBeInTheDocument());
    expect(document.querySelector('input[name="captcha"]')).toBeNull();
    await fillAndSubmit(user, { username: 'admin', password: DEMO_PASSWORD });
    await waitFor(() => expect(view.location()).toBe('/dashboard'));
  });

  it('uses Chinese field messages in zh-CN', async () => {
    fakeAuthApi();
    const user = userEvent.setup({ delay: null });
    await renderLogin('zh-CN');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByText('请输入验证码')).toBeInTheDocument();
  });
});
