// Shared msw helpers for the unit tests: the server, a test profile, JWT builders and a small fake of the auth API.
import { cleanup } from '@testing-library/react';
import md5 from 'md5';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { contractValidator, fill } from '../contract/validator';
import { featureFlags, loadRole, permissionsVersion, type Role } from '../../permissions';
import type { Profile } from '../../src/config/profiles';

/**
 * The msw server of the test file (started by installMsw). Its standing handlers answer the staff list that list
 * filters load (agent pickers) with no staff, and the audit history that record views show administrators
 * (resources/audit_log/AuditHistory) with none; a test that cares registers its own (runtime handlers win).
 */
export const server = setupServer(
  http.get('*/api/user/v1/list', () => HttpResponse.json({ data: [], total: 0, next_cursor: null })),
  http.get('*/api/audit/admin/v1/history', () => HttpResponse.json({ data: [], truncated: false })),
);

let contract: ReturnType<typeof contractValidator> | undefined;
const theContract = () => (contract ??= contractValidator(inject('apiContract')));

/**
 * The API's answer to `route` ('GET /deposit/admin/v1/detail/:id', a path of the server's route table without /api):
 * `partial` completed with every field the response schema declares (plainest values), as the API would send it.
 * Fields the schema does not declare stay, so the contract check still catches them.
 */
export function apiBody<T = Record<string, any>>(route: string, partial: unknown = {}): T {
  const [method, url] = route.split(' ');
  return fill(theContract().successSchemaOf(method, `/api${url}`), partial) as T;
}

/** A list answer (`{ data, total, next_cursor? }`) of `route` with the given rows, each completed like apiBody. */
export const apiList = (route: string, rows: unknown[], extra: Record<string, unknown> = {}) =>
  apiBody(route, { data: rows, total: rows.length, ...extra });

/** An API error body: `{ message, code, errors? }`. */
export const apiError = (code: string, message = code, errors?: Record<string, string>) =>
  errors ? { message, code, errors } : { message, code };

/**
 * Problems of one mocked answer against the API contract: an /api path the API does not serve, or a body that differs
 * from the route's response schema (a 2xx against its success schema, an error against `{ message, code, errors? }`).
 */
async function contractProblems(request: Request, response: Response, offApi: string[]): Promise<string[]> {
  const path = new URL(request.url).pathname;
  if (!path.startsWith('/api/') || offApi.some((p) => path.startsWith(`/api${p}`))) return [];
  const route = theContract().route(request.method, path);
  if (!route) return [`msw mocks ${request.method} ${path}, which the API does not serve`];
  if (!(response.headers.get('content-type') ?? '').includes('json')) return [];
  const body: unknown = await response.clone().json();
  return theContract()
    .check(route, response.status, body)
    .map((p) => `msw mock of ${request.method} ${path}: ${p}`);
}

/**
 * Problems of one request the console sends to the API: what the API's validator refuses (400 validation) in its
 * path parameters, query string (an unknown parameter, a wrong type) or JSON body. A body that is not JSON (an
 * upload) is not checked; a path the API does not serve is reported by contractProblems.
 */
export async function requestProblems(request: Request, offApi: string[] = []): Promise<string[]> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/') || offApi.some((p) => url.pathname.startsWith(`/api${p}`))) return [];
  const route = theContract().route(request.method, url.pathname);
  if (!route) return [];
  const text = await request.text();
  const json = (request.headers.get('content-type') ?? '').includes('json');
  if (text && !json) return [];
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    return [`the console sends ${request.method} ${url.pathname} a body that is not JSON`];
  }
  const problems = theContract().checkRequest(route, { path: url.pathname, search: url.searchParams, body });
  return problems.map(
    (p) => `the console sends ${request.method} ${url.pathname}${url.search}, which the API refuses: ${p}`,
  );
}

/**
 * Starts msw for the calling test file: unhandled requests fail, every request to /api must be one the API takes
 * (path parameters, query string and JSON body against the route's schemas, as its validator coerces them; unless
 * the mock answers it 400, as the API would: a test of the console showing a refusal), every
 * mocked /api answer must match the API's route and response schema (the test fails otherwise), handlers reset after
 * each test. `offApi` lists path prefixes (after /api, e.g. '/things/') of test-only resources that the real API does
 * not serve and the checks skip.
 */
