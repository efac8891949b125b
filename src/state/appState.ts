import { useSyncExternalStore } from 'react';
import { debounce } from './store';

/** The storage key of the app-state cache; the version suffix changes when the shape does (spec section 9). */
export const APP_STATE_KEY = 'bo.app.v2';
/** Writes to storage are debounced by this many milliseconds (spec section 9). */
export const APP_STATE_DEBOUNCE_MS = 200;

/** UI state kept across reloads in this browser (not per tab, not secret). */
export interface AppState {
  /** The side menu is collapsed to icons. */
  sidebarCollapsed: boolean;
  /** Names of the menu groups the user opened. */
  openGroups: string[];
  /** Last known app name and logo (GET /setting/v1/app), shown before the settings load, e.g. on /login. */
  appName?: string;
  webLogo?: string;
  /** Last known time zone of the tenant (its app settings' `timezone`): the console shows and reads times in it. */
  timeZone?: string;
}

export const DEFAULT_APP_STATE: AppState = { sidebarCollapsed: false, openGroups: [] };

export interface AppStateStore {
  get(): AppState;
  /** Changes the state at once; the write to storage follows after the debounce. */
  set(patch: Partial<AppState> | ((prev: AppState) => Partial<AppState>)): void;
  subscribe(listener: () => void): () => void;
  /** Writes a pending change now (e.g. before the page unloads). */
  flush(): void;
}

function read(storage: Storage | undefined, key: string): AppState {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return DEFAULT_APP_STATE;
    const parsed = JSON.parse(raw) as Partial<AppState>;
    return { ...DEFAULT_APP_STATE, ...(parsed && typeof parsed === 'object' ? parsed : {}) };
  } catch {
    return DEFAULT_APP_STATE;
  }
}

/** The app-state cache over `storage` (localStorage by default) under a versioned key with debounced writes. */
export function createAppState(
  storage: Storage | undefined = globalThis.localStorage,
  { key = APP_STATE_KEY, debounceMs = APP_STATE_DEBOUNCE_MS } = {},
): AppStateStore {
  let state = read(storage, key);
  const listeners = new Set<() => void>();
  const write = debounce(() => {
    try {
      storage?.setItem(key, JSON.stringify(state));
    } catch {
      // Storage full or disabled (private mode): the state lives on in memory.
    }
  }, debounceMs);
  return {
    get: () => state,
    set(patch) {
      const delta = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...delta };
      listeners.forEach((l) => l());
      write();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush: () => write.flush(),
  };
}

/** The console's app-state cache. */
export const appState = createAppState();
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => appState.flush());

/** A value of the app state, re-rendering when it changes. */
export function useAppState<T>(select: (s: AppState) => T, store: AppStateStore = appState): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
