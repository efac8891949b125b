import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { withRequestId } from '../../../dataProvider/errorText';

/** What LoadState reads of a load: a react-query result (useClientQuery) fits. */
export interface Loadable<T> {
  data: T | undefined;
  error: unknown;
  /** Fetches again (the retry button). */
  refetch: () => unknown;
}

/** Shows a sub-tab's loading spinner or failure (with retry); its children once the data is in. */
export default function LoadState<T>({ state, children }: { state: Loadable<T>; children: (data: T) => ReactNode }) {
  const translate = useTranslate();
  if (state.error && state.data === undefined) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void state.refetch()}>
            {translate('client.tabs.retry')}
          </Button>
        }
      >
        {withRequestId(translate, state.error, translate('client.tabs.loadFailed'))}
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
