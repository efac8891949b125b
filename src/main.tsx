import { StrictMode, lazy, startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { tokenStore } from '../authProvider/tokens';
import { resolveProfile, UnknownProfileError } from './config/profiles';
import { landingAfterSignIn, loginUrl } from './pages/landing';
import { preloadable } from './preloadable';
// The login page is in the first script, rendered without a Suspense boundary: React reveals suspended content at
// most every 300 ms, which made a lazy login page show ~250 ms later (bench/console-timing.ts). Every other path
// loads the console (react-admin, layout, registry pages) on demand, once.
import LoginShell from './layout/LoginShell';

const App = preloadable(() => import('./App'));

/**
 * The console's code (react-admin, the layout) and the page signing in lands on, evaluated while the person types
 * (LoginShell), once: the files are already here (prefetched by index.html), and the console renders them without
 * suspending after sign-in (bench/results.md, sign-in to the dashboard frame). A failure is the console's own import's
 * to show, after sign-in.
 */
const loadConsole = () =>
  void App.load()
    .then((m) => m.preloadPath(landingAfterSignIn(location.search)))
    .catch(() => undefined);
const ProfileError = lazy(() => import('./pages/ProfileError'));

/** Blank while a route's code loads (the login page and the console both paint within a few ms after). */
const Boot = () => <div aria-busy="true" style={{ height: '100%' }} />;

/**
 * Any console URL: signed out (no stored session), one replace to /login without loading the console, so
 * react-admin's logout redirect never runs (it fired hundreds of navigations, react-admin #10885); else the console.
 */
function ConsoleGate() {
  if (!tokenStore.get()) return <Navigate to={loginUrl(location)} replace />;
  return (
    <Suspense fallback={<Boot />}>
      <App />
    </Suspense>
  );
}

let profileError: UnknownProfileError | null = null;
try {
  resolveProfile();
} catch (e) {
  if (!(e instanceof UnknownProfileError)) throw e;
  profileError = e;
}

// Signed out at a console URL: become /login before the router starts (one replace, the router's own initial
// replace skipped by giving the entry the index it would write), so the console never loads just to leave; the
// page asked for goes along as `next`, opened after sign-in.
if (!profileError && !tokenStore.get() && location.pathname !== '/login') {
  history.replaceState({ usr: null, key: 'default', idx: history.state?.idx ?? 0 }, '', loginUrl(location));
}

const router = createBrowserRouter([
  {
    path: '/login',
    element: <LoginShell preload={loadConsole} />,
  },
  { path: '*', element: <ConsoleGate /> },
]);

const root = createRoot(document.getElementById('root')!);
// A transition: React renders the first screen in 5 ms slices instead of one long task (total blocking time).
startTransition(() =>
  root.render(
    <StrictMode>
      {profileError ? (
        <Suspense fallback={<Boot />}>
          <ProfileError error={profileError} />
        </Suspense>
      ) : (
        <RouterProvider router={router} />
      )}
    </StrictMode>,
  ),
);
