/**
 * Where a sign-in leads: the console page a signed-out person opened (a deep link) is carried to the login page as
 * `?next=` and opened after sign-in; otherwise, or when `next` is not one of our own pages, the default landing.
 * Pure (no React): main.tsx builds the login URL before the router starts, the login page reads it.
 */

/** Where a signed-in user lands by default (spec section 9). */
export const DEFAULT_LANDING = '/dashboard';

const NEXT = 'next';

/**
 * Whether `path` is a page of this console to go to: a path of this origin (`/…`, never `//host` or `/\host`, which
 * browsers read as another host), not the login page, no control characters.
 */
function isOwnPage(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  if ([...path].some((c) => c < ' ' || c === '\u007f' || c === '\\')) return false;
  const pathname = path.split(/[?#]/)[0];
  return pathname !== '/login' && !pathname.startsWith('/login/');
}

/**
 * The login URL for a signed-out visit of `location` (its path, query and hash): `/login?next=` that page when it is
 * worth returning to; for `/` and the landing page `/login` with their query (e.g. `?profile=pl`) as it was.
 */
export function loginUrl(location: { pathname: string; search: string; hash: string }): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (location.pathname === '/' || location.pathname === DEFAULT_LANDING || !isOwnPage(target))
    return `/login${location.search}`;
  return `/login?${new URLSearchParams({ [NEXT]: target })}`;
}

/** The router state of the navigation after sign-in: a page the role may not open then gives way to the landing. */
export const AFTER_SIGN_IN = { afterSignIn: true } as const;

/** Whether a location's router state is that of the navigation after sign-in. */
export const isAfterSignIn = (state: unknown): boolean =>
  !!state && typeof state === 'object' && (state as { afterSignIn?: unknown }).afterSignIn === true;

/** The page to open after sign-in, from the login page's query: its `next` when it is one of ours, else the landing. */
export function landingAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get(NEXT);
  return next && isOwnPage(next) ? next : DEFAULT_LANDING;
}
