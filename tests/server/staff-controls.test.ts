/**
 * Staff management and checker independence (issue 18, docs/security.md): the puppet-checker attack of the issue fails
 * at each step (a supervisor cannot create, reset, close the authenticator of, disable or delete another supervisor),
 * a password set by another staff member is temporary (changed at the next sign-in, not to the same one), a checker
 * whose account the maker created or whose password or authenticator the maker last reset cannot check the maker's
 * record (409 checker_not_independent) while independent checkers still can; own-account checks lock per account
 * from rotating addresses; a client rule allowing what the default rules deny needs the trading permission grant.
 * Money assertions read the deposit's account and a neighbour's that must not move.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { seedRates } from '../../server/db/seed-funds';
import { staffUser } from '../../server/db/schema';
import { hashPassword, md5hex } from '../../server/security/password';
import { call, DEMO_PASSWORD, login, makeTestApp, type TestApp } from './helpers';
import { makeClient, type LedgerFixture } from './ledger-helpers';

let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
let c1: { clientId: number; acc: Record<string, number> };
let c2: { clientId: number; acc: Record<string, number> };

const as = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, ip?: string) =>
  call(t.app, method, `/api${url}`, { token: tokens[who], body, ip });

/** balance and deposit of an account, as decimal strings. */
async function account(id: number) {
  const r = await t.database.db.execute(sql`SELECT balance::text, deposit::text FROM account WHERE id = ${id}`);
  return r.rows[0] as { balance: string; deposit: string };
}

/** A supervisor of the tenant added as if by an earlier administrator (nobody in this test set him up). */
async function addSupervisor(username: string) {
  const [row] = await t.database.db
    .insert(staffUser)
    .values({
      tenantId: 'tr',
      username,
      name: username,
      role: 'angel',
      passwordHash: await hashPassword(md5hex(DEMO_PASSWORD), t.config.passwordPepper),
    })
    .returning({ id: staffUser.id });
  ids[username] = row.id;
  tokens[username] = (await login(t.app, username)).access_token;
}

const staffRow = async (id: number) => (await t.database.db.select().from(staffUser).where(eq(staffUser.id, id)))[0];
const code = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];

/** Signs in with a temporary password, is held to change_pwd, refused the same password, changes it; new tokens. */
async function forcedChange(username: string, temporary: string, next: string) {
  const first = await login(t.app, username, { password: temporary });
  const info = await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: first.access_token });
  expect(info.json().must_change_password).toBe(true);
  const held = await call(t.app, 'GET', '/api/approval/admin/v1/list', { token: first.access_token });
  expect(code(held)).toEqual([403, 'password_change_required']);
  const change = (to: string) =>
    call(t.app, 'POST', '/api/user/v1/change_pwd', {
      token: first.access_token,
      body: { old_password: md5hex(temporary), new_password: md5hex(to) },
    });
  const same = await change(temporary);
  expect(code(same)).toEqual([400, 'password_unchanged']);
  expect(same.json().errors).toHaveProperty('new_password');
  expect((await change(next)).statusCode).toBe(200);
  const again = await login(t.app, username, { password: next });
  const after = await call(t.app, 'GET', '/api/auth/admin/v1/userinfo', { token: again.access_token });
  expect(after.json().must_change_password).toBe(false);
  tokens[username] = again.access_token;
}

beforeAll(async () => {
  t = await makeTestApp({ captcha: false, lockoutThreshold: 3, lockoutSec: 600 });
  for (const r of await t.database.db.select().from(staffUser).where(eq(staffUser.tenantId, 'tr')))
    ids[r.username] = r.id;
  for (const u of ['admin', 'supervisor', 'leader', 'sales']) tokens[u] = (await login(t.app, u)).access_token;
  await addSupervisor('supervisor2');
  await addSupervisor('supervisor3');
  await withRetry(t.database.db, (tx) => seedRates(tx, 'tr'));
  const f = { db: t.database.db, tenantId: 'tr' } as LedgerFixture;
  c1 = await makeClient(f, 'sc_one', ids.sales, ['USD']);
  c2 = await makeClient(f, 'sc_two', ids.sales, ['USD']);
});
afterAll(() => t?.close());

