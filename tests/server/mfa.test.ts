import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { auditLog, recoveryCode, staffUser } from '../../server/db/schema';
import { totp, TOTP_PERIOD } from '../../server/security/totp';
import { call, login, makeTestApp, type TestApp } from './helpers';

const VERIFY = '/api/auth/admin/v1/mfa/verify';
const step = TOTP_PERIOD * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ lockoutThreshold: 4 });
});
afterAll(() => t?.close());

const auditActions = async (username: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.username, username)).orderBy(desc(auditLog.id))).map(
    (r) => `${r.action}:${r.result}`,
  );

/** Enables MFA for a user with the previous step's code (so codes of the current step are still unused); returns the secret. */
async function enableMfa(username: string, tenant = 'tr'): Promise<string> {
  const { access_token } = await login(t.app, username, { tenant });
  const start = await call(t.app, 'POST', '/api/user/v1/mfa/bind/start', { token: access_token, tenant });
  expect(start.statusCode).toBe(200);
  const secret = new URL(start.json().otpauth_uri).searchParams.get('secret')!;
  const res = await call(t.app, 'POST', '/api/user/v1/mfa/bind/verify', {
    token: access_token,
    tenant,
    body: { code: totp(secret, Date.now() - step) },
  });
  expect(res.statusCode).toBe(200);
  return secret;
}

