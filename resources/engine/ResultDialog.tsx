import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/** Shows what an action answered (e.g. a temporary code) with a copy button. */
export function ResultDialog({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography
          data-testid="action-result"
          sx={{ fontFamily: 'monospace', fontSize: 24, letterSpacing: 2, textAlign: 'center' }}
        >
          {text}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{translate(copied ? 'engine.action.copied' : 'engine.action.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {translate('engine.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
