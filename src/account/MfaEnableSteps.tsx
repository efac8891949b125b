import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Refresh from '@mui/icons-material/Refresh';
import { CODE_INPUT_PROPS, onlyDigits } from './mfaCode';
import { RecoveryCodes } from './RecoveryCodes';

/** The pending authenticator secret from bind/start. */
export interface MfaQr {
  image: string;
  secret: string;
}

export interface BindStepProps {
  qr: MfaQr | null;
  qrLoading: boolean;
  onFetchQr: () => void;
  code: string;
  codeError: string | null;
  onCodeChange: (code: string) => void;
  verified: boolean;
  busy: boolean;
}

/** Enable, step 1: the QR code and secret of a new pending authenticator, and the code that proves it works. */
export function BindStep({ qr, qrLoading, onFetchQr, code, codeError, onCodeChange, verified, busy }: BindStepProps) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate('auth.mfa_dialog.scan')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center">
        <Box
          sx={{
            width: 180,
            height: 180,
            flex: '0 0 180px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#fff',
          }}
        >
          {qrLoading ? (
            <CircularProgress size={28} />
          ) : qr ? (
            <img
              src={qr.image}
              alt={translate('auth.mfa_dialog.qr_alt')}
              width={170}
              height={170}
              data-testid="mfa-qr"
            />
          ) : (
            <Button onClick={onFetchQr} startIcon={<Refresh />} data-testid="mfa-get-qr">
              {translate('auth.mfa_dialog.get_qr')}
            </Button>
          )}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0, flex: 1, width: '100%' }}>
          {qr && (
            <>
              <Typography variant="caption" color="text.secondary">
                {translate('auth.mfa_dialog.secret')}
              </Typography>
              <Typography
                data-testid="mfa-secret"
                sx={{
                  fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
                  wordBreak: 'break-all',
                  userSelect: 'all',
                }}
              >
                {qr.secret}
              </Typography>
              {!verified && (
                <Box>
                  <Button size="small" onClick={onFetchQr} disabled={busy || qrLoading} startIcon={<Refresh />}>
                    {translate('auth.mfa_dialog.refresh_qr')}
                  </Button>
                </Box>
              )}
            </>
          )}
        </Stack>
      </Stack>
      {verified ? (
        <Alert icon={<CheckCircle fontSize="inherit" />} severity="success">
          {translate('auth.mfa_dialog.verified')}
        </Alert>
      ) : (
        <TextField
          name="code"
          label={translate('auth.mfa.code')}
          value={code}
          onChange={(e) => onCodeChange(onlyDigits(e.target.value))}
          error={!!codeError}
          helperText={codeError ?? ' '}
          disabled={busy}
          fullWidth
          slotProps={{ htmlInput: CODE_INPUT_PROPS }}
        />
      )}
    </Stack>
  );
}

export interface CodesStepProps {
  codes: string[] | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** Enable, step 2: the new recovery codes, to copy or download before finishing. */
export function CodesStep({ codes, loading, failed, onRetry }: CodesStepProps) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{translate('auth.mfa_dialog.codes_hint')}</Alert>
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : codes && codes.length ? (
        <RecoveryCodes codes={codes} />
      ) : failed ? (
        <Box>
          <Button onClick={onRetry} startIcon={<Refresh />} data-testid="recovery-codes-retry">
            {translate('auth.common.retry')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
