import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, contentSecurityPolicy } from '../../server/app';
import { loadConfig, parseTrustProxy, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { auditLog, staffUser, tenant } from '../../server/db/schema';
import { DEMO_STAFF, TENANTS, seed, seedAdministrators } from '../../server/db/seed';
import { md5hex, verifyPassword } from '../../server/security/password';
import { call, login, makeTestApp, solveCaptcha, type TestApp } from './helpers';
import { pgliteDatabase } from './database';

const secrets = () => ({
  jwtSecret: randomBytes(32).toString('base64url'),
  passwordPepper: randomBytes(32).toString('base64url'),
});

/** A configuration as a deployment reads it from `env` (secrets given, nothing written to disk). */
const configOf = (env: NodeJS.ProcessEnv, overrides: Partial<Config> = {}) =>
  loadConfig(
    { DATA_DIR: '/tmp/bo-safe-defaults', LOG_LEVEL: 'silent', ...env },
    { ...secrets(), staticDir: undefined, ...overrides },
  );

describe('configuration outside development and test', () => {
  it('refuses AUTH_CAPTCHA=off for any NODE_ENV but development and test, with a clear error', () => {
    for (const nodeEnv of ['production', 'staging', 'bench']) {
      expect(() => configOf({ NODE_ENV: nodeEnv, AUTH_CAPTCHA: 'off' })).toThrow(
        new RegExp(`AUTH_CAPTCHA=off .*refused when NODE_ENV=${nodeEnv}`),
      );
      // Also when a caller turns it off in code.
      expect(() => configOf({ NODE_ENV: nodeEnv }, { captcha: false })).toThrow(/AUTH_CAPTCHA=off/);
    }
    // Unset NODE_ENV is development.
    expect(configOf({ AUTH_CAPTCHA: 'off' }).captcha).toBe(false);
    expect(configOf({ NODE_ENV: 'test', AUTH_CAPTCHA: 'off' }).captcha).toBe(false);
    expect(configOf({ NODE_ENV: 'production' }).captcha).toBe(true);
  });

  it('serves /docs in development and test, elsewhere only with DOCS_PUBLIC=true', () => {
    expect(configOf({ NODE_ENV: 'production' }).docs).toBe(false);
    expect(configOf({ NODE_ENV: 'staging', DOCS_PUBLIC: 'yes' }).docs).toBe(false);
    expect(configOf({ NODE_ENV: 'production', DOCS_PUBLIC: 'true' }).docs).toBe(true);
    expect(configOf({ NODE_ENV: 'development' }).docs).toBe(true);
    expect(configOf({ NODE_ENV: 'test' }).docs).toBe(true);
  });

  it('reads TRUST_PROXY as off, true, a hop count or a list of addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1 ,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    expect(() => parseTrustProxy('10.0.0.0/8,proxy.example.com')).toThrow(/TRUST_PROXY: "proxy.example.com"/);
    expect(configOf({ NODE_ENV: 'production' }).trustProxy).toBe(false);
  });
});

