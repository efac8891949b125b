import { CoreAdminContext } from 'ra-core';
import { Notification } from 'ra-ui-materialui';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { i18nProvider } from '../../i18n';
import { LoginPage } from '../pages/LoginPage';
import { authProvider, dataProvider } from '../services';
import { useCachedAppInfo } from './appInfo';
import { PageTitle } from './PageTitle';
import { themeOptions } from './theme';

const theme = createTheme(themeOptions);

function Title() {
  // No settings call before sign-in: the last known app name, else 'Admin'.
  const { appName } = useCachedAppInfo();
  return <PageTitle appName={appName} />;
}

/**
 * /login without the console: react-admin's core contexts (auth, i18n, notifications, query client) and
 * the MUI theme around the login page, so that the first screen loads only what it needs. The console
 * (<Admin>, layout, pages) loads after sign-in.
 */
export default function LoginShell() {
  return (
    <CoreAdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Title />
        <LoginPage />
        <Notification />
      </ThemeProvider>
    </CoreAdminContext>
  );
}
