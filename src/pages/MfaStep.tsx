import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { authMachine } from '../services';
import { errorInfo } from '../account/apiError';
import { CODE_INPUT_PROPS, codeProblem, onlyDigits } from '../account/mfaCode';
import { ERRORS } from '../../i18n/messages/errors';
import { withRequestId } from '../../dataProvider/errorText';
import { useNotifyFailure } from '../../dataProvider/useNotifyFailure';
import { LoginField } from './LoginField';
import { LinkButton, SubmitButton } from './loginUi';

/** The optional machine method that completes a pending login with a recovery code instead of a TOTP code. */
type RecoveryCapable = { verifyRecoveryCode?: (recoveryCode: string) => Promise<void> };

/** The recovery-code toggle is offered only when the auth machine can send `{ recovery_code }`. */
function recoveryVerifier(): ((recoveryCode: string) => Promise<void>) | null {
  const fn = (authMachine as RecoveryCapable).verifyRecoveryCode;
  return typeof fn === 'function' ? fn.bind(authMachine) : null;
}

export interface MfaStepProps {
  /** Back to the username/password form. */
  onBack: () => void;
  /** The second factor was accepted and the session is authenticated. */
  onSuccess: () => void | Promise<void>;
}

/**
 * Second step of sign-in when the account has an authenticator: a 6-digit code (or, toggled, a recovery
 * code) completes the pending login through the auth machine.
 */
export function MfaStep({ onBack, onSuccess }: MfaStepProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const mounted = useRef(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const canUseRecovery = recoveryVerifier() !== null;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const toggleRecovery = () => {
    setUseRecovery((v) => !v);
    setCode('');
    setError(null);
    inputRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const value = code.trim();
    const problem = useRecovery ? (value ? null : 'auth.mfa.recovery_required') : codeProblem(value);
    if (problem) {
      setError(translate(problem));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const viaRecovery = useRecovery ? recoveryVerifier() : null;
      if (viaRecovery) await viaRecovery(value);
      else await authMachine.verifyMfa(value);
      notify('auth.mfa.success', { type: 'success' });
      await onSuccess();
    } catch (e) {
      if (!mounted.current) return;
      const info = errorInfo(e);
      if (info.message === ERRORS.noPendingSession) {
        setError(translate('auth.mfa.no_pending'));
        notify('auth.mfa.no_pending', { type: 'error' });
        return;
      }
      notifyFailure(e, 'auth.mfa.failed');
      if (authMachine.getState().status !== 'mfa_required') {
        // The machine dropped the pending login with the failure: the password step has to be done again.
        onBack();
        return;
      }
      setCode('');
      setError(withRequestId(translate, e, translate('auth.mfa.failed')));
      inputRef.current?.focus();
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="lp-stack">
        <p className="lp-body2 lp-secondary">
          {translate(useRecovery ? 'auth.mfa.recovery_prompt' : 'auth.mfa.prompt')}
        </p>
        <LoginField
          key={useRecovery ? 'recovery' : 'code'}
          inputRef={inputRef}
          name="code"
          label={translate(useRecovery ? 'auth.mfa.recovery_code' : 'auth.mfa.code')}
          value={code}
          onChange={(e) => {
            setCode(useRecovery ? e.target.value : onlyDigits(e.target.value));
            if (error) setError(null);
          }}
          error={!!error}
          helperText={error ?? ' '}
          autoFocus
          disabled={submitting}
          inputProps={useRecovery ? { autoCapitalize: 'off', spellCheck: false, maxLength: 64 } : CODE_INPUT_PROPS}
        />
        <SubmitButton busy={submitting} data-testid="mfa-submit">
          {translate(submitting ? 'auth.mfa.submitting' : 'auth.mfa.submit')}
        </SubmitButton>
        <div className="lp-between">
          <LinkButton onClick={onBack} disabled={submitting}>
            {translate('auth.mfa.back_to_login')}
          </LinkButton>
          {canUseRecovery && (
            <LinkButton onClick={toggleRecovery} disabled={submitting}>
              {translate(useRecovery ? 'auth.mfa.use_code' : 'auth.mfa.use_recovery')}
            </LinkButton>
          )}
        </div>
      </div>
    </form>
  );
}

export default MfaStep;
