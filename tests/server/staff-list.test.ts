// GET /user/v1/list: the tenant's staff, paged or full, filters, data scope by role, no secrets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { staffUser } from '../../server/db/schema';
import { STAFF_FULL_MAX } from '../../server/modules/user/staff';
import { call, login, makeTestApp, type TestApp } from './helpers';

const LIST = '/api/user/v1/list';
const ROW_KEYS = [
  'active',
  'create_datetime',
  'id',
  'invitation_code',
  'leader_id',
  'leader_name',
  'mfa',
  'name',
  'role',
  'username',
];

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

interface Row {
  id: number;
  username: string;
  name: string;
  role: string;
  active: boolean;
  leader_id: number | null;
  leader_name: string | null;
  create_datetime: string;
}

async function list(who: string, query = '', tenant = 'tr') {
  const res = await call(t.app, 'GET', `${LIST}${query ? `?${query}` : ''}`, { token: tokens[who], tenant });
  return {
    status: res.statusCode,
    body: res.json() as { data: Row[]; total: number; next_cursor?: string | null; errors?: object },
  };
}
const names = (rows: Row[]) => rows.map((r) => r.username);

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  const tr = await db.select().from(staffUser).where(eq(staffUser.tenantId, 'tr'));
  for (const r of tr) ids[r.username] = r.id;
  // An inactive salesman under leader2, and a username with a LIKE wildcard in it.
  await db.insert(staffUser).values([
    {
      tenantId: 'tr',
      username: 'sales_off',
      name: 'Gone',
      role: 'hero',
      passwordHash: 'x',
      leaderId: ids.leader2,
      active: false,
    },
    { tenantId: 'tr', username: 'salesXoff', name: 'Wild', role: 'hero', passwordHash: 'x', leaderId: ids.leader2 },
  ]);
  // Tenant kun gets more staff than a full list answers.
  const kun = 'kun';
  await db.insert(staffUser).values(
    Array.from({ length: STAFF_FULL_MAX + 5 }, (_, i) => ({
      tenantId: kun,
      username: `bulk${String(i).padStart(4, '0')}`,
      name: `Bulk ${i}`,
      role: 'hero',
      passwordHash: 'x',
    })),
  );
  for (const r of await db.select().from(staffUser).where(eq(staffUser.tenantId, 'tr'))) ids[r.username] = r.id;
  for (const u of ['admin', 'supervisor', 'leader', 'leader2', 'sales'])
    tokens[u] = (await login(t.app, u)).access_token;
  tokens.kun_admin = (await login(t.app, 'admin', { tenant: kun })).access_token;
});
afterAll(() => t?.close());