describe('a staff member manages only staff of a strictly lower role', () => {
  it('a supervisor cannot create, edit, reset, close the authenticator of, disable or delete another supervisor', async () => {
    const before = await staffRow(ids.supervisor2);
    const attempts = [
      as('supervisor', 'POST', '/user/v1/create', {
        username: 'puppet',
        name: 'Puppet',
        role: 'angel',
        password: md5hex('Puppet#2026'),
      }),
      as('supervisor', 'PUT', `/user/v1/${ids.supervisor2}`, { password: md5hex('Puppet#2026') }),
      as('supervisor', 'PUT', `/user/v1/${ids.supervisor2}`, { name: 'Renamed' }),
      as('supervisor', 'PUT', `/user/v1/mfa/close/${ids.supervisor2}`),
      as('supervisor', 'PUT', `/user/v1/status/${ids.supervisor2}`, { active: false }),
      as('supervisor', 'PUT', `/user/v1/code/${ids.supervisor2}`),
      as('supervisor', 'DELETE', `/user/v1/${ids.supervisor2}`),
    ];
    for (const res of await Promise.all(attempts)) expect(code(res)).toEqual([403, 'role_not_allowed']);
    expect(await t.database.db.select().from(staffUser).where(eq(staffUser.username, 'puppet'))).toEqual([]);
    expect(await staffRow(ids.supervisor2)).toEqual(before);
    // The old password still signs in: nothing was reset.
    await expect(login(t.app, 'supervisor2')).resolves.toHaveProperty('access_token');
  });

  it('a team leader cannot manage another team leader; a supervisor still manages team leaders', async () => {
    const res = await as('leader', 'PUT', `/user/v1/${ids.leader2}`, { name: 'x' });
    expect(res.statusCode).toBe(404); // out of his scope
    const made = await as('supervisor', 'POST', '/user/v1/create', {
      username: 'lead_made',
      name: 'Lead Made',
      role: 'superman',
      password: md5hex('Lead#2026'),
    });
    expect(made.statusCode).toBe(200);
    const row = await staffRow(made.json().id);
    expect(row).toMatchObject({
      createdBy: ids.supervisor,
      passwordResetBy: ids.supervisor,
      mustChangePassword: true,
    });
  });

  it('an administrator manages administrators', async () => {
    const [other] = await t.database.db
      .insert(staffUser)
      .values({ tenantId: 'tr', username: 'admin2', name: 'Admin 2', role: 'god', passwordHash: 'x' })
      .returning({ id: staffUser.id });
    const res = await as('admin', 'PUT', `/user/v1/${other.id}`, { name: 'Admin Two' });
    expect(res.statusCode).toBe(200);
    const sup = await as('supervisor', 'PUT', `/user/v1/${other.id}`, { name: 'x' });
    expect(code(sup)).toEqual([403, 'role_not_allowed']);
  });
});

describe('a password set by another staff member is temporary', () => {
  it('a created salesman must change it at his first sign-in, and not to the same one', async () => {
    const made = await as('leader', 'POST', '/user/v1/create', {
      username: 'temp_sales',
      name: 'Temp',
      role: 'hero',
      leader_id: ids.leader,
      password: md5hex('Temp#2026'),
    });
    expect(made.statusCode).toBe(200);
    await forcedChange('temp_sales', 'Temp#2026', 'Mine#2026');
  });

  it('a reset password too; the owner\u2019s own change is not forced again', async () => {
    const reset = await as('leader', 'PUT', `/user/v1/${ids.sales2}`, { password: md5hex('Reset#2026') });
    expect(reset.statusCode).toBe(200);
    expect((await staffRow(ids.sales2)).mustChangePassword).toBe(true);
    await forcedChange('sales2', 'Reset#2026', 'Own#2026');
    expect((await staffRow(ids.sales2)).passwordResetBy).toBe(ids.leader);
  });
});

