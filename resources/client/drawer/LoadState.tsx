import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LoadState as State } from './useLoad';

/** Shows a sub-tab's loading spinner or failure (with retry); its children once the data is in. */
export default function LoadState<T>({ state, children }: { state: State<T>; children: (data: T) => ReactNode }) {
  const translate = useTranslate();
  if (state.error && state.data === undefined) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={state.reload}>
            {translate('client.tabs.retry')}
          </Button>
        }
      >
        {translate('client.tabs.loadFailed')}
      </Alert>
    );
  }
  if (state.data === undefined) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={24} aria-label={translate('client.drawer.loading')} />
      </Box>
    );
  }
  return <>{children(state.data)}</>;
}
