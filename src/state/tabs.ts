import { useSyncExternalStore } from 'react';

/** Where a tab is: what react-router's `<Routes location>` needs. */
export interface TabLocation {
  pathname: string;
  search: string;
  hash: string;
  state?: unknown;
  key?: string;
}

/** One open page. `path` is the menu path that identifies the tab (e.g. /client); `location` may be below it. */
export interface Tab {
  path: string;
  location: TabLocation;
  /** Bumped by "refresh": the tab's page is mounted again. */
  refresh: number;
}

export interface TabsState {
  tabs: Tab[];
  /** Path of the active tab. */
  active: string;
}

/** The fixed first tab. */
export const HOME_PATH = '/dashboard';
/** sessionStorage key of the open tabs (per browser session, spec section 2). */
export const TABS_KEY = 'bo.tabs.v1';

const homeTab = (home: string): Tab => ({ path: home, location: { pathname: home, search: '', hash: '' }, refresh: 0 });
const sameLocation = (a: TabLocation, b: TabLocation) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
/** Same place and same history entry (a new navigation to the same URL carries a new key and state). */
const sameEntry = (a: TabLocation, b: TabLocation) => sameLocation(a, b) && a.key === b.key && a.state === b.state;

function restore(storage: Storage | undefined, key: string, home: string): TabsState {
  const fallback: TabsState = { tabs: [homeTab(home)], active: home };
  try {
    const raw = storage?.getItem(key);
    if (!raw) return fallback;
    const saved = JSON.parse(raw) as { tabs?: { path?: unknown; location?: Partial<TabLocation> }[]; active?: unknown };
    const tabs: Tab[] = [homeTab(home)];
    for (const t of saved.tabs ?? []) {
      if (typeof t?.path !== 'string' || !t.path.startsWith('/') || tabs.some((x) => x.path === t.path)) continue;
      const loc = t.location ?? {};
      const pathname = typeof loc.pathname === 'string' && loc.pathname.startsWith(t.path) ? loc.pathname : t.path;
      const location = {
        pathname,
        search: typeof loc.search === 'string' ? loc.search : '',
        hash: typeof loc.hash === 'string' ? loc.hash : '',
      };
      if (t.path === home) tabs[0] = { ...tabs[0], location };
      else tabs.push({ path: t.path, location, refresh: 0 });
    }
    const active = typeof saved.active === 'string' && tabs.some((t) => t.path === saved.active) ? saved.active : home;
    return { tabs, active };
  } catch {
    return fallback;
  }
}

/**
 * The open tabs: the home tab first, fixed and never closed; the others in the order they were opened.
 * Every change is saved in sessionStorage (paths and locations only) and restored by the next store.
 */
export function createTabsStore(
  storage: Storage | undefined = globalThis.sessionStorage,
  { key = TABS_KEY, home = HOME_PATH } = {},
) {
  let state = restore(storage, key, home);
  const listeners = new Set<() => void>();
  const commit = (next: TabsState) => {
    if (next === state) return state;
    state = next;
    try {
      const saved = {
        active: next.active,
        tabs: next.tabs.map((t) => ({
          path: t.path,
          location: { pathname: t.location.pathname, search: t.location.search, hash: t.location.hash },
        })),
      };
      storage?.setItem(key, JSON.stringify(saved));
    } catch {
      // Storage unavailable: tabs still work for this page.
    }
    listeners.forEach((l) => l());
    return state;
  };
  const withActive = (tabs: Tab[], active: string): TabsState => ({
    tabs,
    active: tabs.some((t) => t.path === active) ? active : home,
  });

  return {
    home,
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Opens the tab of `path` (at the end) or updates its location, and activates it. */
    open(path: string, location?: TabLocation): TabsState {
      const loc = location ?? { pathname: path, search: '', hash: '' };
      const i = state.tabs.findIndex((t) => t.path === path);
      if (i < 0) return commit({ tabs: [...state.tabs, { path, location: loc, refresh: 0 }], active: path });
      const same = sameEntry(state.tabs[i].location, loc);
      if (same && state.active === path) return state;
      const tabs = same ? state.tabs : state.tabs.map((t, j) => (j === i ? { ...t, location: loc } : t));
      return commit({ tabs, active: path });
    },
    /** Moves an open tab to `location` without activating it (a hidden tab's page navigated within itself). */
    setLocation(path: string, location: TabLocation): TabsState {
      const i = state.tabs.findIndex((t) => t.path === path);
      if (i < 0 || sameEntry(state.tabs[i].location, location)) return state;
      return commit({ ...state, tabs: state.tabs.map((t, j) => (j === i ? { ...t, location } : t)) });
    },
    /** Activates an open tab (no-op for an unknown path). */
    activate(path: string): TabsState {
      if (state.active === path || !state.tabs.some((t) => t.path === path)) return state;
      return commit({ ...state, active: path });
    },
    /** Closes a tab; closing the active one activates its right neighbour, else its left one. The home tab stays. */
    close(path: string): TabsState {
      const i = state.tabs.findIndex((t) => t.path === path);
      if (i < 0 || path === home) return state;
      const tabs = state.tabs.filter((t) => t.path !== path);
      const active = state.active === path ? (tabs[i] ?? tabs[i - 1]).path : state.active;
      return commit({ tabs, active });
    },
    /** Keeps the home tab and `path`, which becomes active. */
    closeOthers(path: string): TabsState {
      const tabs = state.tabs.filter((t) => t.path === home || t.path === path);
      return commit(withActive(tabs, path));
    },
    /** Closes every tab right of `path`; if the active tab was among them, `path` becomes active. */
    closeRight(path: string): TabsState {
      const i = state.tabs.findIndex((t) => t.path === path);
      if (i < 0 || i === state.tabs.length - 1) return state;
      const tabs = state.tabs.slice(0, i + 1);
      return commit(withActive(tabs, tabs.some((t) => t.path === state.active) ? state.active : path));
    },
    /** Closes every tab but the home tab, which becomes active. */
    closeAll(): TabsState {
      return commit({ tabs: state.tabs.filter((t) => t.path === home), active: home });
    },
    /** Mounts the tab's page again (its state and scroll position start over). */
    refresh(path: string): TabsState {
      if (!state.tabs.some((t) => t.path === path)) return state;
      return commit({
        ...state,
        tabs: state.tabs.map((t) => (t.path === path ? { ...t, refresh: t.refresh + 1 } : t)),
      });
    },
    /** Closes the tabs whose path is not allowed any more (another user, fewer permissions). */
    retain(allowed: (path: string) => boolean): TabsState {
      const tabs = state.tabs.filter((t) => t.path === home || allowed(t.path));
      if (tabs.length === state.tabs.length) return state;
      return commit(withActive(tabs, state.active));
    },
    /** Back to the home tab alone (sign-out). */
    reset(): TabsState {
      return commit({ tabs: [homeTab(home)], active: home });
    },
  };
}
export type TabsStore = ReturnType<typeof createTabsStore>;

export const tabsStore = createTabsStore();

/** The open tabs and the active one. */
export function useTabs(store: TabsStore = tabsStore): TabsState {
  return useSyncExternalStore(store.subscribe, store.get);
}
