// IP allow-list (resource ipAccess): entries CRUD and validation, the switch, self-lockout, enforcement on staff
// routes and sign-in (403 ip_not_allowed, audited), public routes left open, other tenants unaffected. Adding,
// deleting and the switch are control changes (202, applied when a second administrator approves them: `applied`;
// the four-eyes rules themselves: ip-access-approval.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { call, login, loginBody, makeTestApp, type TestApp } from './helpers';
import { secondAdmin } from './approval-helpers';

const API = '/api/ip_access/admin/v1';
const USERINFO = '/api/auth/admin/v1/userinfo';
/** app.inject's default address. */
const HOME = '127.0.0.1';
const OUTSIDE = '198.51.100.9';

let t: TestApp;
const tokens: Record<string, string> = {};

type Who = 'admin' | 'admin2' | 'supervisor' | 'leader' | 'sales' | 'plAdmin';
const as = (
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { body?: unknown; ip?: string } = {},
) =>
  call(t.app, method, `${API}${path}`, {
    token: tokens[who],
    tenant: who === 'plAdmin' ? 'pl' : 'tr',
    body: opts.body,
    ip: opts.ip,
  });

async function lastAudit(action: string, tenant = 'tr') {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, tenant)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/**
 * A change of the list asked by admin (202, nothing changed yet) and approved by admin2 from `ip`: answers the
 * request's answer.
 */
async function applied(method: 'POST' | 'PUT' | 'DELETE', path: string, opts: { body?: unknown; ip?: string } = {}) {
  const asked = await as('admin', method, path, opts);
  expect(asked.statusCode, asked.body).toBe(202);
  const done = await call(t.app, 'PUT', `/api/approval/admin/v1/decide/${asked.json().pending_approval.id}`, {
    token: tokens.admin2,
    body: { decision: 'approved' },
    headers: { 'idempotency-key': randomUUID() },
    ip: opts.ip,
  });
  expect(done.statusCode, done.body).toBe(200);
  return asked;
}

type Entry = { id: number; cidr: string; note: string | null; created_by: number | null; created_by_name: string };
const listOf = async (who: Who = 'admin', ip?: string) =>
  (await as(who, 'GET', '/list', { ip })).json().data as Entry[];
const idOf = async (cidr: string) => (await listOf()).find((e) => e.cidr === cidr)!.id;

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  await secondAdmin(t.database.db, 'tr');
  for (const who of ['admin', 'admin2', 'supervisor', 'leader', 'sales'] as const)
    tokens[who] = (await login(t.app, who)).access_token;
  tokens.plAdmin = (await login(t.app, 'admin', { tenant: 'pl' })).access_token;
});

afterAll(async () => {
  await t?.close();
});

