import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLog, authSession, captcha, loginFailure, staffUser } from '../../server/db/schema';
import { sha256 } from '../../server/security/tokens';
import { md5hex } from '../../server/security/password';
import { call, login, loginBody, makeTestApp, solveCaptcha, type TestApp } from './helpers';

const LOGIN = '/api/auth/admin/v1/login';
const REFRESH = '/api/auth/admin/v1/token/refresh';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ lockoutThreshold: 3, lockoutSec: 600 });
});
afterAll(() => t?.close());

const lastAudit = async (action: string) =>
  (
    await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];

describe('captcha', () => {
  it('issues an SVG image with an id and expiry, storing only a hash of the answer', async () => {
    const res = await call(t.app, 'GET', '/api/auth/admin/v1/captcha');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ enabled: true, expires_in: 120 });
    expect(body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const [row] = await t.database.db.select().from(captcha).where(eq(captcha.id, body.captcha_id));
    const answer = t.app.captchaStore!.get(body.captcha_id)!;
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answerHash).not.toContain(answer.toLowerCase());
  });

  it('requires the captcha on login', async () => {
    const res = await call(t.app, 'POST', LOGIN, { body: { username: 'admin', password: md5hex('Demo@2026') } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'captcha_required', message: 'Captcha is required' });
  });

  it('refuses a wrong answer with "Captcha does not match"', async () => {
    const { captcha_id } = await solveCaptcha(t.app);
    const res = await call(t.app, 'POST', LOGIN, {
      body: { username: 'admin', password: md5hex('Demo@2026'), captcha_id, captcha: 'zzzz' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'captcha_invalid', message: 'Captcha does not match' });
  });

  it('accepts the answer in any case, once', async () => {
    const solved = await solveCaptcha(t.app);
    const body = { username: 'admin', password: md5hex('Demo@2026'), ...solved, captcha: solved.captcha.toUpperCase() };
    expect((await call(t.app, 'POST', LOGIN, { body })).statusCode).toBe(200);
    const again = await call(t.app, 'POST', LOGIN, { body });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('captcha_invalid');
  });

  it('a wrong answer spends the captcha too', async () => {
    const solved = await solveCaptcha(t.app);
    await call(t.app, 'POST', LOGIN, {
      body: { username: 'admin', password: md5hex('Demo@2026'), ...solved, captcha: 'nope' },
    });
    const res = await call(t.app, 'POST', LOGIN, {
      body: { username: 'admin', password: md5hex('Demo@2026'), ...solved },
    });
    expect(res.json().code).toBe('captcha_invalid');
  });

  it('refuses an expired captcha', async () => {
    const solved = await solveCaptcha(t.app);
    await t.database.db
      .update(captcha)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(captcha.id, solved.captcha_id));
    const res = await call(t.app, 'POST', LOGIN, {
      body: { username: 'admin', password: md5hex('Demo@2026'), ...solved },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('captcha_invalid');
  });
});