describe('GET /user/v1/list: paging and full', () => {
  it('pages the staff by id with the exact total', async () => {
    const first = await list('admin', 'page=1&page_size=4');
    expect(first.status).toBe(200);
    expect(names(first.body.data)).toEqual(['admin', 'supervisor', 'leader', 'leader2']);
    expect(first.body.total).toBe(9);
    const last = await list('admin', 'page=3&page_size=4');
    expect(names(last.body.data)).toEqual(['salesXoff']);
    expect(last.body.total).toBe(9);
    const past = await list('admin', 'page=9&page_size=4');
    expect(past.body.data).toEqual([]);
  });

  it('pages by keyset cursor in the chosen order (the cursor, not page, says where)', async () => {
    const first = await list('admin', 'page_size=3&sort=name&order=asc');
    // Administrator, Gone, Salesman | Salesman 2, Salesman 3, Supervisor | Team Leader, ...
    expect(names(first.body.data)).toEqual(['admin', 'sales_off', 'sales']);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await list('admin', `page_size=3&sort=name&order=asc&cursor=${first.body.next_cursor}`);
    expect(names(second.body.data)).toEqual(['sales2', 'sales3', 'supervisor']);
    expect(second.body.total).toBe(9);
    const stale = await list('admin', `page_size=3&sort=id&cursor=${first.body.next_cursor}`);
    expect(stale.status).toBe(400);
  });

  it('answers every match with full=true, ignoring the paging, in the same shape', async () => {
    const full = await list('admin', 'full=true&page=2&page_size=2');
    expect(full.status).toBe(200);
    expect(full.body.data).toHaveLength(9);
    expect(full.body.total).toBe(9);
    expect(full.body.next_cursor).toBeNull();
    expect(names(full.body.data)).toContain('admin');
  });

  it('caps a full list and says how many matched', async () => {
    const full = await list('kun_admin', 'full=true', 'kun');
    expect(full.status).toBe(200);
    expect(full.body.data).toHaveLength(STAFF_FULL_MAX);
    expect(full.body.total).toBe(STAFF_FULL_MAX + 5 + 7);
    const ids = full.body.data.map((r) => r.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('sorts by an allowed column and refuses others and oversized pages', async () => {
    const byName = await list('admin', 'sort=name&order=desc&role=superman');
    expect(names(byName.body.data)).toEqual(['leader2', 'leader']);
    expect((await list('admin', 'sort=password_hash')).status).toBe(400);
    expect((await list('admin', 'page_size=500')).status).toBe(400);
  });
});

describe('GET /user/v1/list: filters', () => {
  it('filters by one role or a comma list', async () => {
    const heroes = await list('admin', 'full=true&role=hero');
    expect(names(heroes.body.data)).toEqual(['sales', 'sales2', 'sales3', 'sales_off', 'salesXoff']);
    const agents = await list('admin', 'full=true&role=hero,superman&active=true');
    expect(names(agents.body.data)).toEqual(['leader', 'leader2', 'sales', 'sales2', 'sales3', 'salesXoff']);
    expect(agents.body.total).toBe(6);
    const bad = await list('admin', 'role=hero,pope');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('role');
  });

  it('filters by active', async () => {
    expect(names((await list('admin', 'full=true&active=false')).body.data)).toEqual(['sales_off']);
    expect((await list('admin', 'full=true&active=true')).body.total).toBe(8);
  });

  it('filters by username prefix, wildcards taken literally', async () => {
    expect(names((await list('admin', 'full=true&username=lead')).body.data)).toEqual(['leader', 'leader2']);
    expect(names((await list('admin', 'full=true&username=sales_')).body.data)).toEqual(['sales_off']);
    expect((await list('admin', 'full=true&username=%25')).body.data).toEqual([]);
  });

  it('filters by team leader and names him', async () => {
    const team = await list('admin', `full=true&leader_id=${ids.leader}`);
    expect(names(team.body.data)).toEqual(['sales', 'sales2']);
    for (const r of team.body.data) expect(r).toMatchObject({ leader_id: ids.leader, leader_name: 'Team Leader' });
    const admin = (await list('admin', 'username=admin')).body.data[0];
    expect(admin).toMatchObject({ role: 'god', name: 'Administrator', leader_id: null, leader_name: null });
  });
});

describe('GET /user/v1/list: scope and permission', () => {
  it('shows an administrator and a supervisor every staff member of their tenant only', async () => {
    for (const who of ['admin', 'supervisor']) {
      const all = await list(who, 'full=true');
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(9);
      expect(all.body.data.every((r) => Object.values(ids).includes(r.id))).toBe(true);
    }
  });

  it('shows a team leader himself and his salesmen', async () => {
    expect(names((await list('leader', 'full=true')).body.data)).toEqual(['leader', 'sales', 'sales2']);
    expect(names((await list('leader2', 'full=true')).body.data)).toEqual([
      'leader2',
      'sales3',
      'sales_off',
      'salesXoff',
    ]);
    const other = await list('leader', `full=true&leader_id=${ids.leader2}`);
    expect(other.body).toMatchObject({ data: [], total: 0 });
    const paged = await list('leader', 'page_size=2');
    expect(paged.body.total).toBe(3);
  });

  it('refuses a salesman (no users grant) and an anonymous caller', async () => {
    const hero = await list('sales');
    expect(hero.status).toBe(403);
    expect(hero.body).not.toHaveProperty('data');
    const anonymous = await call(t.app, 'GET', LIST);
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers no secret fields (the MFA flag and the invitation code, not the secret)', async () => {
    const [row] = await t.database.db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'admin')));
    const res = await call(t.app, 'GET', `${LIST}?full=true`, { token: tokens.admin });
    for (const r of res.json().data) expect(Object.keys(r).sort()).toEqual(ROW_KEYS);
    expect(res.body).not.toContain(row.passwordHash);
    expect(res.body).not.toMatch(/password|secret|login|recovery/i);
    if (row.mfaSecret) expect(res.body).not.toContain(row.mfaSecret);
    expect(res.json().data.find((r: Row) => r.username === 'admin')).toMatchObject({
      mfa: false,
      invitation_code: row.invitationCode,
    });
  });

  it('declares users:read in the route table and OpenAPI', async () => {
    const entry = t.app.routeTable.find((r) => r.method === 'GET' && r.url === LIST);
    expect(entry?.permission).toEqual({ resource: 'users', action: 'read' });
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths['/api/user/v1/list'].get.description).toMatch(/Permission: `users:read`/);
  });
});
