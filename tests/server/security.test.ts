import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { burnPasswordCheck, hashPassword, md5hex, verifyPassword } from '../../server/security/password';
import { base32Decode, base32Encode, newTotpSecret, totp, verifyTotp } from '../../server/security/totp';
import { newRecoveryCodes, recoveryCodeHash } from '../../server/security/recovery';
import { signToken, verifyToken } from '../../server/security/jwt';
import { SlidingWindow } from '../../server/core/rate-limit';
import { fieldErrors, splitIssues } from '../../server/core/errors';

describe('password hashing', () => {
  it('is argon2id over a peppered HMAC of the MD5 wire hash', async () => {
    const wire = md5hex('Demo@2026');
    expect(wire).toMatch(/^[0-9a-f]{32}$/);
    const stored = await hashPassword(wire, 'pepper-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, wire, 'pepper-1')).toBe(true);
    expect(await verifyPassword(stored, md5hex('demo@2026'), 'pepper-1')).toBe(false);
    // The pepper is part of the hash: a stolen table is useless without it.
    expect(await verifyPassword(stored, wire, 'pepper-2')).toBe(false);
    // The typed password itself (not its MD5) does not match.
    expect(await verifyPassword(stored, 'Demo@2026', 'pepper-1')).toBe(false);
  });

  it('salts every hash, and a malformed stored hash simply fails', async () => {
    const a = await hashPassword('x', 'p');
    const b = await hashPassword('x', 'p');
    expect(a).not.toBe(b);
    expect(await verifyPassword('not-a-hash', 'x', 'p')).toBe(false);
    expect(await burnPasswordCheck('x', 'p')).toBe(false);
  });
});

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  // RFC 6238 appendix B, SHA-1 secret "12345678901234567890", last 6 of the 8 digits.
  const secret = base32Encode(Buffer.from('12345678901234567890'));
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s', (sec, code) => {
    expect(totp(secret, sec * 1000)).toBe(code);
  });

  it('base32 round-trips and secrets are 160 bits', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(s)).toHaveLength(20);
    expect(base32Encode(base32Decode(s))).toBe(s);
  });

  it('accepts ±1 step, refuses further, and refuses a step already used', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30000);
    expect(verifyTotp(secret, totp(secret, now), { time: now })).toBe(step);
    expect(verifyTotp(secret, totp(secret, now - 30000), { time: now })).toBe(step - 1);
    expect(verifyTotp(secret, totp(secret, now + 30000), { time: now })).toBe(step + 1);
    expect(verifyTotp(secret, totp(secret, now + 60000), { time: now })).toBeNull();
    expect(verifyTotp(secret, totp(secret, now), { time: now, afterStep: step })).toBeNull();
    expect(verifyTotp(secret, totp(secret, now + 30000), { time: now, afterStep: step })).toBe(step + 1);
    expect(verifyTotp(secret, '12345', { time: now })).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are 10 distinct xxxx-xxxx codes, hashed ignoring case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(recoveryCodeHash('p', codes[0])).toBe(recoveryCodeHash('p', codes[0].toUpperCase().replace('-', ' ')));
    expect(recoveryCodeHash('p', codes[0])).not.toBe(recoveryCodeHash('q', codes[0]));
  });
});

describe('JWT', () => {
  it('signs HS256 with exp and verifies iss/aud', async () => {
    const token = await signToken('s'.repeat(32), { sub: '1', tid: 'tr', role: 'god', sid: 'x', typ: 'access' }, 60);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
    expect(await verifyToken('s'.repeat(32), token)).toMatchObject({ sub: '1', tid: 'tr', typ: 'access' });
    expect(await verifyToken('t'.repeat(32), token)).toBeNull();
    const expired = await signToken('s'.repeat(32), { sub: '1', tid: 'tr', role: 'god', sid: 'x', typ: 'access' }, -10);
    expect(await verifyToken('s'.repeat(32), expired)).toBeNull();
  });

  it('a token verified before stays valid only until its exp, and only under its secret', async () => {
    const secret = 'u'.repeat(32);
    const token = await signToken(secret, { sub: '2', tid: 'tr', role: 'hero', sid: 'y', typ: 'access' }, 60);
    expect(await verifyToken(secret, token)).toMatchObject({ sub: '2' });
    expect(await verifyToken(secret, token)).toMatchObject({ sub: '2' });
    expect(await verifyToken('v'.repeat(32), token)).toBeNull();
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    expect(await verifyToken(secret, tampered)).toBeNull();
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      expect(await verifyToken(secret, token)).toBeNull();
    } finally {
      later.mockRestore();
    }
  });
});

describe('configuration', () => {
  it('refuses AUTH_CAPTCHA=off with NODE_ENV=production', () => {
    const secrets = { JWT_SECRET: 'j', PASSWORD_PEPPER: 'p' };
    expect(() => loadConfig({ ...secrets, NODE_ENV: 'production', AUTH_CAPTCHA: 'off' })).toThrow(/AUTH_CAPTCHA=off/);
    expect(loadConfig({ ...secrets, NODE_ENV: 'test', AUTH_CAPTCHA: 'off' }).captcha).toBe(false);
    expect(loadConfig({ ...secrets, NODE_ENV: 'production' }).captcha).toBe(true);
  });
});

describe('sliding-window rate limit', () => {
  it('allows `limit` hits per window per key', () => {
    const w = new SlidingWindow(2, 60_000);
    expect(w.hit('a', 0)).toBe(0);
    expect(w.hit('a', 1000)).toBe(0);
    expect(w.hit('a', 2000)).toBe(58);
    expect(w.hit('b', 2000)).toBe(0);
    expect(w.hit('a', 60_001)).toBe(0); // the first hit has left the window
  });
});

describe('validation messages', () => {
  it('map ajv issues to one message and one stable code per field', () => {
    expect(
      fieldErrors([
        { keyword: 'required', instancePath: '', params: { missingProperty: 'username' } },
        { keyword: 'minLength', instancePath: '/password', params: { limit: 1 } },
        { keyword: 'pattern', instancePath: '/new_password', params: {} },
        {
          keyword: 'maxLength',
          instancePath: '/app_name',
          params: { limit: 40 },
          message: 'must NOT have more than 40 characters',
        },
        { keyword: 'type', instancePath: '', params: {}, propertyName: 'extra' },
      ]),
    ).toEqual({
      username: { code: 'required', message: 'Username is required' },
      password: { code: 'required', message: 'Password is required' },
      new_password: { code: 'invalid', message: 'New password is invalid' },
      app_name: { code: 'too_long', limit: 40, message: 'App name must NOT have more than 40 characters' },
      extra: { code: 'unknown_field', message: 'Extra is not a known field' },
    });
  });

  it("infer the code of a service's plain message, and keep an explicit one", () => {
    expect(
      splitIssues({ amount: 'amount allows at most 2 decimals', n: 'n is required', x: 'x must be a date' }),
    ).toEqual({
      errors: { amount: 'amount allows at most 2 decimals', n: 'n is required', x: 'x must be a date' },
      codes: { amount: { code: 'decimals', limit: 2 }, n: { code: 'required' }, x: { code: 'invalid' } },
    });
    expect(
      splitIssues({ leader_id: { code: 'leader_required', message: 'A salesman needs a team leader' } }).codes,
    ).toEqual({
      leader_id: { code: 'leader_required' },
    });
  });
});
