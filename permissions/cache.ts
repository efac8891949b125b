import type { PermissionPayload } from './types';

/** sessionStorage key of the cached permissions; bump the version when the stored shape changes. */
export const PERMISSIONS_KEY = 'bo.permissions.v1';
/** Cached permissions older than this are revalidated in the background (spec section 9). */
export const PERMISSIONS_MAX_AGE_MS = 5 * 60_000;

/** What is kept in storage. */
export interface CachedPermissions {
  payload: PermissionPayload;
  savedAt: number;
  role: string;
}

/** The signed-in staff member's permissions, cached per browser session. */
export interface PermissionCache {
  /** The cached payload (hydrated from storage), or null. */
  get(): PermissionPayload | null;
  /** The cached entry with its saved time and role, or null. */
  entry(): CachedPermissions | null;
  /** The payload for `role`: fetched when missing or cached for another role; revalidated in the background when stale. */
  ensure(role: string): Promise<PermissionPayload>;
  /** Fetches now (concurrent callers share one request) and stores the answer. */
  refetch(role?: string): Promise<PermissionPayload>;
  /**
   * An API answer named the tenant's permission version: when it is newer than the cached payload's, refetch at once
   * (spec section 4: revalidation after 5 minutes, or on the next request that sees a newer version).
   */
  observeVersion(version: number): void;
  /** Forgets the permissions (memory and storage). */
  clear(): void;
  /** Calls `fn` whenever the payload changes; returns the unsubscribe function. */
  subscribe(fn: () => void): () => void;
}

export interface PermissionCacheDeps {
  /** Fetches the payload from the API. */
  fetch: () => Promise<PermissionPayload>;
  storage?: () => Storage | undefined;
  now?: () => number;
  maxAgeMs?: number;
}

/** A permission cache backed by sessionStorage. */
export function createPermissionCache(deps: PermissionCacheDeps): PermissionCache {
  const storage = deps.storage ?? (() => globalThis.sessionStorage);
  const now = deps.now ?? Date.now;
  const maxAge = deps.maxAgeMs ?? PERMISSIONS_MAX_AGE_MS;
  const listeners = new Set<() => void>();
  let current: CachedPermissions | null | undefined; // undefined: not hydrated yet
  let inflight: Promise<PermissionPayload> | null = null;
  let generation = 0; // bumped by clear() so an answer that arrives after logout is dropped
  let wanted = 0; // the newest tenant permission version an answer named

  function hydrate(): CachedPermissions | null {
    if (current !== undefined) return current;
    try {
      const parsed = JSON.parse(storage()?.getItem(PERMISSIONS_KEY) ?? 'null') as CachedPermissions | null;
      current = parsed && parsed.payload && Array.isArray(parsed.payload.grants) ? parsed : null;
    } catch {
      current = null;
    }
    return current;
  }

  function store(next: CachedPermissions | null) {
    current = next;
    if (next) storage()?.setItem(PERMISSIONS_KEY, JSON.stringify(next));
    else storage()?.removeItem(PERMISSIONS_KEY);
    listeners.forEach((fn) => fn());
  }

  const cache: PermissionCache = {
    get: () => hydrate()?.payload ?? null,
    entry: hydrate,
    ensure(role) {
      const e = hydrate();
      if (!e || e.role !== role) return cache.refetch(role);
      if (now() - e.savedAt >= maxAge) cache.refetch(role).catch(() => undefined);
      return Promise.resolve(e.payload);
    },
    refetch(role) {
      if (inflight) return inflight;
      const gen = generation;
      const request: Promise<PermissionPayload> = deps.fetch().then(
        (payload) => {
          if (gen === generation) store({ payload, savedAt: now(), role: role ?? payload.roles?.[0] ?? '' });
          if (inflight === request) inflight = null;
          // A newer version was seen while this request was under way: fetch once more (once: the next answer
          // naming a newer version asks again).
          const e = current;
          if (gen === generation && e && (e.payload.tenantVersion ?? 0) < wanted) {
            wanted = 0;
            cache.refetch(e.role).catch(() => undefined);
          }
          return payload;
        },
        (error: unknown) => {
          if (inflight === request) inflight = null;
          wanted = 0; // the next answer naming a newer version tries again
          throw error;
        },
      );
      inflight = request;
      return request;
    },
    observeVersion(version) {
      const e = hydrate();
      if (!e || version <= (e.payload.tenantVersion ?? 0) || version <= wanted) return;
      wanted = version;
      if (!inflight) cache.refetch(e.role).catch(() => undefined);
    },
    clear() {
      generation++;
      wanted = 0;
      inflight = null;
      store(null);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  return cache;
}
