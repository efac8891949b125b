import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { featureFlags, loadRole, permissionsVersion } from '../../permissions';
import { auditLog, setting, staffUser } from '../../server/db/schema';
import { DEMO_STAFF, seed } from '../../server/db/seed';
import { md5hex } from '../../server/security/password';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

describe('userinfo and permissions', () => {
  it.each(DEMO_STAFF.map((s) => [s.username, s.role]))(
    '%s (%s) gets its profile and its role file',
    async (username, role) => {
      const { access_token } = await login(t.app, username);
      const info = await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: access_token });
      expect(info.statusCode).toBe(200);
      const body = info.json();
      expect(body).toMatchObject({ username, role, mfa: false, tenant_id: 'tr' });
      expect(typeof body.id).toBe('number');
      expect(body.invitation_code).toMatch(/^[A-Z2-9]{8}$/);
      // The sign-in before this session: none on a fresh database (auth.test.ts: the previous one after another).
      expect(body.last_login_at).toBeNull();

      const perms = await call(t.app, 'GET', '/api/auth/admin/v1/permissions', { token: access_token });
      expect(perms.json()).toEqual({
        userId: body.id,
        roles: [role],
        grants: loadRole(role).grants,
        featureFlags: featureFlags(role),
        // the role file's version and the tenant's permission version (0: never narrowed)
        version: `${permissionsVersion(role)}.0`,
        tenantVersion: 0,
      });
    },
  );
});

describe('change_pwd', () => {
  const CHANGE = '/api/user/v1/change_pwd';

  it('refuses a wrong old password (audited) and validates the body', async () => {
    const { access_token } = await login(t.app, 'sales3');
    const wrong = await call(t.app, 'POST', CHANGE, {
      token: access_token,
      body: { old_password: md5hex('nope'), new_password: md5hex('Other@2026') },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', message: 'Old password is incorrect' });
    const invalid = await call(t.app, 'POST', CHANGE, {
      token: access_token,
      body: { old_password: '', new_password: 'plain' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      old_password: 'Old password is required',
      new_password: 'New password is invalid',
    });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.change_password'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ username: 'sales3', result: 'failure' });
  });

  it('changes the password: sessions end, the old password fails, the new one works', async () => {
    const first = await login(t.app, 'leader2');
    const other = await login(t.app, 'leader2');
    const res = await call(t.app, 'POST', '/api/user/v1/change_pwd', {
      token: first.access_token,
      body: { old_password: md5hex('Demo@2026'), new_password: md5hex('New@2026!') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    for (const s of [first, other]) {
      expect((await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: s.access_token })).statusCode).toBe(401);
      expect(
        (await call(t.app, 'POST', '/api/auth/admin/v1/token/refresh', { token: s.refresh_token })).statusCode,
      ).toBe(401);
    }
    await expect(login(t.app, 'leader2')).rejects.toThrow(/401/);
    expect((await login(t.app, 'leader2', { password: 'New@2026!' })).mfa).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.change_password'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ username: 'leader2', result: 'success' });
  });
});

describe('settings', () => {
  it('locale and app settings come from the tenant rows', async () => {
    const locale = await call(t.app, 'GET', '/api/setting/app/v1/locale');
    expect(locale.statusCode).toBe(200);
    expect(locale.json()).toMatchObject({
      locale: 'zh-CN',
      currency: 'CNY',
      timezone: 'Asia/Shanghai',
      phoneCode: '+86',
    });
    await t.database.db.execute(
      sql`update setting set value = value || '{"app_name":"TR Back Office"}'::jsonb where tenant_id = 'tr' and key = 'app'`,
    );
    const app = await call(t.app, 'GET', '/api/setting/v1/app');
    expect(app.json()).toMatchObject({ app_name: 'TR Back Office', web_logo: '', locale: 'zh-CN', currency: 'CNY' });
    expect((await call(t.app, 'GET', '/api/setting/v1/app', { tenant: 'pl' })).json().app_name).toBe('Admin');
  });
});

describe('seed', () => {
  it('is idempotent and places every salesman under a team leader', async () => {
    const before = await t.database.db.select().from(staffUser);
    await seed(t.database.db, t.config);
    const after = await t.database.db.select().from(staffUser);
    expect(after).toHaveLength(before.length);
    expect(after).toHaveLength(5 * DEMO_STAFF.length);
    const byId = new Map(after.map((u) => [u.id, u]));
    for (const u of after.filter((x) => x.role === 'hero')) {
      const leader = byId.get(u.leaderId!);
      expect(leader?.role).toBe('superman');
      expect(leader?.tenantId).toBe(u.tenantId);
    }
    expect(new Set(after.map((u) => `${u.tenantId}:${u.invitationCode}`)).size).toBe(after.length);
    // Five tenants, four settings documents each (app, locale, company, product).
    expect(await t.database.db.select().from(setting)).toHaveLength(20);
  });
});

describe('audit log', () => {
  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    const [row] = await t.database.db.select().from(auditLog).limit(1);
    expect(row).toBeTruthy();
    await expect(
      t.database.db.update(auditLog).set({ result: 'success' }).where(eq(auditLog.id, row.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
  });
});
