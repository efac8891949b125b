import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useLogout } from 'ra-core';
import { authMachine } from '../services';
import { tabsStore } from '../state/tabs';

// Loaded only for a staff member who must change the password (not part of the shell's first script).
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

const subscribe = (fn: () => void) => authMachine.subscribe(() => fn());
const mustChange = () => !!authMachine.getState().user?.must_change_password;

/**
 * While the signed-in staff member must change the password (userinfo `must_change_password`, e.g. the first
 * administrator of a production database), the console shows only the change-password dialog, which cannot be
 * dismissed; the API refuses every other call until then. A change (or signing out) ends the session.
 */
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const forced = useSyncExternalStore(subscribe, mustChange, mustChange);
  const logout = useLogout();
  if (!forced) return children;
  return (
    <Suspense fallback={null}>
      <ChangePasswordDialog
        open
        forced
        onClose={() => {
          tabsStore.reset();
          void logout();
        }}
      />
    </Suspense>
  );
}
