/**
 * Permissions (server/modules/permission, core/access.ts): a tenant narrows a role's grants, never widens them; the
 * narrowing applies at once to that tenant's role only; every change bumps the version every answer carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { approvedChange, secondAdmin } from './approval-helpers';

const LIST = '/api/permission/admin/v1/list';
const HISTORY = '/api/permission/admin/v1/history';
const ROLE = (r: string) => `/api/permission/admin/v1/role/${r}`;
const MESSAGES = '/api/message/admin/v1/list';
const PERMS = '/api/auth/admin/v1/permissions';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp();
  await secondAdmin(t.database.db, 'tr');
  for (const u of ['admin', 'admin2', 'supervisor', 'leader', 'sales']) tok[u] = (await login(t.app, u)).access_token;
  tok.plAdmin = (await login(t.app, 'admin', { tenant: 'pl' })).access_token;
  tok.plSupervisor = (await login(t.app, 'supervisor', { tenant: 'pl' })).access_token;
});
afterAll(() => t?.close());

const versionOf = async (tenant = 'tr') =>
  (await call(t.app, 'GET', LIST, { token: tenant === 'tr' ? tok.admin : tok.plAdmin, tenant })).json()
    .version as number;

describe('permission narrowing', () => {
  it('lists every role with its JSON grants at version 0, administrators only', async () => {
    const res = await call(t.app, 'GET', LIST, { token: tok.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-permission-version']).toBe('0');
    const body = res.json();
    expect(body.version).toBe(0);
    expect(body.roles.map((r: { role: string }) => r.role)).toEqual(['god', 'angel', 'superman', 'hero']);
    expect(body.roles[1].grants).toContainEqual({ resource: 'message', actions: ['*'] });
    expect(body.roles[1].feature_flags['ui.compactSideMenu']).toBe(true);
    for (const u of ['supervisor', 'leader', 'sales']) {
      expect((await call(t.app, 'GET', LIST, { token: tok[u] })).statusCode).toBe(403);
      expect(
        (await call(t.app, 'PUT', ROLE('hero'), { token: tok[u], body: { removed: [], version: 0 } })).statusCode,
      ).toBe(403);
    }
  });

  it('a narrowing removes access at once for that tenant role only, bumps the version and is audited', async () => {
    expect((await call(t.app, 'GET', MESSAGES, { token: tok.supervisor })).statusCode).toBe(200);
    const removed = [{ resource: 'message', action: 'read' }];
    const res = await call(t.app, 'PUT', ROLE('angel'), { token: tok.admin, body: { removed, version: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'angel', removed, version: 1 });
    expect(res.headers['x-permission-version']).toBe('1');

    const denied = await call(t.app, 'GET', MESSAGES, { token: tok.supervisor });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['x-permission-version']).toBe('1');
    // Another role of the tenant, and the same role of another tenant, keep it.
    expect((await call(t.app, 'GET', MESSAGES, { token: tok.leader })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', MESSAGES, { token: tok.plSupervisor, tenant: 'pl' })).statusCode).toBe(200);
    const pl = await call(t.app, 'GET', MESSAGES, { token: tok.plSupervisor, tenant: 'pl' });
    expect(pl.headers['x-permission-version']).toBe('0');
    // Other actions of the role on the resource stay.
    const perms = (await call(t.app, 'GET', PERMS, { token: tok.supervisor })).json();
    expect(perms.tenantVersion).toBe(1);
    expect(perms.grants).toContainEqual({ resource: 'message', actions: ['read'], deny: true });
    expect(perms.grants).toContainEqual({ resource: 'message', actions: ['*'] });
    const plPerms = (await call(t.app, 'GET', PERMS, { token: tok.plSupervisor, tenant: 'pl' })).json();
    expect(plPerms.grants.some((g: { deny?: boolean }) => g.deny)).toBe(false);

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission.narrow'), eq(auditLog.tenantId, 'tr')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row.targetId).toBe('angel');
    expect(row.before).toEqual({ role: 'angel', removed: [] });
    expect(row.after).toEqual({ role: 'angel', removed, version: 1 });

    const list = (await call(t.app, 'GET', LIST, { token: tok.admin })).json();
    expect(list.version).toBe(1);
    expect(list.roles[1].removed).toEqual(removed);
    const history = (await call(t.app, 'GET', HISTORY, { token: tok.admin })).json();
    expect(history.items[0]).toMatchObject({
      version: 1,
      role: 'angel',
      removed,
      restored: [],
      changed_by_name: 'Administrator',
    });
    // The other tenant sees none of it.
    expect((await call(t.app, 'GET', HISTORY, { token: tok.plAdmin, tenant: 'pl' })).json().items).toEqual([]);
    expect(await versionOf('pl')).toBe(0);
  });

  it('lifting the narrowing gives the access back and bumps the version again', async () => {
    const res = await call(t.app, 'PUT', ROLE('angel'), { token: tok.admin, body: { removed: [], version: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(2);
    expect((await call(t.app, 'GET', MESSAGES, { token: tok.supervisor })).statusCode).toBe(200);
    const history = (await call(t.app, 'GET', HISTORY, { token: tok.admin })).json();
    expect(history.items[0]).toMatchObject({
      version: 2,
      removed: [],
      restored: [{ resource: 'message', action: 'read' }],
    });
  });

  it('a removed menu group removes its pages (chain)', async () => {
    // funds is a money resource: the change waits for a second administrator (kind role_grants)
    const version = await versionOf();
    await approvedChange(t.app, tok.admin, tok.admin2, {
      method: 'PUT',
      url: ROLE('angel').replace(/^\/api/, ''),
      body: { removed: [{ resource: 'funds', action: 'read' }], version },
    });
    expect(await versionOf()).toBe(version + 1);
    expect((await call(t.app, 'GET', '/api/deposit/admin/v1/list', { token: tok.supervisor })).statusCode).toBe(403);
    await approvedChange(t.app, tok.admin, tok.admin2, {
      method: 'PUT',
      url: ROLE('angel').replace(/^\/api/, ''),
      body: { removed: [], version: version + 1 },
    });
    expect((await call(t.app, 'GET', '/api/deposit/admin/v1/list', { token: tok.supervisor })).statusCode).toBe(200);
  });

  it('refuses widening (400), a stale version (409) and the administrator self-lockout (409); nothing changes', async () => {
    const version = await versionOf();
    const widen = await call(t.app, 'PUT', ROLE('hero'), {
      token: tok.admin,
      body: { removed: [{ resource: 'users', action: 'read' }], version },
    });
    expect(widen.statusCode).toBe(400);
    expect(widen.json().code).toBe('permission_not_granted');
    expect(widen.json().errors).toHaveProperty('removed/0');
    const star = await call(t.app, 'PUT', ROLE('god'), {
      token: tok.admin,
      body: { removed: [{ resource: '*', action: 'read' }], version },
    });
    expect(star.statusCode).toBe(400);
    const stale = await call(t.app, 'PUT', ROLE('hero'), {
      token: tok.admin,
      body: { removed: [{ resource: 'kyc', action: 'read' }], version: version + 5 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('permission_version_conflict');
    for (const resource of ['permission', 'config']) {
      const lock = await call(t.app, 'PUT', ROLE('god'), {
        token: tok.admin,
        body: { removed: [{ resource, action: 'update' }], version },
      });
      expect(lock.statusCode).toBe(409);
      expect(lock.json().code).toBe('permission_self_lockout');
    }
    expect(await versionOf()).toBe(version);
    expect((await call(t.app, 'GET', LIST, { token: tok.admin })).statusCode).toBe(200);
  });

  it('narrows the administrator too (not on the permission page), in its tenant only', async () => {
    const version = await versionOf();
    const res = await call(t.app, 'PUT', ROLE('god'), {
      token: tok.admin,
      body: { removed: [{ resource: 'message', action: 'read' }], version },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', MESSAGES, { token: tok.admin })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', MESSAGES, { token: tok.plAdmin, tenant: 'pl' })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', MESSAGES, { token: tok.supervisor })).statusCode).toBe(200);
    await call(t.app, 'PUT', ROLE('god'), { token: tok.admin, body: { removed: [], version: version + 1 } });
    expect((await call(t.app, 'GET', MESSAGES, { token: tok.admin })).statusCode).toBe(200);
  });

  it('a change that changes nothing does not bump the version', async () => {
    const version = await versionOf();
    const res = await call(t.app, 'PUT', ROLE('hero'), { token: tok.admin, body: { removed: [], version } });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(version);
    expect(await versionOf()).toBe(version);
  });

  it('every authenticated answer carries the version header; public ones do not', async () => {
    const res = await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: tok.sales });
    expect(res.headers['x-permission-version']).toBe(String(await versionOf()));
    const pub = await call(t.app, 'GET', '/api/auth/admin/v1/captcha');
    expect(pub.headers['x-permission-version']).toBeUndefined();
  });
});