export function installMsw({ offApi = [] }: { offApi?: string[] } = {}): void {
  const pending: Promise<string[]>[] = [];
  /** The request problems of each request by msw's request id; a request the mock answers 400 is expected refused. */
  const requests = new Map<string, Promise<string[]>>();
  const failed = (e: Error) => [`msw contract check: ${e.message}`];
  type Event = { request: Request; requestId: string };
  const onMocked = ({ request, requestId, response }: Event & { response: Response }) => {
    pending.push(contractProblems(request, response, offApi).catch(failed));
    // a test of how the console shows the API's refusal sends what the API refuses, on purpose
    if (response.status === 400) requests.delete(requestId);
  };
  // The request as sent, before a handler reads its body (a clone: the handler still gets the whole body).
  const onRequest = ({ request, requestId }: Event) => {
    requests.set(requestId, requestProblems(request.clone(), offApi).catch(failed));
  };
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', onRequest);
    server.events.on('response:mocked', onMocked);
  });
  afterEach(async () => {
    server.resetHandlers();
    const asked = [...requests.values()];
    requests.clear();
    const problems = (await Promise.all([...asked, ...pending.splice(0)])).flat();
    if (!problems.length) return;
    cleanup(); // the failing test's tree must not leak into the next test
    throw new Error([...new Set(problems)].join('\n'));
  });
  afterAll(() => {
    server.events.removeListener('request:start', onRequest);
    server.events.removeListener('response:mocked', onMocked);
    server.close();
  });
}

/** A profile pointing at the mocked API. */
export const testProfile: Profile = { key: 'tr', apiBase: '/api', tenantId: 'tr', deployment: 'tr' };

