import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTokenStore } from '../../authProvider/tokens';
import { createDataProvider, createHttp, type ResourceEndpoints } from '../../dataProvider';
import { api, apiError, apiList, server, testProfile, installMsw } from './msw';

// The generic mechanisms (envelopes, bare arrays, the endpoint map, delete) are tried on test-only resources.
installMsw({ offApi: ['/things/'] });

function provider(endpoints: Record<string, ResourceEndpoints> = {}) {
  const tokens = createTokenStore();
  tokens.set({ access: 'A', refresh: 'R' }, false);
  const call = createHttp({ profile: testProfile, tokens, refresh: vi.fn(), onAuthFailure: vi.fn() });
  return createDataProvider(call, endpoints);
}

const capture = () => {
  const seen: { method: string; url: URL; body: unknown }[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    seen.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined });
  };
  return { seen, record };
};

describe('dataProvider', () => {
  it('getList: GET /<area>/admin/v1/list with page, page_size, sort, order and filters; answers {data,total}', async () => {
    const { seen, record } = capture();
    server.use(
      http.get(api('/client/admin/v1/list'), async ({ request }) => {
        await record(request);
        return HttpResponse.json(apiList('GET /client/admin/v1/list', [{ id: 1 }, { id: 2 }], { total: 42 }));
      }),
    );
    const res = await provider().getList('client', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'create_datetime', order: 'DESC' },
      filter: { fake: 'robot', username: 'bob', empty: '' },
    });
    expect(res.total).toBe(42);
    expect(res.data.map((r) => r.id)).toEqual([1, 2]);
    expect(Object.fromEntries(seen[0].url.searchParams)).toEqual({
      page: '3',
      page_size: '20',
      sort: 'create_datetime',
      order: 'desc',
      fake: 'robot',
      username: 'bob',
    });
    expect(seen[0].url.pathname).toBe('/api/client/admin/v1/list');
  });

  it("getList pages with the API's keyset cursors when it has them, by page number otherwise", async () => {
    const { seen, record } = capture();
    let refuse = false;
    server.use(
      http.get(api('/deposit/admin/v1/list'), async ({ request }) => {
        await record(request);
        const url = new URL(request.url);
        if (refuse && url.searchParams.get('cursor')) {
          return HttpResponse.json(apiError('validation', 'Cursor is invalid', { cursor: 'bad' }), { status: 400 });
        }
        const page = Number(url.searchParams.get('page'));
        return HttpResponse.json(
          apiList('GET /deposit/admin/v1/list', [{ id: page }], { total: 9, next_cursor: `after-${page}` }),
        );
      }),
    );
    const dp = provider();
    const get = (page: number, filter: Record<string, unknown> = {}) =>
      dp.getList('deposit', { pagination: { page, perPage: 1 }, sort: { field: 'created_at', order: 'DESC' }, filter });
    const cursorOf = (i: number) => seen[i].url.searchParams.get('cursor');
    await get(1);
    await get(2);
    await get(3);
    await get(2);
    await get(7); // a jump: no cursor known
    expect([0, 1, 2, 3, 4].map(cursorOf)).toEqual([null, 'after-1', 'after-2', 'after-1', null]);
    expect(seen.map((s) => s.url.searchParams.get('page'))).toEqual(['1', '2', '3', '2', '7']);
    // Other filters are another query: their cursors are their own.
    await get(2, { status: 'pending' });
    expect(cursorOf(5)).toBeNull();
    // A refused cursor: asked again by page number, and the data still arrives.
    refuse = true;
    expect((await get(3)).data).toMatchObject([{ id: 3 }]);
    expect([cursorOf(6), cursorOf(7)]).toEqual(['after-2', null]);
  });

  it('getList accepts a bare array', async () => {
    server.use(http.get(api('/things/admin/v1/list'), () => HttpResponse.json([{ id: 'a' }])));
    expect(
      await provider().getList('things', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).toEqual({
      data: [{ id: 'a' }],
      total: 1,
    });
  });

  it('uses the endpoint map over the default pattern, with {id} or :id', async () => {
    const { seen, record } = capture();
    server.use(
      http.get(api('/things/v1/list'), async ({ request }) => {
        await record(request);
        return HttpResponse.json({ data: [], total: 0 });
      }),
      http.put(api('/things/v1/:id'), async ({ request }) => {
        await record(request);
        return HttpResponse.json({});
      }),
      http.post(api('/things/v1/create'), async ({ request }) => {
        await record(request);
        return HttpResponse.json({ id: 12 });
      }),
    );
    const dp = provider({
      users: {
        list: '/things/v1/list',
        update: { path: '/things/v1/:id', method: 'PUT' },
        create: '/things/v1/create',
      },
    });
    await dp.getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    const updated = await dp.update('users', {
      id: 5,
      data: { name: 'New' },
      previousData: { id: 5, name: 'Old', role: 'hero' },
    });
    const created = await dp.create('users', { data: { name: 'Made' } });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'GET /api/things/v1/list',
      'PUT /api/things/v1/5',
      'POST /api/things/v1/create',
    ]);
    expect(seen[1].body).toEqual({ name: 'New' });
    expect(updated.data).toEqual({ id: 5, name: 'New', role: 'hero' });
    expect(created.data).toEqual({ id: 12, name: 'Made' });
  });

  it('getOne, getMany, delete follow the default pattern and unwrap a data envelope', async () => {
    const { seen, record } = capture();
    server.use(
      http.get(api('/things/admin/v1/detail/:id'), async ({ request, params }) => {
        await record(request);
        return HttpResponse.json(
          params.id === '1' ? { data: { id: 1, amount: '10.00' } } : { id: Number(params.id), amount: '2.00' },
        );
      }),
      http.delete(api('/things/admin/v1/:id'), async ({ request }) => {
        await record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const dp = provider();
    expect((await dp.getOne('things', { id: 1 })).data).toEqual({ id: 1, amount: '10.00' });
    expect((await dp.getMany('things', { ids: [1, 2] })).data).toEqual([
      { id: 1, amount: '10.00' },
      { id: 2, amount: '2.00' },
    ]);
    expect((await dp.delete('things', { id: 3, previousData: { id: 3, amount: '1.00' } })).data).toEqual({
      id: 3,
      amount: '1.00',
    });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toContain('DELETE /api/things/admin/v1/3');
  });

  it('errors reach react-admin as ApiError with the server message and status', async () => {
    server.use(
      http.get(api('/things/admin/v1/detail/9'), () => HttpResponse.json({ msg: 'No such record' }, { status: 404 })),
    );
    await expect(provider().getOne('things', { id: 9 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      message: 'No such record',
    });
  });

  it('call: a request that is not CRUD, through the same http client (bearer, tenant, query, body, headers, errors)', async () => {
    const seen: { method: string; url: URL; headers: Headers; body: unknown }[] = [];
    server.use(
      http.post(api('/things/admin/v1/approve/5'), async ({ request }) => {
        seen.push({
          method: request.method,
          url: new URL(request.url),
          headers: request.headers,
          body: await request.json(),
        });
        return HttpResponse.json({ data: { id: 5, status: 'approved' } });
      }),
      http.get(api('/things/admin/v1/broken'), () => HttpResponse.json(apiError('forbidden', 'No'), { status: 403 })),
    );
    const answer = await provider().call('/things/admin/v1/approve/5', {
      method: 'POST',
      query: { dry: 'no', empty: '' },
      body: { note: 'ok' },
      headers: { 'Idempotency-Key': 'k-1' },
    });
    // The body as the API sent it: no envelope removed.
    expect(answer).toEqual({ data: { id: 5, status: 'approved' } });
    expect(seen).toHaveLength(1);
    expect(seen[0].url.search).toBe('?dry=no');
    expect(seen[0].body).toEqual({ note: 'ok' });
    expect(seen[0].headers.get('authorization')).toBe('Bearer A');
    expect(seen[0].headers.get('x-tenant-id')).toBe(testProfile.tenantId);
    expect(seen[0].headers.get('idempotency-key')).toBe('k-1');
    await expect(provider().call('/things/admin/v1/broken')).rejects.toMatchObject({
      name: 'ApiError',
      status: 403,
      code: 'forbidden',
    });
  });

  it('takes the endpoints a call carries (react-admin meta) over the map, the map over the API pattern', async () => {
    const { seen, record } = capture();
    server.use(
      http.get(api('/things/admin/v1/*'), async ({ request }) => {
        await record(request);
        return HttpResponse.json({ id: 1 });
      }),
    );
    const mapped = provider({ things: { one: '/things/admin/v1/mapped/{id}' } });
    await mapped.getOne('things', { id: 4, meta: { endpoints: { one: '/things/admin/v1/carried/{id}' } } });
    await mapped.getOne('things', { id: 5 });
    await provider().getOne('things', { id: 6 });
    expect(seen.map((r) => r.url.pathname)).toEqual([
      '/api/things/admin/v1/carried/4',
      '/api/things/admin/v1/mapped/5',
      '/api/things/admin/v1/detail/6',
    ]);
  });
});
