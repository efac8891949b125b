// Managing system users: GET /user/v1/role, POST /user/v1/create, PUT /user/v1/{id}, PUT /user/v1/status/{id},
// PUT /user/v1/code/{id}, PUT /user/v1/mfa/close/{id}, DELETE /user/v1/{id}: rules, scope, role ceiling,
// self-protection, sessions of a disabled user, refusals that keep everything, audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, authSession, client, clientIdentity, recoveryCode, staffUser } from '../../server/db/schema';
import { createClient } from '../../server/modules/client/service';
import { md5hex } from '../../server/security/password';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { appointedStaff, approvedChange, secondAdmin } from './approval-helpers';

const API = '/api/user/v1';
const USERINFO = '/api/auth/admin/v1/userinfo';
const REFRESH = '/api/auth/admin/v1/token/refresh';
const PASSWORD = md5hex('Secret#2026');

let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

type Who = 'admin' | 'supervisor' | 'leader' | 'leader2' | 'sales';

const as = (who: Who | string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(t.app, method, `${API}${path}`, { token: tokens[who], body });

async function create(who: Who, body: Record<string, unknown>) {
  const res = await as(who, 'POST', '/create', { password: PASSWORD, name: 'New One', ...body });
  if (res.statusCode === 200) ids[body.username as string] = res.json().id;
  return res;
}

const dbRow = async (id: number) => (await t.database.db.select().from(staffUser).where(eq(staffUser.id, id)))[0];

async function lastAudit(action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  const db = t.database.db;
  for (const r of await db.select().from(staffUser).where(eq(staffUser.tenantId, 'tr'))) ids[r.username] = r.id;
  const [plLeader] = await db
    .select()
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, 'pl'), eq(staffUser.username, 'leader')));
  ids.pl_leader = plLeader.id;
  // A disabled team leader, and a client owned by salesman 2.
  const [off] = await db
    .insert(staffUser)
    .values({ tenantId: 'tr', username: 'leader_off', name: 'Off', role: 'superman', passwordHash: 'x', active: false })
    .returning();
  ids.leader_off = off.id;
  await createClient(db, 'tr', { username: 'owned', agentId: ids.sales2 });
  // the checker of appointments (an administrator or a supervisor is a control change: approval kind staff_role)
  ids.admin2 = await secondAdmin(db, 'tr');
  for (const who of ['admin', 'admin2', 'supervisor', 'leader', 'leader2', 'sales'] as const)
    tokens[who] = (await login(t.app, who)).access_token;
});
afterAll(() => t?.close());

describe('GET /user/v1/role', () => {
  it('answers the roles each role may give, with labels', async () => {
    const roles = async (who: Who) => (await as(who, 'GET', '/role')).json().data.map((r: { id: string }) => r.id);
    expect(await roles('admin')).toEqual(['god', 'angel', 'superman', 'hero']);
    // A supervisor gives only the roles below his own; an administrator every role (administrators are managed by
    // administrators).
    expect(await roles('supervisor')).toEqual(['superman', 'hero']);
    expect(await roles('leader')).toEqual(['hero']);
    const [hero] = (await as('leader', 'GET', '/role')).json().data;
    expect(hero).toEqual({ id: 'hero', name: 'Salesman', labels: { 'zh-CN': '业务员', 'en-US': 'Salesman' } });
  });
});

