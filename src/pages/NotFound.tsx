import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeIcon from '@mui/icons-material/Home';

/**
 * A page in place of the one asked for: its code, title and message (`common.<which>.*`), back to the last page or
 * home (spec section 2).
 */
function StatusPage({ which }: { which: 'notFound' | 'forbidden' }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const testId = which === 'notFound' ? 'not-found' : 'forbidden';
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', py: 8, px: 2 }}
    >
      <Typography component="h1" sx={{ fontSize: 96, fontWeight: 700, lineHeight: 1, color: 'primary.main' }}>
        {translate(`common.${which}.code`)}
      </Typography>
      <Typography variant="h5" component="p" sx={{ mt: 2 }}>
        {translate(`common.${which}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate(`common.${which}.message`)}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 4 }}>
        <Button
          data-testid="notfound-back"
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          onClick={() => navigate(-1)}
        >
          {translate('common.backToLastPage')}
        </Button>
        <Button
          data-testid="notfound-home"
          variant="contained"
          startIcon={<HomeIcon />}
          onClick={() => navigate('/dashboard')}
        >
          {translate('common.backToHome')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The catch-all page: 404, 'Ooops, page not found'. */
export const NotFound = () => <StatusPage which="notFound" />;

/** A page of the console the signed-in staff member may not open: 403, 'No access to this page'. */
export const Forbidden = () => <StatusPage which="forbidden" />;

export default NotFound;
