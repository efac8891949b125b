import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { auditLog, authSession, staffUser } from '../../server/db/schema';
import { requires } from '../../server/core/access';
import { SESSION_CHECK_TTL_MS } from '../../server/core/auth';
import { call, login, makeTestApp, type TestApp } from './helpers';

const USERINFO = '/api/auth/admin/v1/userinfo';
const LOGOUT = '/api/auth/admin/v1/logout';

/** Fixture routes: one per permission kind, and one that fails inside. */
function fixtures(app: FastifyInstance) {
  app.register(
    async (api) => {
      api.get(
        '/fixture/config',
        { config: { permission: requires('config', 'update') }, schema: { description: 'fixture' } },
        () => ({ ok: true }),
      );
      api.get(
        '/fixture/users-delete',
        { config: { permission: requires('users', 'delete') }, schema: { description: 'fixture' } },
        () => ({ ok: true }),
      );
      api.get(
        '/fixture/client-robot',
        { config: { permission: requires('client', 'robot') }, schema: { description: 'fixture' } },
        () => ({ ok: true }),
      );
      api.get('/fixture/boom', { config: { permission: 'public' }, schema: { description: 'fixture' } }, () => {
        throw new Error('connect ECONNREFUSED postgres://root:hunter2@db/internal');
      });
    },
    { prefix: '/api' },
  );
}

let t: TestApp;
let staticDir: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'bo-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await makeTestApp({ staticDir }, fixtures);
  for (const u of ['admin', 'supervisor', 'leader', 'sales']) tokens[u] = (await login(t.app, u)).access_token;
});
afterAll(() => t?.close());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** A token like ours with one thing changed. */
async function forge(opts: {
  alg?: string;
  secret?: string;
  iss?: string;
  aud?: string;
  exp?: number | null;
  typ?: string;
  tid?: string;
}) {
  const c = claimsOf(tokens.admin);
  let jwt = new SignJWT({ tid: opts.tid ?? c.tid, role: c.role, sid: c.sid, typ: opts.typ ?? 'access' })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setSubject(c.sub)
    .setIssuer(opts.iss ?? 'back-office')
    .setAudience(opts.aud ?? 'back-office-console')
    .setIssuedAt();
  if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600);
  return jwt.sign(new TextEncoder().encode(opts.secret ?? t.config.jwtSecret));
}

