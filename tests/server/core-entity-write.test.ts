import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { defineEntity } from '../../domain/entity';
import { entityList } from '../../server/core/entity';
import { write } from '../../server/core/write';
import { auditLog, setting, staffUser } from '../../server/db/schema';
import { staffScope } from '../../server/modules/user/staff';
import { iso } from '../../server/modules/records/common';
import { call, login, makeTestApp, type TestApp } from './helpers';

/** A test entity over the staff table: the list and export come from the definition alone. */
const people = defineEntity({
  name: 'people',
  resource: 'users',
  paths: { list: '/test/people/list' },
  sort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'username',
      kind: 'text',
      list: true,
      filter: 'prefix',
      sort: true,
      label: { 'zh-CN': '用户名', 'en-US': 'Username' },
    },
    {
      name: 'role',
      kind: 'enum',
      values: ['god', 'angel', 'superman', 'hero'],
      list: true,
      filter: 'in',
      label: { 'zh-CN': '角色', 'en-US': 'Role' },
      valueLabels: {
        god: { 'zh-CN': '管理员', 'en-US': 'Admin' },
        angel: { 'zh-CN': '主管', 'en-US': 'Supervisor' },
        superman: { 'zh-CN': '组长', 'en-US': 'Leader' },
        hero: { 'zh-CN': '业务员', 'en-US': 'Salesman' },
      },
    },
    { name: 'active', kind: 'boolean', list: true, filter: 'eq', label: { 'zh-CN': '启用', 'en-US': 'Active' } },
    {
      name: 'created_at',
      kind: 'datetime',
      list: true,
      filter: 'range',
      sort: true,
      label: { 'zh-CN': '创建时间', 'en-US': 'Created' },
    },
  ],
});

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await makeTestApp({ captcha: false }, async (app) => {
    await app.register(
      async (api) => {
        entityList(api, {
          def: people,
          table: staffUser,
          id: staffUser.id,
          columns: {
            id: staffUser.id,
            username: staffUser.username,
            role: staffUser.role,
            active: staffUser.active,
            created_at: staffUser.createdAt,
          },
          scope: staffScope,
          select: (db, cursor) =>
            db
              .select({
                id: staffUser.id,
                username: staffUser.username,
                role: staffUser.role,
                active: staffUser.active,
                createdAt: staffUser.createdAt,
                _cursor: cursor,
              })
              .from(staffUser)
              .$dynamic(),
          present: (r) => ({
            id: r.id,
            username: r.username,
            role: r.role as 'god',
            active: r.active,
            created_at: iso(r.createdAt)!,
          }),
          description: 'Test list.',
        });
        api.post<{ Body: { fail?: boolean; key: string } }>(
          '/test/write',
          { config: { permission: 'authenticated' } },
          (req) =>
            write(req, {
              action: 'test.write',
              resource: 'settings',
              targetId: req.body.key,
              run: async (tx) => {
                await tx.insert(setting).values({ tenantId: 'tr', key: req.body.key, value: { v: 1 } });
                if (req.body.fail) throw new Error('boom');
                return { ok: true };
              },
            }),
        );
      },
      { prefix: '/api' },
    );
  });
  admin = (await login(t.app, 'admin')).access_token;
});
afterAll(() => t?.close());

const auditRows = (key: string) =>
  t.database.db
    .select({ result: auditLog.result, username: auditLog.username })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'test.write'), eq(auditLog.targetId, key)));
const settingRows = (key: string) =>
  t.database.db
    .select()
    .from(setting)
    .where(and(eq(setting.tenantId, 'tr'), eq(setting.key, key)));

describe('write()', () => {
  it('commits the change and its audit row together', async () => {
    const res = await call(t.app, 'POST', '/api/test/write', { token: admin, body: { key: 'w1' } });
    expect(res.statusCode).toBe(200);
    expect(await settingRows('w1')).toHaveLength(1);
    expect(await auditRows('w1')).toEqual([{ result: 'success', username: 'admin' }]);
  });

  it('rolls back the change and its success row, and audits the failure', async () => {
    const res = await call(t.app, 'POST', '/api/test/write', { token: admin, body: { key: 'w2', fail: true } });
    expect(res.statusCode).toBe(500);
    expect(await settingRows('w2')).toHaveLength(0);
    expect(await auditRows('w2')).toEqual([{ result: 'failure', username: 'admin' }]);
  });
});

describe('entityList()', () => {
  it('answers pages filtered by the definition (prefix, one of, boolean) in the sort asked', async () => {
    const all = await call(t.app, 'GET', '/api/test/people/list?page_size=200', { token: admin });
    expect(all.statusCode).toBe(200);
    const rows = all.json().data as { id: number; role: string; username: string }[];
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    const heroes = await call(t.app, 'GET', '/api/test/people/list?role=hero,superman&active=true', { token: admin });
    expect(heroes.json().data.length).toBeGreaterThan(0);
    expect(heroes.json().data.every((r: { role: string }) => r.role === 'hero' || r.role === 'superman')).toBe(true);
    const byName = await call(t.app, 'GET', '/api/test/people/list?username=adm&sort=username&order=desc', {
      token: admin,
    });
    expect(byName.json().data.map((r: { username: string }) => r.username)).toContain('admin');
    expect(byName.json().data.every((r: { username: string }) => r.username.startsWith('adm'))).toBe(true);
  });

  it('refuses what the definition does not allow with 400', async () => {
    for (const q of ['sort=role', 'role=root', 'created_at_from=2026-13-01', 'active=maybe', 'page_size=500']) {
      const res = await call(t.app, 'GET', `/api/test/people/list?${q}`, { token: admin });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('validation');
    }
  });

  it('filters a date range by whole days', async () => {
    await t.database.db.execute(
      sql`UPDATE staff_user SET created_at = '2026-03-01T16:30:00Z' WHERE username = 'admin'`,
    );
    // 2026-03-01 16:30 UTC is 2026-03-02 00:30 in Shanghai: on the 2nd, not the 1st.
    const on2 = await call(t.app, 'GET', '/api/test/people/list?created_at_from=2026-03-02&created_at_to=2026-03-02', {
      token: admin,
    });
    expect(on2.json().data.map((r: { username: string }) => r.username)).toEqual(['admin']);
    const on1 = await call(t.app, 'GET', '/api/test/people/list?created_at_from=2026-03-01&created_at_to=2026-03-01', {
      token: admin,
    });
    expect(on1.json().data).toEqual([]);
  });

  it('exports every match in the list order with translated headers, labels and local times', async () => {
    const zh = await call(t.app, 'GET', '/api/test/people/list/export?sort=username&order=asc&username=admin', {
      token: admin,
    });
    expect(zh.statusCode).toBe(200);
    const lines = zh.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('编号,用户名,角色,启用,创建时间');
    expect(lines[1]).toMatch(/^\d+,admin,管理员,是,2026-03-02 00:30:00$/);
    const en = await call(t.app, 'GET', '/api/test/people/list/export?lang=en-US&tz=UTC&role=god', { token: admin });
    const enLines = en.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(enLines[0]).toBe('ID,Username,Role,Active,Created');
    expect(enLines.slice(1).every((l) => l.includes(',Admin,'))).toBe(true);
    expect(enLines.find((l) => l.includes(',admin,'))).toMatch(/2026-03-01 16:30:00$/);
  });

  it('answers 403 to a role without the grant', async () => {
    const hero = (await login(t.app, 'sales')).access_token;
    expect((await call(t.app, 'GET', '/api/test/people/list', { token: hero })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/test/people/list/export', { token: hero })).statusCode).toBe(403);
  });
});
