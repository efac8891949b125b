import type { DataProvider, RaRecord } from 'react-admin';
import { forReactAdmin } from './errorText';
import { ApiError, type Http, type HttpOptions } from './http';

export { ApiError, createHttp, serverMessage, withQuery } from './http';
export type { Http, HttpOptions, RequestLogEntry } from './http';

/** The options of a `call`: what a request carries (the bearer, tenant and refresh always apply). */
export type CallOptions = Pick<HttpOptions, 'method' | 'query' | 'body' | 'headers' | 'signal' | 'raw'>;

/**
 * The console's dataProvider: react-admin's CRUD methods, plus `call` for what is not CRUD on a resource (a client's
 * sub-lists, money commands, account settings). `call` goes through the same http client, so the bearer, tenant,
 * refresh-and-replay and error codes apply; it answers the parsed body as the API sent it (no envelope removed) and
 * rejects with the http client's ApiError. Components reach it through react-admin's `useDataProvider`, usually
 * inside react-query's `useQuery`/`useMutation`.
 */
export interface ConsoleDataProvider extends DataProvider {
  call<T = unknown>(path: string, options?: CallOptions): Promise<T>;
}

/** One endpoint: a path (with `{id}` or `:id`), or a path with its HTTP method. */
export type Endpoint = string | { path: string; method?: string };

/** The endpoints of one resource; a missing one follows the API pattern `/<name>/admin/v1/<verb>[/{id}]`. */
export interface ResourceEndpoints {
  list?: Endpoint;
  one?: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  delete?: Endpoint;
}

/**
 * The endpoints of a call's resource may come with the call: react-admin's `meta.endpoints` (the engine passes its
 * declaration's, resources/engine), over the factory's map; nothing is registered anywhere, so the provider answers
 * the same whatever module was imported (tests/unit/providers-isolation.test.ts).
 */
export type EndpointsMeta = { endpoints?: ResourceEndpoints };

type Verb = keyof ResourceEndpoints;
const DEFAULTS: Record<Verb, { path: string; method: string }> = {
  list: { path: '/{resource}/admin/v1/list', method: 'GET' },
  one: { path: '/{resource}/admin/v1/detail/{id}', method: 'GET' },
  create: { path: '/{resource}/admin/v1/create', method: 'POST' },
  update: { path: '/{resource}/admin/v1/{id}', method: 'PUT' },
  delete: { path: '/{resource}/admin/v1/{id}', method: 'DELETE' },
};

/** The method and path of a resource's verb, with `{id}`/`:id` filled in; `own` (the call's) wins over the map. */
export function endpointFor(
  endpoints: Readonly<Record<string, ResourceEndpoints>>,
  resource: string,
  verb: Verb,
  id?: RaRecord['id'],
  own?: ResourceEndpoints,
): { method: string; path: string } {
  const e = own?.[verb] ?? endpoints[resource]?.[verb];
  const { path, method } = typeof e === 'string' ? { path: e, method: undefined } : (e ?? {});
  const filled = (path ?? DEFAULTS[verb].path)
    .replace('{resource}', resource)
    .replace(/\{id\}|:id\b/, encodeURIComponent(String(id ?? '')));
  return { method: method ?? DEFAULTS[verb].method, path: filled };
}

/** A record from an answer that may wrap it as `{ data: record }`. */
function unwrap<T>(res: unknown): T {
  if (res && typeof res === 'object' && 'data' in res && !('id' in res)) return (res as { data: T }).data;
  return res as T;
}

/** How many list queries (resource, sort, filters, page size) keep their page cursors. */
const CURSOR_QUERIES = 20;

/**
 * Keyset cursors of the pages seen, per list query: a list that answers `next_cursor` for page p lets page p + 1 be
 * asked with `cursor`, read from that row on instead of an OFFSET (the API's deep pages cost what the first does).
 * Paging forward and back uses them; a jump to an unseen page sends the page number alone.
 */
class PageCursors {
  private readonly byQuery = new Map<string, Map<number, string>>();

  get(query: string, page: number): string | undefined {
    return this.byQuery.get(query)?.get(page);
  }