describe('POST /user/v1/create', () => {
  it('creates a team leader with a new invitation code; he signs in with the password', async () => {
    const res = await create('admin', { username: 'lead9', name: ' Lead Nine ', role: 'superman' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'lead9',
      name: 'Lead Nine',
      role: 'superman',
      active: true,
      mfa: false,
      leader_id: null,
      leader_name: null,
      invitation_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
    });
    const signIn = await call(t.app, 'POST', '/api/auth/admin/v1/login', {
      body: { username: 'lead9', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await dbRow(ids.lead9)).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('lets a team leader add salesmen to his own team only, and writes who did it', async () => {
    const res = await create('leader', { username: 'newsales', role: 'hero', leader_id: ids.leader });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'hero', leader_id: ids.leader, leader_name: 'Team Leader' });
    const audit = await lastAudit('user.create');
    expect(audit).toMatchObject({
      userId: ids.leader,
      username: 'leader',
      resource: 'users',
      targetId: String(ids.newsales),
      result: 'success',
      tenantId: 'tr',
    });
    expect(JSON.stringify(audit.after)).not.toContain('password');

    const other = await create('leader', { username: 'x_other', role: 'hero', leader_id: ids.leader2 });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toHaveProperty('leader_id');
    expect(other.json().field_codes.leader_id).toEqual({ code: 'leader_own_team' });
    const above = await create('leader', { username: 'x_lead', role: 'superman' });
    expect(above.statusCode).toBe(403);
    expect(above.json().code).toBe('role_not_allowed');
    const failed = await lastAudit('user.create');
    expect(failed).toMatchObject({ userId: ids.leader, result: 'failure', detail: 'role_not_allowed' });
  });

  it('never gives a role above the caller\u2019s, nor his own (but an administrator\u2019s)', async () => {
    const god = await create('supervisor', { username: 'x_god', role: 'god' });
    expect(god.statusCode).toBe(403);
    expect(god.json().code).toBe('role_not_allowed');
    const peer = await create('supervisor', { username: 'angel2', role: 'angel' });
    expect([peer.statusCode, peer.json().code]).toEqual([403, 'role_not_allowed']);
    expect(await t.database.db.select().from(staffUser).where(eq(staffUser.username, 'angel2'))).toEqual([]);
    expect((await create('supervisor', { username: 'lead_by_sup', role: 'superman' })).statusCode).toBe(200);
  });

  it('needs an active team leader of the tenant for a salesman, and none for other roles', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['no leader', { role: 'hero' }],
      ['null leader', { role: 'hero', leader_id: null }],
      ['a salesman as leader', { role: 'hero', leader_id: ids.sales }],
      ['a disabled leader', { role: 'hero', leader_id: ids.leader_off }],
      ["another tenant's leader", { role: 'hero', leader_id: ids.pl_leader }],
      ['a missing leader', { role: 'hero', leader_id: 999999 }],
      ['a supervisor with a leader', { role: 'angel', leader_id: ids.leader }],
    ];
    for (const [what, body] of cases) {
      const res = await create('admin', { username: 'x_rule', ...body });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 'validation', errors: { leader_id: expect.any(String) } });
    }
    expect(await t.database.db.select().from(staffUser).where(eq(staffUser.username, 'x_rule'))).toEqual([]);
  });

  it('refuses a username the tenant has (409) and malformed input (400)', async () => {
    const dup = await create('admin', { username: 'sales', role: 'hero', leader_id: ids.leader });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'username_taken', errors: { username: expect.any(String) } });
    const bad: [string, Record<string, unknown>][] = [
      ['password', { username: 'x_bad', role: 'angel', password: 'plain-text' }],
      ['username', { username: 'x bad!', role: 'angel' }],
      ['username', { username: 'ab', role: 'angel' }],
      ['name', { username: 'x_bad', role: 'angel', name: '   ' }],
      ['role', { username: 'x_bad', role: 'pope' }],
      ['leader_id', { username: 'x_bad', role: 'hero', leader_id: 'one' }],
    ];
    for (const [field, body] of bad) {
      const res = await create('admin', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
  });
});

