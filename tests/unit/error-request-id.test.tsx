// The id of a failed request (the API's request_id, docs/operations.md) follows the error text the console shows, in
// the user's language, so that staff can quote it; an answer without one (or with anything but a safe token) reads as
// before.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../dataProvider/http';
import { apiErrorText, errorText, forReactAdmin, requestIdOf } from '../../dataProvider/errorText';
import { createI18nProvider } from '../../i18n';
import DepositDialog from '../../resources/client/dialogs/DepositDialog';
import { fakeClientApi, flush, pick, renderClientUi, toasts } from './client.helpers';
import { installMsw } from './msw';

installMsw();

const zh = createI18nProvider({ initialLocale: 'zh-CN' }).translate;
const en = createI18nProvider({ initialLocale: 'en-US' }).translate;
const ID = '3f9a2c4b1d5e6f70';
const answer = (status: number, code: string, request_id?: unknown) => {
  const body = { message: 'English server text', code, ...(request_id === undefined ? {} : { request_id }) };
  return new ApiError(body.message, status, code, undefined, body, true);
};

describe('the request id in error texts', () => {
  it('follows the translated text, in Chinese and in English', () => {
    expect(apiErrorText(zh, answer(409, 'insufficient_funds', ID))).toBe(`余额不足（请求编号 ${ID}）`);
    expect(apiErrorText(en, answer(409, 'insufficient_funds', ID))).toBe(`Insufficient balance (request ${ID})`);
    expect(errorText(zh, answer(403, 'forbidden', ID))).toBe(`您没有执行此操作的权限（请求编号 ${ID}）`);
  });

  it('is shown with the fallback text of a failure that says nothing else (a 500)', () => {
    expect(apiErrorText(zh, answer(500, 'internal', ID))).toBeUndefined();
    expect(errorText(zh, answer(500, 'internal', ID))).toBe(`请求失败（请求编号 ${ID}）`);
    expect(errorText(zh, answer(500, 'internal', ID), 'engine.action.failed')).toMatch(
      new RegExp(`（请求编号 ${ID}）$`),
    );
  });

  it("reaches react-admin's own notifications (the message key it translates)", () => {
    // react-admin notifies `error.message` with `{ _: error.message }`
    const shown = (err: unknown, t = zh) => {
      const message = (forReactAdmin(err) as Error).message;
      return t(message, { _: message });
    };
    expect(shown(answer(500, 'internal', ID))).toBe(`服务器内部错误，请稍后重试（请求编号 ${ID}）`);
    expect(shown(answer(404, 'not_found', ID), en)).toMatch(new RegExp(` \\(request ${ID}\\)$`));
    expect(shown(answer(404, 'not_found'))).toBe(zh('errors.codes.not_found'));
    expect((forReactAdmin(answer(409, 'insufficient_funds')) as Error).message).toBe('errors.codes.insufficient_funds');
  });

  it('is left out when absent or not a safe token', () => {
    expect(apiErrorText(zh, answer(409, 'insufficient_funds'))).toBe('余额不足');
    for (const bad of ['<b>x</b>12345678', 'short', 42, 'x'.repeat(65)]) {
      expect(requestIdOf(answer(409, 'insufficient_funds', bad))).toBeUndefined();
      expect(apiErrorText(zh, answer(409, 'insufficient_funds', bad))).toBe('余额不足');
    }
    expect(errorText(zh, new ApiError('Network error', 0, 'network'))).toBe('请求失败');
  });

  it("a refused deposit's toast shows it", async () => {
    fakeClientApi({
      command: () =>
        HttpResponse.json(
          { message: 'Deposit is approved; it cannot be approved', code: 'invalid_state', request_id: ID },
          { status: 409 },
        ),
    });
    const onClose = vi.fn();
    const { user } = await renderClientUi(<DepositDialog open kind="deposit" clientId={42} onClose={onClose} />);
    await flush();
    await pick(user, /入账账户/, /AC000001/);
    fireEvent.change(screen.getByRole('spinbutton', { name: /金额/ }), { target: { value: '250' } });
    await user.click(screen.getByTestId('fund-submit'));
    await waitFor(() => expect(toasts().some((t) => t.endsWith(`（请求编号 ${ID}）`))).toBe(true));
    expect(toasts().find((t) => t.includes(ID))).toMatch(/已处理/);
    expect(onClose).not.toHaveBeenCalled();
  });
});
