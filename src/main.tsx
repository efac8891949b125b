import { StrictMode, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { resolveProfile, UnknownProfileError } from './config/profiles';

// Routes load their code on demand: /login needs only the login page (small first script, see bench/),
// every other path loads the console (react-admin, layout, registry pages) once.
const LoginShell = lazy(() => import('./layout/LoginShell'));
const App = lazy(() => import('./App'));
const ProfileError = lazy(() => import('./pages/ProfileError'));

/** Blank while a route's code loads (the login page and the console both paint within a few ms after). */
const Boot = () => <div aria-busy="true" style={{ height: '100%' }} />;

let profileError: UnknownProfileError | null = null;
try {
  resolveProfile();
} catch (e) {
  if (!(e instanceof UnknownProfileError)) throw e;
  profileError = e;
}

const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <Suspense fallback={<Boot />}>
        <LoginShell />
      </Suspense>
    ),
  },
  {
    path: '*',
    element: (
      <Suspense fallback={<Boot />}>
        <App />
      </Suspense>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {profileError ? (
      <Suspense fallback={<Boot />}>
        <ProfileError error={profileError} />
      </Suspense>
    ) : (
      <RouterProvider router={router} />
    )}
  </StrictMode>,
);
