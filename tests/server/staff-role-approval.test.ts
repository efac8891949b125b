/**
 * Appointing an administrator or a supervisor is a change of the controls (issue 18 "the policy itself",
 * docs/security.md "Maker-checker on money"): creating one, or raising a staff member to one of these roles, answers
 * 202 with a pending approval (kind staff_role) and changes nothing until a second administrator approves it in the
 * queue; the maker cannot check it; a rejection changes nothing. Salesmen and team leaders are still created at once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUser } from '../../server/db/schema';
import { md5hex } from '../../server/security/password';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { secondAdmin } from './approval-helpers';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};
let adminId = 0;
const PASSWORD = 'Secret#2026';

const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(app, method, `/api${url}`, {
    token: tokens[user],
    body,
    headers: url.startsWith('/approval/admin/v1/decide') ? { 'idempotency-key': randomUUID() } : undefined,
  });

const row = async (username: string) =>
  (
    await t.database.db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, username)))
  )[0];

const decide = (user: string, id: number, decision: 'approved' | 'rejected') =>
  as(user, 'PUT', `/approval/admin/v1/decide/${id}`, { decision });

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  await secondAdmin(t.database.db, 'tr');
  for (const u of ['admin', 'admin2']) tokens[u] = (await login(app, u)).access_token;
  adminId = (await row('admin')).id;
});
afterAll(async () => {
  await t?.close();
});

describe('appointing an administrator or a supervisor needs a second administrator', () => {
  it('creating a supervisor answers 202; the account exists only once another administrator approves', async () => {
    const asked = await as('admin', 'POST', '/user/v1/create', {
      username: 'sup_new',
      name: 'New Supervisor',
      role: 'angel',
      password: md5hex(PASSWORD),
    });
    expect(asked.statusCode).toBe(202);
    const pending = asked.json().pending_approval;
    expect(pending).toMatchObject({ kind: 'staff_role', status: 'pending', required_checkers: 1 });
    expect(await row('sup_new')).toBeUndefined();
    await expect(login(app, 'sup_new', { password: PASSWORD })).rejects.toThrow(/login sup_new failed: 4/);

    // the queue shows who and which role, never the password's hash
    const detail = await as('admin2', 'GET', `/approval/admin/v1/detail/${pending.id}`);
    expect(detail.statusCode).toBe(200);
    const change = JSON.parse(detail.json().change);
    expect(change).toMatchObject({ op: 'create', target: 'sup_new', from: null, to: { role: 'angel' } });
    expect(detail.json().change).not.toMatch(/password/);

    const own = await decide('admin', pending.id, 'approved');
    expect([own.statusCode, own.json().code]).toEqual([409, 'maker_cannot_check']);
    expect(await row('sup_new')).toBeUndefined();

    const done = await decide('admin2', pending.id, 'approved');
    expect([done.statusCode, done.json().status]).toEqual([200, 'approved']);
    const created = await row('sup_new');
    expect(created).toMatchObject({
      role: 'angel',
      createdBy: adminId,
      passwordResetBy: adminId,
      mustChangePassword: true,
    });
    const signed = await login(app, 'sup_new', { password: PASSWORD });
    const me = await call(app, 'GET', '/api/user/v1/list', { token: signed.access_token });
    expect([me.statusCode, me.json().code]).toEqual([403, 'password_change_required']);
  });

  it('raising a team leader to supervisor waits for the second administrator too', async () => {
    const lead = await as('admin', 'POST', '/user/v1/create', {
      username: 'lead_up',
      name: 'Lead Up',
      role: 'superman',
      password: md5hex(PASSWORD),
    });
    expect(lead.statusCode).toBe(200); // a team leader is created at once
    const id = lead.json().id as number;
    const asked = await as('admin', 'PUT', `/user/v1/${id}`, { role: 'angel' });
    expect(asked.statusCode).toBe(202);
    const pending = asked.json().pending_approval;
    expect((await row('lead_up')).role).toBe('superman');
    const detail = JSON.parse((await as('admin2', 'GET', `/approval/admin/v1/detail/${pending.id}`)).json().change);
    expect(detail).toMatchObject({
      op: 'update',
      target: 'lead_up',
      from: { role: 'superman' },
      to: { role: 'angel' },
    });
    expect((await decide('admin', pending.id, 'approved')).json().code).toBe('maker_cannot_check');
    expect((await decide('admin2', pending.id, 'approved')).statusCode).toBe(200);
    expect((await row('lead_up')).role).toBe('angel');
  });

  it('a rejection creates and changes nothing', async () => {
    const created = await as('admin', 'POST', '/user/v1/create', {
      username: 'god_no',
      name: 'No Admin',
      role: 'god',
      password: md5hex(PASSWORD),
    });
    expect(created.statusCode).toBe(202);
    expect((await decide('admin2', created.json().pending_approval.id, 'rejected')).statusCode).toBe(200);
    expect(await row('god_no')).toBeUndefined();

    const sales = await as('admin', 'POST', '/user/v1/create', {
      username: 'lead_no',
      name: 'Lead No',
      role: 'superman',
      password: md5hex(PASSWORD),
    });
    const up = await as('admin', 'PUT', `/user/v1/${sales.json().id}`, { role: 'god', name: 'Renamed' });
    expect(up.statusCode).toBe(202);
    expect((await decide('admin2', up.json().pending_approval.id, 'rejected')).statusCode).toBe(200);
    expect(await row('lead_no')).toMatchObject({ role: 'superman', name: 'Lead No' });
  });

  it('an invalid appointment is refused at once, with nothing queued', async () => {
    const taken = await as('admin', 'POST', '/user/v1/create', {
      username: 'admin2',
      name: 'Dup',
      role: 'angel',
      password: md5hex(PASSWORD),
    });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'username_taken']);
    const queue = await as('admin2', 'GET', '/approval/admin/v1/list?view=queue&kind=staff_role&status=pending');
    expect(queue.statusCode).toBe(200);
    expect((queue.json().data as { change: string }[]).some((a) => JSON.parse(a.change).target === 'admin2')).toBe(
      false,
    );
  });
});
