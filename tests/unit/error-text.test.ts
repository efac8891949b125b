import { describe, expect, it } from 'vitest';
import { ApiError } from '../../dataProvider/http';
import { apiErrorText, errorText, fieldErrorTexts, forReactAdmin } from '../../dataProvider/errorText';
import { createI18nProvider } from '../../i18n';
import { createLoginI18n } from '../../i18n/loginLight';
import { ERRORS } from '../../i18n/messages/errors';

const zh = createI18nProvider({ initialLocale: 'zh-CN' }).translate;
const en = createI18nProvider({ initialLocale: 'en-US' }).translate;
/** An error as dataProvider/http.ts throws it for an API answer. */
const answer = (status: number, code: string, message: string, errors?: Record<string, string>) =>
  new ApiError(message, status, code, errors, { message, code, ...(errors ? { errors } : {}) }, true);

describe('errorText: API errors in the user language', () => {
  it('shows the translation of the code, never the English server sentence, in Chinese', () => {
    expect(apiErrorText(zh, answer(400, 'wrong_password', 'Old password is incorrect'))).toBe('原密码不正确');
    expect(apiErrorText(zh, answer(409, 'insufficient_funds', 'Insufficient balance'))).toBe('余额不足');
    expect(apiErrorText(zh, answer(409, 'invalid_state', 'Deposit is approved; it cannot be approved'))).toMatch(
      /已处理/,
    );
    expect(apiErrorText(zh, answer(409, 'amount_exceeds_owed', 'amount exceeds what is still owed (5.00)'))).toBe(
      '金额超过尚欠金额',
    );
    expect(apiErrorText(en, answer(401, 'invalid_credentials', 'x'))).toBe('Invalid username or password');
  });

  it("shows each field's problem from its stable code in the user language, the server text only when unknown", () => {
    const errors = {
      app_name: 'App name must be at most 40 characters',
      leader_id: 'A salesman needs a team leader',
      x: 'X is odd',
    };
    const body = {
      message: 'App name must be at most 40 characters',
      code: 'validation',
      errors,
      field_codes: {
        app_name: { code: 'too_long', limit: 40 },
        leader_id: { code: 'leader_required' },
        x: { code: 'odd' },
      },
    };
    const err = new ApiError(body.message, 400, 'validation', errors, body, true);
    expect(fieldErrorTexts(zh, err)).toEqual({
      app_name: '最多 40 个字符',
      leader_id: '业务员必须有组长',
      x: 'X is odd',
    });
    expect(fieldErrorTexts(en, err)).toMatchObject({ app_name: 'At most 40 characters' });
    expect(fieldErrorTexts(zh, answer(409, 'insufficient_funds', 'x'))).toBeUndefined();
  });

  it('names the fields of a validation error in the user language', () => {
    const err = answer(400, 'validation', 'Amount is invalid', { amount: 'Amount is invalid', account_id: 'x' });
    expect(apiErrorText(zh, err)).toBe('输入有误，请检查：金额、账户');
    expect(apiErrorText(en, err)).toBe('Please check: amount, account');
  });

  it("falls back to the server's message for an unknown code, and to the caller's text when nothing was said", () => {
    expect(apiErrorText(zh, answer(418, 'teapot', 'I am a teapot'))).toBe('I am a teapot');
    expect(apiErrorText(zh, new Error('boom'))).toBeUndefined();
    expect(errorText(zh, new Error('boom'), 'client.deposit.failure')).toBe(zh('client.deposit.failure'));
    // No answer at all: the caller's spec toast, not a guess.
    const offline = new ApiError(ERRORS.network, 0, 'network');
    expect(apiErrorText(zh, offline)).toBeUndefined();
    expect(errorText(zh, offline, 'client.deposit.failure')).toBe(zh('client.deposit.failure'));
    const crashed = answer(500, 'internal', 'Internal server error');
    expect(errorText(zh, crashed, 'client.bonus.failure')).toBe(zh('client.bonus.failure'));
  });

  it('the sign-in screen has the codes too', () => {
    expect(apiErrorText(createLoginI18n('zh-CN').translate, answer(423, 'account_locked', 'locked'))).toMatch(/锁定/);
  });

  it("gives react-admin's own notifications a translatable message key", () => {
    const converted = forReactAdmin(answer(404, 'not_found', 'Deposit not found')) as ApiError;
    expect(converted).toBeInstanceOf(ApiError);
    expect(zh(converted.message)).toBe('记录不存在或不在您的数据范围内');
    expect(converted.status).toBe(404);
    const unknown = answer(418, 'teapot', 'I am a teapot');
    expect(forReactAdmin(unknown)).toBe(unknown);
  });
});
