/**
 * The console's services, wired from their factories: the token store, refresher, http client, auth machine, the
 * react-admin auth and data providers, the permission cache and the sign-in page's calls. A factory with no state of
 * its own and nothing run at import: what the providers know of the resources (their permission chains, endpoints
 * that are not the API pattern) is given here, so a test builds them with or without any resource module and gets
 * the same answers (tests/unit/providers-isolation.test.ts). The running console's instance is src/services.ts's.
 */
import type { AuthProvider } from 'react-admin';
import type { ResourceChains } from '../authProvider/access';
import { createAuthMachine, type AuthMachine } from '../authProvider/machine';
import { createAuthProvider } from '../authProvider/authProvider';
import { createRefresher, type Refresher } from '../authProvider/refresh';
import { createTokenStore, type TokenStore } from '../authProvider/tokens';
import { createHttp, type Http, type RequestLogEntry } from '../dataProvider/http';
import { createDataProvider, type ConsoleDataProvider, type ResourceEndpoints } from '../dataProvider';
import { createPermissionCache, type PermissionCache } from '../permissions/cache';
import type { PermissionPayload } from '../permissions/types';
import type { Profile } from '../src/config/profiles';

/** GET /auth/admin/v1/captcha. */
export type CaptchaResponse =
  { enabled: false } | { enabled: true; captcha_id: string; image: string; expires_in: number };
/** GET /setting/v1/app (the signed-in shell asks it through the dataProvider: src/layout/useAppInfo.ts). */
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
  /** Signed read URLs of the stored logo and image (null without one). */
  web_logo_url: string | null;
  image_url: string | null;
}

/** The calls of the console that do not go through the dataProvider: the sign-in page's and the permission cache's. */
export interface Api {
  /** GET /auth/admin/v1/captcha (no bearer). */
  captcha(): Promise<CaptchaResponse>;
  /** GET /auth/admin/v1/permissions. */
  permissions(): Promise<PermissionPayload>;
}

/**
 * The api helpers over an http client. The login page is the first script and carries no react-admin: it asks the
 * captcha here; everything the signed-in console asks goes through the dataProvider (`useDataProvider`).
 */
export function createApi(http: Http): Api {
  return {
    captcha: () => http<CaptchaResponse>('/auth/admin/v1/captcha', { auth: false }),
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
  dataProvider: ConsoleDataProvider;
  permissionCache: PermissionCache;
  api: Api;
  /** Subscribes to every request (method, path, status, ms) for the developer log; returns the unsubscribe function. */
  addRequestListener(fn: (entry: RequestLogEntry) => void): () => void;
}

export interface ServicesOptions {
  profile: Profile;
  /** The permission chain of each react-admin resource (resources/registry.ts registryChains). */
  chains: ResourceChains;
  /** Endpoints of resources whose calls do not carry them (default none: the engine's calls carry theirs). */
  endpoints?: Readonly<Record<string, ResourceEndpoints>>;
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
    onPermissionVersion: (version) => permissionCache.observeVersion(version),
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
    authProvider: createAuthProvider({ machine: authMachine, permissions: permissionCache, chains: options.chains }),
    dataProvider: createDataProvider(http, options.endpoints),
    permissionCache,
    api,
    addRequestListener(fn) {
      requestListeners.add(fn);
      return () => requestListeners.delete(fn);
    },
  };
}
