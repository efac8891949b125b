/**
 * The per-account lockout of own-account checks under concurrency (PostgreSQL only): 20 wrong old passwords sent at
 * once from 20 addresses with one session. The account's failure row is counted by one upsert per failure, so exactly
 * LOCKOUT_THRESHOLD - 1 of them answer 400 wrong_password and every other one 423 account_locked; the right password
 * from a new address is then refused too; sign-in only asks for the captcha.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5hex } from '../../server/security/password';
import { call, DEMO_PASSWORD, login, makeTestApp, type TestApp } from './helpers';

const THRESHOLD = 5;
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ captcha: false, lockoutThreshold: THRESHOLD, lockoutSec: 600 });
});
afterAll(() => t?.close());

describe('own-account lockout under parallel guesses from rotating addresses', () => {
  it('20 parallel wrong old passwords: threshold - 1 refused as wrong, the rest locked', async () => {
    const { access_token } = await login(t.app, 'leader');
    const change = (old: string, ip: string) =>
      call(t.app, 'POST', '/api/user/v1/change_pwd', {
        ip,
        token: access_token,
        body: { old_password: md5hex(old), new_password: md5hex('Other@2026!') },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`guess${i}`, `10.77.${i}.1`)));
    const codes = answers.map((r) => `${r.statusCode} ${r.json().code}`);
    expect(codes.filter((c) => c === '400 wrong_password')).toHaveLength(THRESHOLD - 1);
    expect(codes.filter((c) => c === '423 account_locked')).toHaveLength(20 - (THRESHOLD - 1));
    expect((await change(DEMO_PASSWORD, '10.77.99.1')).statusCode).toBe(423);
    // Sign-in is not locked by it: the failures from every address only ask for the captcha.
    const signIn = await call(t.app, 'POST', '/api/auth/admin/v1/login', {
      ip: '10.77.99.2',
      body: { username: 'leader', password: md5hex(DEMO_PASSWORD) },
    });
    expect([signIn.statusCode, signIn.json().code]).toEqual([400, 'captcha_required']);
  });
});
