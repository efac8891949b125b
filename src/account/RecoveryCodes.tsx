import { useNotify, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';

/** The name of the downloaded recovery-code file. */
export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/** Saves the codes as a .txt file, one per line, through a temporary object URL. */
export function downloadRecoveryCodes(codes: string[], fileName = RECOVERY_CODES_FILE): void {
  const blob = new Blob([codes.join('\n') + '\n'], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The recovery codes in a grid, with copy and download buttons. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const translate = useTranslate();
  const notify = useNotify();

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(codes.join('\n'));
      notify('auth.mfa_dialog.copied', { type: 'success' });
    } catch {
      notify('auth.mfa_dialog.copy_failed', { type: 'warning' });
    }
  };

  return (
    <Stack spacing={1.5}>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 1.5,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.95rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
          userSelect: 'all',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopy />}
          onClick={copy}
          data-testid="recovery-codes-copy"
        >
          {translate('auth.mfa_dialog.copy')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<Download />}
          onClick={() => downloadRecoveryCodes(codes)}
          data-testid="recovery-codes-download"
        >
          {translate('auth.mfa_dialog.download')}
        </Button>
      </Stack>
    </Stack>
  );
}

export default RecoveryCodes;
