import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING, isAfterSignIn, landingAfterSignIn, loginUrl } from '../../src/pages/landing';

const at = (url: string) => {
  const u = new URL(url, 'http://console.test');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
};

describe('the page opened signed out', () => {
  it('goes to the login page as next, with its query and hash, and comes back after sign-in', () => {
    const login = loginUrl(at('/deposit?filter=%7B%22status%22%3A%22pending%22%7D#top'));
    expect(login.startsWith('/login?next=')).toBe(true);
    expect(landingAfterSignIn(new URL(login, 'http://console.test').search)).toBe(
      '/deposit?filter=%7B%22status%22%3A%22pending%22%7D#top',
    );
    expect(landingAfterSignIn(new URL(loginUrl(at('/trades/ipo')), 'http://x').search)).toBe('/trades/ipo');
  });

  it('the root and the landing page keep the plain login URL with their query (the profile)', () => {
    expect(loginUrl(at('/'))).toBe('/login');
    expect(loginUrl(at('/?profile=pl'))).toBe('/login?profile=pl');
    expect(loginUrl(at('/dashboard'))).toBe('/login');
  });

  it('without next, or with one that is not a page of this console, lands on the default page', () => {
    expect(landingAfterSignIn('')).toBe(DEFAULT_LANDING);
    for (const next of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      '/login',
      '/login?next=/x',
      'client',
      '/deposit\n',
    ])
      expect(landingAfterSignIn(`?${new URLSearchParams({ next })}`), next).toBe(DEFAULT_LANDING);
  });

  it('marks the navigation after sign-in by its router state', () => {
    expect(isAfterSignIn({ afterSignIn: true })).toBe(true);
    expect(isAfterSignIn(null)).toBe(false);
    expect(isAfterSignIn({ afterSignIn: 'yes' })).toBe(false);
  });
});
