import { lazy, type ReactNode } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as AppError,
  LoadingPage,
  localStorageStore,
  Notification,
  Resource,
} from 'react-admin';
import CssBaseline from '@mui/material/CssBaseline';
import { Navigate, Route } from 'react-router-dom';
import { i18nProvider } from '../i18n';
import { leaves, nodePath } from '../resources/menu';
import { registry } from '../resources/registry';
import { PasswordChangeGate } from './account/PasswordChangeGate';
import { AppLayout } from './layout/AppLayout';
import { pageOf } from './layout/pageComponents';
import { themeOptions } from './layout/theme';
import { ErrorPage } from './pages/ErrorPage';
import { NotFound } from './pages/NotFound';
import { authProvider, dataProvider } from './services';

/** Not rendered in practice (main.tsx serves /login itself), kept for react-admin's own redirects. */
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));

/**
 * Every registry leaf with a page is a route at its path, its view loaded on first visit (or before: pageComponents.ts).
 * Which of them a user may open (permissions, deployment) is decided by the layout, which shows 404 for the others, so
 * a change of permissions applies at once.
 */
const pages = leaves(registry)
  .filter((n) => n.page)
  .map((n) => ({ path: nodePath(n), Page: pageOf(n) }));

/** Loads the code of the page at `path` (a console path, its query aside) ahead of its first render; nothing for others. */
export const preloadPath = (path: string): Promise<unknown> | undefined =>
  pages.find((p) => p.path === path.split(/[?#]/)[0])?.Page.load();

/**
 * The engine's entities as react-admin resources (names, record representation, access checks through
 * authProvider.canAccess); their views are the registry's routes above, inside the layout's tabs.
 */
const resources = leaves(registry).flatMap((n) => (n.declaration ? [n.name] : []));

/** The shell, or only the change-password dialog while the API requires the change first. */
const Layout = ({ children }: { children?: ReactNode }) => (
  <PasswordChangeGate>
    <AppLayout>{children}</AppLayout>
  </PasswordChangeGate>
);

/** '/' lands on the dashboard (spec section 2). */
const HomeRedirect = () => <Navigate to="/dashboard" replace />;

const store = localStorageStore();

/**
 * The signed-in console: react-admin wired from the services and the registry. `<Admin>` is spelled out as its two
 * halves (AdminContext, then CssBaseline, CoreAdminUI and Notification as AdminUI renders them) because AdminUI's
 * defaults (react-admin's layout, login form, not-found page) are bundled even when replaced: ~40 KB gzipped of
 * react-hook-form, menus and forms in the shell (bench/results.md, "Console bundle").
 */
export default function App() {
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={themeOptions}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          disableTelemetry
          requireAuth
          title="Admin"
          layout={Layout}
          loginPage={LoginPage}
          catchAll={NotFound}
          dashboard={HomeRedirect}
          error={AppError}
          loading={LoadingPage}
          authenticationError={AuthenticationError}
          accessDenied={AccessDenied}
        >
          {resources.map((name) => (
            <Resource key={name} name={name} />
          ))}
          <CustomRoutes>
            {pages.map(({ path, Page }) => (
              <Route key={path} path={`${path.slice(1)}/*`} element={<Page />} />
            ))}
          </CustomRoutes>
          <CustomRoutes noLayout>
            <Route path="/error" element={<ErrorPage />} />
          </CustomRoutes>
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
