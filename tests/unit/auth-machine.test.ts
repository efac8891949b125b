import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AuthStatus } from '../../authProvider/machine';
import { UnauthorizedError, validateMfaCode } from '../../authProvider/machine';
import { wirePassword } from '../../authProvider/password';
import { PERMISSIONS_KEY } from '../../permissions/cache';
import { createServices } from '../../services';
import { api, DEMO_PASSWORD, fakeAuthApi, GOOD_CODE, server, testProfile, installMsw } from './msw';

installMsw();

function setup(options: { captcha?: boolean } = {}, backend = fakeAuthApi(options)) {
  const redirect = vi.fn();
  const s = createServices({ profile: testProfile, chains: new Map(), redirect });
  const statuses: AuthStatus[] = [];
  s.authMachine.subscribe((st) => statuses.push(st.status));
  const hook = vi.fn();
  s.authMachine.onLogout(hook);
  return { backend, redirect, s, m: s.authMachine, statuses, hook };
}

const creds = (username: string, extra: Partial<{ password: string; remember: boolean; captcha: string }> = {}) => ({
  username,
  password: DEMO_PASSWORD,
  captchaId: 'c1',
  captcha: 'abcd',
  ...extra,
});

describe('auth machine', () => {
  it('starts idle', () => {
    const { m } = setup();
    expect(m.getState()).toEqual({ status: 'idle', user: null, error: null });
  });

  it('login without MFA: idle -> authenticating -> authenticated, tokens in sessionStorage, user and permissions loaded', async () => {
    const { m, s, statuses, backend } = setup();
    let sentPassword = '';
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/login'))
        sentPassword = ((await request.clone().json()) as { password: string }).password;
    });
    await expect(m.login(creds('leader'))).resolves.toBe('authenticated');
    server.events.removeAllListeners();
    expect(sentPassword).toBe(wirePassword(DEMO_PASSWORD));
    expect(statuses).toEqual(['authenticating', 'authenticated']);
    expect(m.getState().user).toMatchObject({ id: 3, name: 'Leader', role: 'superman' });
    expect(s.tokenStore.get()?.access).toBeTruthy();
    expect(s.tokenStore.remembered()).toBe(false);
    expect(s.permissionCache.get()?.roles).toEqual(['superman']);
    expect(backend.tenants.every((t) => t === 'tr')).toBe(true);
    s.refresher.cancel();
  });

  it('remember keeps the tokens in localStorage', async () => {
    const { m, s } = setup();
    await m.login(creds('admin', { remember: true }));
    expect(s.tokenStore.remembered()).toBe(true);
    s.refresher.cancel();
  });

  it('login with MFA: mfa_required keeps pending tokens and the remember choice; verify completes the login', async () => {
    const { m, s, statuses, backend } = setup();
    await expect(m.login(creds('mfa', { remember: true }))).resolves.toBe('mfa_required');
    expect(statuses).toEqual(['authenticating', 'mfa_required']);
    expect(s.tokenStore.get()).toBeNull();
    expect(m.getState().user).toBeNull();
    await m.verifyMfa(GOOD_CODE);
    expect(statuses).toEqual(['authenticating', 'mfa_required', 'authenticating', 'authenticated']);
    expect(m.getState().user).toMatchObject({ id: 9, mfa: true });
    expect(s.tokenStore.remembered()).toBe(true);
    expect(backend.calls.verify).toBe(1);
    s.refresher.cancel();
  });

  it('verifyMfa validates the code and keeps the pending login', async () => {
    const { m, backend } = setup();
    await m.login(creds('mfa'));
    await expect(m.verifyMfa('')).rejects.toThrow('Verification code is required.');
    await expect(m.verifyMfa('123')).rejects.toThrow(validateMfaCode('123')!);
    await expect(m.verifyMfa('12345a')).rejects.toThrow(validateMfaCode('123')!);
    expect(backend.calls.verify).toBeUndefined();
    expect(m.getState().status).toBe('mfa_required');
  });

  it('a recovery code completes a pending MFA login; an empty one is refused without a call', async () => {
    const { m, backend } = setup();
    await m.login(creds('mfa'));
    await expect(m.verifyRecoveryCode(' ')).rejects.toThrow('Verification code is required.');
    expect(backend.calls.verify).toBeUndefined();
    await m.verifyRecoveryCode('rc-1');
    expect(m.getState().status).toBe('authenticated');
    await expect(m.verifyRecoveryCode('rc-1')).rejects.toThrow('No pending session. Please login again.');
  });

  it('verifyMfa without a pending login', async () => {
    const { m } = setup();
    await expect(m.verifyMfa(GOOD_CODE)).rejects.toThrow('No pending session. Please login again.');
  });

  it('a refused code clears everything: error with the server message, pending gone', async () => {
    const { m, s, hook } = setup();
    await m.login(creds('mfa'));
    await expect(m.verifyMfa('000000')).rejects.toMatchObject({ status: 401 });
    expect(m.getState()).toEqual({ status: 'error', user: null, error: 'Verification failed' });
    expect(s.tokenStore.get()).toBeNull();
    expect(hook).toHaveBeenCalled();
    await expect(m.verifyMfa(GOOD_CODE)).rejects.toThrow('No pending session. Please login again.');
  });

  it('login failure: status error with the server message, everything cleared', async () => {
    const { m, s, statuses } = setup();
    s.tokenStore.set({ access: 'old', refresh: 'old' }, true);
    sessionStorage.setItem(PERMISSIONS_KEY, JSON.stringify({ payload: { grants: [] }, savedAt: 0, role: 'god' }));
    await expect(m.login(creds('admin', { password: 'wrong' }))).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(statuses).toEqual(['authenticating', 'error']);
    expect(m.getState()).toEqual({ status: 'error', user: null, error: 'Invalid username or password' });
    expect(s.tokenStore.get()).toBeNull();
    expect(sessionStorage.getItem(PERMISSIONS_KEY)).toBeNull();
  });

  it("login failure without a server message: 'Login failed'", async () => {
    const { m } = setup();
    server.use(http.post(api('/auth/admin/v1/login'), () => HttpResponse.error()));
    await expect(m.login(creds('admin'))).rejects.toMatchObject({ status: 0 });
    expect(m.getState().error).toBe('Login failed');
  });

  it('captcha mismatch is a login failure with its message', async () => {
    const { m } = setup();
    await expect(m.login(creds('admin', { captcha: 'zzzz' }))).rejects.toMatchObject({ code: 'captcha_invalid' });
    expect(m.getState().error).toBe('Captcha does not match');
  });

  it('a login whose profile load is refused fails and clears everything', async () => {
    const { m, s } = setup();
    server.use(
      http.get(api('/auth/admin/v1/userinfo'), () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    );
    await expect(m.login(creds('admin'))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(m.getState()).toMatchObject({ status: 'error', user: null, error: 'Login failed' });
    expect(s.tokenStore.get()).toBeNull();
  });

  it('loadProfile with 401/403 clears tokens, user and permissions and raises Unauthorized', async () => {
    const { m, s } = setup();
    await m.login(creds('admin'));
    expect(s.permissionCache.get()).not.toBeNull();
    server.use(
      http.get(api('/auth/admin/v1/userinfo'), () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    );
    const error = await m.loadProfile().catch((e) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ message: 'Unauthorized', status: 403 });
    expect(s.tokenStore.get()).toBeNull();
    expect(s.permissionCache.get()).toBeNull();
    expect(m.getState()).toMatchObject({ status: 'idle', user: null });
  });

  it('bootstrap with stored tokens restores the session and fetches the profile', async () => {
    const first = setup();
    await first.m.login(creds('supervisor', { remember: true }));
    first.s.refresher.cancel();
    sessionStorage.clear(); // a new browser session: only the remembered tokens survive
    const { m, s, statuses, backend } = setup({}, first.backend);
    await m.bootstrap();
    expect(statuses).toEqual(['authenticating', 'authenticated']);
    expect(m.getState().user).toMatchObject({ role: 'angel' });
    expect(s.permissionCache.get()?.roles).toEqual(['angel']);
    expect(backend.calls.userinfo).toBe(2);
    s.refresher.cancel();
  });

  it('bootstrap without tokens, or with one missing, clears everything and stays idle', async () => {
    const { m, s, backend, hook } = setup();
    await m.bootstrap();
    expect(m.getState().status).toBe('idle');
    s.tokenStore.set({ access: 'a', refresh: '' }, false);
    await m.bootstrap();
    expect(m.getState().status).toBe('idle');
    expect(s.tokenStore.get()).toBeNull();
    expect(backend.calls.userinfo).toBeUndefined();
    expect(hook).toHaveBeenCalled();
  });

  it('bootstrap whose profile fetch fails clears everything', async () => {
    const { m, s } = setup();
    s.tokenStore.set({ access: 'a.b.c', refresh: 'r' }, true);
    server.use(http.get(api('/auth/admin/v1/userinfo'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    await m.bootstrap();
    expect(m.getState()).toEqual({ status: 'idle', user: null, error: null });
    expect(s.tokenStore.get()).toBeNull();
  });

  it('logout calls the API, clears session, tokens, permissions and menu state, then goes to /login', async () => {
    const { m, s, backend, redirect, hook } = setup();
    await m.login(creds('sales'));
    await m.logout();
    expect(backend.calls.logout).toBe(1);
    expect(m.getState()).toEqual({ status: 'idle', user: null, error: null });
    expect(s.tokenStore.get()).toBeNull();
    expect(s.permissionCache.get()).toBeNull();
    expect(sessionStorage.getItem(PERMISSIONS_KEY)).toBeNull();
    expect(hook).toHaveBeenCalled();
    expect(redirect).toHaveBeenCalledWith('/login');
  });

  it('logout ignores a failing API call', async () => {
    const { m, s, redirect } = setup();
    await m.login(creds('sales'));
    server.use(http.post(api('/auth/admin/v1/logout'), () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    await expect(m.logout()).resolves.toBeUndefined();
    expect(s.tokenStore.get()).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/login');
  });
});