describe('PUT /user/v1/{id}', () => {
  it('edits name and team leader; a salesman made supervisor leaves his team', async () => {
    await create('admin', { username: 'moved', role: 'hero', leader_id: ids.leader });
    const res = await as('admin', 'PUT', `/${ids.moved}`, { name: 'Moved', leader_id: ids.leader2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Moved', leader_id: ids.leader2, leader_name: 'Team Leader 2' });
    const audit = await lastAudit('user.update');
    expect(audit).toMatchObject({ userId: ids.admin, targetId: String(ids.moved), result: 'success' });
    expect(audit.before).toMatchObject({ name: 'New One', leader_id: ids.leader });
    expect(audit.after).toMatchObject({ name: 'Moved', password_changed: false });

    const withLeader = await as('admin', 'PUT', `/${ids.moved}`, { role: 'angel', leader_id: ids.leader });
    expect(withLeader.statusCode).toBe(400);
    expect(withLeader.json().errors).toHaveProperty('leader_id');
    // made supervisor: a control change, applied when the second administrator approves it
    await approvedChange(t.app, tokens.admin, tokens.admin2, {
      method: 'PUT',
      url: `/user/v1/${ids.moved}`,
      body: { role: 'angel' },
    });
    const promoted = (await as('admin', 'GET', '/list?full=true'))
      .json()
      .data.find((r: { id: number }) => r.id === ids.moved);
    expect(promoted).toMatchObject({ role: 'angel', leader_id: null });
    const back = await as('admin', 'PUT', `/${ids.moved}`, { role: 'hero' });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toHaveProperty('leader_id');
  });

  it("sets another user's password: his sessions end and the new one signs in", async () => {
    await create('leader', { username: 'pwd_sales', role: 'hero', leader_id: ids.leader });
    const own = await login(t.app, 'pwd_sales', { password: 'Secret#2026' });
    const next = md5hex('Other#2026');
    const res = await as('leader', 'PUT', `/${ids.pwd_sales}`, { password: next });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', USERINFO, { token: own.access_token })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', REFRESH, { token: own.refresh_token })).statusCode).toBe(401);
    await expect(login(t.app, 'pwd_sales', { password: 'Other#2026' })).resolves.toHaveProperty('access_token');
    expect((await lastAudit('user.update')).after).toMatchObject({ password_changed: true });
  });

  it('keeps a team leader to himself and his salesmen, and to salesmen', async () => {
    expect((await as('leader', 'PUT', `/${ids.sales}`, { name: 'Sales Renamed' })).statusCode).toBe(200);
    const other = await as('leader', 'PUT', `/${ids.sales3}`, { name: 'Mine now' });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('not_found');
    expect((await as('leader', 'PUT', `/${ids.admin}`, { name: 'x' })).statusCode).toBe(404);
    const promote = await as('leader', 'PUT', `/${ids.sales}`, { role: 'superman', leader_id: null });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('role_not_allowed');
    const away = await as('leader', 'PUT', `/${ids.sales}`, { leader_id: ids.leader2 });
    expect(away.statusCode).toBe(400);
    expect(away.json().errors).toHaveProperty('leader_id');
    expect((await dbRow(ids.sales)).leaderId).toBe(ids.leader);
  });

  it('protects the own account and users above the caller', async () => {
    const self = await as('leader', 'PUT', `/${ids.leader}`, { role: 'god' });
    expect(self.statusCode).toBe(403);
    expect(['own_account', 'role_not_allowed']).toContain(self.json().code);
    const selfUp = await as('supervisor', 'PUT', `/${ids.supervisor}`, { role: 'god' });
    expect(selfUp.statusCode).toBe(403);
    expect((await dbRow(ids.supervisor)).role).toBe('angel');
    const ownPwd = await as('leader', 'PUT', `/${ids.leader}`, { password: PASSWORD });
    expect(ownPwd.json()).toMatchObject({ code: 'own_account' });
    expect((await as('leader', 'PUT', `/${ids.leader}`, { name: 'Team Leader' })).statusCode).toBe(200);
    const above = await as('supervisor', 'PUT', `/${ids.admin}`, { name: 'Demoted' });
    expect(above.statusCode).toBe(403);
    expect(above.json().code).toBe('role_not_allowed');
    expect((await dbRow(ids.admin)).name).toBe('Administrator');
  });

  it('keeps the role of a team leader who still leads salesmen (409), and refuses an empty edit', async () => {
    const res = await as('admin', 'PUT', `/${ids.leader2}`, { role: 'hero', leader_id: ids.leader });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('user_has_team');
    expect((await dbRow(ids.leader2)).role).toBe('superman');
    expect((await as('admin', 'PUT', `/${ids.leader2}`, {})).statusCode).toBe(400);
    expect((await as('admin', 'PUT', '/abc', { name: 'x' })).statusCode).toBe(400);
    expect((await as('admin', 'PUT', '/999999', { name: 'x' })).statusCode).toBe(404);
  });
});

