// The unit suite's mocks are checked against the API's response schemas (tests/unit/msw.ts): this proves the check
// itself catches a mock that differs from the API, and that apiBody builds what the API sends.
import { describe, expect, inject, it } from 'vitest';
import { contractValidator } from '../contract/validator';
import { apiBody, apiList } from './msw';

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

  it('apiList completes every row to the full record the API sends', () => {
    const body = apiList('GET /deposit/admin/v1/list', [{ id: 3, amount: '1.00' }]);
    expect(body.data[0]).toMatchObject({ id: 3, amount: '1.00', status: expect.any(String), screenshot_url: null });
    expect(body.total).toBe(1);
    expect(check('GET', '/api/deposit/admin/v1/list', 200, body)).toEqual([]);
  });
});
