import {
  Component,
  Suspense,
  cloneElement,
  memo,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  type ComponentType,
  type ErrorInfo,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_NavigationContext as NavigationContext,
  parsePath,
  useLocation,
  type Navigator,
  type To,
} from 'react-router-dom';
import { tabsStore as defaultTabsStore, useTabs, type TabLocation, type TabsStore } from '../state/tabs';

export interface KeepAliveOutletProps {
  /** react-admin's `<Routes>` element (what the layout receives as children). */
  children: ReactElement<{ location?: TabLocation }>;
  /** The tab a pathname belongs to (a menu path the user may open), or undefined for pages outside tabs. Keep it stable (memoised). */
  tabOf: (pathname: string) => string | undefined;
  store?: TabsStore;
  /** Shown in place of the routes for a location outside every tab (e.g. a page this user may not open). */
  replacement?: ReactNode;
  /** Suspense fallback while a tab's lazy page loads. */
  Fallback?: ComponentType;
  /** Shown when a tab's page throws; `retry` mounts it again. */
  ErrorFallback?: ComponentType<{ error: unknown; retry: () => void }>;
  /** Padding inside each pane's scroll container (px). */
  padding?: number;
}

/**
 * Keep-alive tabs: every open tab renders its own copy of the routes at its own location
 * (`<Routes location>`), all of them stay mounted and the inactive ones are hidden, so each page keeps its
 * state (typed filters, unsaved input, scroll position). A tab is mounted when first shown (tabs restored
 * after a reload wait until they are opened), unmounted when closed, and mounted again on refresh.
 * The URL decides the active tab; its changes within a tab update the tab's stored location, recorded from the
 * router as each navigation happens (see `useRecordTabs`). A hidden tab's page that navigates within its own
 * tab (a debounced list filter landing after the user switched tabs) moves only that tab (see `usePaneNavigator`).
 */
export function KeepAliveOutlet({
  children,
  tabOf,
  store = defaultTabsStore,
  replacement,
  Fallback,
  ErrorFallback,
  padding = 0,
}: KeepAliveOutletProps) {
  const location = useLocation();
  const { tabs } = useTabs(store);
  const urlTab = tabOf(location.pathname);
  useRecordTabs(tabOf, store, location, urlTab);

  // The URL's tab (the rendered URL's) is the one shown. The router has opened a new tab before its URL
  // renders (other routers: the layout effect, before paint); right after "close", until the navigation to
  // the neighbour lands, no pane is visible.
  const shown = urlTab;

  const mounted = useRef(new Set<string>());
  const open = new Set(tabs.map((t) => t.path));
  for (const p of mounted.current) if (!open.has(p)) mounted.current.delete(p);
  if (shown) mounted.current.add(shown);

  return (
    <div data-testid="tab-panes" style={{ position: 'relative', flex: 1, minHeight: 0, minWidth: 0 }}>
      {tabs
        .filter((t) => mounted.current.has(t.path))
        .map((t) => (
          <TabPane
            key={`${t.path}#${t.refresh}`}
            path={t.path}
            active={t.path === shown}
            location={t.path === shown && t.path === urlTab ? location : t.location}
            tabOf={tabOf}
            store={store}
            routes={children}
            Fallback={Fallback}
            ErrorFallback={ErrorFallback}
            padding={padding}
          />
        ))}
      {!urlTab && (
        <TabPane
          key={`outside:${location.pathname}`}
          path={location.pathname}
          active
          location={location}
          routes={children}
          replacement={replacement}
          Fallback={Fallback}
          ErrorFallback={ErrorFallback}
          padding={padding}
        />
      )}
    </div>
  );
}

/**
 * Records the location of every navigation in its tab (opening the tab, activating it) as the router makes it.
 *
 * Under a data router (the app's `createBrowserRouter`) every location change reaches React as a transition,
 * and a transition may never commit as such: a newer navigation (a click on another tab) supersedes it while
 * a heavy or lazily loaded page renders. Recording only committed locations then lost the new tab, or the
 * tab kept its previous query while its kept-alive list already showed the new filter. So the router's own
 * state is the source: its subscribers hear each location as the navigation completes, before React renders.
 * Other routers (MemoryRouter in tests) offer no such subscription; there the committed location is recorded.
 */
function useRecordTabs(
  tabOf: (pathname: string) => string | undefined,
  store: TabsStore,
  location: TabLocation,
  urlTab: string | undefined,
) {
  const router = useContext(DataRouterContext)?.router;

  useLayoutEffect(() => {
    if (!router) return;
    const record = (l: TabLocation) => {
      const tab = tabOf(l.pathname);
      if (tab) store.open(tab, toTabLocation(l));
    };
    let last = router.state.location;
    // On mount and when the tabs a user may open change: the router's location now, which may be ahead of
    // the committed one.
    record(last);
    return router.subscribe((state) => {
      if (state.location === last) return;
      last = state.location;
      record(last);
    });
  }, [router, tabOf, store]);

  // Before paint, so a new tab never shows another tab's page for a frame.
  useLayoutEffect(() => {
    if (!router && urlTab) store.open(urlTab, location);
  }, [router, location, urlTab, store]);
}

/** What a tab keeps of a router location. */
const toTabLocation = ({ pathname, search, hash, state, key }: TabLocation): TabLocation => ({
  pathname,
  search,
  hash,
  state,
  key,
});

