import { describe, expect, it, vi } from 'vitest';
import { wirePassword } from '../../authProvider/password';
import { createServices } from '../../services';
import { accountApi } from '../../src/account/accountApi';
import { parseOtpSecret } from '../../src/account/otpauth';
import { extractRecoveryCodes } from '../../src/account/recoveryCodes';
import { DEMO_PASSWORD, fakeAuthApi, GOOD_CODE, testProfile, installMsw } from './msw';

installMsw();

function setup() {
  const backend = fakeAuthApi();
  const redirect = vi.fn();
  const s = createServices({ profile: testProfile, chains: new Map(), redirect });
  return { backend, redirect, s, ap: s.authProvider };
}

const creds = (username: string) => ({ username, password: DEMO_PASSWORD, captchaId: 'c1', captcha: 'abcd' });

describe('authProvider', () => {
  it('login resolves for a plain login and stays on the page (redirectTo false) when MFA is required', async () => {
    const { ap, s } = setup();
    await expect(ap.login(creds('admin'))).resolves.toBeUndefined();
    await ap.logout({});
    await expect(ap.login(creds('mfa'))).resolves.toEqual({ redirectTo: false });
    expect(s.authMachine.getState().status).toBe('mfa_required');
    await s.authMachine.verifyMfa(GOOD_CODE);
    await expect(ap.checkAuth({})).resolves.toBeUndefined();
    s.refresher.cancel();
  });

  it('login rejects with the API error', async () => {
    const { ap } = setup();
    await expect(ap.login({ ...creds('admin'), password: 'nope' })).rejects.toMatchObject({
      message: 'Invalid username or password',
    });
  });

  it('checkAuth bootstraps when idle: rejects without tokens, resolves with a stored session', async () => {
    const { ap, s, backend } = setup();
    await expect(ap.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    await ap.login(creds('leader'));
    s.refresher.cancel();
    const fresh = createServices({ profile: testProfile, chains: new Map(), redirect: vi.fn() });
    expect(fresh.authMachine.getState().status).toBe('idle');
    await expect(fresh.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(fresh.authMachine.getState().status).toBe('authenticated');
    expect(backend.calls.userinfo).toBe(2);
    fresh.refresher.cancel();
  });

  it('checkError: 401 rejects (react-admin logs out), 403 and others resolve', async () => {
    const { ap } = setup();
    await expect(ap.checkError({ status: 401 })).rejects.toBeDefined();
    await expect(ap.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(ap.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(ap.checkError(new Error('x'))).resolves.toBeUndefined();
  });

  it('getIdentity answers {id, fullName}; getPermissions the cached payload', async () => {
    const { ap, s } = setup();
    await ap.login(creds('sales'));
    await expect(ap.getIdentity!()).resolves.toEqual({ id: 4, fullName: 'Sales' });
    const perms = await ap.getPermissions!({});
    expect(perms).toMatchObject({
      userId: 4,
      roles: ['hero'],
      featureFlags: { 'beta.blockDeals': false, 'ui.compactSideMenu': true },
    });
    expect(perms.grants).toContainEqual({ resource: 'client', actions: ['read', 'update', 'robot'] });
    s.refresher.cancel();
  });

  it('logout clears everything and returns /login for react-admin to navigate', async () => {
    const { ap, s, backend, redirect } = setup();
    await ap.login(creds('sales'));
    await expect(ap.logout({})).resolves.toBe('/login');
    expect(backend.calls.logout).toBe(1);
    expect(s.tokenStore.get()).toBeNull();
    expect(s.authMachine.getState().status).toBe('idle');
    expect(redirect).not.toHaveBeenCalled();
    await expect(ap.getIdentity!()).rejects.toThrow('Unauthorized');
  });
});

describe('api helpers', () => {
  it('captcha; change password (MD5), MFA bind, recovery codes, disable and settings through the dataProvider', async () => {
    const { s, backend } = setup();
    expect(await s.api.captcha()).toMatchObject({ enabled: true, captcha_id: expect.any(String) });
    await s.authMachine.login(creds('admin'));
    const account = accountApi(s.dataProvider);
    const setupAnswer = await account.mfaBindStart();
    expect(setupAnswer.secret).toBe('JBSWY3DPEHPK3PXP');
    expect(setupAnswer.qrcode_data_url).toMatch(/^data:image/);
    await expect(account.mfaBindVerify('000000')).rejects.toMatchObject({ code: 'mfa_invalid' });
    await account.mfaBindVerify(GOOD_CODE);
    expect(await account.mfaRecoveryCodes()).toHaveLength(10);
    await expect(account.mfaDisable({ recovery_code: 'rc-1' })).resolves.toBeUndefined();
    // The bearer goes with a dataProvider call.
    expect(await s.dataProvider.call('/setting/v1/app')).toMatchObject({ app_name: 'Admin' });
    await expect(account.changePassword('wrong', 'newpass1')).rejects.toMatchObject({ code: 'wrong_password' });
    await account.changePassword(DEMO_PASSWORD, 'newpass1');
    expect(backend.password).toBe(wirePassword('newpass1'));
    s.refresher.cancel();
  });
});

describe('answer shapes', () => {
  it.each([
    [['a', 'b']],
    [{ recovery_codes: ['a', 'b'] }],
    [{ data: { codes: ['a', 'b'] } }],
    [{ data: ['a', 'b'] }],
    [{ items: ['a', 'b'] }],
    [{ list: ['a', 'b'] }],
    [{ value: ['a', 'b'] }],
  ])('recovery codes from %j', (answer) => {
    expect(extractRecoveryCodes(answer)).toEqual(['a', 'b']);
  });

  it('no recovery codes, and the otpauth secret', () => {
    expect(extractRecoveryCodes({})).toEqual([]);
    expect(extractRecoveryCodes(null)).toEqual([]);
    expect(parseOtpSecret('otpauth://totp/Admin:a?issuer=Admin&secret=ABC234')).toBe('ABC234');
    expect(parseOtpSecret('otpauth://totp/x')).toBe('');
  });
});
