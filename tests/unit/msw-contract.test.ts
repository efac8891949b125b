// The unit suite's mocks are checked against the API's response schemas and the console's requests against its
// request schemas (tests/unit/msw.ts): this proves the checks themselves catch a mock that differs from the API and a
// request the API refuses, and that apiBody builds what the API sends.
import { http, HttpResponse } from 'msw';
import { describe, expect, inject, it } from 'vitest';
import { contractValidator } from '../contract/validator';
import { api, apiBody, apiList, installMsw, requestProblems, server } from './msw';

const contract = contractValidator(inject('apiContract'));
const check = (method: string, path: string, status: number, body: unknown) => {
  const route = contract.route(method, path);
  if (!route) return [`no route ${method} ${path}`];
  return contract.check(route, status, body);
};

describe('msw contract check', () => {
  it("refuses the console's old guess of the KYC answer and accepts the API's", () => {
    const guess = { data: { status: 'approved', full_name: 'Alice', birthday: '1990-01-01', id_front: '' } };
    expect(check('GET', '/api/identify/admin/v1/client_detail/42', 200, guess).join('\n')).toMatch(
      /additional properties 'data'/,
    );
    const real = apiBody('GET /identify/admin/v1/client_detail/:id', { real_name: 'Alice', dob: '1990-01-01' });
    expect(check('GET', '/api/identify/admin/v1/client_detail/42', 200, real)).toEqual([]);
  });

  it('refuses an undeclared field, a wrong type and a missing required field', () => {
    const row = { id: 1, at: '2026-01-01T00:00:00.000Z', os: 'iOS' };
    expect(check('GET', '/api/client/admin/v1/access/7', 200, { data: [row], total: 1 }).join()).toMatch(
      /additional properties 'os'/,
    );
    expect(check('GET', '/api/currency/admin/v1/rate', 200, { rate: 7.1 }).join()).toMatch(/must be number/);
    expect(check('GET', '/api/auth/admin/v1/userinfo', 200, { id: 1 }).join()).toMatch(/required property/);
  });

  it('refuses an error without a code, and a path the API does not serve', () => {
    expect(check('GET', '/api/client/admin/v1/detail/7', 500, { message: 'boom' }).join()).toMatch(/'code'/);
    expect(check('GET', '/api/client/admin/v1/detail/7', 404, { message: 'x', code: 'not_found' })).toEqual([]);
    expect(contract.route('GET', '/api/kyc/admin/v1/detail/9')).toBeUndefined();
    // A static route wins over a parametric one with the same prefix.
    expect(contract.route('GET', '/api/deposit/admin/v1/list/export')?.url).toBe('/api/deposit/admin/v1/list/export');
  });

  it('refuses a request the API refuses: a wrong body, an unknown query parameter, a bad path parameter', () => {
    const request = (method: string, path: string, query: string, body?: unknown) =>
      contract.checkRequest(contract.route(method, path)!, { path, search: new URLSearchParams(query), body });
    const deposit = '/api/deposit/admin/v2/specialized/7';
    expect(request('POST', deposit, '', { account_id: 7, amount: '10.00', sub_type: 'cash' }).join()).toMatch(
      /POST \/api\/deposit\/admin\/v2\/specialized\/:id body sub_type must be equal to one of the allowed values/,
    );
    expect(request('POST', deposit, '', { amount: '10.00' }).join()).toMatch(/missing required field 'account_id'/);
    expect(request('POST', deposit, '').join()).toMatch(/body \(whole\) must be object/);
    expect(request('POST', deposit, '', { account_id: 7, amount: '10.00', sub_type: 'bank' })).toEqual([]);
    // Query strings are coerced as Fastify does ('2' is a page number); a misspelt filter is 400 unknown_field.
    expect(request('GET', '/api/deposit/admin/v1/list', 'page=2&page_size=20&order=desc')).toEqual([]);
    expect(request('GET', '/api/deposit/admin/v1/list', 'page=2&statuss=pending').join()).toMatch(
      /query: unknown parameter 'statuss' \(400 unknown_field\)/,
    );
    expect(request('GET', '/api/deposit/admin/v1/list', 'page=two').join()).toMatch(/query page must be integer/);
    expect(request('GET', '/api/client/admin/v1/detail/abc', '').join()).toMatch(/path id must be integer/);
    expect(request('GET', '/api/client/admin/v1/detail/42', '')).toEqual([]);
  });

  it('apiList completes every row to the full record the API sends', () => {
    const body = apiList('GET /deposit/admin/v1/list', [{ id: 3, amount: '1.00' }]);
    expect(body.data[0]).toMatchObject({ id: 3, amount: '1.00', status: expect.any(String), screenshot_url: null });
    expect(body.total).toBe(1);
    expect(check('GET', '/api/deposit/admin/v1/list', 200, body)).toEqual([]);
  });
});

describe('msw request check', () => {
  installMsw();
  const post = (path: string, body: unknown) =>
    new Request(`http://localhost/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('reports a wrong body and an unknown query parameter with method, path and problem', async () => {
    expect(
      await requestProblems(post('/deposit/admin/v2/specialized/7', { account_id: 7, amount: '1', sub_type: 'x' })),
    ).toEqual([
      'the console sends POST /api/deposit/admin/v2/specialized/7, which the API refuses: ' +
        'POST /api/deposit/admin/v2/specialized/:id body sub_type must be equal to one of the allowed values ' +
        '(bank, crypto, exchange)',
    ]);
    expect(await requestProblems(new Request('http://localhost/api/deposit/admin/v1/list?page=1&colour=red'))).toEqual([
      'the console sends GET /api/deposit/admin/v1/list?page=1&colour=red, which the API refuses: ' +
        "GET /api/deposit/admin/v1/list query: unknown parameter 'colour' (400 unknown_field)",
    ]);
  });

  it('takes what the API takes, an upload body, and a test-only path', async () => {
    expect(await requestProblems(post('/deposit/admin/v2/specialized/7', { account_id: '7', amount: '1.50' }))).toEqual(
      [],
    );
    expect(await requestProblems(new Request('http://localhost/api/deposit/admin/v1/list?page=2&order=desc'))).toEqual(
      [],
    );
    const upload = new Request('http://localhost/api/deposit/admin/v2/specialized/7', {
      method: 'POST',
      body: new Blob(['x'], { type: 'image/png' }),
    });
    expect(await requestProblems(upload)).toEqual([]);
    expect(await requestProblems(new Request('http://localhost/api/things/v1/list?x=1'), ['/things/'])).toEqual([]);
  });

  it('checks what the console really sends through msw (the request reaches the handler whole)', async () => {
    let seen: unknown;
    server.use(
      http.post(api('/deposit/admin/v2/specialized/:id'), async ({ request }) => {
        seen = await request.json();
        return HttpResponse.json(apiBody('POST /deposit/admin/v2/specialized/:id', { id: 1 }));
      }),
    );
    const res = await fetch(post('/deposit/admin/v2/specialized/7', { account_id: 7, amount: '2.00' }));
    expect(res.status).toBe(200);
    expect(seen).toEqual({ account_id: 7, amount: '2.00' });
  });
});
