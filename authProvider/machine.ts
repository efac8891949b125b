import { ERRORS } from '../i18n/messages/errors';
import { ApiError, type Http } from '../dataProvider/http';
import type { PermissionCache } from '../permissions/cache';
import { wirePassword } from './password';
import type { Refresher } from './refresh';
import type { Tokens, TokenStore } from './tokens';

/** Auth statuses of spec section 4. */
export type AuthStatus = 'idle' | 'authenticating' | 'mfa_required' | 'authenticated' | 'error';

/** The signed-in staff member, as GET /auth/admin/v1/userinfo answers. */
export interface SessionUser {
  id: number | string;
  name: string;
  role: string;
  mfa?: boolean;
  username?: string;
  last_login_at?: string | null;
  invitation_code?: string | null;
  tenant_id?: string;
  /** The password must be changed first: the API refuses everything else (403 password_change_required). */
  must_change_password?: boolean;
}

/** The machine's observable state. */
export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** The last login failure: the server's message, else 'Login failed'. */
  error: string | null;
}

/** What the login form submits; `password` is the typed one (hashed here). */
export interface LoginParams {
  username: string;
  password: string;
  captchaId?: string;
  captcha?: string;
  remember?: boolean;
}

/** The token answer of login, mfa/verify and token/refresh. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  mfa: boolean;
}

/** Raised when loading the profile is refused (401/403); tokens, user and permissions are already cleared. */
export class UnauthorizedError extends Error {
  constructor(readonly status: number) {
    super(ERRORS.unauthorized);
    this.name = 'UnauthorizedError';
  }
}

export interface AuthMachineDeps {
  http: Http;
  tokens: TokenStore;
  refresher: Pick<Refresher, 'schedule' | 'cancel'>;
  permissions: Pick<PermissionCache, 'ensure' | 'clear'>;
  /** Navigates after logout (the console passes a hard redirect). */
  redirect?: (path: string) => void;
}

/** The auth status machine of spec section 4. */
export interface AuthMachine {
  getState(): AuthState;
  /** Calls `fn` with the new state on every change; returns the unsubscribe function. */
  subscribe(fn: (state: AuthState) => void): () => void;
  /** Signs in; resolves 'mfa_required' or 'authenticated'. On failure the state is 'error' and the ApiError is rethrown. */
  login(params: LoginParams): Promise<AuthStatus>;
  /** Completes a pending MFA login with a 6-digit code. */
  verifyMfa(code: string): Promise<void>;
  /** Completes a pending MFA login with a single-use recovery code. */
  verifyRecoveryCode(code: string): Promise<void>;
  /** Restores a session from stored tokens (shared while running). */
  bootstrap(): Promise<void>;
  /** Fetches userinfo and permissions; 401/403 clears everything and throws UnauthorizedError. */
  loadProfile(): Promise<SessionUser>;
  /** Calls logout on the API (failure ignored), clears everything and redirects to /login unless `redirect: false`. */
  logout(options?: { redirect?: boolean }): Promise<void>;
  /** Clears session, tokens, permission cache and pending login, runs the onLogout hooks; status idle. */
  clear(): void;
  /** Registers a hook run whenever the session is cleared (tabs, menu state); returns the unregister function. */
  onLogout(fn: () => void): () => void;
}

/** The validation message of an authenticator code, or null when it is 6 digits (spec section 5). */
export function validateMfaCode(code: string): string | null {
  const c = code.trim();
  if (!c) return ERRORS.codeRequired;
  return /^\d{6}$/.test(c) ? null : ERRORS.codeSixDigits;
}

const isToken = (t: unknown): t is string => typeof t === 'string' && t !== '';