describe('first start of a production database', () => {
  let database: Database;
  let config: Config;
  beforeAll(async () => {
    config = configOf({ NODE_ENV: 'production', ADMIN_PASSWORD: 'Initial#Admin-2026' });
    database = await pgliteDatabase(config.dataDir);
  });
  afterAll(() => database.close());

  it('seeds no demo staff: one administrator per tenant who must change the password', async () => {
    const admins = await seedAdministrators(database.db, config);
    expect(admins.map((a) => a.tenantId)).toEqual(TENANTS.map((t) => t.id));
    expect(admins.every((a) => a.generatedPassword === undefined)).toBe(true);
    expect((await database.db.select().from(tenant)).length).toBe(TENANTS.length);
    const staff = await database.db.select().from(staffUser);
    expect(staff).toHaveLength(TENANTS.length);
    for (const s of staff) {
      expect(s).toMatchObject({ username: 'admin', role: 'god', mustChangePassword: true, active: true });
      expect(await verifyPassword(s.passwordHash, md5hex('Initial#Admin-2026'), config.passwordPepper)).toBe(true);
      expect(await verifyPassword(s.passwordHash, md5hex('Demo@2026'), config.passwordPepper)).toBe(false);
    }
    expect(staff.map((s) => s.username)).not.toContain(DEMO_STAFF[1].username);
    // A second run keeps the administrators as they are.
    expect(await seedAdministrators(database.db, config)).toEqual([]);
  });

  it('never seeds the demo staff (known password) outside development and test', async () => {
    await expect(seed(database.db, config)).rejects.toThrow(/only in development and test/);
    expect(await database.db.select().from(staffUser).where(eq(staffUser.username, 'supervisor'))).toEqual([]);
  });

  it('generates a different strong password per tenant without ADMIN_PASSWORD', async () => {
    const own = configOf({ NODE_ENV: 'production' });
    const db = await pgliteDatabase(own.dataDir);
    try {
      const admins = await seedAdministrators(db.db, own);
      const passwords = admins.map((a) => a.generatedPassword!);
      expect(new Set(passwords).size).toBe(TENANTS.length);
      for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const [row] = await db.db
        .select()
        .from(staffUser)
        .where(and(eq(staffUser.tenantId, 'pl'), eq(staffUser.username, 'admin')));
      const pl = admins.find((a) => a.tenantId === 'pl')!.generatedPassword!;
      expect(await verifyPassword(row.passwordHash, md5hex(pl), own.passwordPepper)).toBe(true);
    } finally {
      await db.close();
    }
  });
});

