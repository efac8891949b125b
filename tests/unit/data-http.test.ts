import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createRefresher } from '../../authProvider/refresh';
import { createTokenStore } from '../../authProvider/tokens';
import { ApiError, createHttp, type RequestLogEntry } from '../../dataProvider/http';
import { createServices } from '../../services';
import { accessToken, api, DEMO_PASSWORD, fakeAuthApi, server, testProfile, installMsw } from './msw';

// The http client's own behaviour (any server's answers, message/error/msg) is tried on test-only paths.
installMsw({ offApi: ['/fail', '/open', '/things/'] });

function client() {
  const tokens = createTokenStore();
  const onAuthFailure = vi.fn();
  const onRefreshFailure = vi.fn();
  const log: RequestLogEntry[] = [];
  const refresher = createRefresher({ profile: testProfile, tokens, onFailure: onRefreshFailure });
  const call = createHttp({
    profile: testProfile,
    tokens,
    refresh: () => refresher.refreshNow(),
    onAuthFailure,
    onRequest: (e) => log.push(e),
  });
  return { tokens, call, onAuthFailure, onRefreshFailure, log };
}

describe('http', () => {
  it('prefixes the API base and sends tenant, bearer, JSON body and query', async () => {
    const { tokens, call, log } = client();
    tokens.set({ access: 'A1', refresh: 'R1' }, false);
    let seen: Request | undefined;
    server.use(
      http.post(api('/things/admin/v1/create'), ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ id: 7 });
      }),
    );
    const res = await call<{ id: number }>('/things/admin/v1/create', {
      method: 'POST',
      body: { a: 1 },
      query: { page: 2, q: 'x y', skip: undefined, empty: '', tags: ['a', 'b'] },
    });
    expect(res).toEqual({ id: 7 });
    const url = new URL(seen!.url);
    expect(url.pathname).toBe('/api/things/admin/v1/create');
    expect(url.search).toBe('?page=2&q=x+y&tags=a&tags=b');
    expect(seen!.headers.get('X-Tenant-Id')).toBe('tr');
    expect(seen!.headers.get('Authorization')).toBe('Bearer A1');
    expect(seen!.headers.get('Content-Type')).toBe('application/json');
    expect(await seen!.json()).toEqual({ a: 1 });
    expect(log).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/things/admin/v1/create?page=2&q=x+y&tags=a&tags=b',
        status: 200,
      }),
    ]);
    expect(log[0].ms).toBeGreaterThanOrEqual(0);
  });

  it('sends no bearer when auth is false', async () => {
    const { tokens, call } = client();
    tokens.set({ access: 'A1', refresh: 'R1' }, false);
    server.use(
      http.get(api('/open'), ({ request }) => HttpResponse.json({ auth: request.headers.get('Authorization') })),
    );
    expect(await call('/open', { auth: false })).toEqual({ auth: null });
  });

  it.each([
    [{ message: 'From message', error: 'From error', msg: 'From msg' }, 'From message'],
    [{ error: 'From error', msg: 'From msg' }, 'From error'],
    [{ msg: 'From msg' }, 'From msg'],
    [{ message: '', code: 'x' }, 'Request failed (422)'],
    [undefined, 'Request failed (422)'],
  ])('prefers the server message: %j', async (body, message) => {
    const { call } = client();
    server.use(
      http.get(api('/fail'), () =>
        body ? HttpResponse.json(body, { status: 422 }) : new HttpResponse(null, { status: 422 }),
      ),
    );
    const error = await call('/fail').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message, fromServer: !message.startsWith('Request failed') });
  });

  it('keeps code and field errors', async () => {
    const { call } = client();
    server.use(
      http.post(api('/auth/admin/v1/login'), () =>
        HttpResponse.json(
          { message: 'Invalid', code: 'validation', errors: { username: 'Username is required' } },
          { status: 400 },
        ),
      ),
    );
    await expect(call('/auth/admin/v1/login', { method: 'POST', auth: false, body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'validation',
      errors: { username: 'Username is required' },
      body: { message: 'Invalid', code: 'validation', errors: { username: 'Username is required' } },
    });
  });

  it('normalises network failures', async () => {
    const { call, log } = client();
    server.use(http.get(api('/down'), () => HttpResponse.error()));
    await expect(call('/down')).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: expect.stringMatching(/^Network error/),
    });
    expect(log[0].status).toBe(0);
  });

  it('a 401 refreshes once and replays the call', async () => {
    const { tokens, call, onAuthFailure } = client();
    const backend = fakeAuthApi();
    const login = await call<{ access_token: string; refresh_token: string }>('/auth/admin/v1/login', {
      method: 'POST',
      auth: false,
      body: { username: 'admin', password: backend.password, captcha: 'abcd' },
    });
    tokens.set({ access: login.access_token, refresh: login.refresh_token }, false);
    backend.expireAccess();
    await expect(call('/auth/admin/v1/userinfo')).resolves.toMatchObject({ username: 'admin' });
    expect(backend.calls).toMatchObject({ userinfo: 2, refresh: 1 });
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('five concurrent 401s share exactly one refresh and are all replayed', async () => {
    const { tokens, call } = client();
    const backend = fakeAuthApi();
    const login = await call<{ access_token: string; refresh_token: string }>('/auth/admin/v1/login', {
      method: 'POST',
      auth: false,
      body: { username: 'sales', password: backend.password, captcha: 'abcd' },
    });
    tokens.set({ access: login.access_token, refresh: login.refresh_token }, false);
    backend.expireAccess();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call<{ role: string }>('/auth/admin/v1/userinfo')));
    expect(answers.map((a) => a.role)).toEqual(['hero', 'hero', 'hero', 'hero', 'hero']);
    expect(backend.calls.refresh).toBe(1);
    expect(backend.calls.userinfo).toBe(10);
  });

  it('a failed refresh clears the tokens and reports the auth failure', async () => {
    const { tokens, call, onAuthFailure, onRefreshFailure } = client();
    const backend = fakeAuthApi();
    backend.failRefresh = true;
    tokens.set({ access: accessToken(), refresh: 'unknown' }, true);
    await expect(call('/auth/admin/v1/userinfo')).rejects.toMatchObject({ status: 401 });
    expect(backend.calls.refresh).toBe(1);
    expect(tokens.get()).toBeNull();
    expect(onRefreshFailure).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('retry: false and calls without a token never refresh', async () => {
    const { tokens, call, onAuthFailure } = client();
    const backend = fakeAuthApi();
    await expect(call('/auth/admin/v1/userinfo')).rejects.toMatchObject({ status: 401 });
    tokens.set({ access: accessToken(), refresh: 'r' }, false);
    await expect(call('/auth/admin/v1/userinfo', { retry: false })).rejects.toMatchObject({ status: 401 });
    expect(backend.calls.refresh).toBeUndefined();
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});

describe('services: session expiry', () => {
  it('a failed refresh clears the session and hard-redirects to /login once', async () => {
    const redirect = vi.fn();
    const s = createServices({ profile: testProfile, chains: new Map(), redirect });
    const backend = fakeAuthApi();
    await s.authMachine.login({ username: 'admin', password: DEMO_PASSWORD, captcha: 'abcd', captchaId: 'c' });
    expect(s.authMachine.getState().status).toBe('authenticated');
    const hook = vi.fn();
    s.authMachine.onLogout(hook);
    backend.expireAccess();
    backend.failRefresh = true;
    await expect(Promise.all([s.http('/auth/admin/v1/userinfo'), s.http('/setting/v1/app')])).rejects.toMatchObject({
      status: 401,
    });
    expect(backend.calls.refresh).toBe(1);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith('/login');
    expect(s.tokenStore.get()).toBeNull();
    expect(s.permissionCache.get()).toBeNull();
    expect(s.authMachine.getState()).toEqual({ status: 'idle', user: null, error: null });
    expect(hook).toHaveBeenCalled();
    s.refresher.cancel();
  });
});
