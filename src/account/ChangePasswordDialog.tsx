import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { apiErrorText, errorText, hasErrorCode } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../domain/user';
import { accountApi } from './accountApi';
import { DialogForm } from '../../resources/engine/DialogForm';

export { MIN_PASSWORD_LENGTH };

type Field = 'old' | 'new';

/** The translation keys of the problems of a change-password form (values are checked after trimming). */
export function passwordProblems(oldPassword: string, newPassword: string): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!oldPassword.trim()) problems.old = 'auth.password.old_required';
  // The spec's rule, once for every place a password is set (domain/user.ts passwordProblem).
  const problem = passwordProblem(newPassword);
  if (problem === 'required') problems.new = 'auth.password.new_required';
  else if (problem === 'too_short') problems.new = 'auth.password.new_min';
  return problems;
}

export interface ChangePasswordDialogProps {
  open: boolean;
  /** `true` after the password was changed (the shell then signs the user out). */
  onClose: (success: boolean) => void;
  /**
   * The API requires the change first (userinfo `must_change_password`): the dialog cannot be dismissed; its other
   * button signs out (`onClose(false)`).
   */
  forced?: boolean;
}

/** The signed-in staff member changes their own password; both values travel as MD5 hex (accountApi.changePassword). */
export function ChangePasswordDialog({ open, onClose, forced = false }: ChangePasswordDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const dataProvider = useConsoleDataProvider();
  const change = useMutation({
    mutationFn: ({ old, next }: { old: string; next: string }) => accountApi(dataProvider).changePassword(old, next),
  });
  const pending = change.isPending;

  // Every opening starts with an empty form.
  useEffect(() => {
    if (open) {
      setOldPassword('');
      setNewPassword('');
      setErrors({});
    }
  }, [open]);

  const message = (key: string | undefined) =>
    key ? translate(key, key === 'auth.password.new_min' ? { min: MIN_PASSWORD_LENGTH } : undefined) : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problems = passwordProblems(oldPassword, newPassword);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      // The current password goes exactly as typed (it must hash like the sign-in password); the new one trimmed.
      await change.mutateAsync({ old: oldPassword, next: newPassword.trim() });
      notify('auth.password.success', { type: 'success' });
      onClose(true);
    } catch (error) {
      const text = apiErrorText(translate, error);
      if (hasErrorCode(error, 'wrong_password')) setErrors({ old: text ?? 'auth.password.failed' });
      if (hasErrorCode(error, 'password_unchanged')) setErrors({ new: text ?? 'auth.password.failed' });
      const shown = text ?? errorText(translate, error, 'auth.password.failed');
      notify(shown, { type: 'error', messageArgs: { _: shown } });
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !pending && !forced && onClose(false)}
      disableEscapeKeyDown={forced}
      fullWidth
      maxWidth="xs"
      data-testid={forced ? 'forced-password-change' : undefined}
    >
      <DialogForm onSubmit={onSubmit}>
        <DialogTitle>{translate('auth.password.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {forced && <Alert severity="warning">{translate('errors.codes.password_change_required')}</Alert>}
            <TextField
              name="old_password"
              type="password"
              label={translate('auth.password.old')}
              value={oldPassword}
              onChange={(e) => {
                setOldPassword(e.target.value);
                if (errors.old) setErrors((x) => ({ ...x, old: undefined }));
              }}
              error={!!errors.old}
              helperText={message(errors.old)}
              autoComplete="current-password"
              autoFocus
              fullWidth
              disabled={pending}
            />
            <TextField
              name="new_password"
              type="password"
              label={translate('auth.password.new')}
              value={newPassword}
              onChange={(e) => {
                setNewPassword(e.target.value);
                if (errors.new) setErrors((x) => ({ ...x, new: undefined }));
              }}
              error={!!errors.new}
              helperText={message(errors.new)}
              autoComplete="new-password"
              fullWidth
              disabled={pending}
            />
            <Alert severity="info">{translate('auth.common.logout_notice')}</Alert>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={pending}>
            {translate(forced ? 'shell.userMenu.logout' : 'auth.common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={pending}
            data-testid="change-password-submit"
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('auth.password.submit')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}

export default ChangePasswordDialog;
