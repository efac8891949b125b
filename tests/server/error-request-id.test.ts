/**
 * Every error answer of the API carries its request id (core/request-id.ts, core/errors.ts): the `request_id` of the
 * body equals the answer's X-Request-Id, whatever refused the request: the router, the body parser, a hook (tenant,
 * token, grant, rate limit), validation, the live event stream, /metrics, or a handler that failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { call, login, loginBody, makeTestApp, type TestApp } from './helpers';

const TOKEN = 'metrics-token-0123456789abcdef';
const HEX16 = /^[0-9a-f]{16}$/;

let t: TestApp;
let sales: string;
let plAdmin: string;

beforeAll(async () => {
  t = await makeTestApp({ metricsToken: TOKEN, captcha: false, loginRateLimitPerMin: 3 }, (app) => {
    app.register(
      async (api) => {
        api.get('/fixture/request-id-boom', { config: { permission: 'public' } }, () => {
          throw new Error('boom');
        });
      },
      { prefix: '/api' },
    );
  });
  sales = (await login(t.app, 'sales')).access_token;
  plAdmin = (await login(t.app, 'admin', { tenant: 'pl' })).access_token;
});
afterAll(() => t?.close());

const json = { 'content-type': 'application/json', 'x-tenant-id': 'tr' };
/** A public POST outside the sign-in rate limit (its body is parsed, then refused). */
const REFRESH = '/api/auth/admin/v1/token/refresh';

/** [what, request, status, code] */
const CASES: [string, () => InjectOptions, number, string][] = [
  [
    'unknown API route',
    () => ({ method: 'GET', url: '/api/nothing/here', headers: { 'x-tenant-id': 'tr' } }),
    404,
    'not_found',
  ],
  ['unknown route outside /api', () => ({ method: 'POST', url: '/nothing' }), 404, 'not_found'],
  ['unknown method of a route', () => ({ method: 'DELETE', url: '/api/auth/admin/v1/logout' }), 404, 'not_found'],
  ['malformed URL', () => ({ method: 'GET', url: '/api/auth/%E0%A4%A' }), 400, 'bad_request'],
  [
    'JSON that does not parse',
    () => ({ method: 'POST', url: REFRESH, headers: json, payload: '{"username":' }),
    400,
    'bad_request',
  ],
  [
    'a body over the limit',
    () => ({
      method: 'POST',
      url: REFRESH,
      headers: json,
      payload: JSON.stringify({ username: 'x'.repeat(1_100_000) }),
    }),
    413,
    'payload_too_large',
  ],
  [
    'an unsupported media type',
    () => ({
      method: 'POST',
      url: REFRESH,
      headers: { 'content-type': 'text/xml', 'x-tenant-id': 'tr' },
      payload: '<a/>',
    }),
    415,
    'unsupported_media_type',
  ],
  [
    'no tenant (an onRequest hook)',
    () => ({ method: 'GET', url: '/api/auth/admin/v1/captcha' }),
    400,
    'tenant_required',
  ],
  [
    'no token (the access guard)',
    () => ({ method: 'GET', url: '/api/auth/admin/v1/userinfo', headers: { 'x-tenant-id': 'tr' } }),
    401,
    'unauthorized',
  ],
  [
    'a grant the role lacks',
    () => ({
      method: 'GET',
      url: '/api/permission/admin/v1/list',
      headers: { 'x-tenant-id': 'tr', authorization: `Bearer ${sales}` },
    }),
    403,
    'forbidden',
  ],
  [
    'invalid input',
    () => ({
      method: 'PUT',
      url: '/api/user/v1/status/1',
      headers: { ...json, 'x-tenant-id': 'pl', authorization: `Bearer ${plAdmin}` },
      payload: '{}',
    }),
    400,
    'validation',
  ],
  [
    'the event stream without a token',
    () => ({ method: 'GET', url: '/api/events', headers: { 'x-tenant-id': 'tr' } }),
    401,
    'unauthorized',
  ],
  [
    "the event stream with another tenant's token",
    () => ({ method: 'GET', url: '/api/events', headers: { 'x-tenant-id': 'tr', authorization: `Bearer ${plAdmin}` } }),
    401,
    'unauthorized',
  ],
  [
    'the event stream with a query',
    () => ({
      method: 'GET',
      url: '/api/events?x=1',
      headers: { 'x-tenant-id': 'tr', authorization: `Bearer ${sales}` },
    }),
    400,
    'validation',
  ],
  ['/metrics without its token', () => ({ method: 'GET', url: '/metrics' }), 401, 'unauthorized'],
  [
    'a handler that failed',
    () => ({ method: 'GET', url: '/api/fixture/request-id-boom', headers: { 'x-tenant-id': 'tr' } }),
    500,
    'internal',
  ],
];

describe('the request id of error answers', () => {
  it.each(CASES)('%s', async (_what, request, status, code) => {
    const res = await t.app.inject(request());
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(res.headers['x-request-id']).toMatch(HEX16);
    expect(body.request_id).toBe(res.headers['x-request-id']);
  });

  it('a sign-in refused by the rate limit (429)', async () => {
    let res;
    for (let i = 0; i < 5; i++) {
      res = await call(t.app, 'POST', '/api/auth/admin/v1/login', { body: await loginBody(t.app, 'nobody', 'wrong') });
      if (res.statusCode === 429) break;
    }
    expect(res!.statusCode).toBe(429);
    expect(res!.json()).toMatchObject({ code: 'rate_limited', request_id: res!.headers['x-request-id'] });
    expect(res!.headers['x-request-id']).toMatch(HEX16);
  });
});
