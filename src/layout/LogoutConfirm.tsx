import { useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Asks before signing out. */
export function LogoutConfirm({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="logout-confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="logout-confirm-title">{translate('shell.logout.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('shell.logout.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('common.cancel')}</Button>
        <Button data-testid="confirm-logout" variant="contained" color="primary" onClick={onConfirm} autoFocus>
          {translate('shell.logout.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