describe('binding an authenticator', () => {
  it('start answers an otpauth URI (issuer = app name, label = username) and a QR code', async () => {
    const { access_token } = await login(t.app, 'leader');
    const res = await call(t.app, 'POST', '/api/user/v1/mfa/bind/start', { token: access_token });
    expect(res.statusCode).toBe(200);
    const { otpauth_uri, qrcode_data_url } = res.json();
    expect(otpauth_uri).toMatch(
      /^otpauth:\/\/totp\/Admin:leader\?secret=[A-Z2-7]{32}&issuer=Admin&algorithm=SHA1&digits=6&period=30$/,
    );
    expect(qrcode_data_url).toMatch(/^data:image\/png;base64,/);
  });

  it('verify refuses a wrong code, then enables MFA with a right one; audited', async () => {
    const { access_token } = await login(t.app, 'sales');
    const start = await call(t.app, 'POST', '/api/user/v1/mfa/bind/start', { token: access_token });
    const secret = new URL(start.json().otpauth_uri).searchParams.get('secret')!;
    const wrongCode = String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await call(t.app, 'POST', '/api/user/v1/mfa/bind/verify', {
      token: access_token,
      body: { code: wrongCode },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'mfa_invalid', message: 'Verification failed' });
    const bad = await call(t.app, 'POST', '/api/user/v1/mfa/bind/verify', {
      token: access_token,
      body: { code: '12ab' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ code: 'Code is invalid' });
    const ok = await call(t.app, 'POST', '/api/user/v1/mfa/bind/verify', {
      token: access_token,
      body: { code: totp(secret) },
    });
    expect(ok.statusCode).toBe(200);
    const info = await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: access_token });
    expect(info.json().mfa).toBe(true);
    expect(await auditActions('sales')).toEqual(
      expect.arrayContaining(['user.mfa_enable:success', 'user.mfa_enable:failure']),
    );
    // Binding again while on is refused.
    const again = await call(t.app, 'POST', '/api/user/v1/mfa/bind/start', { token: access_token });
    expect(again.json().code).toBe('mfa_already_enabled');
  });

  it('verify without a started binding is refused', async () => {
    const { access_token } = await login(t.app, 'sales2');
    const res = await call(t.app, 'POST', '/api/user/v1/mfa/bind/verify', {
      token: access_token,
      body: { code: '123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('mfa_invalid');
  });
});

describe('signing in with MFA', () => {
  it('login answers a pending token that only mfa/verify accepts; a code signs in once', async () => {
    const secret = await enableMfa('admin', 'pl');
    const pending = await login(t.app, 'admin', { tenant: 'pl' });
    expect(pending).toMatchObject({ mfa: true, refresh_token: '' });
    const claims = JSON.parse(Buffer.from(pending.access_token.split('.')[1], 'base64url').toString());
    expect(claims.typ).toBe('mfa');
    expect(claims.exp - claims.iat).toBe(300);
    // The pending token is no access token.
    expect(
      (await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: pending.access_token, tenant: 'pl' }))
        .statusCode,
    ).toBe(401);

    const code = totp(secret);
    const ok = await call(t.app, 'POST', VERIFY, { token: pending.access_token, tenant: 'pl', body: { code } });
    expect(ok.statusCode).toBe(200);
    const tokens = ok.json();
    expect(tokens.mfa).toBe(false);
    expect(tokens.refresh_token).not.toBe('');
    expect(
      (await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: tokens.access_token, tenant: 'pl' }))
        .statusCode,
    ).toBe(200);
    // An access token is refused by mfa/verify, and a used pending token is spent.
    expect(
      (await call(t.app, 'POST', VERIFY, { token: tokens.access_token, tenant: 'pl', body: { code } })).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', VERIFY, { token: pending.access_token, tenant: 'pl', body: { code } })).statusCode,
    ).toBe(401);

    // TOTP replay: the same code in a new sign-in is refused.
    const second = await login(t.app, 'admin', { tenant: 'pl' });
    const replay = await call(t.app, 'POST', VERIFY, { token: second.access_token, tenant: 'pl', body: { code } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      code: 'mfa_invalid',
      message: 'Verification failed',
      request_id: expect.any(String),
    });
    // The next step's code (inside the ±1 window) is still accepted.
    const next = await call(t.app, 'POST', VERIFY, {
      token: second.access_token,
      tenant: 'pl',
      body: { code: totp(secret, Date.now() + step) },
    });
    expect(next.statusCode).toBe(200);
  });

  it('a code outside the ±1 step window is refused', async () => {
    const secret = await enableMfa('supervisor', 'pl');
    const pending = await login(t.app, 'supervisor', { tenant: 'pl' });
    const res = await call(t.app, 'POST', VERIFY, {
      token: pending.access_token,
      tenant: 'pl',
      body: { code: totp(secret, Date.now() + 3 * step) },
    });
    expect(res.statusCode).toBe(401);
    const empty = await call(t.app, 'POST', VERIFY, { token: pending.access_token, tenant: 'pl', body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ code: 'Verification code is required.' });
  });

  it('recovery codes: 10 hashed codes, each signs in once; a new set invalidates the old', async () => {
    const secret = await enableMfa('leader', 'kun');
    const pending = await login(t.app, 'leader', { tenant: 'kun' });
    const verified = await call(t.app, 'POST', VERIFY, {
      token: pending.access_token,
      tenant: 'kun',
      body: { code: totp(secret, Date.now() + step) },
    });
    const session = verified.json();
    const [user] = await t.database.db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.username, 'leader'), eq(staffUser.tenantId, 'kun')));
    const res = await call(t.app, 'POST', '/api/user/v1/mfa/recovery_codes', {
      token: session.access_token,
      tenant: 'kun',
    });
    expect(res.statusCode).toBe(200);
    const codes: string[] = res.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((c) => expect(c).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/));
    const rows = await t.database.db.select().from(recoveryCode).where(eq(recoveryCode.userId, user.id));
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.codeHash)).not.toContain(codes[0]);

    const p1 = await login(t.app, 'leader', { tenant: 'kun' });
    const first = await call(t.app, 'POST', VERIFY, {
      token: p1.access_token,
      tenant: 'kun',
      body: { recovery_code: codes[0].toUpperCase() },
    });
    expect(first.statusCode).toBe(200);
    const p2 = await login(t.app, 'leader', { tenant: 'kun' });
    const reused = await call(t.app, 'POST', VERIFY, {
      token: p2.access_token,
      tenant: 'kun',
      body: { recovery_code: codes[0] },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('mfa_invalid');

    const fresh = await call(t.app, 'POST', '/api/user/v1/mfa/recovery_codes', {
      token: first.json().access_token,
      tenant: 'kun',
    });
    const newCodes: string[] = fresh.json().recovery_codes;
    const old = await call(t.app, 'POST', VERIFY, {
      token: p2.access_token,
      tenant: 'kun',
      body: { recovery_code: codes[1] },
    });
    expect(old.statusCode).toBe(401);
    const ok = await call(t.app, 'POST', VERIFY, {
      token: p2.access_token,
      tenant: 'kun',
      body: { recovery_code: newCodes[1] },
    });
    expect(ok.statusCode).toBe(200);
    const unused = await t.database.db
      .select()
      .from(recoveryCode)
      .where(and(eq(recoveryCode.userId, user.id), isNull(recoveryCode.usedAt)));
    expect(unused).toHaveLength(9);
  });

  it('repeated wrong codes lock the account', async () => {
    const secret = await enableMfa('sales3', 'kun');
    const pending = await login(t.app, 'sales3', { tenant: 'kun' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(t.app, 'POST', VERIFY, {
        token: pending.access_token,
        tenant: 'kun',
        body: { code: '000000' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 423]);
    expect(
      (await call(t.app, 'POST', VERIFY, { token: pending.access_token, tenant: 'kun', body: { code: totp(secret) } }))
        .statusCode,
    ).toBe(401);
  });

  it('recovery_codes needs MFA on', async () => {
    const { access_token } = await login(t.app, 'sales2', { tenant: 'kun' });
    const res = await call(t.app, 'POST', '/api/user/v1/mfa/recovery_codes', { token: access_token, tenant: 'kun' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('mfa_not_enabled');
  });
});

describe('disabling MFA', () => {
  it('refuses a wrong code, accepts a right one; audited; sign-in then needs no code', async () => {
    const secret = await enableMfa('leader2', 'sun3');
    const pending = await login(t.app, 'leader2', { tenant: 'sun3' });
    const code = totp(secret);
    const session = (
      await call(t.app, 'POST', VERIFY, { token: pending.access_token, tenant: 'sun3', body: { code } })
    ).json();
    const token = session.access_token;
    const wrong = await call(t.app, 'POST', '/api/user/v1/mfa/disable', {
      token,
      tenant: 'sun3',
      body: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('mfa_invalid');
    const replay = await call(t.app, 'POST', '/api/user/v1/mfa/disable', { token, tenant: 'sun3', body: { code } });
    expect(replay.statusCode).toBe(400);
    const empty = await call(t.app, 'POST', '/api/user/v1/mfa/disable', { token, tenant: 'sun3', body: {} });
    expect(empty.statusCode).toBe(400);
    const ok = await call(t.app, 'POST', '/api/user/v1/mfa/disable', {
      token,
      tenant: 'sun3',
      body: { code: totp(secret, Date.now() + step) },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(t.app, 'leader2', { tenant: 'sun3' })).mfa).toBe(false);
    expect(await auditActions('leader2')).toEqual(
      expect.arrayContaining(['user.mfa_disable:success', 'user.mfa_disable:failure']),
    );
    const notOn = await call(t.app, 'POST', '/api/user/v1/mfa/disable', {
      token,
      tenant: 'sun3',
      body: { code: '123456' },
    });
    expect(notOn.json().code).toBe('mfa_not_enabled');
  });

  it('accepts a recovery code', async () => {
    const secret = await enableMfa('sales', 'sun3');
    const pending = await login(t.app, 'sales', { tenant: 'sun3' });
    const { access_token } = (
      await call(t.app, 'POST', VERIFY, { token: pending.access_token, tenant: 'sun3', body: { code: totp(secret) } })
    ).json();
    const codes = (
      await call(t.app, 'POST', '/api/user/v1/mfa/recovery_codes', { token: access_token, tenant: 'sun3' })
    ).json().recovery_codes;
    const res = await call(t.app, 'POST', '/api/user/v1/mfa/disable', {
      token: access_token,
      tenant: 'sun3',
      body: { recovery_code: codes[3] },
    });
    expect(res.statusCode).toBe(200);
    const info = await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: access_token, tenant: 'sun3' });
    expect(info.json().mfa).toBe(false);
  });
});
