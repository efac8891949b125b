import { useRef, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { wirePassword } from '../../../authProvider/password';
import { fundsApi } from './api';
import { hasClientId, serverText } from './errors';
import { DialogForm } from '../../engine/DialogForm';
import { clientApi } from '../drawer/api';
import { useClientMutation } from '../drawer/useClientQuery';
import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';

/** Props of ClientPasswordDialog. */
export interface ClientPasswordDialogProps {
  open: boolean;
  clientId: number | string | null | undefined;
  /** Closes the dialog; `success` is true after the password changed (the client's basic info is then fetched again). */
  onClose: (success: boolean) => void;
}

/** Sets a client's password: required after trimming, sent as its MD5 hex (spec sections 4 and 5). */
export default function ClientPasswordDialog({ open, clientId, onClose }: ClientPasswordDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="xs" data-testid="client-password-dialog">
      <DialogTitle>{translate('client.password.title')}</DialogTitle>
      {open && <PasswordForm clientId={clientId} onClose={onClose} />}
    </Dialog>
  );
}

function PasswordForm({ clientId, onClose }: Omit<ClientPasswordDialogProps, 'open'>) {
  const translate = useTranslate();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const inFlight = useRef(false);
  const dataProvider = useConsoleDataProvider();
  const reset = useClientMutation(
    clientId,
    ({ id, password }: { id: number | string; password: string }) =>
      fundsApi(dataProvider).resetPassword(id, wirePassword(password)),
    [clientApi.detail.part],
  );
  const pending = reset.isPending;
  const typed = password.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!hasClientId(clientId)) {
      notify('client.errors.userIdMissing', { type: 'error' });
      return;
    }
    setSubmitted(true);
    if (!typed) return;
    inFlight.current = true;
    try {
      await reset.mutateAsync({ id: clientId, password: typed });
      notify('client.password.success', { type: 'success' });
      onClose(true);
    } catch (err) {
      const text = serverText(err, translate);
      notify(text ?? 'client.password.failure', { type: 'error', messageArgs: text ? { _: text } : undefined });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          required
          name="password"
          type="password"
          autoComplete="new-password"
          label={translate('client.password.newPassword')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={submitted && !typed}
          helperText={submitted && !typed ? translate('client.password.required') : undefined}
          disabled={pending}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={pending}>
          {translate('client.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending} data-testid="password-submit">
          {translate(pending ? 'client.dialog.submitting' : 'client.dialog.submit')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
