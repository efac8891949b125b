import { jwtDecode } from 'jwt-decode';
import { ERRORS } from '../i18n/messages/errors';
import type { Tokens, TokenStore } from './tokens';

/** Refresh this long before the access token's `exp` (spec section 9). */
export const REFRESH_MARGIN_MS = 60_000;
/** setTimeout's largest delay; longer waits are re-armed. */
const MAX_DELAY = 2 ** 31 - 1;

export interface RefresherDeps {
  profile: { apiBase: string; tenantId: string };
  tokens: TokenStore;
  /** Called after a failed refresh has cleared the tokens: clear the session and hard-redirect to /login. */
  onFailure?: (error: Error) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Keeps the access token fresh: one timer before `exp`, and one shared refresh request at a time. */
export interface Refresher {
  /** Arms the timer from the stored access token's `exp` (refreshes at once when due); throws without tokens. */
  schedule(): void;
  /** Refreshes now; concurrent callers share one request. Rejects (after clearing and onFailure) on failure. */
  refreshNow(): Promise<Tokens>;
  /** Stops the timer until the next schedule(). */
  cancel(): void;
}

/** The `exp` claim of a JWT in milliseconds, or undefined when the token is not a JWT with `exp`. */
export function tokenExpiry(token: string): number | undefined {
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

const isToken = (t: unknown): t is string => typeof t === 'string' && t.trim() !== '';

/** Resolves a path against the page (fetch in Node needs absolute URLs). */
export function absoluteUrl(url: string): string {
  const base = globalThis.location?.href;
  return base && !/^[a-z]+:\/\//i.test(url) ? new URL(url, base).href : url;
}

/** A refresher for the tokens of `deps.tokens` against `POST {apiBase}/auth/admin/v1/token/refresh`. */
export function createRefresher(deps: RefresherDeps): Refresher {
  const now = deps.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let active = false;
  let inflight: Promise<Tokens> | null = null;
  let epoch = 0; // bumped by cancel(): an answer that arrives after logout is not stored
  const cancelled = new Error('refresh cancelled');

  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  async function request(): Promise<Tokens> {
    const stored = deps.tokens.get();
    if (!stored || stored.refresh == null) throw new Error(ERRORS.noRefreshToken);
    if (!isToken(stored.refresh)) throw new Error(ERRORS.malformedRefreshToken);
    const at = epoch;
    const doFetch = deps.fetch ?? globalThis.fetch;
    const res = await doFetch(absoluteUrl(`${deps.profile.apiBase}/auth/admin/v1/token/refresh`), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${stored.refresh}`,
        'X-Tenant-Id': deps.profile.tenantId,
      },
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (at !== epoch) throw cancelled;
    if (!res.ok) {
      const message = [body.message, body.error, body.msg].find((m) => typeof m === 'string' && m);
      throw Object.assign(new Error((message as string) ?? ERRORS.sessionExpired), { status: res.status });
    }
    if (!isToken(body.access_token)) throw new Error(ERRORS.missingAccessToken);
    if (!isToken(body.refresh_token)) throw new Error(ERRORS.malformedRefreshToken);
    const tokens = { access: body.access_token, refresh: body.refresh_token };
    deps.tokens.set(tokens, deps.tokens.remembered());
    return tokens;
  }

  const refresher: Refresher = {
    schedule() {
      stop();
      const stored = deps.tokens.get();
      if (!stored || !isToken(stored.access)) throw new Error(ERRORS.missingAccessToken);
      if (!isToken(stored.refresh)) throw new Error(ERRORS.malformedRefreshToken);
      active = true;
      const exp = tokenExpiry(stored.access);
      if (exp === undefined) return; // an opaque token: rely on refresh-on-401
      const delay = exp - REFRESH_MARGIN_MS - now();
      if (delay <= 0) {
        refresher.refreshNow().catch(() => undefined);
        return;
      }
      timer = setTimeout(
        () => {
          timer = undefined;
          if (delay > MAX_DELAY) refresher.schedule();
          else refresher.refreshNow().catch(() => undefined);
        },
        Math.min(delay, MAX_DELAY),
      );
    },
    refreshNow() {
      inflight ??= request()
        .then((tokens) => {
          if (active) refresher.schedule();
          return tokens;
        })
        .catch((error: Error) => {
          if (error === cancelled) throw error;
          stop();
          active = false;
          deps.tokens.clear();
          deps.onFailure?.(error);
          throw error;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
    cancel() {
      epoch++;
      active = false;
      stop();
    },
  };
  return refresher;
}