describe('login', () => {
  it('answers tokens and records the sign-in', async () => {
    const tokens = await login(t.app, 'supervisor');
    expect(tokens.mfa).toBe(false);
    expect(tokens.access_token.split('.')).toHaveLength(3);
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await lastAudit('auth.login');
    expect(row).toMatchObject({ username: 'supervisor', result: 'success', tenantId: 'tr', ip: '127.0.0.1' });
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      iss: 'back-office',
      aud: 'back-office-console',
      tid: 'tr',
      role: 'angel',
      typ: 'access',
    });
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('answers per-field validation errors', async () => {
    const res = await call(t.app, 'POST', LOGIN, { body: { username: '', captcha_id: 'x', captcha: 'y' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation',
      errors: { username: 'Username is required', password: 'Password is required' },
    });
  });

  it('refuses a wrong password and an unknown user alike, with an audit row', async () => {
    const wrong = await call(t.app, 'POST', LOGIN, { body: await loginBody(t.app, 'leader2', 'bad') });
    const unknown = await call(t.app, 'POST', LOGIN, { body: await loginBody(t.app, 'nobody') });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid username or password',
        request_id: expect.any(String),
      });
    }
    expect(await lastAudit('auth.login')).toMatchObject({
      username: 'nobody',
      result: 'failure',
      detail: 'unknown_user',
    });
  });

  it('a user of one tenant cannot sign in to another tenant with a wrong password, and tenants are separate', async () => {
    const pl = await login(t.app, 'admin', { tenant: 'pl' });
    const info = await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: pl.access_token, tenant: 'pl' });
    expect(info.json().tenant_id).toBe('pl');
  });

  it('locks the account after consecutive failures, even for the right password, and audits it', async () => {
    for (let i = 1; i <= 2; i++) {
      expect((await call(t.app, 'POST', LOGIN, { body: await loginBody(t.app, 'sales3', 'bad') })).statusCode).toBe(
        401,
      );
    }
    const third = await call(t.app, 'POST', LOGIN, { body: await loginBody(t.app, 'sales3', 'bad') });
    expect(third.statusCode).toBe(423);
    expect(third.json().code).toBe('account_locked');
    expect(await lastAudit('auth.lockout')).toMatchObject({ username: 'sales3', result: 'failure' });
    const right = await call(t.app, 'POST', LOGIN, { body: await loginBody(t.app, 'sales3') });
    expect(right.statusCode).toBe(423);
    // Once the lock has passed, the right password works and the count restarts.
    await t.database.db
      .update(loginFailure)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginFailure.username, 'sales3'));
    expect((await call(t.app, 'POST', LOGIN, { body: await loginBody(t.app, 'sales3') })).statusCode).toBe(200);
  });

  it('a success resets the failure count', async () => {
    await call(t.app, 'POST', LOGIN, { body: await loginBody(t.app, 'sales2', 'bad') });
    await call(t.app, 'POST', LOGIN, { body: await loginBody(t.app, 'sales2', 'bad') });
    await login(t.app, 'sales2');
    const [u] = await t.database.db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.username, 'sales2'), eq(staffUser.tenantId, 'tr')));
    expect(u.failedLogins).toBe(0);
    expect(u.lockedUntil).toBeNull();
  });

  it('an inactive user cannot sign in', async () => {
    await t.database.db
      .update(staffUser)
      .set({ active: false })
      .where(and(eq(staffUser.username, 'leader2'), eq(staffUser.tenantId, 'es')));
    const res = await call(t.app, 'POST', LOGIN, {
      tenant: 'es',
      body: await loginBody(t.app, 'leader2', undefined, 'es'),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works, and reusing the old token revokes the whole family', async () => {
    const first = await login(t.app, 'leader');
    const res = await call(t.app, 'POST', REFRESH, { token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.mfa).toBe(false);
    expect((await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: second.access_token })).statusCode).toBe(
      200,
    );

    // A repeat within the grace (two tabs) is answered (signin-hardening.test.ts); after it, it is a reuse.
    await t.database.db.execute(
      sql`update refresh_token set used_at = now() - interval '1 minute' where token_hash = ${sha256(first.refresh_token)}`,
    );
    const reuse = await call(t.app, 'POST', REFRESH, { token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('unauthorized');
    // The family is gone: the newest refresh token and the access token of the session stop working.
    expect((await call(t.app, 'POST', REFRESH, { token: second.refresh_token })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: second.access_token })).statusCode).toBe(
      401,
    );
    expect(await lastAudit('auth.refresh_reuse')).toMatchObject({ username: 'leader', result: 'denied' });
  });

  it('stores refresh tokens hashed', async () => {
    const tokens = await login(t.app, 'sales');
    const rows = await t.database.db.execute(sql`select token_hash from refresh_token`);
    const hashes = ((rows as unknown as { rows: { token_hash: string }[] }).rows ?? rows).map(
      (r: { token_hash: string }) => r.token_hash,
    );
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(tokens.refresh_token);
    expect(hashes.every((h: string) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('refuses a missing, unknown, expired or other-tenant refresh token', async () => {
    const none = await call(t.app, 'POST', REFRESH);
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('No refresh token');
    expect((await call(t.app, 'POST', REFRESH, { token: 'x'.repeat(43) })).statusCode).toBe(401);
    const tokens = await login(t.app, 'sales');
    expect((await call(t.app, 'POST', REFRESH, { token: tokens.refresh_token, tenant: 'pl' })).statusCode).toBe(401);
    await t.database.db.execute(
      sql`update refresh_token set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect((await call(t.app, 'POST', REFRESH, { token: tokens.refresh_token })).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session: access and refresh tokens stop working; audited', async () => {
    const tokens = await login(t.app, 'admin');
    const res = await call(t.app, 'POST', '/api/auth/admin/v1/logout', { token: tokens.access_token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: tokens.access_token })).statusCode).toBe(
      401,
    );
    expect((await call(t.app, 'POST', REFRESH, { token: tokens.refresh_token })).statusCode).toBe(401);
    expect(await lastAudit('auth.logout')).toMatchObject({ username: 'admin', result: 'success' });
    const sessions = await t.database.db.select().from(authSession).where(eq(authSession.revokeReason, 'logout'));
    expect(sessions.length).toBeGreaterThan(0);
  });

  it('needs a token', async () => {
    const res = await call(t.app, 'POST', '/api/auth/admin/v1/logout');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'unauthorized',
      message: 'missing access token',
      request_id: expect.any(String),
    });
  });
});

describe('rate limit', () => {
  it('answers 429 after LOGIN_RATE_LIMIT attempts per minute from one IP', async () => {
    const limited = await makeTestApp({ loginRateLimitPerMin: 3, captcha: false });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await call(limited.app, 'POST', LOGIN, {
          ip: '10.0.0.1',
          body: { username: 'admin', password: md5hex('bad') },
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await call(limited.app, 'POST', LOGIN, {
        ip: '10.0.0.1',
        body: { username: 'admin', password: md5hex('Demo@2026') },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another IP is not affected.
      const other = await call(limited.app, 'POST', LOGIN, {
        ip: '10.0.0.2',
        body: { username: 'admin', password: md5hex('Demo@2026') },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('captcha off', () => {
  it('reports { enabled: false } and lets login through without one', async () => {
    const off = await makeTestApp({ captcha: false });
    try {
      expect((await call(off.app, 'GET', '/api/auth/admin/v1/captcha')).json()).toEqual({ enabled: false });
      expect((await login(off.app, 'admin')).mfa).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe('userinfo last sign-in', () => {
  it('is the sign-in before the current session, not the current one (null before any)', async () => {
    const userinfo = async (token: string) =>
      (await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token, tenant: 'kun' })).json().last_login_at;
    const first = await login(t.app, 'supervisor', { tenant: 'kun' });
    expect(await userinfo(first.access_token)).toBeNull();
    const [firstAt] = await t.database.db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.username, 'supervisor'),
          eq(auditLog.tenantId, 'kun'),
          eq(auditLog.action, 'auth.login'),
          eq(auditLog.result, 'success'),
        ),
      );
    await new Promise((r) => setTimeout(r, 20));
    const second = await login(t.app, 'supervisor', { tenant: 'kun' });
    // The new session shows the first sign-in; the first session still shows none (nothing before it).
    expect(await userinfo(second.access_token)).toBe(firstAt.at.toISOString());
    expect(await userinfo(first.access_token)).toBeNull();
  });

  it('counts a sign-in whose audit row falls in the same millisecond as its session (compared to the microsecond)', async () => {
    const userinfo = async (token: string) =>
      (await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token, tenant: 'es' })).json().last_login_at;
    await login(t.app, 'supervisor', { tenant: 'es' });
    const second = await login(t.app, 'supervisor', { tenant: 'es' });
    const signIns = and(
      eq(auditLog.username, 'supervisor'),
      eq(auditLog.tenantId, 'es'),
      eq(auditLog.action, 'auth.login'),
      eq(auditLog.result, 'success'),
    );
    const rows = await t.database.db
      .select({ id: auditLog.id, at: auditLog.at })
      .from(auditLog)
      .where(signIns)
      .orderBy(auditLog.id);
    expect(rows).toHaveLength(2);
    // The second session starts in the same millisecond as its sign-in's audit row, at its last microsecond (the
    // audit log is append-only, so the session moves): read into JS, its time would fall before the row.
    await t.database.db
      .update(authSession)
      .set({
        createdAt: sql`date_trunc('milliseconds', (select at from audit_log where id = ${rows[1].id})) + interval '999 microseconds'`,
      })
      .where(eq(authSession.tenantId, 'es'));
    expect(await userinfo(second.access_token)).toBe(rows[0].at.toISOString());
  });
});