/** Creates an auth machine over the given http client, token store, refresher and permission cache. */
export function createAuthMachine(deps: AuthMachineDeps): AuthMachine {
  let state: AuthState = { status: 'idle', user: null, error: null };
  let pending: { tokens: Tokens; remember: boolean } | null = null;
  let booting: Promise<void> | null = null;
  const listeners = new Set<(s: AuthState) => void>();
  const logoutHooks = new Set<() => void>();

  function set(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    listeners.forEach((fn) => fn(state));
  }

  function wipe() {
    pending = null;
    deps.refresher.cancel();
    deps.tokens.clear();
    deps.permissions.clear();
    logoutHooks.forEach((fn) => fn());
  }

  function apply(tokens: Tokens, remember: boolean) {
    deps.tokens.set(tokens, remember);
    try {
      deps.refresher.schedule();
    } catch {
      // A token the refresher cannot schedule still works until the API answers 401.
    }
  }

  function fail(error: unknown, fallback: string): never {
    wipe();
    const message = error instanceof ApiError && error.fromServer ? error.message : fallback;
    set({ status: 'error', user: null, error: message });
    throw error;
  }

  /** Sends the second factor with the pending token; success applies the full tokens and loads the profile. */
  async function completeMfa(body: { code: string } | { recovery_code: string }) {
    const { tokens, remember } = pending!;
    set({ status: 'authenticating', error: null });
    try {
      const res = await deps.http<TokenResponse>('/auth/admin/v1/mfa/verify', {
        method: 'POST',
        auth: false,
        retry: false,
        headers: { Authorization: `Bearer ${tokens.access}` },
        body,
      });
      if (!isToken(res?.access_token)) throw new Error(ERRORS.missingAccessToken);
      pending = null;
      apply({ access: res.access_token, refresh: res.refresh_token }, remember);
      await machine.loadProfile();
    } catch (e) {
      fail(e, ERRORS.verificationFailed);
    }
  }

  const machine: AuthMachine = {
    getState: () => state,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    async login({ username, password, captchaId, captcha, remember = false }) {
      pending = null;
      set({ status: 'authenticating', user: null, error: null });
      try {
        const res = await deps.http<TokenResponse>('/auth/admin/v1/login', {
          method: 'POST',
          auth: false,
          body: { username, password: wirePassword(password), captcha_id: captchaId, captcha },
        });
        if (!isToken(res?.access_token)) throw new Error(ERRORS.missingAccessToken);
        if (res.mfa) {
          pending = { tokens: { access: res.access_token, refresh: res.refresh_token ?? '' }, remember };
          set({ status: 'mfa_required' });
          return 'mfa_required';
        }
        apply({ access: res.access_token, refresh: res.refresh_token }, remember);
        await machine.loadProfile();
        return 'authenticated';
      } catch (e) {
        return fail(e, ERRORS.loginFailed);
      }
    },

    async verifyMfa(code) {
      if (!pending) throw new Error(ERRORS.noPendingSession);
      const invalid = validateMfaCode(code);
      if (invalid) throw new Error(invalid);
      await completeMfa({ code: code.trim() });
    },

    async verifyRecoveryCode(code) {
      if (!pending) throw new Error(ERRORS.noPendingSession);
      if (!code.trim()) throw new Error(ERRORS.codeRequired);
      await completeMfa({ recovery_code: code.trim() });
    },

    bootstrap() {
      booting ??= (async () => {
        const stored = deps.tokens.get();
        if (!stored || !isToken(stored.access) || !isToken(stored.refresh)) {
          machine.clear();
          return;
        }
        set({ status: 'authenticating', error: null });
        try {
          deps.refresher.schedule();
          await machine.loadProfile();
        } catch {
          machine.clear();
        }
      })().finally(() => {
        booting = null;
      });
      return booting;
    },

    async loadProfile() {
      try {
        const user = await deps.http<SessionUser>('/auth/admin/v1/userinfo');
        // Until the password is changed the API answers no permissions: the shell shows only the change dialog.
        if (!user.must_change_password) await deps.permissions.ensure(user.role);
        set({ status: 'authenticated', user, error: null });
        return user;
      } catch (e) {
        const status = (e as { status?: number })?.status;
        if (status === 401 || status === 403) {
          wipe();
          set({ status: 'idle', user: null });
          throw new UnauthorizedError(status);
        }
        throw e;
      }
    },

    async logout({ redirect = true } = {}) {
      if (deps.tokens.get()?.access) {
        await deps.http('/auth/admin/v1/logout', { method: 'POST', retry: false }).catch(() => undefined);
      }
      machine.clear();
      if (redirect) deps.redirect?.('/login');
    },

    clear() {
      wipe();
      set({ status: 'idle', user: null, error: null });
    },

    onLogout(fn) {
      logoutHooks.add(fn);
      return () => logoutHooks.delete(fn);
    },
  };
  return machine;
}