  set(query: string, page: number, cursor: string): void {
    let pages = this.byQuery.get(query);
    if (!pages) {
      if (this.byQuery.size >= CURSOR_QUERIES) this.byQuery.delete(this.byQuery.keys().next().value!);
      this.byQuery.set(query, (pages = new Map()));
    }
    pages.set(page, cursor);
  }

  forget(query: string): void {
    this.byQuery.delete(query);
  }
}

/**
 * A generic react-admin DataProvider: lists answer `{ data, total }` and take page, page_size, sort, order and
 * filters. `endpoints`: the resources whose paths are not the API pattern and do not come with the call (`meta`).
 */
export function createDataProvider(
  http: Http,
  endpoints: Readonly<Record<string, ResourceEndpoints>> = {},
): ConsoleDataProvider {
  const call = <T>(
    resource: string,
    verb: Verb,
    id?: RaRecord['id'],
    options: { body?: unknown; query?: Record<string, unknown>; signal?: AbortSignal; meta?: unknown } = {},
  ) => {
    const { meta, ...request } = options;
    const { method, path } = endpointFor(endpoints, resource, verb, id, (meta as EndpointsMeta | undefined)?.endpoints);
    return http<T>(path, { method, ...request }).catch((error: unknown) => {
      throw forReactAdmin(error);
    });
  };

  const cursors = new PageCursors();
  const provider: ConsoleDataProvider = {
    call: <T>(path: string, { method, query, body, headers, signal, raw }: CallOptions = {}) =>
      http<T>(path, { method, query, body, headers, signal, raw }),
    async getList(resource, params) {
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const { field, order } = params.sort ?? { field: '', order: '' };
      const query = { page_size: perPage, sort: field, order: order?.toLowerCase(), ...params.filter };
      const key = JSON.stringify([resource, query]);
      const list = (cursor: string | undefined) =>
        call<unknown>(resource, 'list', undefined, {
          query: { page, ...query, cursor },
          signal: params.signal,
          meta: params.meta,
        });
      const cursor = page > 1 ? cursors.get(key, page) : undefined;
      const res = await list(cursor).catch((error: unknown) => {
        // A cursor the API no longer takes: forget this query's cursors and ask by page number.
        if (!cursor || !(error instanceof ApiError) || error.status !== 400) throw error;
        cursors.forget(key);
        return list(undefined);
      });
      if (Array.isArray(res)) return { data: res, total: res.length };
      const body = (res ?? {}) as { data?: RaRecord[]; total?: number; next_cursor?: unknown; totals?: unknown };
      const data = Array.isArray(body.data) ? body.data : [];
      if (typeof body.next_cursor === 'string') cursors.set(key, page + 1, body.next_cursor);
      const total = typeof body.total === 'number' ? body.total : data.length;
      // A list's per-currency sums over every matching row (trade records) reach the list as its `meta`.
      return (body.totals === undefined ? { data, total } : { data, total, meta: { totals: body.totals } }) as never;
    },
    async getOne(resource, params) {
      return { data: unwrap(await call(resource, 'one', params.id, { signal: params.signal, meta: params.meta })) };
    },
    async getMany(resource, params) {
      const data = await Promise.all(
        params.ids.map((id) => call(resource, 'one', id, { signal: params.signal, meta: params.meta }).then(unwrap)),
      );
      return { data } as never;
    },
    getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },
    async create(resource, params) {
      const res = unwrap<Record<string, unknown> | undefined>(
        await call(resource, 'create', undefined, { body: params.data, meta: params.meta }),
      );
      return { data: { ...params.data, ...(res && typeof res === 'object' ? res : {}) } } as never;
    },
    async update(resource, params) {
      const res = unwrap<Record<string, unknown> | undefined>(
        await call(resource, 'update', params.id, { body: params.data, meta: params.meta }),
      );
      return {
        data: { ...params.previousData, ...params.data, ...(res && typeof res === 'object' ? res : {}), id: params.id },
      } as never;
    },
    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => call(resource, 'update', id, { body: params.data, meta: params.meta })));
      return { data: params.ids };
    },
    async delete(resource, params) {
      await call(resource, 'delete', params.id, { meta: params.meta });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => call(resource, 'delete', id, { meta: params.meta })));
      return { data: params.ids };
    },
  };
  return provider;
}