describe('route permissions', () => {
  it('every /api route declares a permission (route table and OpenAPI agree)', async () => {
    const table = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    for (const route of [
      'GET /api/auth/admin/v1/captcha',
      'POST /api/auth/admin/v1/login',
      'POST /api/auth/admin/v1/mfa/verify',
      'POST /api/auth/admin/v1/token/refresh',
      'POST /api/auth/admin/v1/logout',
      'GET /api/auth/admin/v1/userinfo',
      'GET /api/auth/admin/v1/permissions',
      'POST /api/user/v1/change_pwd',
      'POST /api/user/v1/mfa/bind/start',
      'POST /api/user/v1/mfa/bind/verify',
      'POST /api/user/v1/mfa/recovery_codes',
      'POST /api/user/v1/mfa/disable',
      'GET /api/setting/app/v1/locale',
      'GET /api/setting/v1/app',
    ])
      expect(table).toContain(route);
    for (const r of t.app.routeTable) expect(r.permission, `${r.method} ${r.url}`).toBeTruthy();

    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const ops = Object.entries(
      doc.paths as Record<string, Record<string, { description?: string; responses?: object }>>,
    )
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([m, op]) => ({ id: `${m.toUpperCase()} ${path}`, op })),
      );
    expect(ops.length).toBe(t.app.routeTable.length);
    for (const { id, op } of ops) {
      expect(op.description, id).toMatch(/Permission: `[^`]+`/);
      expect(op.responses, id).toBeTruthy();
    }
  });

  it('refuses to register an /api route without a permission', async () => {
    const bad = await buildApp(t.config, { database: t.database });
    await expect(
      (async () => {
        bad.get('/api/undeclared', async () => ({}));
        await bad.ready();
      })(),
    ).rejects.toThrow(/declares no config.permission/);
    await bad.close().catch(() => {});
  });

  it('403 per role, following permissions/roles, with an audit row for each refusal', async () => {
    const expected: Record<string, Record<string, number>> = {
      '/api/fixture/config': { admin: 200, supervisor: 403, leader: 403, sales: 403 },
      '/api/fixture/users-delete': { admin: 200, supervisor: 200, leader: 200, sales: 403 },
      '/api/fixture/client-robot': { admin: 200, supervisor: 200, leader: 403, sales: 200 },
    };
    for (const [url, byUser] of Object.entries(expected)) {
      for (const [user, status] of Object.entries(byUser)) {
        const res = await call(t.app, 'GET', url, { token: tokens[user] });
        expect(res.statusCode, `${user} ${url}`).toBe(status);
        if (status === 403) {
          expect(res.json()).toMatchObject({ code: 'forbidden' });
          const [row] = await t.database.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'access.denied'))
            .orderBy(desc(auditLog.id))
            .limit(1);
          expect(row).toMatchObject({ username: user, result: 'denied', tenantId: 'tr' });
          expect(row.detail).toContain(url);
        }
      }
    }
  });
});

describe('authentication', () => {
  it('401 without a token', async () => {
    const res = await call(t.app, 'GET', USERINFO);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'unauthorized',
      message: 'missing access token',
      request_id: expect.any(String),
    });
    expect((await call(t.app, 'GET', '/api/fixture/config')).statusCode).toBe(401);
  });

  it('401 for an expired token, a wrong algorithm, issuer, audience, secret, type, or no exp', async () => {
    const bad = {
      expired: await forge({ exp: Math.floor(Date.now() / 1000) - 5 }),
      hs512: await forge({ alg: 'HS512' }),
      iss: await forge({ iss: 'someone-else' }),
      aud: await forge({ aud: 'another-app' }),
      secret: await forge({ secret: 'not-the-secret-at-all-not-the-secret' }),
      typ: await forge({ typ: 'mfa' }),
      noExp: await forge({ exp: null }),
      garbage: 'abc.def.ghi',
    };
    const c = claimsOf(tokens.admin);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(c)).toString('base64url')}.`;
    expect((await call(t.app, 'GET', USERINFO, { token: await forge({}) })).statusCode).toBe(200);
    for (const [name, token] of Object.entries({ ...bad, none })) {
      const res = await call(t.app, 'GET', USERINFO, { token });
      expect(res.statusCode, name).toBe(401);
      expect(res.json().code, name).toBe('unauthorized');
    }
  });

  it('401 once the session is revoked or the user deactivated: at once through the API, within the cache time otherwise', async () => {
    const { access_token } = await login(t.app, 'sales2');
    const userinfo = () => call(t.app, 'GET', USERINFO, { token: access_token });
    expect((await userinfo()).statusCode).toBe(200);
    // A change made outside this process (here: straight in the database) applies once the cached check expires.
    await t.database.db
      .update(staffUser)
      .set({ active: false })
      .where(and(eq(staffUser.username, 'sales2'), eq(staffUser.tenantId, 'tr')));
    expect((await userinfo()).statusCode).toBe(200);
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + SESSION_CHECK_TTL_MS + 1);
    try {
      expect((await userinfo()).statusCode).toBe(401);
      await t.database.db
        .update(staffUser)
        .set({ active: true })
        .where(and(eq(staffUser.username, 'sales2'), eq(staffUser.tenantId, 'tr')));
      await t.database.db
        .update(authSession)
        .set({ revokedAt: new Date() })
        .where(eq(authSession.id, claimsOf(access_token).sid));
      later.mockReturnValue(now + 2 * SESSION_CHECK_TTL_MS + 2);
      expect((await userinfo()).statusCode).toBe(401);
    } finally {
      later.mockRestore();
    }
  });

  it('a write through the API (sign-out) ends the session at once, cached check or not', async () => {
    const { access_token } = await login(t.app, 'sales2');
    const userinfo = () => call(t.app, 'GET', USERINFO, { token: access_token });
    expect((await userinfo()).statusCode).toBe(200);
    expect((await call(t.app, 'POST', LOGOUT, { token: access_token })).statusCode).toBeLessThan(300);
    expect((await userinfo()).statusCode).toBe(401);
  });
});

describe('tenant', () => {
  it('X-Tenant-Id is required and must exist', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/admin/v1/captcha' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('tenant_required');
    const unknown = await call(t.app, 'GET', '/api/auth/admin/v1/captcha', { tenant: 'xx' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('tenant_unknown');
  });

  it("a token is refused under another tenant's header (even a forged tid needs the secret)", async () => {
    const res = await call(t.app, 'GET', USERINFO, { token: tokens.admin, tenant: 'pl' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token does not belong to this tenant');
    // A token whose tid was changed but whose session belongs to tr.
    expect((await call(t.app, 'GET', USERINFO, { token: await forge({ tid: 'pl' }), tenant: 'pl' })).statusCode).toBe(
      401,
    );
  });
});

describe('errors, docs and the console', () => {
  it('a 5xx never shows internals', async () => {
    const res = await call(t.app, 'GET', '/api/fixture/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'internal', request_id: expect.any(String) });
    expect(res.body).not.toContain('hunter2');
  });

  it('unknown /api paths answer 404 JSON, even when asking for HTML', async () => {
    const res = await call(t.app, 'GET', '/api/nothing/here', { headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('malformed JSON is a 400 with a code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/v1/login',
      headers: { 'x-tenant-id': 'tr', 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('serves OpenAPI at /docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ scheme: 'bearer' });
  });

  it('serves the built console with SPA fallback for HTML navigations only', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>console</title>');
    const deep = await t.app.inject({ method: 'GET', url: '/client/42/show', headers: { accept: 'text/html,*/*' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>console</title>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
  });
});
