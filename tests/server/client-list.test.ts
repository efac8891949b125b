// The client list: filters, scope, sort, prefix search, keyset paging and totals.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, localDay } from '../../domain/time-zone';
import { startsWith } from '../../server/core/list';
import { clientSuite, usernames, type StaffName } from './client-fixture';

const suite = clientSuite();
const { as, id } = suite;

describe('client list', () => {
  it('is scoped: salesman his own, team leader his team, supervisor and admin the whole tenant', async () => {
    const all = ['c_leader', 'c_noacc', 'c_nobody', 'c_sales', 'c_sales2', 'c_sales3', 'c_sales_b', 'r_sales'];
    expect(usernames(await as('admin', 'GET', '/api/client/admin/v1/list?page_size=200'))).toEqual(all);
    expect(usernames(await as('supervisor', 'GET', '/api/client/admin/v1/list?page_size=200'))).toEqual(all);
    expect(usernames(await as('sales', 'GET', '/api/client/admin/v1/list'))).toEqual([
      'c_noacc',
      'c_sales',
      'c_sales_b',
      'r_sales',
    ]);
    expect(usernames(await as('sales2', 'GET', '/api/client/admin/v1/list'))).toEqual(['c_sales2']);
    expect(usernames(await as('leader', 'GET', '/api/client/admin/v1/list'))).toEqual([
      'c_leader',
      'c_noacc',
      'c_sales',
      'c_sales2',
      'c_sales_b',
      'r_sales',
    ]);
    expect(usernames(await as('leader2', 'GET', '/api/client/admin/v1/list'))).toEqual(['c_sales3']);
  });

  it('answers the spec fields, agent and team leader names, and an exact total', async () => {
    const res = await as('admin', 'GET', '/api/client/admin/v1/list?username=c_sales2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.total_is_estimate).toBe(false);
    expect(body.data[0]).toMatchObject({
      id: id('c_sales2'),
      username: 'c_sales2',
      full_name: 'Full c_sales2',
      fake: false,
      active: true,
      agent_id: suite.f.staffId.sales2,
      agent_name: 'Salesman 2',
      leader_id: suite.f.staffId.leader,
      superman: 'Team Leader',
      kyc_status: 'unverified',
      mfa: false,
      score: 100,
    });
    expect(new Date(body.data[0].create_datetime).getTime()).toBeGreaterThan(0);
    const own = (await as('admin', 'GET', '/api/client/admin/v1/list?username=c_leader')).json().data[0];
    expect(own).toMatchObject({
      agent_name: 'Team Leader',
      superman: 'Team Leader',
      leader_id: suite.f.staffId.leader,
    });
  });

  it('filters', async () => {
    const q = async (query: string) =>
      usernames(await as('admin', 'GET', `/api/client/admin/v1/list?page_size=200&${query}`));
    expect(await q('username=c_sales')).toEqual(['c_sales', 'c_sales2', 'c_sales3', 'c_sales_b']);
    expect(await q('username=c_%25')).toEqual([]); // LIKE wildcards are literal
    expect(await q('fake=robot')).toEqual(['r_sales']);
    expect(await q('fake=true')).toEqual(['r_sales']);
    expect(await q('fake=real')).not.toContain('r_sales');
    expect(await q(`agent_id=${suite.f.staffId.sales2}`)).toEqual(['c_sales2']);
    expect(await q(`leader_id=${suite.f.staffId.leader2}`)).toEqual(['c_sales3']);
    expect(await q(`leader_id=${suite.f.staffId.leader}`)).toEqual([
      'c_leader',
      'c_noacc',
      'c_sales',
      'c_sales2',
      'c_sales_b',
      'r_sales',
    ]);
    expect(await q('kyc_status=approved')).toEqual(['c_sales']);
    expect(await q('vip=1')).toEqual(['c_nobody', 'c_sales2', 'c_sales_b']);
    expect(await q('mobile=13800000003')).toEqual(['r_sales']);
    expect(await q('active=false')).toEqual([]);
    // today in the tenant's zone (the seed's, Asia/Shanghai), as the filter reads a day: not the UTC day
    const today = localDay(new Date(), DEFAULT_TIME_ZONE);
    expect((await q(`created_from=${today}&created_to=${today}`)).length).toBe(8);
    expect(await q('created_to=2000-01-01')).toEqual([]);
    expect(await q('created_from=2999-01-01T00:00:00Z')).toEqual([]);
  });

  it('sorts and pages within the allow-list', async () => {
    const page = async (query: string) => (await as('admin', 'GET', `/api/client/admin/v1/list?${query}`)).json();
    const asc = await page('sort=username&order=asc&page_size=3');
    expect(asc.data.map((r: { username: string }) => r.username)).toEqual(['c_leader', 'c_noacc', 'c_nobody']);
    expect(asc.total).toBe(8);
    const p3 = await page('sort=username&order=asc&page_size=3&page=3');
    expect(p3.data.map((r: { username: string }) => r.username)).toEqual(['c_sales_b', 'r_sales']);
    const byId = await page('sort=id&order=desc&page_size=1');
    expect(byId.data[0].id).toBe(
      Math.max(
        ...Object.entries(suite.f.ids)
          .filter(([k]) => k !== 'c_pl')
          .map(([, v]) => v),
      ),
    );
    for (const bad of [
      'sort=mobile',
      'page_size=201',
      'page=0',
      'order=up',
      'kyc_status=maybe',
      'created_from=yesterday',
    ]) {
      const res = await as('admin', 'GET', `/api/client/admin/v1/list?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('validation');
    }
  });
});

describe('text search by prefix', () => {
  it('startsWith matches a prefix byte-wise, in any script, with no wildcard', async () => {
    const cases: [string, string, boolean][] = [
      ['张三丰', '张三', true],
      ['张四', '张三', false],
      ['c_%x', 'c_%', true],
      ['c_ax', 'c_%', false],
      ['ab', 'a', true],
      ['a', 'ab', false],
      ['Ab', 'a', false],
      ['a😀b', 'a😀', true],
    ];
    for (const [name, prefix, expected] of cases) {
      const res = await suite.f.t.database.db.execute(sql`SELECT ${startsWith(sql`${name}::text`, prefix)} AS hit`);
      expect((res.rows[0] as { hit: boolean }).hit, `${name} / ${prefix}`).toBe(expected);
    }
  });
});

describe('keyset paging and totals', () => {
  const list = async (query: string, who: StaffName = 'admin') =>
    (await as(who, 'GET', `/api/client/admin/v1/list?${query}`)).json();

  it('walking next_cursor gives the same pages as page numbers, for every sort, and ends with null', async () => {
    // Username searches: a small set sorted from its matches (core/list.ts SMALL_SET), in every sort order.
    const searches = ['username=c_', 'username=c_&sort=username&order=asc', 'username=c_&sort=id&order=desc'];
    for (const sort of [
      'sort=username&order=asc',
      'sort=created_at&order=desc',
      'sort=id&order=asc',
      '',
      ...searches,
    ]) {
      const byOffset: number[] = [];
      for (let page = 1; page <= 3; page++) {
        byOffset.push(...(await list(`${sort}&page_size=3&page=${page}`)).data.map((r: { id: number }) => r.id));
      }
      const total = searches.includes(sort) ? 7 : 8;
      expect(byOffset.length, sort).toBe(total);
      const byCursor: number[] = [];
      let cursor: string | null = null;
      let page = 1;
      do {
        const res = await list(`${sort}&page_size=3&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
        byCursor.push(...res.data.map((r: { id: number }) => r.id));
        expect(res.total, sort).toBe(total);
        cursor = res.next_cursor;
        page++;
      } while (cursor);
      expect(byCursor, sort).toEqual(byOffset);
      expect(new Set(byCursor).size).toBe(total);
    }
  });

  it('a cursor of another sort order is refused; page numbers alone still work', async () => {
    const first = await list('sort=username&order=asc&page_size=3');
    expect(first.next_cursor).toEqual(expect.any(String));
    const res = await as(
      'admin',
      'GET',
      `/api/client/admin/v1/list?sort=username&order=desc&cursor=${first.next_cursor}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('cursor');
    expect((await as('admin', 'GET', '/api/client/admin/v1/list?cursor=garbage')).statusCode).toBe(400);
  });

  it('a write through the API shows in the next total at once (the cached total is dropped)', async () => {
    const robots = async () => (await list('fake=robot&page_size=1')).total;
    const before = await robots();
    expect(await robots()).toBe(before);
    const flip = () => as('admin', 'PUT', `/api/client/admin/v1/fake/${id('c_nobody')}`);
    expect((await flip()).statusCode).toBe(200);
    expect(await robots()).toBe(before + 1);
    expect((await flip()).statusCode).toBe(200);
    expect(await robots()).toBe(before);
  });
});
