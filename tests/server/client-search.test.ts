// The client pickers' search: GET /client/admin/v1/list?q= (username or full name ignoring case, or mobile, starts
// with the text), within the caller's data scope, the text taken literally; hostile text is 4xx, never 5xx.
import { beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { createClient } from '../../server/modules/client/service';
import { CLIENT_SEARCH_MAX } from '../../domain/client';
import { clientSuite, usernames, type StaffName } from './client-fixture';

const suite = clientSuite(['admin', 'leader', 'sales', 'sales2']);
const { as } = suite;

/** Clients whose names hold LIKE's wildcards, their look-alikes, other scripts and mixed case (all agent `sales2`). */
const MORE = [
  ['pct_a', '50% off'],
  ['pctxa', '50x off'],
  ['u_1', 'Under Score'],
  ['ux1', 'Ux'],
  ['zs', '张三丰'],
  ['emoji', 'a😀b'],
  ['MixedCase', 'ÉLODIE Martin'],
] as const;

beforeAll(async () => {
  const { db } = suite.f.t.database;
  await withRetry(db, async (tx) => {
    for (const [username, fullName] of MORE) {
      await createClient(tx, 'tr', { username, fullName, agentId: suite.f.staffId.sales2 });
    }
  });
});

const search = (who: StaffName, text: string) =>
  as(who, 'GET', `/api/client/admin/v1/list?page_size=200&q=${encodeURIComponent(text)}`);
const found = async (who: StaffName, text: string) => {
  const res = await search(who, text);
  expect(res.statusCode, text).toBe(200);
  return usernames(res);
};

describe('client search (q)', () => {
  it("stays within the caller's scope: a salesman finds none of another salesman's clients", async () => {
    expect(await found('admin', 'c_sales')).toEqual(['c_sales', 'c_sales2', 'c_sales3', 'c_sales_b']);
    expect(await found('sales', 'c_sales')).toEqual(['c_sales', 'c_sales_b']);
    expect(await found('sales2', 'c_sales')).toEqual(['c_sales2']);
    expect(await found('leader', 'c_sales')).toEqual(['c_sales', 'c_sales2', 'c_sales_b']);
    // the other salesman's client by its full name and by its mobile: still not found
    expect(await found('sales', 'Full c_sales2')).toEqual([]);
    expect(await found('sales', '13800000004')).toEqual([]);
    expect(await found('sales2', '13800000004')).toEqual(['c_sales2']);
    // another tenant's client of the same username is never found
    const ids = (await search('admin', 'c_sales')).json().data.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(suite.f.ids.c_pl);
  });

  it('matches a username or full name prefix ignoring case, and a mobile prefix', async () => {
    expect(await found('admin', 'C_SALES_')).toEqual(['c_sales_b']);
    expect(await found('admin', 'mixed')).toEqual(['MixedCase']);
    expect(await found('admin', 'full c_leader')).toEqual(['c_leader']);
    expect(await found('admin', 'élodie')).toEqual(['MixedCase']);
    expect(await found('admin', '1380000000')).toHaveLength(8);
    expect(await found('admin', '138000000031')).toEqual([]);
    // a prefix, not a substring in the middle
    expect(await found('admin', 'sales')).toEqual([]);
  });

  it('takes % and _ literally, and any script', async () => {
    expect(await found('admin', '50%')).toEqual(['pct_a']);
    expect(await found('admin', '%')).toEqual([]);
    expect(await found('admin', 'pct_')).toEqual(['pct_a']);
    expect(await found('admin', 'u_')).toEqual(['u_1']);
    expect(await found('admin', '_')).toEqual([]);
    expect(await found('admin', '张三')).toEqual(['zs']);
    expect(await found('admin', 'a😀')).toEqual(['emoji']);
    expect(await found('admin', "'; select 1 --")).toEqual([]);
    expect(await found('admin', '\\')).toEqual([]);
  });

  it('refuses hostile text with 400, never 5xx', async () => {
    for (const text of ['', 'x'.repeat(CLIENT_SEARCH_MAX + 1), 'a\u0000b']) {
      const res = await search('admin', text);
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json().code).toBe('validation');
    }
    // a lone surrogate, as a percent-encoded query (encodeURIComponent refuses to write it)
    const res = await as('admin', 'GET', '/api/client/admin/v1/list?q=%ED%A0%80');
    expect(res.statusCode).toBeLessThan(500);
    expect((await search('admin', 'x'.repeat(CLIENT_SEARCH_MAX))).statusCode).toBe(200);
  });
});
