/**
 * Sign-in hardening: the same answers for unknown users, wrong passwords and locked addresses; lockout per
 * (username, address) so an outsider cannot lock a staff member out of his own address; change_pwd and mfa/disable
 * count toward it; refresh tolerant of parallel tabs but still revoking on real reuse; an absolute session lifetime;
 * Idempotency-Keys per staff member and died claims freed within seconds.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { withIdempotency, requestHash } from '../../server/core/idempotency';
import { auditLog, authSession, loginFailure, staffUser } from '../../server/db/schema';
import { seedFunds } from '../../server/db/seed-funds';
import { md5hex } from '../../server/security/password';
import { sha256 } from '../../server/security/tokens';
import { totp, TOTP_PERIOD } from '../../server/security/totp';
import { call, DEMO_PASSWORD, login, loginBody, makeTestApp, type TestApp } from './helpers';

const LOGIN = '/api/auth/admin/v1/login';
const REFRESH = '/api/auth/admin/v1/token/refresh';
const USERINFO = '/api/auth/admin/v1/userinfo';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ lockoutThreshold: 3, lockoutSec: 600 });
  await seedFunds(t.database.db, 'tr', { clients: 2 });
});
afterAll(() => t?.close());

/** A sign-in attempt from an address (captcha solved). */
const attempt = async (username: string, password: string, ip: string, tenant = 'kun') =>
  call(t.app, 'POST', LOGIN, { ip, tenant, body: await loginBody(t.app, username, password, tenant) });

/** An answer as a person could compare two: status and body, without the request id every answer has its own of. */
const answer = (res: { statusCode: number; json(): unknown }) => {
  const { request_id: id, ...body } = res.json() as Record<string, unknown>;
  expect(id).toMatch(/^[0-9a-f]{16}$/);
  return { status: res.statusCode, body };
};

const lastAudit = async (action: string) =>
  (
    await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];

