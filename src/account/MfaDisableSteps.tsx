import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CODE_INPUT_PROPS, onlyDigits } from './mfaCode';

/** How the staff member proves it is them before turning MFA off. */
export type DisableMethod = 'code' | 'recovery';

export interface DisableVerifyStepProps {
  method: DisableMethod;
  onMethodChange: (method: DisableMethod) => void;
  code: string;
  codeError: string | null;
  onCodeChange: (code: string) => void;
  busy: boolean;
}

/** Disable, step 1: an authenticator code or a recovery code. */
export function DisableVerifyStep({
  method,
  onMethodChange,
  code,
  codeError,
  onCodeChange,
  busy,
}: DisableVerifyStepProps) {
  const translate = useTranslate();
  const recovery = method === 'recovery';
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate('auth.mfa_dialog.disable_prompt')}
      </Typography>
      <TextField
        key={method}
        name="code"
        label={translate(recovery ? 'auth.mfa.recovery_code' : 'auth.mfa.code')}
        value={code}
        onChange={(e) => onCodeChange(recovery ? e.target.value : onlyDigits(e.target.value))}
        error={!!codeError}
        helperText={codeError ?? ' '}
        disabled={busy}
        autoFocus
        fullWidth
        slotProps={{
          htmlInput: recovery ? { autoCapitalize: 'off', spellCheck: false, maxLength: 64 } : CODE_INPUT_PROPS,
        }}
      />
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => onMethodChange(recovery ? 'code' : 'recovery')}
        disabled={busy}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="mfa-method-toggle"
      >
        {translate(recovery ? 'auth.mfa.use_code' : 'auth.mfa.use_recovery')}
      </Link>
    </Stack>
  );
}

/** Disable, step 2: the confirmation, then the result. */
export function DisableConfirmStep({ done }: { done: boolean }) {
  const translate = useTranslate();
  return done ? (
    <Alert severity="success">{translate('auth.mfa_dialog.disabled')}</Alert>
  ) : (
    <Alert severity="warning">{translate('auth.mfa_dialog.disable_warning')}</Alert>
  );
}
