import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';

/** What may be passed to /error: `navigate('/error', { state: { message } })` or `/error?message=...`. */
export interface ErrorPageState {
  message?: string;
}

/**
 * The /error page (spec section 2) and the body of a page that crashed: a message, retry and home.
 * `retry` defaults to going back to where the error happened.
 */
export function ErrorPage({ message, retry }: { message?: string; retry?: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const detail =
    message ??
    (location.state as ErrorPageState | null)?.message ??
    new URLSearchParams(location.search).get('message') ??
    undefined;
  return (
    <Box
      data-testid="error-page"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', py: 8, px: 2 }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('common.errorPage.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560 }}>
        {translate('common.errorPage.message')}
      </Typography>
      {detail && (
        <Typography variant="body2" component="pre" sx={{ mt: 2, whiteSpace: 'pre-wrap', color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 4 }}>
        <Button
          data-testid="error-retry"
          variant="outlined"
          onClick={retry ?? (() => (location.pathname === '/error' ? navigate(-1) : window.location.reload()))}
        >
          {translate('common.retry')}
        </Button>
        <Button data-testid="error-home" variant="contained" onClick={() => navigate('/dashboard')}>
          {translate('common.backToHome')}
        </Button>
      </Stack>
    </Box>
  );
}

export default ErrorPage;
