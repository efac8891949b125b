import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { Notification } from 'ra-ui-materialui';
import { themeOptions } from '../layout/theme';

const theme = createTheme(themeOptions);

/**
 * The toasts of /login (react-admin's Notification in the console's theme). LoginShell loads this module when the
 * first sign-in is submitted or the first toast is raised, so that MUI and Emotion stay out of the first screen.
 */
export default function LoginToasts() {
  return (
    <ThemeProvider theme={theme}>
      {/* MUI's components are laid out for border-box sizing (the Snackbar's min-width includes its padding) */}
      <CssBaseline />
      <Notification />
    </ThemeProvider>
  );
}
