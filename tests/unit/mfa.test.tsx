import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../src/pages/LoginPage';
import { MfaStep } from '../../src/pages/MfaStep';
import { codeProblem, onlyDigits } from '../../src/account/mfaCode';
import { authMachine } from '../../src/services';
import { DEMO_PASSWORD, fakeAuthApi, GOOD_CODE, installMsw } from './msw';
import { field, fill, renderInAdmin, toasts, toastType } from './account.helpers';

installMsw();

beforeEach(() => {
  authMachine.clear();
});

/** Renders /login and passes the password step as the `mfa` user (authenticator bound). */
async function toMfaStep(locale: 'en-US' | 'zh-CN' = 'en-US') {
  const fake = fakeAuthApi();
  const user = userEvent.setup({ delay: null });
  const view = renderInAdmin(<LoginPage />, { locale });
  await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).not.toBeNull());
  fill('username', 'mfa');
  fill('password', DEMO_PASSWORD);
  fill('captcha', 'abcd');
  await user.click(screen.getByTestId('login-submit'));
  await screen.findByTestId('mfa-submit');
  return { fake, user, view };
}

describe('authenticator code rules', () => {
  it('keeps at most 6 digits of what was typed', () => {
    expect(onlyDigits('12a3 4-5678')).toBe('123456');
    expect(onlyDigits('abc')).toBe('');
  });

  it('asks for a code when empty and for 6 digits when shorter', () => {
    expect(codeProblem('')).toBe('auth.mfa.code_required');
    expect(codeProblem('   ')).toBe('auth.mfa.code_required');
    expect(codeProblem('12345')).toBe('auth.mfa.code_length');
    expect(codeProblem('123456')).toBeNull();
  });
});

describe('sign-in with an authenticator', () => {
  it('asks for the code on the same page, then signs in and lands on /dashboard', async () => {
    const { fake, user, view } = await toMfaStep();
    expect(toasts()).toContain('Additional verification required');
    expect(toastType('Additional verification required')).toBe('info');
    expect(authMachine.getState().status).toBe('mfa_required');
    expect(view.location()).toBe('/login');
    const code = field('code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('maxlength', '6');

    await user.type(code, GOOD_CODE);
    await user.click(screen.getByTestId('mfa-submit'));
    await waitFor(() => expect(view.location()).toBe('/dashboard'));
    expect(toasts()).toContain('Verification successful');
    expect(toastType('Verification successful')).toBe('success');
    expect(fake.calls.verify).toBe(1);
    expect(authMachine.getState()).toMatchObject({ status: 'authenticated', user: { username: 'mfa' } });
  });

  it('validates the code before calling the API and strips non-digits', async () => {
    const { fake, user } = await toMfaStep();
    await user.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByText('Verification code is required.')).toBeInTheDocument();
    fill('code', '12ab3');
    expect(field('code').value).toBe('123');
    await user.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByText('Please enter the 6-digit verification code.')).toBeInTheDocument();
    expect(fake.calls.verify).toBeUndefined();
  });

  it('shows the Chinese messages in zh-CN', async () => {
    const { user } = await toMfaStep('zh-CN');
    expect(toasts()).toContain('需要进一步验证');
    await user.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByText('请输入验证码。')).toBeInTheDocument();
    fill('code', '12');
    await user.click(screen.getByTestId('mfa-submit'));
    expect(await screen.findByText('请输入 6 位数字验证码。')).toBeInTheDocument();
  });

  it('toasts "Verification failed" on a wrong code and does not sign in', async () => {
    const { user, view } = await toMfaStep();
    fill('code', '654321');
    await user.click(screen.getByTestId('mfa-submit'));
    await waitFor(() => expect(toasts()).toContain('Verification failed'));
    expect(toastType('Verification failed')).toBe('error');
    expect(view.location()).toBe('/login');
    if (authMachine.getState().status === 'mfa_required') {
      // the pending login survived: the code can be typed again
      expect(field('code').value).toBe('');
    } else {
      // the pending login was dropped: back on the password step with the input kept
      expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
      expect(field('username').value).toBe('mfa');
    }
  });

  it('goes back to the password step, keeping the input and fetching a new captcha', async () => {
    const { fake, user } = await toMfaStep();
    const captchas = fake.calls.captcha;
    await user.click(screen.getByText('Back to sign in'));
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    expect(field('username').value).toBe('mfa');
    await waitFor(() => expect(fake.calls.captcha).toBe(captchas + 1));
  });

  it('says there is no pending session when none is waiting', async () => {
    fakeAuthApi();
    const onSuccess = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderInAdmin(<MfaStep onBack={() => undefined} onSuccess={onSuccess} />);
    fill('code', GOOD_CODE);
    await user.click(screen.getByTestId('mfa-submit'));
    await waitFor(() => expect(toasts()).toEqual(['No pending session. Please login again.']));
    expect(document.getElementById(field('code').getAttribute('aria-describedby')!)).toHaveTextContent(
      'No pending session. Please login again.',
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows progress and disables the button while verifying', async () => {
    const { user, view } = await toMfaStep();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const original = authMachine.verifyMfa;
    const spy = vi.spyOn(authMachine, 'verifyMfa').mockImplementation(async (code) => {
      await gate;
      return original(code);
    });
    fill('code', GOOD_CODE);
    await user.click(screen.getByTestId('mfa-submit'));
    expect(screen.getByTestId('mfa-submit')).toBeDisabled();
    release();
    await waitFor(() => expect(view.location()).toBe('/dashboard'));
    spy.mockRestore();
  });
});
