// Fixed query parameters of an endpoint (`/list?sub_type=credit`) are defaults: a filter of the same name replaces
// them, in the list call and in the CSV export, so a parameter never travels twice.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTokenStore } from '../../authProvider/tokens';
import { createDataProvider, createHttp, withQuery } from '../../dataProvider';
import { createStreamOpener } from '../../resources/engine/export';
import { api, apiList, server, testProfile, installMsw } from './msw';

installMsw();

const LIST = '/overdrawn/admin/v1/record/list';

describe('withQuery', () => {
  it('keeps the fixed parameters as defaults and lets a given value replace them', () => {
    expect(withQuery(`${LIST}?sub_type=credit`)).toBe(`${LIST}?sub_type=credit`);
    expect(withQuery(`${LIST}?sub_type=credit`, { page: 2 })).toBe(`${LIST}?sub_type=credit&page=2`);
    expect(withQuery(`${LIST}?sub_type=credit`, { sub_type: 'bonus', page: 1 })).toBe(`${LIST}?sub_type=bonus&page=1`);
    // an empty filter is no filter: the default stays
    for (const empty of [undefined, null, '', []]) {
      expect(withQuery(`${LIST}?sub_type=credit`, { sub_type: empty })).toBe(`${LIST}?sub_type=credit`);
    }
    // arrays repeat the key, replacing the default once
    expect(withQuery(`${LIST}?status=pending&x=1`, { status: ['approved', 'rejected'] })).toBe(
      `${LIST}?x=1&status=approved&status=rejected`,
    );
    expect(withQuery(LIST, { a: 'b c' })).toBe(`${LIST}?a=b+c`);
    expect(withQuery(`${LIST}?`, {})).toBe(LIST);
  });
});

describe('dataProvider with a fixed list parameter', () => {
  function provider() {
    const tokens = createTokenStore();
    tokens.set({ access: 'A', refresh: 'R' }, false);
    const call = createHttp({ profile: testProfile, tokens, refresh: vi.fn(), onAuthFailure: vi.fn() });
    return createDataProvider(call, { bonus_points: { list: `${LIST}?sub_type=credit` } });
  }

  function serve() {
    const urls: URL[] = [];
    server.use(
      http.get(api(LIST), ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json(apiList(`GET ${LIST}`, []));
      }),
    );
    return urls;
  }

  it('sends the fixed sub_type without a filter, and exactly the filter value with one', async () => {
    const urls = serve();
    const dp = provider();
    const params = { pagination: { page: 1, perPage: 25 }, sort: { field: 'created_at', order: 'DESC' as const } };
    await dp.getList('bonus_points', { ...params, filter: {} });
    await dp.getList('bonus_points', { ...params, filter: { sub_type: 'bonus', status: 'approved' } });
    expect(urls[0].searchParams.getAll('sub_type')).toEqual(['credit']);
    expect(urls[1].searchParams.getAll('sub_type')).toEqual(['bonus']);
    expect(urls[1].searchParams.get('status')).toBe('approved');
    expect(urls[1].searchParams.get('page_size')).toBe('25');
  });

  it('the export stream opener merges the same way', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(api(`${LIST}/export`), ({ request }) => {
        urls.push(new URL(request.url));
        return new HttpResponse('id\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const open = createStreamOpener({
      profile: testProfile,
      tokens: { get: () => ({ access: 'A' }) },
      refresh: async () => undefined,
    });
    await open(`${LIST}/export?sub_type=credit`, { sub_type: 'compensation' }, new AbortController().signal);
    expect(urls[0].searchParams.getAll('sub_type')).toEqual(['compensation']);
  });
});