describe('the forced password change', () => {
  let database: Database;
  let app: FastifyInstance;
  const PASSWORD = 'Initial#Admin-2026';
  beforeAll(async () => {
    const production = configOf({ NODE_ENV: 'production', ADMIN_PASSWORD: PASSWORD });
    database = await pgliteDatabase(production.dataDir);
    await seedAdministrators(database.db, production);
    // The API over that database in test mode (same pepper), so the captcha can be solved.
    app = await buildApp(
      configOf({ NODE_ENV: 'test' }, { jwtSecret: production.jwtSecret, passwordPepper: production.passwordPepper }),
      { database },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const blocked = ['GET /api/auth/admin/v1/permissions', 'GET /api/user/v1/list', 'GET /api/client/admin/v1/list'];

  it('signs in with ADMIN_PASSWORD, then refuses everything but userinfo, change_pwd and logout until changed', async () => {
    const first = await login(app, 'admin', { password: PASSWORD });
    const me = await call(app, 'GET', '/api/auth/admin/v1/userinfo', { token: first.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'admin', role: 'god', must_change_password: true });
    for (const route of blocked) {
      const [method, url] = route.split(' ');
      const res = await call(app, method as 'GET', url, { token: first.access_token });
      expect(res.statusCode, route).toBe(403);
      expect(res.json(), route).toMatchObject({ code: 'password_change_required' });
    }
    // Signing out is allowed.
    expect((await call(app, 'POST', '/api/auth/admin/v1/logout', { token: first.access_token })).statusCode).toBe(200);

    const second = await login(app, 'admin', { password: PASSWORD });
    expect((await call(app, 'GET', '/api/user/v1/list', { token: second.access_token })).statusCode).toBe(403);
    const changed = await call(app, 'POST', '/api/user/v1/change_pwd', {
      token: second.access_token,
      body: { old_password: md5hex(PASSWORD), new_password: md5hex('Chosen#Admin-2026') },
    });
    expect(changed.statusCode).toBe(200);
    // The change ends the session; the old password no longer works.
    expect((await call(app, 'GET', '/api/auth/admin/v1/userinfo', { token: second.access_token })).statusCode).toBe(
      401,
    );
    const old = await call(app, 'POST', '/api/auth/admin/v1/login', {
      body: { username: 'admin', password: md5hex(PASSWORD), ...(await solveCaptcha(app)) },
    });
    expect(old.json()).toMatchObject({ code: 'invalid_credentials' });

    const third = await login(app, 'admin', { password: 'Chosen#Admin-2026' });
    const after = await call(app, 'GET', '/api/auth/admin/v1/userinfo', { token: third.access_token });
    expect(after.json()).toMatchObject({ must_change_password: false });
    for (const route of blocked) {
      const [method, url] = route.split(' ');
      expect((await call(app, method as 'GET', url, { token: third.access_token })).statusCode, route).toBe(200);
    }
  });

  it('applies per tenant: the other tenants still require the change', async () => {
    const es = await login(app, 'admin', { password: PASSWORD, tenant: 'es' });
    const res = await call(app, 'GET', '/api/user/v1/list', { token: es.access_token, tenant: 'es' });
    expect(res.json()).toMatchObject({ code: 'password_change_required' });
  });
});

describe('server/main.ts on an empty production database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-safe-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the server until it listens, then stops it; its stdout. */
  function start(): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          STATIC_DIR: join(dataDir, 'no-console'),
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => {
        out += d;
        // The lines after it are printed in the same tick; let them through the pipe before stopping.
        if (out.includes('Back office running')) setTimeout(() => child.kill('SIGTERM'), 500);
      });
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
      child.on('exit', (code) =>
        out.includes('Back office running') ? resolve(out) : reject(new Error(`exit ${code}: ${err || out}`)),
      );
    });
  }

  it('prints a generated administrator password once, seeds no demo data and keeps /docs closed', async () => {
    const first = await start();
    const printed = [...first.matchAll(/tenant (\w+)\s+admin\s+(\S+)/g)].map((m) => [m[1], m[2]]);
    expect(printed.map(([t]) => t)).toEqual(TENANTS.map((t) => t.id));
    expect(first).not.toMatch(/Demo staff|Demo@2026|demo data seeded/);
    expect(first).toMatch(/must be changed at the first sign-in/);
    expect(first).toMatch(/\/docs is not served/);

    const again = await start();
    expect(again).not.toMatch(/Generated passwords|tenant tr\s+admin/);
    for (const [, password] of printed) expect(again).not.toContain(password);

    // The printed password is the administrator's, and it is the only staff member.
    const database = await openDatabase(undefined, dataDir);
    try {
      const { passwordPepper } = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' });
      const rows = await database.db.select().from(staffUser).where(eq(staffUser.tenantId, 'tr'));
      expect(rows.map((r) => [r.username, r.mustChangePassword])).toEqual([['admin', true]]);
      const tr = printed.find(([t]) => t === 'tr')![1];
      expect(await verifyPassword(rows[0].passwordHash, md5hex(tr), passwordPepper)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('/docs', () => {
  // one database for the apps of these tests (each app of its own migrated one took about 0.9 s)
  let database: Database;
  beforeAll(async () => {
    database = await pgliteDatabase(configOf({}).dataDir);
  });
  afterAll(() => database.close());

  const docsOf = async (env: NodeJS.ProcessEnv) => {
    const app = await buildApp(configOf(env), { database });
    try {
      return {
        ui: (await app.inject({ method: 'GET', url: '/docs', headers: { accept: 'text/html' } })).statusCode,
        json: (await app.inject({ method: 'GET', url: '/docs/json' })).statusCode,
      };
    } finally {
      await app.close();
    }
  };

  it('answers 404 in production unless DOCS_PUBLIC=true', async () => {
    expect(await docsOf({ NODE_ENV: 'production' })).toEqual({ ui: 404, json: 404 });
    const open = await docsOf({ NODE_ENV: 'production', DOCS_PUBLIC: 'true' });
    expect(open.json).toBe(200);
    expect(open.ui).toBeLessThan(400);
  });
});

const whoAmI = (app: FastifyInstance) => {
  app.get('/whoami', (req) => ({ ip: req.ip }));
};
const ipOf = async (app: FastifyInstance) =>
  (
    await app.inject({
      method: 'GET',
      url: '/whoami',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    })
  ).json().ip;

describe('security headers', () => {
  let t: TestApp;
  const staticDir = mkdtempSync(join(tmpdir(), 'bo-safe-static-'));
  beforeAll(async () => {
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><script type="module" src="/assets/a.js"></script>');
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'assets', 'a.js'), 'console.log(1)');
    t = await makeTestApp({ staticDir }, whoAmI);
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const expectHardened = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  };

  it('are on API answers (success, refusal, not found), with no-store', async () => {
    const { access_token } = await login(t.app, 'admin');
    const answers = [
      await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: access_token }),
      await call(t.app, 'GET', '/api/auth/admin/v1/userinfo'),
      await call(t.app, 'GET', '/api/auth/admin/v1/captcha'),
      await call(t.app, 'POST', '/api/auth/admin/v1/login', { body: { username: 'x' } }),
      await call(t.app, 'GET', '/api/nothing/here'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 200, 400, 404]);
    // The demo staff of a development database are not asked to change their password.
    expect(answers[0].json()).toMatchObject({ username: 'admin', must_change_password: false });
    for (const res of answers) {
      expectHardened(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('are on the console: index.html (also as the SPA fallback) and hashed assets, which stay cacheable', async () => {
    const html = { accept: 'text/html' };
    const index = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const fallback = await t.app.inject({ method: 'GET', url: '/client/list', headers: html });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/a.js' });
    expect([index.statusCode, fallback.statusCode, asset.statusCode]).toEqual([200, 200, 200]);
    for (const res of [index, fallback, asset]) expectHardened(res.headers);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('let the S3 store serve images and take presigned uploads when configured', () => {
    const config = configOf({
      NODE_ENV: 'production',
      S3_ENDPOINT: 'https://s3.example.com:9000/',
      S3_PUBLIC_URL: 'https://cdn.example.com/bucket',
    });
    const csp = contentSecurityPolicy(config);
    expect(csp).toContain("img-src 'self' data: blob: https://s3.example.com:9000 https://cdn.example.com");
    expect(csp).toContain("connect-src 'self' https://s3.example.com:9000 https://cdn.example.com");
    expect(contentSecurityPolicy(configOf({}))).toContain("img-src 'self' data: blob:;");
  });

  it('(TRUST_PROXY off by default: X-Forwarded-For is ignored)', async () => {
    expect(await ipOf(t.app)).toBe('10.1.2.3');
  });
});

describe('TRUST_PROXY', () => {
  it("from a trusted proxy, req.ip is the client's address, and audit rows record it", async () => {
    const t = await makeTestApp({ trustProxy: parseTrustProxy('10.0.0.0/8') }, whoAmI);
    try {
      expect(await ipOf(t.app)).toBe('198.51.100.7');
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin/v1/login',
        remoteAddress: '10.1.2.3',
        headers: { 'x-tenant-id': 'tr', 'x-forwarded-for': '203.0.113.9' },
        payload: { username: 'nobody', password: md5hex('x'), ...(await solveCaptcha(t.app)) },
      });
      const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.username, 'nobody'));
      expect(row.ip).toBe('203.0.113.9');
      // An untrusted peer cannot claim an address.
      const direct = await t.app.inject({
        method: 'GET',
        url: '/whoami',
        remoteAddress: '192.0.2.1',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(direct.json().ip).toBe('192.0.2.1');
    } finally {
      await t.close();
    }
  });

  it('a hop count trusts that many proxies in front of the API', async () => {
    const t = await makeTestApp({ trustProxy: 1 }, whoAmI);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/whoami',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.7' },
      });
      expect(res.json().ip).toBe('198.51.100.7');
    } finally {
      await t.close();
    }
  });
});
