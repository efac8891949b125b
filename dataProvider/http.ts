import { ERRORS } from '../i18n/messages/errors';
import { absoluteUrl } from '../authProvider/refresh';
import type { TokenStore } from '../authProvider/tokens';

/** The answer header naming the tenant's permission version (server/core/access.ts). */
export const PERMISSION_VERSION_HEADER = 'x-permission-version';

/** Options of one call. */
export interface HttpOptions {
  method?: string;
  /** JSON-encoded unless it is FormData, Blob or a string. */
  body?: unknown;
  /** Query parameters; undefined, null and '' are left out, arrays repeat the key. */
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** On 401, refresh once and replay (default true). */
  retry?: boolean;
  signal?: AbortSignal;
  /** Answer the Response itself when it is 2xx, its body unread (a stream: GET /events); errors as usual. */
  raw?: boolean;
}

/** A call to the API: the parsed JSON answer, or an ApiError. */
export type Http = <T = unknown>(path: string, options?: HttpOptions) => Promise<T>;

/** One row of the developer request log. */
export interface RequestLogEntry {
  method: string;
  path: string;
  /** HTTP status; 0 when the request did not reach the server. */
  status: number;
  ms: number;
  at: number;
}

/** A failed call: status 0 is a network failure; `message` is the server's message/error/msg when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly errors?: Record<string, string>,
    readonly body?: unknown,
    /** Whether `message` came from the server. */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface HttpDeps {
  profile: { apiBase: string; tenantId: string };
  tokens: Pick<TokenStore, 'get'>;
  /** Refreshes the tokens (shared among concurrent callers); rejects when the session is over. */
  refresh: () => Promise<unknown>;
  /** The session is over (refresh failed or the replay was refused): clear it and hard-redirect to /login. */
  onAuthFailure: () => void;
  /** Called after every request, for the developer request log. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Called with the tenant's permission version of every answer that carries one (`x-permission-version`). */
  onPermissionVersion?: (version: number) => void;
  fetch?: typeof fetch;
}

/** The server's own message in an error body: `message`, then `error`, then `msg`. */
export function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const m = [b.message, b.error, b.msg].find((v) => typeof v === 'string' && v.trim() !== '');
  return m as string | undefined;
}

/**
 * `path` with its query string. Query parameters fixed in `path` (`/list?sub_type=credit`) are defaults: a parameter
 * of `query` with the same name and a value replaces them, so a filter never sends a parameter twice.
 */
export function withQuery(path: string, query?: Record<string, unknown>): string {
  const mark = path.indexOf('?');
  const base = mark < 0 ? path : path.slice(0, mark);
  const params = new URLSearchParams(mark < 0 ? '' : path.slice(mark + 1));
  for (const [key, value] of Object.entries(query ?? {})) {
    const given = (Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== null && v !== '');
    if (!given.length) continue;
    params.delete(key);
    for (const v of given) params.append(key, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

async function parse(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The API client of a profile: base URL, tenant, bearer, JSON, one refresh-and-replay on 401, normalised errors. */
export function createHttp(deps: HttpDeps): Http {
  async function send<T>(path: string, o: HttpOptions, replay: boolean): Promise<T> {
    const method = (o.method ?? 'GET').toUpperCase();
    const target = withQuery(path, o.query);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Tenant-Id': deps.profile.tenantId,
      ...o.headers,
    };
    const access = o.auth === false ? undefined : deps.tokens.get()?.access;
    if (access && !headers.Authorization) headers.Authorization = `Bearer ${access}`;
    let body: BodyInit | undefined;
    if (o.body !== undefined) {
      if (o.body instanceof FormData || o.body instanceof Blob || typeof o.body === 'string') body = o.body as BodyInit;
      else {
        body = JSON.stringify(o.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    const url = /^[a-z]+:\/\//i.test(path) ? target : `${deps.profile.apiBase}${target}`;
    const started = Date.now();
    let res: Response;
    try {
      res = await (deps.fetch ?? globalThis.fetch)(absoluteUrl(url), { method, headers, body, signal: o.signal });
    } catch (e) {
      deps.onRequest?.({ method, path: target, status: 0, ms: Date.now() - started, at: started });
      if ((e as Error)?.name === 'AbortError') throw e;
      throw new ApiError(ERRORS.network, 0, 'network');
    }
    deps.onRequest?.({ method, path: target, status: res.status, ms: Date.now() - started, at: started });
    const version = Number(res.headers?.get?.(PERMISSION_VERSION_HEADER) ?? NaN);
    if (Number.isInteger(version) && version >= 0) deps.onPermissionVersion?.(version);
    if (o.raw && res.ok) return res as T;
    const data = await parse(res);
    if (res.ok) return data as T;

    if (res.status === 401 && access && o.retry !== false) {
      if (replay) {
        deps.onAuthFailure();
      } else {
        // A refresh that finished while this call was in flight already gave us a new token.
        const refreshed =
          deps.tokens.get()?.access !== access ||
          (await deps.refresh().then(
            () => true,
            () => false,
          ));
        if (refreshed) return send<T>(path, o, true);
        deps.onAuthFailure();
      }
    }
    const b = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const fromServer = serverMessage(data);
    throw new ApiError(
      fromServer ?? `${ERRORS.requestFailed} (${res.status})`,
      res.status,
      typeof b.code === 'string' ? b.code : undefined,
      b.errors && typeof b.errors === 'object' ? (b.errors as Record<string, string>) : undefined,
      data,
      fromServer !== undefined,
    );
  }
  return <T>(path: string, options: HttpOptions = {}) => send<T>(path, options, false);
}
