import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import { Navigate, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import { ErrorPage } from '../pages/ErrorPage';
import { Forbidden } from '../pages/NotFound';
import { DEFAULT_LANDING, isAfterSignIn } from '../pages/landing';
import { appState, useAppState } from '../state/appState';
import { deviceStore, useDevice } from '../state/device';
import { tabsStore, type TabLocation } from '../state/tabs';
import { useAppInfo } from './useAppInfo';
import { useDocumentLang } from './useDocumentLang';
import { AppBar } from './AppBar';
import { EmergencyBanner } from './EmergencyBanner';
import { LiveUpdates } from '../live/LiveUpdates';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { PageTitle } from './PageTitle';
import { NavigationProgress, ProgressBar, ProgressHold } from './ProgressBar';
import { RequestLogPanel } from './RequestLogPanel';
import { SideMenu } from './SideMenu';
import { TabStrip } from './TabStrip';
import { MENU_DRAWER_WIDTH, SIDE_MENU_WIDTH } from './theme';
import { useShellMenu } from './useVisibleMenu';

/** A tab's page is loading. */
function PaneLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <ProgressHold />
      <CircularProgress size={28} />
    </Box>
  );
}

/** A tab's page crashed. */
function PaneError({ error, retry }: { error: unknown; retry: () => void }) {
  const translate = useTranslate();
  return (
    <ErrorPage
      message={`${translate('shell.page.loadFailed')}: ${error instanceof Error ? error.message : String(error)}`}
      retry={retry}
    />
  );
}

/**
 * The layout shell (react-admin `layout`): top bar, side menu (a 360 px drawer on phones), tab strip and the
 * keep-alive tab panes; `children` is react-admin's `<Routes>`, rendered once per open tab.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const { appName, logo } = useAppInfo();
  const shell = useShellMenu();
  const device = useDevice();
  const mobile = device.type === 'mobile';
  const collapsed = useAppState((s) => s.sidebarCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const compact = !!shell.permissions?.featureFlags?.['ui.compactSideMenu'];
  const activePath = shell.tabOf(location.pathname);
  useDocumentLang();

  useEffect(() => deviceStore?.start(), []);
  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);
  // Tabs restored from this browser session that this user may not open (another user, fewer rights) go.
  useEffect(() => {
    if (shell.permissions) tabsStore.retain((p) => shell.paths.has(p));
  }, [shell]);

  const menu = (
    <SideMenu menu={shell.menu} activePath={activePath} compact={compact} onNavigate={() => setDrawerOpen(false)} />
  );
  const forbidden = shell.isForbidden(location.pathname);
  // The page opened signed out, which this role may not open: the default page instead of the 403 page.
  if (forbidden && isAfterSignIn(location.state)) return <Navigate to={DEFAULT_LANDING} replace />;
  // Until the permissions are known, no page shows (a page the user may not open must not flash).
  const waiting = !shell.permissions && location.pathname !== '/';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh', bgcolor: 'background.default' }}>
      <ProgressBar />
      <NavigationProgress />
      <PageTitle appName={appName} mayOpen={(p) => !shell.permissions || shell.paths.has(p)} />
      <AppBar
        appName={appName}
        logo={logo}
        mobile={mobile}
        onToggleMenu={() =>
          mobile ? setDrawerOpen((o) => !o) : appState.set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed }))
        }
      />
      <EmergencyBanner />
      <LiveUpdates />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {mobile ? (
          <Drawer
            variant="temporary"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            data-testid="menu-drawer"
            ModalProps={{ keepMounted: false }}
            slotProps={{ paper: { sx: { width: MENU_DRAWER_WIDTH, maxWidth: '100vw' } } }}
          >
            {menu}
          </Drawer>
        ) : (
          <Box
            component="aside"
            sx={{
              width: collapsed ? 0 : SIDE_MENU_WIDTH,
              flexShrink: 0,
              overflow: 'hidden',
              borderRight: collapsed ? 0 : 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
            }}
          >
            <Box sx={{ width: SIDE_MENU_WIDTH, height: '100%' }}>{menu}</Box>
          </Box>
        )}
        <Box component="main" sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
          <TabStrip />
          {waiting ? (
            <PaneLoading />
          ) : (
            <KeepAliveOutlet
              tabOf={shell.tabOf}
              replacement={forbidden ? <Forbidden /> : undefined}
              Fallback={PaneLoading}
              ErrorFallback={PaneError}
              padding={mobile ? 8 : 16}
            >
              {children as ReactElement<{ location?: TabLocation }>}
            </KeepAliveOutlet>
          )}
        </Box>
      </Box>
      <RequestLogPanel />
    </Box>
  );
}

export default AppLayout;