/**
 * The navigator a tab's page uses (react-router's `useNavigate` and `<Link>` inside the pane's `<Routes>`):
 * the router's own, except that while the tab is hidden a push or replace to a location of the same tab moves
 * only the tab (its stored location, which its hidden page renders) and neither the URL nor the active tab.
 * A list's debounced filter, or a save's redirect, that lands after the user switched tabs is thus kept in
 * its tab instead of being lost or pulling the user back.
 */
function usePaneNavigator(path: string, tabOf: (pathname: string) => string | undefined, store: TabsStore) {
  const context = useContext(NavigationContext);
  const router = useContext(DataRouterContext)?.router;
  return useMemo(() => {
    const base = context.navigator;
    // Shown: the URL is in this tab (the router's, which may be ahead of the rendered one); without a data
    // router, the store's active tab, which follows the rendered URL.
    const shown = () => (router ? tabOf(router.state.location.pathname) === path : store.get().active === path);
    const inHiddenTab = (to: To, state: unknown): TabLocation | undefined => {
      if (shown()) return undefined;
      const { pathname = '', search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
      if (tabOf(pathname) !== path) return undefined;
      return { pathname, search, hash, state: state ?? null, key: Math.random().toString(36).slice(2, 10) };
    };
    // Everything else (createHref, go, ...) is the router's.
    const navigator: Navigator = Object.create(base);
    navigator.push = (to, state, opts) => {
      const hidden = inHiddenTab(to, state);
      if (hidden) store.setLocation(path, hidden);
      else base.push(to, state, opts);
    };
    navigator.replace = (to, state, opts) => {
      const hidden = inHiddenTab(to, state);
      if (hidden) store.setLocation(path, hidden);
      else base.replace(to, state, opts);
    };
    return { ...context, navigator };
  }, [context, router, path, tabOf, store]);
}

/** The same location object while its content is the same (a pane switching between the URL's and its stored copy). */
function useStableLocation(location: TabLocation): TabLocation {
  const ref = useRef(location);
  const prev = ref.current;
  const same =
    prev.pathname === location.pathname &&
    prev.search === location.search &&
    prev.hash === location.hash &&
    prev.key === location.key &&
    prev.state === location.state;
  if (!same) ref.current = location;
  return same ? prev : location;
}

interface TabPaneProps {
  path: string;
  active: boolean;
  location: TabLocation;
  /** With `store`, for the pane's navigator; absent for a page outside the tabs. */
  tabOf?: (pathname: string) => string | undefined;
  store?: TabsStore;
  routes: ReactElement<{ location?: TabLocation }>;
  replacement?: ReactNode;
  Fallback?: ComponentType;
  ErrorFallback?: KeepAliveOutletProps['ErrorFallback'];
  padding: number;
}

/**
 * One tab's page in its own scroll container. Memoised: a hidden tab does not re-render when the URL
 * changes elsewhere. Its scroll position is remembered while shown and put back when it is shown again
 * (a `display: none` box loses it).
 */
const TabPane = memo(function TabPane({
  path,
  active,
  location,
  tabOf,
  store,
  routes,
  replacement,
  Fallback,
  ErrorFallback,
  padding,
}: TabPaneProps) {
  const stableLocation = useStableLocation(location);
  const ref = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  useLayoutEffect(() => {
    if (active && ref.current) ref.current.scrollTop = scrollTop.current;
  }, [active]);
  return (
    <div
      ref={ref}
      role="tabpanel"
      data-tab-pane={path}
      aria-hidden={!active}
      hidden={!active}
      onScroll={(e) => {
        if (active) scrollTop.current = e.currentTarget.scrollTop;
      }}
      style={{ position: 'absolute', inset: 0, overflow: 'auto', padding, display: active ? 'block' : 'none' }}
    >
      <PaneErrorBoundary ErrorFallback={ErrorFallback}>
        <Suspense fallback={Fallback ? <Fallback /> : null}>
          {replacement ??
            (tabOf && store ? (
              <PaneNavigation path={path} tabOf={tabOf} store={store}>
                {cloneElement(routes, { location: stableLocation })}
              </PaneNavigation>
            ) : (
              cloneElement(routes, { location: stableLocation })
            ))}
        </Suspense>
      </PaneErrorBoundary>
    </div>
  );
});

/** Gives a tab's page its tab's navigator. */
function PaneNavigation({
  path,
  tabOf,
  store,
  children,
}: {
  path: string;
  tabOf: (pathname: string) => string | undefined;
  store: TabsStore;
  children: ReactNode;
}) {
  return (
    <NavigationContext.Provider value={usePaneNavigator(path, tabOf, store)}>{children}</NavigationContext.Provider>
  );
}

interface BoundaryProps {
  children: ReactNode;
  ErrorFallback?: KeepAliveOutletProps['ErrorFallback'];
}

/** A page that throws takes down only its own tab. */
class PaneErrorBoundary extends Component<BoundaryProps, { error: unknown; attempt: number }> {
  state = { error: undefined as unknown, attempt: 0 };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page error', error, info.componentStack);
  }
  retry = () => this.setState((s) => ({ error: undefined, attempt: s.attempt + 1 }));
  render() {
    const { error, attempt } = this.state;
    if (error !== undefined) {
      const { ErrorFallback } = this.props;
      return ErrorFallback ? <ErrorFallback error={error} retry={this.retry} /> : null;
    }
    return (
      <div key={attempt} style={{ minHeight: '100%' }}>
        {this.props.children}
      </div>
    );
  }
}
