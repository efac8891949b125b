import { describe, expect, it } from 'vitest';
import { extractRecoveryCodes } from '../../src/account/recoveryCodes';
import { parseOtpSecret } from '../../src/account/otpauth';
import { errorInfo } from '../../src/account/apiError';
import { ApiError } from '../../dataProvider/http';

const CODES = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];

describe('extractRecoveryCodes', () => {
  it.each([
    ['a bare array', CODES],
    ['recovery_codes', { recovery_codes: CODES }],
    ['codes', { codes: CODES }],
    ['items', { items: CODES }],
    ['list', { list: CODES }],
    ['value', { value: CODES }],
    ['a data envelope around an array', { data: CODES }],
    ['a data envelope around recovery_codes', { data: { recovery_codes: CODES } }],
    ['a data envelope around codes', { code: 0, msg: 'ok', data: { codes: CODES } }],
    ['a data envelope around items', { data: { items: CODES } }],
    ['a data envelope around list', { data: { list: CODES } }],
    ['a data envelope around value', { data: { value: CODES } }],
    ['nested envelopes', { data: { data: { recovery_codes: CODES } } }],
    ['objects with a code field', { items: CODES.map((code) => ({ code })) }],
    ['one string with one code a line', { value: CODES.join('\n') }],
  ])('reads %s', (_shape, answer) => {
    expect(extractRecoveryCodes(answer)).toEqual(CODES);
  });

  it('drops empty and non-string entries and trims', () => {
    expect(extractRecoveryCodes({ recovery_codes: [' x1 ', '', null, 42, {}, 'y2'] })).toEqual(['x1', '42', 'y2']);
  });

  it('prefers recovery_codes over the other keys', () => {
    expect(extractRecoveryCodes({ recovery_codes: ['r'], codes: ['c'] })).toEqual(['r']);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty object', {}],
    ['an empty list', { recovery_codes: [] }],
    ['an empty envelope', { data: null }],
    ['a number', 7],
    ['an unknown key', { secrets: CODES }],
  ])('gives [] for %s', (_shape, answer) => {
    expect(extractRecoveryCodes(answer)).toEqual([]);
  });
});

describe('parseOtpSecret', () => {
  it('reads the secret of an otpauth URI', () => {
    expect(parseOtpSecret('otpauth://totp/Back%20Office:admin?secret=JBSWY3DPEHPK3PXP&issuer=Back%20Office')).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    expect(parseOtpSecret('otpauth://totp/x?issuer=I&secret=abcd%20efgh')).toBe('ABCDEFGH');
  });

  it('gives an empty string without a secret', () => {
    expect(parseOtpSecret('otpauth://totp/x?issuer=I')).toBe('');
    expect(parseOtpSecret('')).toBe('');
    expect(parseOtpSecret(undefined)).toBe('');
  });
});

describe('errorInfo', () => {
  it('reads an ApiError with a server message', () => {
    const e = new ApiError('Captcha does not match', 400, 'captcha_invalid', undefined, {}, true);
    expect(errorInfo(e)).toMatchObject({
      status: 400,
      code: 'captcha_invalid',
      serverMessage: 'Captcha does not match',
    });
  });

  it('does not take a fallback text for a server message', () => {
    const e = new ApiError('Request failed (500)', 500, undefined, undefined, {}, false);
    expect(errorInfo(e).serverMessage).toBeUndefined();
    expect(errorInfo(new ApiError('Network error', 0, 'network')).serverMessage).toBeUndefined();
  });

  it('reads field errors and plain errors', () => {
    const e = new ApiError('Invalid', 400, 'validation', { username: 'Username is required' }, {}, true);
    expect(errorInfo(e).errors).toEqual({ username: 'Username is required' });
    expect(errorInfo(new Error('No pending session. Please login again.'))).toMatchObject({
      message: 'No pending session. Please login again.',
      serverMessage: undefined,
    });
    expect(errorInfo(null)).toEqual({});
  });
});
