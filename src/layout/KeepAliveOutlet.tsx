import {
  Component,
  Suspense,
  cloneElement,
  memo,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type ErrorInfo,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { tabsStore as defaultTabsStore, useTabs, type TabLocation, type TabsStore } from '../state/tabs';

export interface KeepAliveOutletProps {
  /** react-admin's `<Routes>` element (what the layout receives as children). */
  children: ReactElement<{ location?: TabLocation }>;
  /** The tab a pathname belongs to (a menu path the user may open), or undefined for pages outside tabs. */
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
 * The URL decides the active tab; its changes within a tab update the tab's stored location.
 */
export function KeepAliveOutlet({ children, tabOf, store = defaultTabsStore, replacement, Fallback, ErrorFallback, padding = 0 }: KeepAliveOutletProps) {
  const location = useLocation();
  const { tabs } = useTabs(store);
  const urlTab = tabOf(location.pathname);

  // Before paint, so a new tab never shows another tab's page for a frame.
  useLayoutEffect(() => {
    if (urlTab) store.open(urlTab, location);
  }, [location, urlTab, store]);

  // The URL's tab is the one shown. Until the layout effect has opened a new tab (or, right after
  // "close", until the navigation to the neighbour lands) no pane is visible; both resolve before paint.
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

interface TabPaneProps {
  path: string;
  active: boolean;
  location: TabLocation;
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
const TabPane = memo(function TabPane({ path, active, location, routes, replacement, Fallback, ErrorFallback, padding }: TabPaneProps) {
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
        <Suspense fallback={Fallback ? <Fallback /> : null}>{replacement ?? cloneElement(routes, { location })}</Suspense>
      </PaneErrorBoundary>
    </div>
  );
});

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
    return <div key={attempt} style={{ minHeight: '100%' }}>{this.props.children}</div>;
  }
}
