import type { AuthProvider, DataProvider } from 'react-admin';
import { createAuthMachine, type AuthMachine } from '../authProvider/machine';
import { createAuthProvider } from '../authProvider/authProvider';
import { wirePassword } from '../authProvider/password';
import { createRefresher, type Refresher } from '../authProvider/refresh';
import { createTokenStore, tokenStore as defaultTokenStore, type TokenStore } from '../authProvider/tokens';
import { createHttp, type Http, type RequestLogEntry } from '../dataProvider/http';
import { createDataProvider } from '../dataProvider';
import { createPermissionCache, type PermissionCache } from '../permissions/cache';
import type { PermissionPayload } from '../permissions/types';
import { DEFAULT_PROFILE, PROFILES, resolveProfile, UnknownProfileError, type Profile } from './config/profiles';

/** GET /auth/admin/v1/captcha. */
export type CaptchaResponse =
  { enabled: false } | { enabled: true; captcha_id: string; image: string; expires_in: number };
/** POST /user/v1/mfa/bind/start, plus the secret parsed from the otpauth URI. */
export interface MfaSetup {
  otpauth_uri: string;
  qrcode_data_url: string;
  secret: string;
}
/** GET /setting/v1/app. */
export interface AppSettings {
  app_name: string;
  web_logo: string;
  app_version: string;
  app_template: string;
  app_service: string;
  locale: string;
  language: string;
  currency: string;
  timezone: string;
  image: string;
}
/** GET /setting/app/v1/locale. */
export interface LocaleSettings {
  name: string;
  code: string;
  emoji: string;
  image: string;
  locale: string;
  language: string;
  currency: string;
  phoneCode: string;
  timezone: string;
}

/** The account and settings calls of the signed-in staff member. */
export interface Api {
  captcha(): Promise<CaptchaResponse>;
  /** Both passwords as typed; sent as MD5 hex. */
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
  mfaBindStart(): Promise<MfaSetup>;
  mfaBindVerify(code: string): Promise<void>;
  /** A new set of recovery codes (old ones invalidated); [] when the answer holds none. */
  mfaRecoveryCodes(): Promise<string[]>;
  mfaDisable(proof: { code: string } | { recovery_code: string }): Promise<void>;
  appSettings(): Promise<AppSettings>;
  localeSettings(): Promise<LocaleSettings>;
  permissions(): Promise<PermissionPayload>;
}

/** The `secret` parameter of an otpauth:// URI ('' when absent). */
export function otpauthSecret(uri: string): string {
  const query = uri.split('?')[1] ?? '';
  return new URLSearchParams(query).get('secret') ?? '';
}

/** Recovery codes from an answer that may wrap them (data envelope; recovery_codes/codes/items/list/value). */
export function recoveryCodesOf(answer: unknown): string[] {
  let v = answer;
  for (let depth = 0; depth < 4 && v && typeof v === 'object' && !Array.isArray(v); depth++) {
    const o = v as Record<string, unknown>;
    v = o.recovery_codes ?? o.codes ?? o.items ?? o.list ?? o.value ?? o.data;
  }
  return Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string' && c !== '') : [];
}

const unwrap = <T>(res: unknown): T =>
  (res && typeof res === 'object' && 'data' in res && Object.keys(res).length === 1
    ? (res as { data: T }).data
    : res) as T;

/** The api helpers over an http client. */
export function createApi(http: Http): Api {
  const post = (path: string, body?: unknown) => http<unknown>(path, { method: 'POST', body: body ?? {} });
  return {
    captcha: () => http<CaptchaResponse>('/auth/admin/v1/captcha', { auth: false }),
    changePassword: async (oldPassword, newPassword) => {
      await post('/user/v1/change_pwd', {
        old_password: wirePassword(oldPassword),
        new_password: wirePassword(newPassword),
      });
    },
    mfaBindStart: async () => {
      const res = unwrap<Omit<MfaSetup, 'secret'>>(await post('/user/v1/mfa/bind/start'));
      return { ...res, secret: otpauthSecret(res.otpauth_uri ?? '') };
    },
    mfaBindVerify: async (code) => {
      await post('/user/v1/mfa/bind/verify', { code });
    },
    mfaRecoveryCodes: async () => recoveryCodesOf(await post('/user/v1/mfa/recovery_codes')),
    mfaDisable: async (proof) => {
      await post('/user/v1/mfa/disable', proof);
    },
    appSettings: async () => unwrap<AppSettings>(await http('/setting/v1/app')),
    localeSettings: async () => unwrap<LocaleSettings>(await http('/setting/app/v1/locale')),
    permissions: () => http<PermissionPayload>('/auth/admin/v1/permissions'),
  };
}

/** Everything the running console shares. */
export interface Services {
  profile: Profile;
  tokenStore: TokenStore;
  refresher: Refresher;
  http: Http;
  authMachine: AuthMachine;
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  permissionCache: PermissionCache;
  api: Api;
  /** Subscribes to every request (method, path, status, ms) for the developer log; returns the unsubscribe function. */
  addRequestListener(fn: (entry: RequestLogEntry) => void): () => void;
}

export interface ServicesOptions {
  profile: Profile;
  tokens?: TokenStore;
  /** Hard navigation (default window.location.assign). */
  redirect?: (path: string) => void;
  fetch?: typeof fetch;
}

/** Wires the services of one profile; nothing runs until they are used. */
export function createServices(options: ServicesOptions): Services {
  const { profile } = options;
  const tokens = options.tokens ?? createTokenStore();
  const redirect = options.redirect ?? ((path: string) => globalThis.location?.assign(path));
  const requestListeners = new Set<(entry: RequestLogEntry) => void>();
  let expired = false;
  // The session is over (refresh failed or refused): clear it once and hard-redirect to /login.
  const expireSession = () => {
    if (expired) return;
    expired = true;
    authMachine.clear();
    redirect('/login');
  };
  const refresher = createRefresher({ profile, tokens, onFailure: expireSession, fetch: options.fetch });
  const http = createHttp({
    profile,
    tokens,
    refresh: () => refresher.refreshNow(),
    onAuthFailure: expireSession,
    onRequest: (entry) => requestListeners.forEach((fn) => fn(entry)),
    fetch: options.fetch,
  });
  const api = createApi(http);
  const permissionCache = createPermissionCache({ fetch: api.permissions });
  const authMachine = createAuthMachine({ http, tokens, refresher, permissions: permissionCache, redirect });
  authMachine.subscribe((s) => {
    if (s.status === 'authenticated') expired = false;
  });
  return {
    profile,
    tokenStore: tokens,
    refresher,
    http,
    authMachine,
    authProvider: createAuthProvider({ machine: authMachine, permissions: permissionCache }),
    dataProvider: createDataProvider(http),
    permissionCache,
    api,
    addRequestListener(fn) {
      requestListeners.add(fn);
      return () => requestListeners.delete(fn);
    },
  };
}

/** Set when the `profile` query/stored value names no profile; the shell shows it instead of the console. */
export let profileError: UnknownProfileError | null = null;

function activeProfile(): Profile {
  try {
    return resolveProfile();
  } catch (e) {
    if (!(e instanceof UnknownProfileError)) throw e;
    profileError = e;
    return PROFILES[DEFAULT_PROFILE];
  }
}

/** The running console's services. */
export const services: Services = createServices({ profile: activeProfile(), tokens: defaultTokenStore });

export const {
  profile,
  tokenStore,
  refresher,
  http,
  authMachine,
  authProvider,
  dataProvider,
  permissionCache,
  api,
  addRequestListener,
} = services;
