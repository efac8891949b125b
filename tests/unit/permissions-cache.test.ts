import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPermissionCache, PERMISSIONS_KEY, PERMISSIONS_MAX_AGE_MS } from '../../permissions/cache';
import type { PermissionPayload, Role } from '../../permissions';
import { permissionPayload } from './msw';

const payload = (role: Role, userId = 1) => permissionPayload({ id: userId, role }) as PermissionPayload;

function setup(role: Role = 'hero') {
  let answer = payload(role);
  const fetch = vi.fn(async () => answer);
  const cache = createPermissionCache({ fetch });
  return { cache, fetch, answer: (r: Role) => (answer = payload(r)) };
}

describe('permission cache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('fetches when missing and stores payload, saved time and role in sessionStorage', async () => {
    const { cache, fetch } = setup('hero');
    expect(cache.get()).toBeNull();
    const p = await cache.ensure('hero');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(p.roles).toEqual(['hero']);
    expect(JSON.parse(sessionStorage.getItem(PERMISSIONS_KEY)!)).toEqual({
      payload: p,
      savedAt: Date.now(),
      role: 'hero',
    });
    expect(localStorage.length).toBe(0);
  });

  it('hydrates from storage without fetching', async () => {
    const first = setup('angel');
    await first.cache.ensure('angel');
    const { cache, fetch } = setup('angel');
    expect(cache.get()?.roles).toEqual(['angel']);
    await expect(cache.ensure('angel')).resolves.toMatchObject({ roles: ['angel'] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refetches when the session user has another role', async () => {
    const first = setup('god');
    await first.cache.ensure('god');
    const { cache, fetch } = setup('superman');
    const p = await cache.ensure('superman');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(p.roles).toEqual(['superman']);
    expect(cache.entry()?.role).toBe('superman');
  });

  it('revalidates in the background once older than 5 minutes', async () => {
    const { cache, fetch, answer } = setup('hero');
    await cache.ensure('hero');
    const changed = vi.fn();
    cache.subscribe(changed);
    vi.advanceTimersByTime(PERMISSIONS_MAX_AGE_MS - 1);
    await cache.ensure('hero');
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    const staleAt = Date.now();
    const newer = answer('hero');
    newer.version = 'v2';
    // the stale payload answers at once; the fresh one arrives in the background
    await expect(cache.ensure('hero')).resolves.toMatchObject({ version: expect.not.stringMatching(/^v2$/) });
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(cache.get()?.version).toBe('v2'));
    expect(changed).toHaveBeenCalledTimes(1);
    expect(cache.entry()?.savedAt).toBeGreaterThanOrEqual(staleAt);
  });

  it('concurrent refetches share one request', async () => {
    const { cache, fetch } = setup('hero');
    await Promise.all([cache.ensure('hero'), cache.ensure('hero'), cache.refetch('hero')]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('clear forgets memory and storage, notifies, and drops an answer that arrives afterwards', async () => {
    const { cache } = setup('hero');
    await cache.ensure('hero');
    const changed = vi.fn();
    const off = cache.subscribe(changed);
    const late = cache.refetch('hero');
    cache.clear();
    await late;
    expect(cache.get()).toBeNull();
    expect(sessionStorage.getItem(PERMISSIONS_KEY)).toBeNull();
    expect(changed).toHaveBeenCalledTimes(1);
    off();
    await cache.ensure('hero');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('ignores a corrupt stored entry', async () => {
    sessionStorage.setItem(PERMISSIONS_KEY, '{oops');
    const { cache, fetch } = setup('hero');
    expect(cache.get()).toBeNull();
    await cache.ensure('hero');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
