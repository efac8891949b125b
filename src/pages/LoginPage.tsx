import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useCheckAuth, useNavigate, useNotify, useTranslate } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { api, authMachine } from '../services';
import { errorInfo } from '../account/apiError';
import { apiErrorText } from '../../dataProvider/errorText';
import { MfaStep } from './MfaStep';
import { LoginField } from './LoginField';

/** Where a signed-in user lands (spec section 9). */
export const DEFAULT_LANDING = '/dashboard';

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
 * the server asks for a second factor. Kept free of react-admin's list/form modules (login budget).
 */
export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkAuth = useCheckAuth();

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

  // A signed-in user who opens /login goes to the default page.
  useEffect(() => {
    let cancelled = false;
    checkAuth({}, false)
      .then(() => {
        if (!cancelled && authMachine.getState().status === 'authenticated')
          navigate(DEFAULT_LANDING, { replace: true });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [checkAuth, navigate]);

  const captchaOn = captchaState.status !== 'off';

  const goIn = useCallback(async () => {
    // Let react-admin re-run its auth and permission checks with the new session, then land on the
    // default page (spec: default landing /dashboard; the tab strip restores the other open pages).
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    navigate(DEFAULT_LANDING, { replace: true });
  }, [navigate, queryClient]);

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
    const text = apiErrorText(translate, error);
    if (text) notify(text, { type: 'error', messageArgs: { _: text } });
    else notify('auth.login.failed', { type: 'error' });
  };

  const backToCredentials = () => {
    setStep('credentials');
    setCaptcha('');
    void loadCaptcha();
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400, position: 'relative' }} elevation={3}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main' }}>
              <LockOutlined />
            </Avatar>
            <Typography component="h1" variant="h5">
              {translate(step === 'mfa' ? 'auth.mfa.title' : 'auth.login.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('auth.login.subtitle')}
            </Typography>
          </Box>
          {step === 'mfa' ? (
            <MfaStep onBack={backToCredentials} onSuccess={goIn} />
          ) : (
            <Box component="form" noValidate onSubmit={onSubmit}>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
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
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={translate(showPassword ? 'auth.login.hide_password' : 'auth.login.show_password')}
                        onClick={() => setShowPassword((v) => !v)}
                        edge="end"
                        size="small"
                      >
                        {showPassword ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                      </IconButton>
                    </InputAdornment>
                  }
                />
                {captchaOn && (
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
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
                  </Box>
                )}
                <FormControlLabel
                  control={
                    <Checkbox
                      name="remember"
                      checked={remember}
                      onChange={(e) => setRemember(e.target.checked)}
                      disabled={submitting}
                    />
                  }
                  label={translate('auth.login.remember')}
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={submitting}
                  data-testid="login-submit"
                  startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
                >
                  {translate(submitting ? 'auth.login.submitting' : 'auth.login.submit')}
                </Button>
              </Box>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The captcha picture; a click asks the server for a new one. */
function CaptchaImage({ state, onRefresh }: { state: CaptchaState; onRefresh: () => void }) {
  const translate = useTranslate();
  const label = translate(state.status === 'error' ? 'auth.login.captcha_unavailable' : 'auth.login.captcha_image');
  return (
    <Box
      component="button"
      type="button"
      onClick={onRefresh}
      title={label}
      aria-label={label}
      data-testid="captcha-image"
      sx={{
        flex: '0 0 120px',
        height: 56,
        p: 0,
        border: 1,
        borderColor: state.status === 'error' ? 'error.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        cursor: 'pointer',
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {state.status === 'ready' ? (
        <img src={state.image} alt={label} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      ) : state.status === 'loading' ? (
        <CircularProgress size={20} />
      ) : (
        <Typography variant="caption" color="error" sx={{ px: 0.5, lineHeight: 1.2 }}>
          {translate('auth.login.captcha_unavailable')}
        </Typography>
      )}
    </Box>
  );
}

export default LoginPage;