describe('no username enumeration', () => {
  it('an unknown user, a wrong password and a disabled account get the same answers, locked alike', async () => {
    await t.database.db
      .update(staffUser)
      .set({ active: false })
      .where(and(eq(staffUser.username, 'sales3'), eq(staffUser.tenantId, 'kun')));
    const run = async (username: string, ip: string) => {
      const out = [];
      for (let i = 0; i < 3; i++) out.push(answer(await attempt(username, 'wrong', ip)));
      // Locked now: the same answer whatever the password.
      out.push(answer(await attempt(username, DEMO_PASSWORD, ip)));
      return out;
    };
    const wrong = await run('leader2', '10.1.0.1');
    const unknown = await run('ghost', '10.1.0.2');
    const disabled = await run('sales3', '10.1.0.3');
    const invalid = { status: 401, body: { code: 'invalid_credentials', message: 'Invalid username or password' } };
    const locked = {
      status: 423,
      body: { code: 'account_locked', message: 'Too many failed attempts. Try again later.' },
    };
    expect(wrong).toEqual([invalid, invalid, locked, locked]);
    expect(unknown).toEqual(wrong);
    expect(disabled).toEqual(wrong);
    expect(await lastAudit('auth.lockout')).toMatchObject({ username: 'sales3', result: 'failure' });
  });

  it('an unknown user costs the same password-hash work as a wrong password', async () => {
    const timed = async (username: string, i: number) => {
      const body = await loginBody(t.app, username, 'wrong', 'kun');
      const start = performance.now();
      const res = await call(t.app, 'POST', LOGIN, { ip: `10.2.${i}.1`, tenant: 'kun', body });
      expect(res.statusCode).toBe(401);
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed('leader', i));
      unknown.push(await timed(`nobody${i}`, 100 + i));
    }
    // Without the dummy check an unknown user answered in a small fraction of the argon2 time (about 1/20).
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});

describe('lockout per (user, address)', () => {
  it("locks the attacker's address out; the staff member signs in from his own, and the lock stays on the attacker", async () => {
    const attacker = '203.0.113.9';
    const own = '198.51.100.7';
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt('leader', 'guess' + i, attacker, 'es')).statusCode);
    expect(statuses).toEqual([401, 401, 423]);
    expect((await attempt('leader', DEMO_PASSWORD, attacker, 'es')).statusCode).toBe(423);
    const mine = await attempt('leader', DEMO_PASSWORD, own, 'es');
    expect(mine.statusCode).toBe(200);
    expect((await attempt('leader', DEMO_PASSWORD, attacker, 'es')).statusCode).toBe(423);
    // The lock ends after LOCKOUT_SECONDS.
    await t.database.db
      .update(loginFailure)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(loginFailure.username, 'leader'), eq(loginFailure.ip, attacker)));
    expect((await attempt('leader', DEMO_PASSWORD, attacker, 'es')).statusCode).toBe(200);
  });

  it('failures from every address never lock; with the captcha off they make it required for that username', async () => {
    const off = await makeTestApp({ captcha: false, lockoutThreshold: 3 });
    try {
      const signIn = (username: string, password: string, ip: string, extra = {}) =>
        call(off.app, 'POST', LOGIN, { ip, body: { username, password: md5hex(password), ...extra } });
      for (const [i, username] of ['sales2', 'sales2', 'sales2', 'ghost', 'ghost', 'ghost'].entries()) {
        expect((await signIn(username, 'wrong', `10.3.${i}.1`)).statusCode).toBe(401);
      }
      // A fourth address: no lock, but the captcha is required now, for a real and an unknown username alike.
      const real = await signIn('sales2', DEMO_PASSWORD, '10.3.9.1');
      const ghost = await signIn('ghost', DEMO_PASSWORD, '10.3.9.2');
      expect(answer(real)).toEqual(answer(ghost));
      expect(real.json()).toMatchObject({ code: 'captcha_required' });
      expect((await call(off.app, 'GET', '/api/auth/admin/v1/captcha')).json()).toEqual({ enabled: false });
      const forced = (await call(off.app, 'GET', '/api/auth/admin/v1/captcha?force=true')).json();
      expect(forced).toMatchObject({ enabled: true });
      const captcha = off.app.captchaStore!.get(forced.captcha_id)!;
      const ok = await signIn('sales2', DEMO_PASSWORD, '10.3.9.1', { captcha_id: forced.captcha_id, captcha });
      expect(ok.statusCode).toBe(200);
      // Other usernames are not affected.
      expect((await signIn('sales', DEMO_PASSWORD, '10.3.9.1')).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('change_pwd and mfa/disable count toward the lockout', () => {
  it('wrong old passwords lock the address: 423 even for the right one, and sign-in from there too', async () => {
    const ip = '10.4.0.1';
    const { access_token } = (await attempt('supervisor', DEMO_PASSWORD, ip)).json();
    const change = (old: string) =>
      call(t.app, 'POST', '/api/user/v1/change_pwd', {
        ip,
        tenant: 'kun',
        token: access_token,
        body: { old_password: md5hex(old), new_password: md5hex('Other@2026!') },
      });
    expect((await change('nope1')).json().code).toBe('wrong_password');
    expect((await change('nope2')).json().code).toBe('wrong_password');
    const third = await change('nope3');
    expect(answer(third)).toMatchObject({ status: 423, body: { code: 'account_locked' } });
    expect((await change(DEMO_PASSWORD)).statusCode).toBe(423);
    expect((await attempt('supervisor', DEMO_PASSWORD, ip)).statusCode).toBe(423);
    // The staff member from another address is not affected; the password is unchanged.
    expect((await attempt('supervisor', DEMO_PASSWORD, '10.4.0.2')).statusCode).toBe(200);
  });

  it('wrong codes to mfa/disable lock the address', async () => {
    const ip = '10.5.0.1';
    const tenant = 'pl';
    const { access_token: first } = (await attempt('leader', DEMO_PASSWORD, ip, tenant)).json();
    const start = await call(t.app, 'POST', '/api/user/v1/mfa/bind/start', { token: first, tenant, ip });
    const secret = new URL(start.json().otpauth_uri).searchParams.get('secret')!;
    const bound = await call(t.app, 'POST', '/api/user/v1/mfa/bind/verify', {
      token: first,
      tenant,
      ip,
      body: { code: totp(secret, Date.now() - TOTP_PERIOD * 1000) },
    });
    expect(bound.statusCode).toBe(200);
    const pending = (await attempt('leader', DEMO_PASSWORD, ip, tenant)).json();
    const session = await call(t.app, 'POST', '/api/auth/admin/v1/mfa/verify', {
      token: pending.access_token,
      tenant,
      ip,
      body: { code: totp(secret) },
    });
    const token = session.json().access_token;
    const disable = (code: string) =>
      call(t.app, 'POST', '/api/user/v1/mfa/disable', { token, tenant, ip, body: { code } });
    expect((await disable('000000')).json().code).toBe('mfa_invalid');
    expect((await disable('000001')).json().code).toBe('mfa_invalid');
    expect(answer(await disable('000002'))).toMatchObject({ status: 423, body: { code: 'account_locked' } });
    expect((await disable(totp(secret, Date.now() + TOTP_PERIOD * 1000))).statusCode).toBe(423);
    const info = await call(t.app, 'GET', USERINFO, { token, tenant, ip });
    expect(info.json().mfa).toBe(true);
  });
});

describe('refresh', () => {
  it('ten parallel refreshes with one token all answer 200 with the same new token; the session goes on', async () => {
    const first = await login(t.app, 'sales');
    const all = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, 'POST', REFRESH, { token: first.refresh_token })),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const next = new Set(all.map((r) => r.json().refresh_token));
    expect(next.size).toBe(1);
    const [second] = next;
    expect(second).not.toBe(first.refresh_token);
    for (const r of all)
      expect((await call(t.app, 'GET', USERINFO, { token: r.json().access_token })).statusCode).toBe(200);
    const third = await call(t.app, 'POST', REFRESH, { token: second });
    expect(third.statusCode).toBe(200);

    // After the grace, the first token again is a reuse: the whole family is revoked.
    await t.database.db.execute(
      sql`update refresh_token set used_at = now() - interval '31 seconds' where token_hash = ${sha256(first.refresh_token)}`,
    );
    const reuse = await call(t.app, 'POST', REFRESH, { token: first.refresh_token });
    expect(answer(reuse)).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect((await call(t.app, 'POST', REFRESH, { token: third.json().refresh_token })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', USERINFO, { token: third.json().access_token })).statusCode).toBe(401);
    expect(await lastAudit('auth.refresh_reuse')).toMatchObject({ username: 'sales', result: 'denied' });
  });

  it('a session ends SESSION_MAX_HOURS after sign-in even when refreshed all along', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }, { jwtSecret: 'x', passwordPepper: 'y' }).sessionMaxSec).toBe(12 * 3600);
    expect(
      loadConfig({ NODE_ENV: 'test', SESSION_MAX_HOURS: '2' }, { jwtSecret: 'x', passwordPepper: 'y' }).sessionMaxSec,
    ).toBe(7200);
    const tokens = await login(t.app, 'sales2');
    let refreshToken = tokens.refresh_token;
    const sid = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).sid as string;
    // Refreshed along the way: signed in 11 h 59 min ago still refreshes.
    await t.database.db
      .update(authSession)
      .set({ createdAt: sql`now() - interval '11 hours 59 minutes'` })
      .where(eq(authSession.id, sid));
    const ok = await call(t.app, 'POST', REFRESH, { token: refreshToken });
    expect(ok.statusCode).toBe(200);
    refreshToken = ok.json().refresh_token;
    await t.database.db
      .update(authSession)
      .set({ createdAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(authSession.id, sid));
    const over = await call(t.app, 'POST', REFRESH, { token: refreshToken });
    expect(over.statusCode).toBe(401);
    expect(over.json().message).toMatch(/maximum lifetime/);
    expect((await call(t.app, 'GET', USERINFO, { token: ok.json().access_token })).statusCode).toBe(401);
  });

  it('a short configured lifetime ends the session on the real clock', async () => {
    const short = await makeTestApp({ captcha: false, sessionMaxSec: 1 });
    try {
      const tokens = await login(short.app, 'admin');
      await new Promise((r) => setTimeout(r, 1100));
      expect((await call(short.app, 'POST', REFRESH, { token: tokens.refresh_token })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('Idempotency-Key per staff member', () => {
  it('two staff members using the same key both succeed, each with his own result and replay', async () => {
    const [row] = (
      await t.database.db.execute(sql`SELECT c.id FROM client c WHERE c.tenant_id = 'tr' ORDER BY c.id LIMIT 1`)
    ).rows as { id: number }[];
    const clientId = Number(row.id);
    const admin = (await login(t.app, 'admin')).access_token;
    const supervisor = (await login(t.app, 'supervisor')).access_token;
    const accs = (await call(t.app, 'GET', `/api/acc/admin/v1/list/${clientId}`, { token: admin })).json().data as {
      id: number;
      currency: string;
    }[];
    const body = { account_id: accs[0].id, amount: '12.34', currency: accs[0].currency, sub_type: 'bank' };
    const deposit = (token: string) =>
      call(t.app, 'POST', `/api/deposit/admin/v2/specialized/${clientId}`, {
        token,
        body: { ...body, screenshot: null },
        headers: { 'idempotency-key': 'same-key-1' },
      });
    const a = await deposit(admin);
    const s = await deposit(supervisor);
    expect([a.statusCode, s.statusCode]).toEqual([200, 200]);
    expect(a.json().id).not.toBe(s.json().id);
    expect((await deposit(admin)).json()).toEqual(a.json());
    expect((await deposit(supervisor)).json()).toEqual(s.json());
    const keys = await t.database.db.execute(
      sql`SELECT user_id FROM idempotency_key WHERE key = 'same-key-1' ORDER BY user_id`,
    );
    expect(keys.rows).toHaveLength(2);
  });

  it("a died request's claim is free once its lease runs out (seconds), not after minutes", async () => {
    const hash = requestHash('died');
    // A request claimed the key and died (process crash) before finishing: its lease was never renewed.
    await t.database.db
      .execute(sql`INSERT INTO idempotency_key (tenant_id, user_id, key, request_hash, status, owner, lease_until)
      VALUES ('tr', 7, 'died-1', ${hash}, 'in_flight', 'dead-request', now() + interval '1 second')`);
    const run = () => withIdempotency(t.database.db, 'tr', 'died-1', hash, async () => ({ ok: 1 }), { userId: 7 });
    await expect(run()).rejects.toMatchObject({ statusCode: 409, code: 'idempotency_in_flight' });
    await new Promise((r) => setTimeout(r, 1100));
    expect(await run()).toEqual({ result: { ok: 1 }, replayed: false });
    expect(await run()).toEqual({ result: { ok: 1 }, replayed: true });
  });

  it('an owner whose claim was taken over rolls its work back instead of committing a second effect', async () => {
    // A scratch table: made by the owner (the API's role creates none); the default privileges grant it DML.
    await t.asOwner((owner) => owner.execute(sql`CREATE TABLE IF NOT EXISTS idem_effect (n int)`));
    const hash = requestHash('taken');
    const run = withIdempotency(
      t.database.db,
      'tr',
      'taken-1',
      hash,
      async (tx) => {
        await tx.execute(sql`INSERT INTO idem_effect VALUES (1)`);
        // Meanwhile another request took the claim over (this one looked dead).
        await tx.execute(sql`UPDATE idempotency_key SET owner = 'other' WHERE key = 'taken-1'`);
        return 'done';
      },
      { userId: 7 },
    );
    await expect(run).rejects.toMatchObject({ statusCode: 409 });
    const effects = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM idem_effect`);
    expect(Number((effects.rows[0] as { n: number }).n)).toBe(0);
  });
});
