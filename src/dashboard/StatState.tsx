import type { ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { apiErrorText } from '../../dataProvider/errorText';

/** A statistics query's states: loading (translated), error (the server's message translated, retry), the figures. */
export function StatState<T>({
  query,
  children,
}: {
  query: { data?: T; error: unknown; isPending: boolean; isFetching: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  const detail = query.error ? apiErrorText(translate, query.error) : undefined;
  if (query.error && !query.data)
    return (
      <Alert
        severity="error"
        data-testid="dashboard-error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {translate('resources.dashboard.retry')}
          </Button>
        }
      >
        {translate('resources.dashboard.loadFailed')}
        {detail ? (
          <Typography variant="caption" component="div">
            {detail}
          </Typography>
        ) : null}
      </Alert>
    );
  if (query.isPending || !query.data)
    return (
      <Box data-testid="dashboard-loading" aria-busy="true">
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('resources.dashboard.loading')}
        </Typography>
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  return (
    <Box sx={{ position: 'relative' }}>
      {query.isFetching ? (
        <LinearProgress
          aria-label={translate('ra.page.loading')}
          sx={{ position: 'absolute', top: -8, left: 0, right: 0, height: 2 }}
        />
      ) : null}
      {children(query.data)}
    </Box>
  );
}
