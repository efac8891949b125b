import { useCallback, useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useNotify, useTranslate } from 'ra-core';
import { QueryClientContext } from '@tanstack/react-query';
import { api, authMachine, authProvider } from '../services';
import { errorInfo } from '../account/apiError';
import { errorText } from '../../dataProvider/errorText';
import { MfaStep } from './MfaStep';
import { LoginField } from './LoginField';
import { CheckboxField, ICONS, Icon, Spinner, SubmitButton, themeVars } from './loginUi';

import { AFTER_SIGN_IN, landingAfterSignIn } from './landing';

type CaptchaState =
  { status: 'loading' } | { status: 'ready'; id: string; image: string } | { status: 'off' } | { status: 'error' };

type Field = 'username' | 'password' | 'captcha';
type FieldErrors = Partial<Record<Field, string>>;

interface CaptchaAnswer {
  enabled?: boolean;
  captcha_id?: string;
  image?: string;
  expires_in?: number;
}

/**
 * The /login page: username, password, server captcha (click the image for a new one; single use, so a
 * new one is fetched after every failed attempt), remember me, then the MFA step on the same page when
 * the server asks for a second factor. Plain elements styled by login.css, and of react-admin only its i18n,
 * notification and navigation hooks: the first screen loads no Emotion, MUI or react-admin core (bench/results.md).
 */