describe('PUT /user/v1/status/{id}', () => {
  it("ends a disabled salesman's sessions at once; enabled again he signs in", async () => {
    await create('leader', { username: 'temp_sales', role: 'hero', leader_id: ids.leader });
    const his = await login(t.app, 'temp_sales', { password: 'Secret#2026' });
    expect((await call(t.app, 'GET', USERINFO, { token: his.access_token })).statusCode).toBe(200);

    const off = await as('leader', 'PUT', `/status/${ids.temp_sales}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: ids.temp_sales, active: false });
    expect((await call(t.app, 'GET', USERINFO, { token: his.access_token })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', REFRESH, { token: his.refresh_token })).statusCode).toBe(401);
    const sessions = await t.database.db.select().from(authSession).where(eq(authSession.userId, ids.temp_sales));
    expect(sessions.every((s) => s.revokedAt && s.revokeReason === 'user_disabled')).toBe(true);
    const signIn = await call(t.app, 'POST', '/api/auth/admin/v1/login', {
      body: { username: 'temp_sales', password: PASSWORD },
    });
    expect(signIn.statusCode).not.toBe(200);
    expect(await lastAudit('user.disable')).toMatchObject({
      userId: ids.leader,
      targetId: String(ids.temp_sales),
      before: expect.objectContaining({ active: true }),
      after: expect.objectContaining({ active: false }),
    });

    expect((await as('leader', 'PUT', `/status/${ids.temp_sales}`, { active: true })).json().active).toBe(true);
    await expect(login(t.app, 'temp_sales', { password: 'Secret#2026' })).resolves.toHaveProperty('access_token');
  });

  it('refuses the own account, another team, a user above, and a missing flag', async () => {
    const self = await as('leader', 'PUT', `/status/${ids.leader}`, { active: false });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('own_account');
    expect((await as('admin', 'PUT', `/status/${ids.admin}`, { active: false })).json().code).toBe('own_account');
    expect((await as('leader', 'PUT', `/status/${ids.sales3}`, { active: false })).statusCode).toBe(404);
    expect((await as('supervisor', 'PUT', `/status/${ids.admin}`, { active: false })).statusCode).toBe(403);
    const missing = await as('admin', 'PUT', `/status/${ids.sales}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('active');
    for (const u of ['leader', 'admin', 'sales3']) expect((await dbRow(ids[u])).active).toBe(true);
  });
});

describe('PUT /user/v1/code/{id}', () => {
  it('answers a new unique invitation code and stores it', async () => {
    const before = (await dbRow(ids.sales)).invitationCode;
    const res = await as('leader', 'PUT', `/code/${ids.sales}`);
    expect(res.statusCode).toBe(200);
    const { invitation_code } = res.json();
    expect(invitation_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(invitation_code).not.toBe(before);
    expect((await dbRow(ids.sales)).invitationCode).toBe(invitation_code);
    const all = await t.database.db.select().from(staffUser).where(eq(staffUser.tenantId, 'tr'));
    expect(new Set(all.map((u) => u.invitationCode)).size).toBe(all.length);
    expect(await lastAudit('user.invitation_code')).toMatchObject({
      userId: ids.leader,
      after: { invitation_code },
    });
    expect((await as('leader', 'PUT', `/code/${ids.leader}`)).statusCode).toBe(200);
    expect((await as('leader', 'PUT', `/code/${ids.sales3}`)).statusCode).toBe(404);
  });
});

describe('PUT /user/v1/mfa/close/{id}', () => {
  it("unbinds another user's authenticator; not bound is 400, the own one 403", async () => {
    const db = t.database.db;
    await db
      .update(staffUser)
      .set({ mfaEnabled: true, mfaSecret: 'JBSWY3DPEHPK3PXP', mfaLastStep: 5 })
      .where(eq(staffUser.id, ids.sales2));
    await db.insert(recoveryCode).values({ userId: ids.sales2, codeHash: 'h' });
    const list = await as('leader', 'GET', `/list?username=sales2`);
    expect(list.json().data[0].mfa).toBe(true);

    const res = await as('leader', 'PUT', `/mfa/close/${ids.sales2}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.sales2, mfa: false });
    expect(await dbRow(ids.sales2)).toMatchObject({ mfaEnabled: false, mfaSecret: null, mfaLastStep: null });
    expect(await db.select().from(recoveryCode).where(eq(recoveryCode.userId, ids.sales2))).toEqual([]);
    expect(await lastAudit('user.mfa_close')).toMatchObject({ userId: ids.leader, result: 'success' });

    const again = await as('leader', 'PUT', `/mfa/close/${ids.sales2}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('mfa_not_enabled');
    await db
      .update(staffUser)
      .set({ mfaEnabled: true, mfaSecret: 'JBSWY3DPEHPK3PXP' })
      .where(eq(staffUser.id, ids.admin));
    const own = await as('admin', 'PUT', `/mfa/close/${ids.admin}`);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('own_account');
    expect((await dbRow(ids.admin)).mfaEnabled).toBe(true);
    await db.update(staffUser).set({ mfaEnabled: false, mfaSecret: null }).where(eq(staffUser.id, ids.admin));
    expect((await as('leader', 'PUT', `/mfa/close/${ids.sales3}`)).statusCode).toBe(404);
  });
});

describe('DELETE /user/v1/{id}', () => {
  it('refuses a user who owns clients or leads salesmen, and keeps everything', async () => {
    const owns = await as('admin', 'DELETE', `/${ids.sales2}`);
    expect(owns.statusCode).toBe(409);
    expect(owns.json().code).toBe('user_has_clients');
    const leads = await as('admin', 'DELETE', `/${ids.leader2}`);
    expect(leads.statusCode).toBe(409);
    expect(leads.json().code).toBe('user_has_team');
    expect(await dbRow(ids.sales2)).toBeDefined();
    expect(await dbRow(ids.leader2)).toBeDefined();
    const [owned] = await t.database.db.select().from(client).where(eq(client.username, 'owned'));
    expect(owned.agentId).toBe(ids.sales2);
    expect(await lastAudit('user.delete')).toMatchObject({ result: 'failure', detail: 'user_has_team' });
  });

  it('refuses a user named by a KYC review (409 user_has_records)', async () => {
    ids.reviewer = await appointedStaff(t.app, t.database.db, tokens.admin, tokens.admin2, 'tr', {
      username: 'reviewer',
      role: 'angel',
      name: 'New One',
      password: PASSWORD,
    });
    const c = await createClient(t.database.db, 'tr', { username: 'reviewed', agentId: null });
    await t.database.db.insert(clientIdentity).values({ clientId: c.id, tenantId: 'tr', reviewedBy: ids.reviewer });
    const res = await as('admin', 'DELETE', `/${ids.reviewer}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('user_has_records');
    expect(await dbRow(ids.reviewer)).toBeDefined();
  });

  it('refuses the own account and out-of-scope users', async () => {
    expect((await as('admin', 'DELETE', `/${ids.admin}`)).json().code).toBe('own_account');
    expect((await as('leader', 'DELETE', `/${ids.sales3}`)).statusCode).toBe(404);
    expect((await as('supervisor', 'DELETE', `/${ids.admin}`)).statusCode).toBe(403);
  });

  it('deletes a user who signed in once: his sessions go, his token is refused', async () => {
    await create('leader', { username: 'gone_sales', role: 'hero', leader_id: ids.leader });
    const his = await login(t.app, 'gone_sales', { password: 'Secret#2026' });
    const res = await as('leader', 'DELETE', `/${ids.gone_sales}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await dbRow(ids.gone_sales)).toBeUndefined();
    expect((await call(t.app, 'GET', USERINFO, { token: his.access_token })).statusCode).toBe(401);
    const list = await as('leader', 'GET', '/list?full=true');
    expect(list.json().data.map((r: { username: string }) => r.username)).not.toContain('gone_sales');
    expect(await lastAudit('user.delete')).toMatchObject({
      userId: ids.leader,
      targetId: String(ids.gone_sales),
      result: 'success',
      before: expect.objectContaining({ username: 'gone_sales' }),
    });
  });
});

describe('permissions', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/role'],
    ['POST', '/create', { username: 'x_perm', name: 'x', role: 'hero', password: PASSWORD }],
    ['PUT', '/{id}', { name: 'x' }],
    ['PUT', '/status/{id}', { active: false }],
    ['PUT', '/code/{id}'],
    ['PUT', '/mfa/close/{id}'],
    ['DELETE', '/{id}'],
  ];

  it('refuses a salesman (403) and an unsigned caller (401) on every route, changing nothing', async () => {
    const before = await dbRow(ids.sales);
    for (const [method, path, body] of routes) {
      const url = `${API}${path.replace('{id}', String(ids.sales))}`;
      const hero = await call(t.app, method as 'GET', url, { token: tokens.sales, body });
      expect(hero.statusCode, `hero ${method} ${path}`).toBe(403);
      expect(hero.json().code).toBe('forbidden');
      const anonymous = await call(t.app, method as 'GET', url, { body });
      expect(anonymous.statusCode, `anonymous ${method} ${path}`).toBe(401);
    }
    expect(await dbRow(ids.sales)).toEqual(before);
  });

  it('declares each route\u2019s users grant', () => {
    const perms = Object.fromEntries(
      t.app.routeTable.filter((r) => r.url.startsWith(API)).map((r) => [`${r.method} ${r.url}`, r.permission]),
    );
    expect(perms).toMatchObject({
      [`GET ${API}/role`]: { resource: 'users', action: 'read' },
      [`POST ${API}/create`]: { resource: 'users', action: 'create' },
      [`PUT ${API}/:id`]: { resource: 'users', action: 'update' },
      [`PUT ${API}/status/:id`]: { resource: 'users', action: 'update' },
      [`PUT ${API}/code/:id`]: { resource: 'users', action: 'update' },
      [`PUT ${API}/mfa/close/:id`]: { resource: 'users', action: 'update' },
      [`DELETE ${API}/:id`]: { resource: 'users', action: 'delete' },
    });
  });
});