/** The msw URL pattern of an API path (any origin). */
export const api = (path: string): string => `*/api${path}`;

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT with the given claims (enough for jwt-decode). */
export function jwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.sig`;
}

/** An access token expiring `seconds` from now (Date.now, so fake timers apply). */
export function accessToken(seconds = 900, claims: Record<string, unknown> = {}): string {
  return jwt({ sub: '1', typ: 'access', ...claims, exp: Math.floor(Date.now() / 1000) + seconds });
}

/** The demo password as typed. */
export const DEMO_PASSWORD = 'Demo@2026';
/** The authenticator code the fake API accepts. */
export const GOOD_CODE = '123456';

/** A staff member of the fake API. */
export interface FakeUser {
  id: number;
  username: string;
  name: string;
  role: Role;
  mfa: boolean;
}

/** Demo staff of the fake API; `mfa` has an authenticator bound. */
export const FAKE_USERS: FakeUser[] = [
  { id: 1, username: 'admin', name: 'Administrator', role: 'god', mfa: false },
  { id: 2, username: 'supervisor', name: 'Supervisor', role: 'angel', mfa: false },
  { id: 3, username: 'leader', name: 'Leader', role: 'superman', mfa: false },
  { id: 4, username: 'sales', name: 'Sales', role: 'hero', mfa: false },
  { id: 9, username: 'mfa', name: 'Guarded', role: 'god', mfa: true },
];

/** The permission payload the fake API answers for a user. */
export function permissionPayload(user: Pick<FakeUser, 'id' | 'role'>) {
  return {
    userId: user.id,
    roles: [user.role],
    grants: loadRole(user.role).grants,
    featureFlags: featureFlags(user.role),
    version: permissionsVersion(user.role),
  };
}

/**
 * Installs a fake of the auth, account and settings API on the msw server and returns its state:
 * call counters, issued tokens, and switches to expire access tokens or make refresh fail.
 */
export function fakeAuthApi(options: { captcha?: boolean; users?: FakeUser[] } = {}) {
  const users = (options.users ?? FAKE_USERS).map((u) => ({ ...u }));
  const state = {
    calls: {} as Record<string, number>,
    access: new Map<string, FakeUser>(),
    refresh: new Map<string, FakeUser>(),
    pending: new Map<string, FakeUser>(),
    /** Every access token issued so far is refused (simulates expiry). */
    expireAccess() {
      state.access.clear();
    },
    failRefresh: false,
    tenants: [] as string[],
    password: md5(DEMO_PASSWORD),
  };
  let n = 0;
  const count = (name: string) => (state.calls[name] = (state.calls[name] ?? 0) + 1);
  const bearer = (req: Request) => req.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
  const issue = (user: FakeUser) => {
    const access = accessToken(900, { sub: String(user.id), role: user.role, n: ++n });
    const refresh = `refresh-${user.id}-${n}`;
    state.access.set(access, user);
    state.refresh.set(refresh, user);
    return { access_token: access, refresh_token: refresh, mfa: false };
  };
  const fail = (status: number, code: string, message: string, errors?: Record<string, string>) =>
    HttpResponse.json({ message, code, ...(errors ? { errors } : {}) }, { status });
  const signedIn = (req: Request) => state.access.get(bearer(req));
  const authed =
    (name: string, answer: (user: FakeUser, req: Request) => Response | Promise<Response>) =>
    async ({ request }: { request: Request }) => {
      count(name);
      state.tenants.push(request.headers.get('X-Tenant-Id') ?? '');
      const user = signedIn(request);
      return user ? answer(user, request) : fail(401, 'unauthorized', 'Unauthorized');
    };

  server.use(
    http.get(api('/auth/admin/v1/captcha'), () => {
      count('captcha');
      return HttpResponse.json(
        options.captcha === false
          ? { enabled: false }
          : { enabled: true, captcha_id: `c${++n}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expires_in: 120 },
      );
    }),
    http.post(api('/auth/admin/v1/login'), async ({ request }) => {
      count('login');
      const body = (await request.json()) as Record<string, string>;
      if (!body.username) return fail(400, 'validation', 'Username is required', { username: 'Username is required' });
      if (options.captcha !== false && body.captcha !== 'abcd')
        return fail(400, 'captcha_invalid', 'Captcha does not match');
      const user = users.find((u) => u.username === body.username);
      if (!user || body.password !== state.password)
        return fail(401, 'invalid_credentials', 'Invalid username or password');
      if (!user.mfa) return HttpResponse.json(issue(user));
      const pending = jwt({ sub: String(user.id), typ: 'mfa', n: ++n, exp: Math.floor(Date.now() / 1000) + 300 });
      state.pending.set(pending, user);
      return HttpResponse.json({ access_token: pending, refresh_token: '', mfa: true });
    }),
    http.post(api('/auth/admin/v1/mfa/verify'), async ({ request }) => {
      count('verify');
      const user = state.pending.get(bearer(request));
      const { code, recovery_code } = (await request.json()) as { code?: string; recovery_code?: string };
      if (!user || (code !== GOOD_CODE && recovery_code !== 'rc-1'))
        return fail(401, 'mfa_invalid', 'Verification failed');
      state.pending.delete(bearer(request));
      return HttpResponse.json(issue(user));
    }),
    http.post(api('/auth/admin/v1/token/refresh'), ({ request }) => {
      count('refresh');
      const user = state.refresh.get(bearer(request));
      if (!user || state.failRefresh) return fail(401, 'invalid_refresh', 'Refresh token expired');
      state.refresh.delete(bearer(request));
      return HttpResponse.json(issue(user));
    }),
    http.post(
      api('/auth/admin/v1/logout'),
      authed('logout', () => HttpResponse.json({})),
    ),
    http.get(
      api('/auth/admin/v1/userinfo'),
      authed('userinfo', (u) =>
        HttpResponse.json({
          id: u.id,
          name: u.name,
          username: u.username,
          role: u.role,
          mfa: u.mfa,
          last_login_at: null,
          invitation_code: 'INV1',
          tenant_id: 'tr',
          must_change_password: false,
        }),
      ),
    ),
    http.get(
      api('/auth/admin/v1/permissions'),
      authed('permissions', (u) => HttpResponse.json(permissionPayload(u))),
    ),
    http.post(
      api('/user/v1/change_pwd'),
      authed('change_pwd', async (_u, req) => {
        const body = (await req.json()) as { old_password: string; new_password: string };
        if (body.old_password !== state.password) return fail(400, 'wrong_password', 'Old password is incorrect');
        state.password = body.new_password;
        return HttpResponse.json({});
      }),
    ),
    http.post(
      api('/user/v1/mfa/bind/start'),
      authed('bind_start', (u) =>
        HttpResponse.json({
          otpauth_uri: `otpauth://totp/Admin:${u.username}?secret=JBSWY3DPEHPK3PXP&issuer=Admin`,
          qrcode_data_url: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      ),
    ),
    http.post(
      api('/user/v1/mfa/bind/verify'),
      authed('bind_verify', async (u, req) => {
        const { code } = (await req.json()) as { code?: string };
        if (code !== GOOD_CODE) return fail(400, 'mfa_invalid', 'Verification failed');
        u.mfa = true;
        return HttpResponse.json({});
      }),
    ),
    http.post(
      api('/user/v1/mfa/recovery_codes'),
      authed('recovery_codes', () =>
        HttpResponse.json({ recovery_codes: Array.from({ length: 10 }, (_, i) => `rc-${i + 1}`) }),
      ),
    ),
    http.post(
      api('/user/v1/mfa/disable'),
      authed('mfa_disable', async (u, req) => {
        const body = (await req.json()) as { code?: string; recovery_code?: string };
        if (body.code !== GOOD_CODE && body.recovery_code !== 'rc-1')
          return fail(400, 'mfa_invalid', 'Verification failed');
        u.mfa = false;
        return HttpResponse.json({});
      }),
    ),
    http.get(
      api('/setting/v1/app'),
      authed('app_settings', () =>
        HttpResponse.json(
          apiBody('GET /setting/v1/app', {
            app_name: 'Admin',
            app_version: '1.0.0',
            language: 'zh-CN',
            timezone: 'Asia/Shanghai',
          }),
        ),
      ),
    ),
    http.get(
      api('/setting/app/v1/locale'),
      authed('locale_settings', () =>
        HttpResponse.json({
          name: 'China',
          code: 'CN',
          emoji: '🇨🇳',
          image: '',
          locale: 'zh-CN',
          language: 'zh',
          currency: 'CNY',
          phoneCode: '+86',
          timezone: 'Asia/Shanghai',
        }),
      ),
    ),
  );
  return state;
}
