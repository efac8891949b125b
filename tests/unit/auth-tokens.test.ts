import { describe, expect, it } from 'vitest';
import { wirePassword } from '../../authProvider/password';
import { createTokenStore, TOKENS_KEY } from '../../authProvider/tokens';

describe('wirePassword', () => {
  it('is the MD5 hex of the typed password', () => {
    expect(wirePassword('Demo@2026')).toMatch(/^[0-9a-f]{32}$/);
    expect(wirePassword('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
  });
});

describe('tokenStore', () => {
  const tokens = { access: 'a1', refresh: 'r1' };

  it('keeps remembered tokens in localStorage only', () => {
    const store = createTokenStore();
    store.set(tokens, true);
    expect(JSON.parse(localStorage.getItem(TOKENS_KEY)!)).toEqual(tokens);
    expect(sessionStorage.getItem(TOKENS_KEY)).toBeNull();
    expect(store.get()).toEqual(tokens);
    expect(store.remembered()).toBe(true);
  });

  it('keeps other tokens in sessionStorage only, dropping remembered ones', () => {
    const store = createTokenStore();
    store.set(tokens, true);
    store.set({ access: 'a2', refresh: 'r2' }, false);
    expect(localStorage.getItem(TOKENS_KEY)).toBeNull();
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r2' });
    expect(store.remembered()).toBe(false);
  });

  it('clears both storages and ignores garbage', () => {
    const store = createTokenStore();
    store.set(tokens, true);
    sessionStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
    store.clear();
    expect(store.get()).toBeNull();
    localStorage.setItem(TOKENS_KEY, '{not json');
    expect(store.get()).toBeNull();
  });
});
