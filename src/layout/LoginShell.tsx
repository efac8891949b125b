import { useEffect } from 'react';
import { CoreAdminContext, useTranslate } from 'ra-core';
import { Notification } from 'ra-ui-materialui';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { loginI18nProvider } from '../../i18n/login';
import { LoginPage } from '../pages/LoginPage';
import { authProvider, dataProvider } from '../services';
import { pageTitle, useCachedAppInfo } from './appInfo';
import { themeOptions } from './theme';

const theme = createTheme(themeOptions);

function Title() {
  // No settings call before sign-in: the last known app name, else 'Admin'.
  const { appName } = useCachedAppInfo();
  const translate = useTranslate();
  const title = pageTitle(appName, translate('shell.title.login'), translate('common.titleSeparator', { _: ' - ' }));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/**
 * /login without the console: react-admin's core contexts (auth, i18n, notifications, query client) and
 * the MUI theme around the login page, so that the first screen loads only what it needs. The console
 * (<Admin>, layout, pages) loads after sign-in.
 */
export default function LoginShell() {
  return (
    <CoreAdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={loginI18nProvider}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Title />
        <LoginPage />
        <Notification />
      </ThemeProvider>
    </CoreAdminContext>
  );
}
