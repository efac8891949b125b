// The writes a definition declares (server/core/entity-writes.ts), on currency pairs (domain/currency-pair.ts): the
// body schemas from the create/edit flags (unknown fields, types, limits), the permission chain, 404 outside the
// tenant, 409 duplicate on a unique field, and the audit rows `<entity>.create|update|delete` with before and after.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyPair } from '../../domain/currency-pair';
import { writeBodySchema } from '../../server/core/entity-writes';
import { auditLog } from '../../server/db/schema';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
const tokens: Record<string, string> = {};
type Who = 'admin' | 'supervisor' | 'plAdmin';
const P = '/api/currency_pair/admin/v1';
const as = (who: Who, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, body?: unknown) =>
  call(t.app, method, `${P}${url}`, { token: tokens[who], tenant: who === 'plAdmin' ? 'pl' : 'tr', body });

const audits = (action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, 'tr')))
    .orderBy(desc(auditLog.id));

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  for (const who of ['admin', 'supervisor'] as const) tokens[who] = (await login(t.app, who)).access_token;
  tokens.plAdmin = (await login(t.app, 'admin', { tenant: 'pl' })).access_token;
}, 300_000);
afterAll(() => t?.close());

describe('body schemas from the flags', () => {
  it('create takes the fields flagged create (required ones required), update those flagged edit', () => {
    expect(Object.keys(writeBodySchema(currencyPair, 'create').properties)).toEqual([
      'base',
      'quote',
      'decimals',
      'enabled',
      'spread',
    ]);
    expect(writeBodySchema(currencyPair, 'create').required).toEqual(['base', 'quote', 'decimals', 'spread']);
    expect(Object.keys(writeBodySchema(currencyPair, 'edit').properties)).toEqual(['decimals', 'enabled', 'spread']);
    expect(writeBodySchema(currencyPair, 'edit').properties.decimals).toMatchObject({ minimum: 0, maximum: 8 });
  });
});

describe('generated create, update, delete', () => {
  let id: number;

  it('creates with defaults and stored spellings, audited with the row after', async () => {
    const res = await as('admin', 'POST', '/create', { base: 'USD', quote: 'USDT', decimals: 3, spread: ' 0.002 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      base: 'USD',
      quote: 'USDT',
      decimals: 3,
      enabled: true,
      spread: '0.00200000',
      updated_by_name: expect.any(String),
    });
    id = res.json().id;
    const [row] = await audits('currency_pair.create');
    expect(row).toMatchObject({ result: 'success', targetId: String(id), resource: 'currencyPair' });
    expect(row.after).toMatchObject({ id, quote: 'USDT' });
  });

  it('refuses unknown fields, wrong types, limits and blank required text with 400 and field codes', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ base: 'USD', quote: 'HKD', decimals: 2, spread: '0', role: 'god' }, { role: 'unknown_field' }],
      [{ base: 'USD', quote: 'HKD', decimals: 9, spread: '0' }, { decimals: 'too_large' }],
      [{ base: 'USD', quote: 'HKD', decimals: 'two', spread: '0' }, { decimals: 'invalid' }],
      [{ base: 'USD', quote: 'HKD', decimals: 2 }, { spread: 'required' }],
      [{ base: 'USD', quote: 'HKD', decimals: 2, spread: '   ' }, { spread: 'required' }],
      [{ base: 'USD', quote: 'USD', decimals: 2, spread: '0' }, { quote: 'same_currency' }],
      [{ base: 'USD', quote: 'HKD', decimals: 2, spread: '0.5' }, { spread: 'spread' }],
      [{ base: 'XXX', quote: 'HKD', decimals: 2, spread: '0' }, { base: 'invalid' }],
    ];
    for (const [body, codes] of cases) {
      const res = await as('admin', 'POST', '/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const got = Object.fromEntries(
        Object.entries(res.json().field_codes as Record<string, { code: string }>).map(([k, v]) => [k, v.code]),
      );
      expect(got, JSON.stringify(body)).toMatchObject(codes);
    }
    const edit = await as('admin', 'PUT', `/${id}`, { decimals: 2, spread: '0', base: 'EUR' });
    expect([edit.statusCode, edit.json().field_codes.base.code]).toEqual([400, 'unknown_field']);
  });

  it('409 duplicate on a unique field, either direction; nothing written', async () => {
    for (const body of [
      { base: 'USD', quote: 'USDT', decimals: 2, spread: '0' },
      { base: 'USDT', quote: 'USD', decimals: 2, spread: '0' },
    ]) {
      const res = await as('admin', 'POST', '/create', body);
      expect([res.statusCode, res.json().code, res.json().field_codes.quote.code]).toEqual([
        409,
        'duplicate',
        'duplicate',
      ]);
    }
    const list = await as('admin', 'GET', '/list?base=USDT');
    expect(list.json().data).toEqual([]);
  });

  it('updates the fields given, keeps the others, audited with before and after', async () => {
    const res = await as('admin', 'PUT', `/${id}`, { decimals: 5, spread: '0.01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decimals: 5, spread: '0.01000000', enabled: true, quote: 'USDT' });
    const [row] = await audits('currency_pair.update');
    expect(row.before).toMatchObject({ id, decimals: 3, spread: '0.00200000' });
    expect(row.after).toMatchObject({ id, decimals: 5, spread: '0.01000000' });
  });

  it('403 without the grant, 404 outside the tenant or for a missing id, 400 for an id beyond the range', async () => {
    expect(
      (await as('supervisor', 'POST', '/create', { base: 'USD', quote: 'HKD', decimals: 2, spread: '0' })).statusCode,
    ).toBe(403);
    expect((await as('supervisor', 'PUT', `/${id}`, { decimals: 2, spread: '0' })).statusCode).toBe(403);
    expect((await as('supervisor', 'DELETE', `/${id}`)).statusCode).toBe(403);
    expect((await as('plAdmin', 'PUT', `/${id}`, { decimals: 2, spread: '0' })).statusCode).toBe(404);
    expect((await as('plAdmin', 'DELETE', `/${id}`)).statusCode).toBe(404);
    expect((await as('admin', 'PUT', '/99999999', { decimals: 2, spread: '0' })).statusCode).toBe(404);
    expect((await as('admin', 'DELETE', '/99999999999999999999')).statusCode).toBe(400);
  });

  it('deletes, audited with the row before and nothing after; a second delete is 404', async () => {
    const res = await as('admin', 'DELETE', `/${id}`);
    expect([res.statusCode, res.json().quote]).toEqual([200, 'USDT']);
    const [row] = await audits('currency_pair.delete');
    expect(row.before).toMatchObject({ id, decimals: 5 });
    expect(row.after).toBeNull();
    expect((await as('admin', 'DELETE', `/${id}`)).statusCode).toBe(404);
  });
});
