import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { authMachine } from '../services';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { withRequestId } from '../../dataProvider/errorText';
import { useNotifyFailure } from '../../dataProvider/useNotifyFailure';
import { accountApi } from './accountApi';
import { codeProblem } from './mfaCode';
import { BindStep, CodesStep, type MfaQr } from './MfaEnableSteps';
import { DisableConfirmStep, DisableVerifyStep, type DisableMethod } from './MfaDisableSteps';

export interface MfaDialogProps {
  open: boolean;
  /** `true` after MFA was turned on or off (the shell then signs the user out). */
  onClose: (success: boolean) => void;
}

type Mode = 'view' | 'enable' | 'disable';

const subscribe = (fn: () => void) => authMachine.subscribe(() => fn());
const currentMfa = () => !!authMachine.getState().user?.mfa;

/**
 * The signed-in staff member's authenticator (spec sections 4, 5, 8). The switch shows whether MFA is on;
 * flipping it starts a two-step flow. Enable: bind (QR from bind/start, 6-digit code verified), then the
 * recovery codes (fetched once the code is verified), then finish. Disable: an authenticator or recovery
 * code, then confirm. Finishing reloads the profile and closes with success.
 */
export function MfaDialog({ open, onClose }: MfaDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const mfaOn = useSyncExternalStore(subscribe, currentMfa, currentMfa);
  const dataProvider = useConsoleDataProvider();
  const api = useMemo(() => accountApi(dataProvider), [dataProvider]);

  const [mode, setMode] = useState<Mode>('view');
  const [step, setStep] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // enable
  const [qr, setQr] = useState<MfaQr | null>(null);
  const [qrLoading, setQrLoading] = useState(false);
  const [verified, setVerified] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [codesLoading, setCodesLoading] = useState(false);
  const [codesFailed, setCodesFailed] = useState(false);
  // disable
  const [method, setMethod] = useState<DisableMethod>('code');
  const [disableVerified, setDisableVerified] = useState(false);
  const [finishing, setFinishing] = useState(false);
  // Answers that arrive after the dialog was closed or the flow restarted are ignored.
  const generation = useRef(0);

  const reset = useCallback(() => {
    generation.current++;
    setMode('view');
    setStep(0);
    setCode('');
    setCodeError(null);
    setBusy(false);
    setQr(null);
    setQrLoading(false);
    setVerified(false);
    setCodes(null);
    setCodesLoading(false);
    setCodesFailed(false);
    setMethod('code');
    setDisableVerified(false);
    setFinishing(false);
  }, []);

  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const committed = verified || disableVerified;

  const fetchQr = async () => {
    const gen = generation.current;
    setQrLoading(true);
    setCode('');
    setCodeError(null);
    try {
      const setup = await api.mfaBindStart();
      if (gen !== generation.current) return;
      if (!setup.qrcode_data_url && !setup.secret) throw new Error('empty bind answer');
      setQr({ image: setup.qrcode_data_url, secret: setup.secret });
    } catch (e) {
      if (gen !== generation.current) return;
      setQr(null);
      notifyFailure(e, 'auth.mfa_dialog.qr_failed');
    } finally {
      if (gen === generation.current) setQrLoading(false);
    }
  };

  const fetchCodes = async () => {
    const gen = generation.current;
    setCodesLoading(true);
    setCodesFailed(false);
    try {
      const list = await api.mfaRecoveryCodes();
      if (gen !== generation.current) return;
      if (!list.length) {
        setCodesFailed(true);
        notify('auth.mfa_dialog.codes_empty', { type: 'warning' });
      } else {
        setCodes(list);
      }
    } catch (e) {
      if (gen !== generation.current) return;
      setCodesFailed(true);
      notifyFailure(e, 'auth.mfa_dialog.codes_failed');
    } finally {
      if (gen === generation.current) setCodesLoading(false);
    }
  };

  const startEnable = () => {
    reset();
    setMode('enable');
    void fetchQr();
  };

  const startDisable = () => {
    reset();
    setMode('disable');
  };

  const onToggle = (checked: boolean) => {
    if (mode === 'view') {
      if (checked && !mfaOn) startEnable();
      else if (!checked && mfaOn) startDisable();
    } else if (!committed) {
      reset(); // switching back before anything changed on the server cancels the flow
    }
  };

  const verifyEnable = async () => {
    if (!qr) {
      setCodeError(translate('auth.mfa_dialog.qr_first'));
      notify('auth.mfa_dialog.qr_first', { type: 'warning' });
      return;
    }
    const problem = codeProblem(code);
    if (problem) {
      setCodeError(translate(problem));
      return;
    }
    const gen = generation.current;
    setBusy(true);
    try {
      await api.mfaBindVerify(code.trim());
      if (gen !== generation.current) return;
      setVerified(true);
      setCodeError(null);
      notify('auth.mfa_dialog.verify_success', { type: 'success' });
      setStep(1);
      void fetchCodes();
    } catch (e) {
      if (gen !== generation.current) return;
      setCode('');
      setCodeError(withRequestId(translate, e, translate('auth.mfa_dialog.verify_failed')));
      notifyFailure(e, 'auth.mfa_dialog.verify_failed');
    } finally {
      if (gen === generation.current) setBusy(false);
    }
  };

  const onNext = () => {
    if (mode === 'enable') {
      if (verified) setStep(1);
      else void verifyEnable();
      return;
    }
    if (mode === 'disable') {
      const problem = method === 'code' ? codeProblem(code) : code.trim() ? null : 'auth.mfa.recovery_required';
      if (problem) {
        setCodeError(translate(problem));
        return;
      }
      setCodeError(null);
      setStep(1);
    }
  };

  const confirmDisable = async () => {
    const gen = generation.current;
    setBusy(true);
    try {
      await api.mfaDisable(method === 'code' ? { code: code.trim() } : { recovery_code: code.trim() });
      if (gen !== generation.current) return;
      setDisableVerified(true);
      notify('auth.mfa_dialog.disabled', { type: 'success' });
    } catch (e) {
      if (gen !== generation.current) return;
      notifyFailure(e, 'auth.mfa_dialog.disable_failed');
    } finally {
      if (gen === generation.current) setBusy(false);
    }
  };

  const finish = async () => {
    if (mode === 'enable' ? !verified : mode === 'disable' ? !disableVerified : true) return;
    setFinishing(true);
    if (mode === 'enable') notify('auth.mfa_dialog.enabled', { type: 'success' });
    try {
      await authMachine.loadProfile();
    } catch (e) {
      notifyFailure(e, 'auth.mfa_dialog.profile_failed');
    }
    generation.current++;
    setFinishing(false);
    onClose(true);
  };

  const close = () => {
    if (finishing || busy) return;
    // Once MFA changed on the server, closing is finishing: the profile is stale and the shell signs out.
    if (committed) void finish();
    else onClose(false);
  };

  const steps =
    mode === 'enable'
      ? ['auth.mfa_dialog.step_bind', 'auth.mfa_dialog.step_codes']
      : ['auth.mfa_dialog.step_verify', 'auth.mfa_dialog.step_confirm'];
  const lastStep = step === steps.length - 1;
  const switchChecked = mode === 'view' ? mfaOn : mode === 'enable';
  // What the server has now: the profile, or the change this dialog just made.
  const stateOn = verified ? true : disableVerified ? false : mfaOn;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" data-testid="mfa-dialog">
      <DialogTitle>{translate('auth.mfa_dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <FormControlLabel
              control={
                <Switch
                  checked={switchChecked}
                  onChange={(e) => onToggle(e.target.checked)}
                  disabled={committed || busy || finishing}
                  data-testid="mfa-toggle"
                  slotProps={{ input: { name: 'mfa' } }}
                />
              }
              label={translate('auth.mfa_dialog.toggle')}
            />
            <Typography variant="body2" color="text.secondary">
              {translate(stateOn ? 'auth.mfa_dialog.state_on' : 'auth.mfa_dialog.state_off')}
            </Typography>
          </Stack>
          {mode !== 'view' && (
            <>
              <Divider />
              <Stepper activeStep={step} alternativeLabel>
                {steps.map((key) => (
                  <Step key={key}>
                    <StepLabel>{translate(key)}</StepLabel>
                  </Step>
                ))}
              </Stepper>
              {mode === 'enable' && step === 0 && (
                <BindStep
                  qr={qr}
                  qrLoading={qrLoading}
                  onFetchQr={() => void fetchQr()}
                  code={code}
                  codeError={codeError}
                  onCodeChange={(c) => {
                    setCode(c);
                    setCodeError(null);
                  }}
                  verified={verified}
                  busy={busy}
                />
              )}
              {mode === 'enable' && step === 1 && (
                <CodesStep
                  codes={codes}
                  loading={codesLoading}
                  failed={codesFailed}
                  onRetry={() => void fetchCodes()}
                />
              )}
              {mode === 'disable' && step === 0 && (
                <DisableVerifyStep
                  method={method}
                  onMethodChange={(m) => {
                    setMethod(m);
                    setCode('');
                    setCodeError(null);
                  }}
                  code={code}
                  codeError={codeError}
                  onCodeChange={(c) => {
                    setCode(c);
                    setCodeError(null);
                  }}
                  busy={busy}
                />
              )}
              {mode === 'disable' && step === 1 && <DisableConfirmStep done={disableVerified} />}
              {lastStep && (
                <Typography variant="body2" color="text.secondary">
                  {translate('auth.common.logout_notice')}
                </Typography>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {mode === 'disable' && step === 1 && !disableVerified && (
          <Button onClick={() => setStep(0)} disabled={busy}>
            {translate('auth.common.back')}
          </Button>
        )}
        <Button onClick={close} disabled={busy || finishing}>
          {translate(committed ? 'auth.common.close' : 'auth.common.cancel')}
        </Button>
        {mode !== 'view' && !lastStep && (
          <Button
            variant="contained"
            onClick={onNext}
            disabled={busy || (mode === 'enable' && qrLoading)}
            data-testid="mfa-next"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(mode === 'enable' && !verified ? 'auth.mfa_dialog.verify' : 'auth.common.next')}
          </Button>
        )}
        {mode === 'disable' && lastStep && !disableVerified && (
          <Button
            variant="contained"
            color="error"
            onClick={() => void confirmDisable()}
            disabled={busy}
            data-testid="mfa-confirm-disable"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('auth.mfa_dialog.disable_confirm')}
          </Button>
        )}
        {mode !== 'view' && lastStep && (
          <Button
            variant="contained"
            onClick={() => void finish()}
            disabled={(mode === 'enable' ? !verified : !disableVerified) || finishing || busy}
            data-testid="mfa-finish"
            startIcon={finishing ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('auth.common.finish')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export default MfaDialog;
