import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefresher, REFRESH_MARGIN_MS } from '../../authProvider/refresh';
import { createTokenStore } from '../../authProvider/tokens';
import { accessToken, api, server, testProfile, installMsw } from './msw';

installMsw();

function setup() {
  const tokens = createTokenStore();
  const onFailure = vi.fn();
  const calls: { auth: string | null; tenant: string | null; body: string }[] = [];
  server.use(
    http.post(api('/auth/admin/v1/token/refresh'), async ({ request }) => {
      calls.push({
        auth: request.headers.get('Authorization'),
        tenant: request.headers.get('X-Tenant-Id'),
        body: await request.text(),
      });
      return HttpResponse.json({
        access_token: accessToken(900, { n: calls.length }),
        refresh_token: `r${calls.length + 1}`,
        mfa: false,
      });
    }),
  );
  const refresher = createRefresher({ profile: testProfile, tokens, onFailure });
  return { tokens, refresher, onFailure, calls };
}

describe('refresh scheduling (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes 60 s before exp, not earlier', async () => {
    const { tokens, refresher, calls } = setup();
    tokens.set({ access: accessToken(900), refresh: 'r1' }, false);
    refresher.schedule();
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_MARGIN_MS - 1_000);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ auth: 'Bearer r1', tenant: 'tr', body: '' });
    await vi.waitFor(() => expect(tokens.get()?.refresh).toBe('r2'));
    // the new token is scheduled in turn, 60 s before its own exp
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_MARGIN_MS - 1_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].auth).toBe('Bearer r2');
    refresher.cancel();
  });

  it('refreshes at once when exp is within the margin or past', async () => {
    const { tokens, refresher, calls } = setup();
    tokens.set({ access: accessToken(-30), refresh: 'r1' }, true);
    refresher.schedule();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await vi.waitFor(() => expect(tokens.get()?.refresh).toBe('r2'));
    expect(tokens.remembered()).toBe(true);
    refresher.cancel();
  });

  it('sets no timer without an access token: missing access token', () => {
    const { refresher } = setup();
    const before = vi.getTimerCount();
    expect(() => refresher.schedule()).toThrow('missing access token');
    expect(vi.getTimerCount()).toBe(before);
  });

  it('refuses to schedule with a malformed refresh token', () => {
    const { tokens, refresher } = setup();
    tokens.set({ access: accessToken(900), refresh: '' }, false);
    const before = vi.getTimerCount();
    expect(() => refresher.schedule()).toThrow('malformed refresh token');
    expect(vi.getTimerCount()).toBe(before);
  });

  it('cancel stops a pending refresh', async () => {
    const { tokens, refresher, calls } = setup();
    tokens.set({ access: accessToken(900), refresh: 'r1' }, false);
    refresher.schedule();
    refresher.cancel();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(calls).toHaveLength(0);
  });
});

describe('refreshNow', () => {
  it('shares one request among concurrent callers', async () => {
    const { tokens, refresher, calls } = setup();
    tokens.set({ access: accessToken(900), refresh: 'r1' }, false);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => refresher.refreshNow()));
    expect(calls).toHaveLength(1);
    expect(new Set(results.map((t) => t.refresh))).toEqual(new Set(['r2']));
    await refresher.refreshNow();
    expect(calls).toHaveLength(2);
  });

  it('No refresh token: nothing stored; clears and reports the failure', async () => {
    const { refresher, onFailure, calls } = setup();
    await expect(refresher.refreshNow()).rejects.toThrow('No refresh token');
    expect(calls).toHaveLength(0);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('malformed refresh token: stored empty, or answered empty', async () => {
    const { tokens, refresher } = setup();
    tokens.set({ access: accessToken(900), refresh: '' }, false);
    await expect(refresher.refreshNow()).rejects.toThrow('malformed refresh token');
    server.use(
      http.post(api('/auth/admin/v1/token/refresh'), () =>
        HttpResponse.json({ access_token: accessToken(), refresh_token: '', mfa: false }),
      ),
    );
    tokens.set({ access: accessToken(900), refresh: 'r1' }, false);
    await expect(refresher.refreshNow()).rejects.toThrow('malformed refresh token');
  });

  it('a refused refresh clears the tokens and calls onFailure with the server message', async () => {
    const { tokens, refresher, onFailure } = setup();
    server.use(
      http.post(api('/auth/admin/v1/token/refresh'), () =>
        HttpResponse.json({ message: 'Refresh token reused', code: 'unauthorized' }, { status: 401 }),
      ),
    );
    tokens.set({ access: accessToken(900), refresh: 'r1' }, true);
    await expect(refresher.refreshNow()).rejects.toThrow('Refresh token reused');
    expect(tokens.get()).toBeNull();
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'Refresh token reused' }));
  });
});

describe('cancel during a refresh', () => {
  it('drops the answer: the tokens stay cleared and no failure is reported', async () => {
    const { tokens, refresher, onFailure, calls } = setup();
    tokens.set({ access: accessToken(900), refresh: 'r1' }, false);
    const pending = refresher.refreshNow();
    refresher.cancel();
    tokens.clear();
    await expect(pending).rejects.toThrow('refresh cancelled');
    expect(calls).toHaveLength(1);
    expect(tokens.get()).toBeNull();
    expect(onFailure).not.toHaveBeenCalled();
  });
});