export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  // The page opened signed out (`?next=`), else the default landing.
  const landing = landingAfterSignIn(useLocation().search);
  // react-admin's query client when the page is shown inside <Admin>; /login alone (LoginShell) has none.
  const queryClient = useContext(QueryClientContext);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [step, setStep] = useState<'credentials' | 'mfa'>('credentials');
  const [captchaState, setCaptchaState] = useState<CaptchaState>({ status: 'loading' });
  const captchaRequest = useRef(0);
  const expiryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const loadCaptcha = useCallback(async () => {
    const request = ++captchaRequest.current;
    clearTimeout(expiryTimer.current);
    setCaptchaState((s) => (s.status === 'off' ? s : { status: 'loading' }));
    try {
      const answer = (await api.captcha()) as CaptchaAnswer;
      if (!mounted.current || request !== captchaRequest.current) return; // a newer request won
      if (answer?.enabled === false) {
        setCaptchaState({ status: 'off' });
        return;
      }
      if (!answer?.captcha_id || !answer.image) throw new Error('malformed captcha answer');
      setCaptchaState({ status: 'ready', id: answer.captcha_id, image: answer.image });
      if (answer.expires_in && answer.expires_in > 0) {
        // An expired captcha would only fail at submit: fetch a new one a little before it expires.
        expiryTimer.current = setTimeout(() => void loadCaptcha(), Math.max(answer.expires_in - 5, 1) * 1000);
      }
    } catch {
      if (mounted.current && request === captchaRequest.current) setCaptchaState({ status: 'error' });
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void loadCaptcha();
    return () => {
      mounted.current = false;
      clearTimeout(expiryTimer.current);
    };
  }, [loadCaptcha]);

  // A signed-in user who opens /login goes to the page asked for or the default page.
  useEffect(() => {
    let cancelled = false;
    authProvider
      .checkAuth({})
      .then(() => {
        if (!cancelled && authMachine.getState().status === 'authenticated')
          navigate(landing, { replace: true, state: AFTER_SIGN_IN });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [navigate, landing]);

  const captchaOn = captchaState.status !== 'off';

  const goIn = useCallback(async () => {
    // Let react-admin re-run its auth and permission checks with the new session, then land on the page opened
    // signed out, or the default page (spec: default landing /dashboard; the tab strip restores the other open
    // pages). A page the role may not open gives way to the default page (the layout reads AFTER_SIGN_IN).
    await queryClient?.invalidateQueries({ queryKey: ['auth'] });
    navigate(landing, { replace: true, state: AFTER_SIGN_IN });
  }, [navigate, queryClient, landing]);

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!username.trim()) found.username = translate('auth.login.username_required');
    if (!password) found.password = translate('auth.login.password_required');
    if (captchaOn && !captcha.trim()) found.captcha = translate('auth.login.captcha_required');
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      const status = await authMachine.login({
        username: username.trim(),
        password,
        captchaId: captchaState.status === 'ready' ? captchaState.id : '',
        captcha: captchaOn ? captcha.trim() : '',
        remember,
      });
      if (status === 'mfa_required') {
        notify('auth.mfa.required', { type: 'info' });
        setStep('mfa');
      } else if (status === 'authenticated') {
        await goIn();
      } else {
        // The machine answered without throwing but did not sign in.
        throw new Error(authMachine.getState().error ?? '');
      }
    } catch (error) {
      onLoginError(error);
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  const onLoginError = (error: unknown) => {
    const info = errorInfo(error);
    const fieldErrors: FieldErrors = {};
    // A captcha is single use: clear it and get a new one after every failure.
    setCaptcha('');
    void loadCaptcha();
    if (info.code === 'captcha_invalid' || info.code === 'captcha_required' || /captcha/i.test(info.message ?? '')) {
      fieldErrors.captcha = translate(
        info.code === 'captcha_required' ? 'auth.login.captcha_required' : 'auth.login.captcha_mismatch',
      );
      setErrors(fieldErrors);
      return;
    }
    if (info.code === 'validation' && info.errors) {
      if (info.errors.username) fieldErrors.username = translate('auth.login.username_required');
      if (info.errors.password) fieldErrors.password = translate('auth.login.password_required');
      if (info.errors.captcha) fieldErrors.captcha = translate('auth.login.captcha_required');
      if (Object.keys(fieldErrors).length) {
        setErrors(fieldErrors);
        return;
      }
    }
    setErrors({});
    // The API's answer (wrong password, locked account, rate limit) in the user's language.
    const text = errorText(translate, error, 'auth.login.failed');
    notify(text, { type: 'error', messageArgs: { _: text } });
  };

  const backToCredentials = () => {
    setStep('credentials');
    setCaptcha('');
    void loadCaptcha();
  };

  return (
    <div className="lp-root" style={themeVars}>
      <div className="lp-card">
        <div className="lp-content">
          <div className="lp-head">
            <div className="lp-avatar">
              <Icon path={ICONS.lock} />
            </div>
            <h1 className="lp-h5">{translate(step === 'mfa' ? 'auth.mfa.title' : 'auth.login.title')}</h1>
            <p className="lp-body2 lp-secondary">{translate('auth.login.subtitle')}</p>
          </div>
          {step === 'mfa' ? (
            <MfaStep onBack={backToCredentials} onSuccess={goIn} />
          ) : (
            <form noValidate onSubmit={onSubmit}>
              <div className="lp-stack">
                <LoginField
                  name="username"
                  label={translate('auth.login.username')}
                  value={username}
                  onChange={(e) => {
                    setUsername(e.target.value);
                    if (errors.username) setErrors((x) => ({ ...x, username: undefined }));
                  }}
                  error={!!errors.username}
                  helperText={errors.username}
                  autoComplete="username"
                  autoFocus
                  disabled={submitting}
                />
                <LoginField
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  label={translate('auth.login.password')}
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    if (errors.password) setErrors((x) => ({ ...x, password: undefined }));
                  }}
                  error={!!errors.password}
                  helperText={errors.password}
                  autoComplete="current-password"
                  disabled={submitting}
                  endAdornment={
                    <button
                      type="button"
                      className="lp-icon-button"
                      aria-label={translate(showPassword ? 'auth.login.hide_password' : 'auth.login.show_password')}
                      onClick={() => setShowPassword((v) => !v)}
                    >
                      <Icon path={showPassword ? ICONS.visibilityOff : ICONS.visibility} small />
                    </button>
                  }
                />
                {captchaOn && (
                  <div className="lp-row">
                    <LoginField
                      name="captcha"
                      label={translate('auth.login.captcha')}
                      value={captcha}
                      onChange={(e) => {
                        setCaptcha(e.target.value);
                        if (errors.captcha) setErrors((x) => ({ ...x, captcha: undefined }));
                      }}
                      error={!!errors.captcha}
                      helperText={errors.captcha}
                      autoComplete="off"
                      disabled={submitting}
                      inputProps={{ autoCapitalize: 'off', spellCheck: false }}
                    />
                    <CaptchaImage state={captchaState} onRefresh={() => void loadCaptcha()} />
                  </div>
                )}
                <CheckboxField
                  name="remember"
                  label={translate('auth.login.remember')}
                  checked={remember}
                  onChange={setRemember}
                  disabled={submitting}
                />
                <SubmitButton busy={submitting} data-testid="login-submit">
                  {translate(submitting ? 'auth.login.submitting' : 'auth.login.submit')}
                </SubmitButton>
              </div>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}

/** The captcha picture; a click asks the server for a new one. */
function CaptchaImage({ state, onRefresh }: { state: CaptchaState; onRefresh: () => void }) {
  const translate = useTranslate();
  const label = translate(state.status === 'error' ? 'auth.login.captcha_unavailable' : 'auth.login.captcha_image');
  return (
    <button
      type="button"
      onClick={onRefresh}
      title={label}
      aria-label={label}
      data-testid="captcha-image"
      className={state.status === 'error' ? 'lp-captcha lp-captcha-error' : 'lp-captcha'}
    >
      {state.status === 'ready' ? (
        <img src={state.image} alt={label} />
      ) : state.status === 'loading' ? (
        <Spinner size={20} primary />
      ) : (
        <span className="lp-captcha-text">{translate('auth.login.captcha_unavailable')}</span>
      )}
    </button>
  );
}

export default LoginPage;
