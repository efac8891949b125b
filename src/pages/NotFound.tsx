import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeIcon from '@mui/icons-material/Home';

/** The catch-all page: 404, 'Ooops, page not found', back to the last page or home (spec section 2). */
export function NotFound() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box
      data-testid="not-found"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', py: 8, px: 2 }}
    >
      <Typography component="h1" sx={{ fontSize: 96, fontWeight: 700, lineHeight: 1, color: 'primary.main' }}>
        {translate('common.notFound.code')}
      </Typography>
      <Typography variant="h5" component="p" sx={{ mt: 2 }}>
        {translate('common.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate('common.notFound.message')}
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

export default NotFound;