describe('checker independence', () => {
  it('a checker the maker reset or created cannot check his 15,000.00 deposit; independent checkers can', async () => {
    // The administrator resets supervisor2's password (he manages supervisors) and closes nothing else.
    expect(
      (await as('admin', 'PUT', `/user/v1/${ids.supervisor2}`, { password: md5hex('Puppet#2026') })).statusCode,
    ).toBe(200);
    // He signs in as supervisor2 with the temporary password and changes it himself: the reset is still his.
    await forcedChange('supervisor2', 'Puppet#2026', 'Puppet#2027');
    expect((await staffRow(ids.supervisor2)).passwordResetBy).toBe(ids.admin);
    // A supervisor account the administrator created (the queue of a four-eyes change may create it): its creator.
    await addSupervisor('made_by_admin');
    await t.database.db.update(staffUser).set({ createdBy: ids.admin }).where(eq(staffUser.id, ids.made_by_admin));

    const before = [await account(c1.acc.USD), await account(c2.acc.USD)];
    const made = await as('admin', 'POST', `/deposit/admin/v2/specialized/${c1.clientId}`, {
      account_id: c1.acc.USD,
      amount: '15000.00',
      currency: 'USD',
    });
    expect(made.statusCode).toBe(200);
    const d = made.json();
    expect(d.approval).toMatchObject({ kind: 'deposit', required_checkers: 2, approvals: 0 });
    const audit = (who: string) => as(who, 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    const decide = (who: string) =>
      as(who, 'PUT', `/approval/admin/v1/decide/${d.approval.id}`, { decision: 'approved' });

    expect(code(await audit('admin'))).toEqual([409, 'maker_cannot_check']);
    expect(code(await audit('supervisor2'))).toEqual([409, 'checker_not_independent']);
    expect(code(await decide('supervisor2'))).toEqual([409, 'checker_not_independent']);
    expect(code(await audit('made_by_admin'))).toEqual([409, 'checker_not_independent']);
    // A rejection by a puppet is refused too: he does not check this record at all.
    const reject = await as('made_by_admin', 'PUT', `/approval/admin/v1/decide/${d.approval.id}`, {
      decision: 'rejected',
    });
    expect(code(reject)).toEqual([409, 'checker_not_independent']);
    expect(await account(c1.acc.USD)).toEqual(before[0]);
    expect(await account(c2.acc.USD)).toEqual(before[1]);

    // Independent checkers: the first approval moves nothing, the second executes.
    const first = await audit('supervisor');
    expect([first.statusCode, first.json().status]).toEqual([200, 'pending']);
    expect(await account(c1.acc.USD)).toEqual(before[0]);
    const second = await audit('supervisor3');
    expect([second.statusCode, second.json().status]).toEqual([200, 'approved']);
    expect((await account(c1.acc.USD)).balance).toBe((Number(before[0].balance) + 15000).toFixed(2));
    expect(await account(c2.acc.USD)).toEqual(before[1]);
  });

  it('an authenticator the maker closed makes the checker dependent too; the supervisor\u2019s deposit is not his to check', async () => {
    await t.database.db
      .update(staffUser)
      .set({ mfaEnabled: true, mfaSecret: 'JBSWY3DPEHPK3PXP' })
      .where(eq(staffUser.id, ids.supervisor3));
    expect((await as('admin', 'PUT', `/user/v1/mfa/close/${ids.supervisor3}`)).statusCode).toBe(200);
    expect((await staffRow(ids.supervisor3)).mfaResetBy).toBe(ids.admin);
    const before = [await account(c1.acc.USD), await account(c2.acc.USD)];
    const d = (
      await as('admin', 'POST', `/deposit/admin/v2/specialized/${c1.clientId}`, {
        account_id: c1.acc.USD,
        amount: '300.00',
        currency: 'USD',
      })
    ).json();
    const res = await as('supervisor3', 'PUT', `/deposit/admin/v1/audit/${d.id}`, { status: 'approved' });
    expect(code(res)).toEqual([409, 'checker_not_independent']);
    // supervisor3 is independent of the supervisor: he checks the supervisor's own deposit.
    const s = (
      await as('supervisor', 'POST', `/deposit/admin/v2/specialized/${c1.clientId}`, {
        account_id: c1.acc.USD,
        amount: '200.00',
        currency: 'USD',
      })
    ).json();
    expect(code(await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${s.id}`, { status: 'approved' }))).toEqual([
      409,
      'maker_cannot_check',
    ]);
    const ok = await as('supervisor3', 'PUT', `/deposit/admin/v1/audit/${s.id}`, { status: 'approved' });
    expect([ok.statusCode, ok.json().status]).toEqual([200, 'approved']);
    expect((await account(c1.acc.USD)).balance).toBe((Number(before[0].balance) + 200).toFixed(2));
    expect(await account(c2.acc.USD)).toEqual(before[1]);
  });
});

describe('own-account checks lock per account from rotating addresses', () => {
  it('wrong old passwords from three addresses lock change_pwd everywhere; sign-in is not affected', async () => {
    const session = await login(t.app, 'leader2');
    const change = (old: string, ip: string) =>
      call(t.app, 'POST', '/api/user/v1/change_pwd', {
        ip,
        token: session.access_token,
        body: { old_password: md5hex(old), new_password: md5hex('Other@2026!') },
      });
    expect(code(await change('guess1', '10.8.0.1'))).toEqual([400, 'wrong_password']);
    expect(code(await change('guess2', '10.8.0.2'))).toEqual([400, 'wrong_password']);
    expect(code(await change('guess3', '10.8.0.3'))).toEqual([423, 'account_locked']);
    // A fourth address, even with the right password: locked; the password is unchanged.
    expect(code(await change(DEMO_PASSWORD, '10.8.0.4'))).toEqual([423, 'account_locked']);
    // Sign-in is not locked: the failures from every address make the captcha required (lockout.ts), that is all.
    const forced = (await call(t.app, 'GET', '/api/auth/admin/v1/captcha?force=true')).json();
    const signIn = await call(t.app, 'POST', '/api/auth/admin/v1/login', {
      ip: '10.8.0.5',
      body: {
        username: 'leader2',
        password: md5hex(DEMO_PASSWORD),
        captcha_id: forced.captcha_id,
        captcha: t.app.captchaStore!.get(forced.captcha_id),
      },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('a client rule allowing what the default rules deny needs the trading permission grant', () => {
  it('by role: salesman and supervisor refused, nothing saved; narrowing is theirs; the administrator overrides', async () => {
    const rule = await as('admin', 'POST', '/trading_permission/admin/v1/create', {
      scope: 'default',
      product: 'stock',
      allowed: false,
    });
    expect(rule.statusCode).toBe(200);
    const effective = async () =>
      (await as('admin', 'GET', `/trading_permission/admin/v1/effective/${c1.clientId}`)).json().products as {
        product: string;
        allowed: boolean;
        own: boolean | null;
      }[];
    const stock = async () => (await effective()).find((p) => p.product === 'stock');
    const put = (who: string, rules: Record<string, boolean | null>) =>
      as(who, 'PUT', `/trading_permission/admin/v1/client/${c1.clientId}`, { rules });
    for (const who of ['sales', 'supervisor']) {
      expect(code(await put(who, { stock: true })), who).toEqual([403, 'trading_override_not_allowed']);
    }
    expect(await stock()).toMatchObject({ allowed: false, own: null });
    // Narrowing stays theirs: a salesman denies another product for his client.
    const other = (await effective()).find((p) => p.product !== 'stock' && p.allowed)!.product;
    expect((await put('sales', { [other]: false })).statusCode).toBe(200);
    // ...but allowing it again is loosening: the grant's.
    expect(code(await put('sales', { [other]: null }))).toEqual([403, 'trading_override_not_allowed']);
    const admin = await put('admin', { stock: true, [other]: null });
    expect(admin.statusCode).toBe(200);
    expect(await stock()).toMatchObject({ allowed: true, own: true });
  });
});
