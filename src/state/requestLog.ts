import { useSyncExternalStore } from 'react';

/** The developer request log keeps at most this many rows, oldest dropped first (spec section 9). */
export const REQUEST_LOG_MAX = 400;
/** The panel is off unless this localStorage key holds '1' (spec section 2: "exists but is disabled"). */
export const DEVLOG_KEY = 'bo.devlog';

/** One request as the http client reports it (dataProvider/http.ts `onRequest`). */
export interface RequestLogEntry {
  method: string;
  path: string;
  /** HTTP status; 0 when the request did not reach the server. */
  status: number;
  ms: number;
  at: number;
}
export interface RequestLogRow extends RequestLogEntry {
  id: number;
}

/** A capped, subscribable list of request rows (oldest first). */
export function createRequestLog(max = REQUEST_LOG_MAX) {
  let rows: RequestLogRow[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    rows: () => rows,
    add(entry: RequestLogEntry) {
      const next = [...rows, { ...entry, id: ++seq }];
      rows = next.length > max ? next.slice(next.length - max) : next;
      emit();
    },
    clear() {
      rows = [];
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type RequestLog = ReturnType<typeof createRequestLog>;

/** The console's request log. */
export const requestLog = createRequestLog();

/** Whether the developer asked for the request log (localStorage 'bo.devlog' = '1'). */
export function isDevLogEnabled(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(DEVLOG_KEY) === '1';
  } catch {
    return false;
  }
}

/** The rows of the request log. */
export function useRequestLog(log: RequestLog = requestLog): RequestLogRow[] {
  return useSyncExternalStore(log.subscribe, log.rows);
}