describe('entries', () => {
  it('adds ranges in canonical form, with who asked for them; audited', async () => {
    const res = await applied('POST', '/create', { body: { cidr: '10.0.0.0/8', note: '  Office  ' } });
    const [entry] = await listOf();
    expect(entry).toMatchObject({ cidr: '10.0.0.0/8', note: 'Office', created_by_name: 'Administrator' });
    expect(Date.parse((entry as unknown as { created_at: string }).created_at)).toBeGreaterThan(Date.now() - 60_000);
    const audit = await lastAudit('ip_access.create');
    const pending = res.json().pending_approval;
    expect(audit).toMatchObject({ username: 'admin', result: 'success', targetId: String(pending.id) });
    expect(audit.after).toMatchObject({ pending_approval: { kind: 'ip_access', status: 'pending' } });

    const cases: [string, string][] = [
      [' 2001:DB8:0:0::/32 ', '2001:db8::/32'],
      ['203.0.113.7', '203.0.113.7/32'],
      ['::ffff:192.0.2.0/120', '192.0.2.0/24'],
      ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1/128'],
    ];
    for (const [cidr, stored] of cases) {
      await applied('POST', '/create', { body: { cidr } });
      expect((await listOf())[0], cidr).toMatchObject({ cidr: stored, note: null });
    }
    const list = await listOf();
    expect(list.map((e) => e.cidr)).toEqual([
      '2001:db8::1:0:0:1/128',
      '192.0.2.0/24',
      '203.0.113.7/32',
      '2001:db8::/32',
      '10.0.0.0/8',
    ]);
  });

  it('refuses malformed ranges, host bits, duplicates and unknown fields with a field code', async () => {
    const fieldCode = async (body: unknown) => {
      const res = await as('admin', 'POST', '/create', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().field_codes;
    };
    for (const cidr of [
      'abc',
      '10.0.0.0/33',
      '10.0.0/8',
      '256.1.1.1',
      '010.0.0.1',
      '2001:db8::/129',
      '1::2::3',
      'fe80::1%eth0',
      '10.0.0.0/08',
    ])
      expect((await fieldCode({ cidr })).cidr, cidr).toEqual({ code: 'cidr_invalid' });
    expect((await fieldCode({ cidr: '10.1.2.3/8' })).cidr).toEqual({ code: 'cidr_host_bits' });
    expect((await fieldCode({ cidr: '2001:db8::1/32' })).cidr).toEqual({ code: 'cidr_host_bits' });
    expect((await fieldCode({ cidr: '10.0.0.0/8' })).cidr).toEqual({ code: 'duplicate' });
    // The same range written differently is the same entry.
    expect((await fieldCode({ cidr: '2001:0db8::/32' })).cidr).toEqual({ code: 'duplicate' });
    expect((await fieldCode({})).cidr.code).toBe('required');
    expect((await fieldCode({ cidr: '10.9.0.0/16', note: 'x'.repeat(201) })).note).toEqual({
      code: 'too_long',
      limit: 200,
    });
    expect((await fieldCode({ cidr: '10.9.0.0/16', extra: 1 })).extra.code).toBe('unknown_field');
    expect((await fieldCode({ cidr: 12 })).cidr.code).toBe('cidr_invalid');
    expect((await listOf()).length).toBe(5);
  });

  it('edits the note only; missing, other tenant or a range change refused', async () => {
    const id = await idOf('203.0.113.7/32');
    const res = await as('admin', 'PUT', `/${id}`, { body: { note: 'VPN exit' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, cidr: '203.0.113.7/32', note: 'VPN exit' });
    const audit = await lastAudit('ip_access.update');
    expect(audit.before).toMatchObject({ note: null });
    expect(audit.after).toMatchObject({ note: 'VPN exit' });
    expect((await as('admin', 'PUT', `/${id}`, { body: { note: '  ' } })).json().note).toBeNull();
    const change = await as('admin', 'PUT', `/${id}`, { body: { note: 'x', cidr: '10.0.0.0/8' } });
    expect(change.statusCode).toBe(400);
    expect(change.json().field_codes.cidr.code).toBe('unknown_field');
    expect((await as('admin', 'PUT', '/999999', { body: { note: 'x' } })).statusCode).toBe(404);
    expect((await as('admin', 'PUT', '/abc', { body: { note: 'x' } })).statusCode).toBe(400);
    expect((await as('plAdmin', 'PUT', `/${id}`, { body: { note: 'x' } })).statusCode).toBe(404);
    expect((await as('plAdmin', 'DELETE', `/${id}`)).statusCode).toBe(404);
    expect(await listOf('plAdmin')).toEqual([]);
  });

  it('deletes an entry (list off: no lockout check); audited with the entry', async () => {
    const id = await idOf('192.0.2.0/24');
    await applied('DELETE', `/${id}`);
    expect((await lastAudit('ip_access.delete')).before).toMatchObject({ cidr: '192.0.2.0/24' });
    expect((await listOf()).some((e) => e.cidr === '192.0.2.0/24')).toBe(false);
    expect((await as('admin', 'DELETE', `/${id}`)).statusCode).toBe(404);
  });

  it('exports the list as CSV with translated headers', async () => {
    const res = await as('admin', 'GET', '/list/export?lang=zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('IP 地址或网段');
    expect(res.body).toContain('10.0.0.0/8');
  });

  it('is for administrators only', async () => {
    for (const who of ['supervisor', 'leader', 'sales'] as const) {
      expect((await as(who, 'GET', '/list')).statusCode, who).toBe(403);
      expect((await as(who, 'GET', '/status')).statusCode, who).toBe(403);
      expect((await as(who, 'POST', '/create', { body: { cidr: '10.8.0.0/16' } })).statusCode, who).toBe(403);
      expect((await as(who, 'PUT', '/status', { body: { enabled: false } })).statusCode, who).toBe(403);
      expect((await as(who, 'DELETE', `/${await idOf('10.0.0.0/8')}`)).statusCode, who).toBe(403);
    }
  });
});

describe('switch and self-lockout', () => {
  it('answers the status with the caller address as the API sees it', async () => {
    const res = await as('admin', 'GET', '/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      your_ip: HOME,
      your_ip_allowed: false,
      entries: 4,
      pending_changes: 0,
    });
    const mapped = await as('admin', 'GET', '/status', { ip: '::ffff:10.1.2.3' });
    expect(mapped.json()).toMatchObject({ your_ip: '10.1.2.3', your_ip_allowed: true });
  });

  it('refuses to turn the list on when no entry holds the caller; nothing changes, failure audited', async () => {
    const res = await as('admin', 'PUT', '/status', { body: { enabled: true } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ip_self_lockout');
    expect((await as('admin', 'GET', '/status')).json().enabled).toBe(false);
    expect(await lastAudit('ip_access.enable')).toMatchObject({ result: 'failure', detail: 'ip_self_lockout' });
  });

  it('turns it on once an entry holds the caller; deleting the last covering entry is refused', async () => {
    await applied('POST', '/create', { body: { cidr: `${HOME}/32`, note: 'me' } });
    const home = { id: await idOf(`${HOME}/32`) };
    await applied('PUT', '/status', { body: { enabled: true } });
    const on = await as('admin', 'GET', '/status');
    expect(on.json()).toEqual({ enabled: true, your_ip: HOME, your_ip_allowed: true, entries: 5, pending_changes: 0 });
    expect(await lastAudit('ip_access.enable')).toMatchObject({ result: 'success', username: 'admin' });
    // already on: nothing to review
    expect((await as('admin', 'PUT', '/status', { body: { enabled: true } })).statusCode).toBe(200);

    const del = await as('admin', 'DELETE', `/${home.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('ip_self_lockout');
    expect((await listOf()).some((e) => e.id === home.id)).toBe(true);

    // A wider entry that also holds the caller makes the /32 deletable.
    await applied('POST', '/create', { body: { cidr: '127.0.0.0/8' } });
    await applied('DELETE', `/${home.id}`);
    // Deleting an entry that does not hold the caller is fine while the list is on.
    await applied('DELETE', `/${await idOf('203.0.113.7/32')}`);
  });
});

describe('enforcement (the list is on for tr)', () => {
  it('refuses staff requests from other addresses with 403 ip_not_allowed, audited with the address', async () => {
    for (const who of ['admin', 'supervisor', 'sales'] as const) {
      const res = await call(t.app, 'GET', USERINFO, { token: tokens[who], ip: OUTSIDE });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code, who).toBe('ip_not_allowed');
      const audit = await lastAudit('access.denied');
      expect(audit, who).toMatchObject({ username: who, result: 'denied', ip: OUTSIDE, resource: 'ipAccess' });
      expect(audit.detail).toContain(OUTSIDE);
    }
    expect((await as('admin', 'GET', '/list', { ip: '2001:db9::1' })).statusCode).toBe(403);
  });

  it('lets addresses inside the list through (IPv4, IPv4-mapped IPv6, IPv6)', async () => {
    for (const ip of [HOME, '10.200.3.4', '::ffff:10.1.2.3', '2001:db8:ffff::1'])
      expect((await call(t.app, 'GET', USERINFO, { token: tokens.sales, ip })).statusCode, ip).toBe(200);
  });

  it('refuses sign-in and token refresh from outside; inside signs in', async () => {
    const out = await call(t.app, 'POST', '/api/auth/admin/v1/login', {
      body: await loginBody(t.app, 'sales'),
      ip: OUTSIDE,
    });
    expect(out.statusCode).toBe(403);
    expect(out.json().code).toBe('ip_not_allowed');
    expect((await lastAudit('access.denied')).detail).toContain('/api/auth/admin/v1/login');
    const tokensIn = await call(t.app, 'POST', '/api/auth/admin/v1/login', {
      body: await loginBody(t.app, 'sales'),
      ip: '10.1.1.1',
    });
    expect(tokensIn.statusCode).toBe(200);
    const refreshOut = await call(t.app, 'POST', '/api/auth/admin/v1/token/refresh', {
      token: tokensIn.json().refresh_token,
      ip: OUTSIDE,
    });
    expect(refreshOut.statusCode).toBe(403);
    expect(refreshOut.json().code).toBe('ip_not_allowed');
  });

  it('keeps the public routes the console needs before sign-in open', async () => {
    expect((await call(t.app, 'GET', '/api/auth/admin/v1/captcha', { ip: OUTSIDE })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/setting/v1/app', { ip: OUTSIDE })).statusCode).toBe(200);
    // No token from outside: 401 as before (no audit row for anonymous noise).
    expect((await call(t.app, 'GET', USERINFO, { ip: OUTSIDE })).statusCode).toBe(401);
  });

  it('leaves other tenants alone', async () => {
    expect((await call(t.app, 'GET', USERINFO, { token: tokens.plAdmin, tenant: 'pl', ip: OUTSIDE })).statusCode).toBe(
      200,
    );
    const res = await call(t.app, 'POST', '/api/auth/admin/v1/login', {
      tenant: 'pl',
      body: await loginBody(t.app, 'sales', undefined, 'pl'),
      ip: OUTSIDE,
    });
    expect(res.statusCode).toBe(200);
  });

  it('applies an approved change at once (the cached list is dropped): off lets everyone in again', async () => {
    expect((await call(t.app, 'GET', USERINFO, { token: tokens.admin, ip: OUTSIDE })).statusCode).toBe(403);
    const off = await as('admin', 'PUT', '/status', { body: { enabled: false } });
    expect(off.statusCode).toBe(202);
    // asked, not applied: outside still refused
    expect((await call(t.app, 'GET', USERINFO, { token: tokens.admin, ip: OUTSIDE })).statusCode).toBe(403);
    const done = await call(t.app, 'PUT', `/api/approval/admin/v1/decide/${off.json().pending_approval.id}`, {
      token: tokens.admin2,
      body: { decision: 'approved' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(done.statusCode).toBe(200);
    expect((await as('admin', 'GET', '/status')).json().enabled).toBe(false);
    expect(await lastAudit('ip_access.disable')).toMatchObject({ result: 'success' });
    expect((await call(t.app, 'GET', USERINFO, { token: tokens.admin, ip: OUTSIDE })).statusCode).toBe(200);
    // And on again from inside: outside refused at once.
    await applied('PUT', '/status', { body: { enabled: true } });
    expect((await call(t.app, 'GET', USERINFO, { token: tokens.admin, ip: OUTSIDE })).statusCode).toBe(403);
  });
});
