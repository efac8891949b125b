import { StrictMode, lazy, startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { tokenStore } from '../authProvider/tokens';
import { resolveProfile, UnknownProfileError } from './config/profiles';
import { loginUrl } from './pages/landing';
// The login page is in the first script, rendered without a Suspense boundary: React reveals suspended content at
// most every 300 ms, which made a lazy login page show ~250 ms later (bench/console-timing.ts). Every other path
// loads the console (react-admin, layout, registry pages) on demand, once.
import LoginShell from './layout/LoginShell';

const App = lazy(() => import('./App'));
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
    element: <LoginShell />,
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
