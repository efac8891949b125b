import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { i18nProvider } from '../../i18n';
import { DEFAULT_PROFILE, PROFILES, type UnknownProfileError } from '../config/profiles';

/**
 * Shown instead of the console when the `profile` query (or stored) value names no deployment profile:
 * a clear, translated error and a way back to the default profile.
 */
export function ProfileError({ error }: { error: UnknownProfileError }) {
  const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
  const known = Object.keys(PROFILES).join(', ');
  if (typeof document !== 'undefined') document.title = `${t('common.appName')} - ${t('shell.profileError.title')}`;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: '#f4f6f9',
        p: 2,
      }}
    >
      <CssBaseline />
      <Paper data-testid="profile-error" role="alert" sx={{ p: 4, maxWidth: 520, textAlign: 'center' }}>
        <ReportProblemIcon color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t('shell.profileError.title')}
        </Typography>
        <Typography sx={{ mt: 2 }}>{t('shell.profileError.message', { profile: error.profile, known })}</Typography>
        <Button variant="contained" sx={{ mt: 3 }} href={`/login?profile=${DEFAULT_PROFILE}`}>
          {t('shell.profileError.useDefault')}
        </Button>
      </Paper>
    </Box>
  );
}

export default ProfileError;
