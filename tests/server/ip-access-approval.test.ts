/**
 * A change of the IP allow-list is a change of the controls (issue 18 "the policy itself", docs/security.md
 * "Maker-checker on money"): adding or deleting an entry and turning the list on or off answer 202 with a pending
 * approval (kind ip_access) and change nothing until a second administrator approves it; the maker cannot check it,
 * a supervisor cannot see it; the applier acts as the maker (still an active administrator) and refuses a change that
 * would lock out the approving checker (409 ip_self_lockout) or the address the maker asked from (409
 * ip_maker_lockout), with nothing changed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { secondAdmin } from './approval-helpers';

const API = '/api/ip_access/admin/v1';
const MAKER_IP = '10.1.1.1';
const CHECKER_IP = '172.16.0.1';

let t: TestApp;
const tokens: Record<string, string> = {};

type Who = 'admin' | 'admin2' | 'supervisor';
const as = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, ip?: string) =>
  call(t.app, method, `${API}${path}`, { token: tokens[who], body, ip });
const decide = (who: Who, id: number, decision: 'approved' | 'rejected', ip?: string) =>
  call(t.app, 'PUT', `/api/approval/admin/v1/decide/${id}`, {
    token: tokens[who],
    body: { decision },
    headers: { 'idempotency-key': randomUUID() },
    ip,
  });
/** Asks a change (202) and answers its approval id. */
async function ask(who: Who, method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, ip = MAKER_IP) {
  const res = await as(who, method, path, body, ip);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().pending_approval).toMatchObject({ kind: 'ip_access', status: 'pending', required_checkers: 1 });
  return res.json().pending_approval.id as number;
}
const entries = async () =>
  ((await as('admin', 'GET', '/list', undefined, MAKER_IP)).json().data as { id: number; cidr: string }[])
    .map((e) => e.cidr)
    .sort();
const status = async () => (await as('admin', 'GET', '/status', undefined, MAKER_IP)).json();
const idOf = async (cidr: string) =>
  ((await as('admin', 'GET', '/list', undefined, MAKER_IP)).json().data as { id: number; cidr: string }[]).find(
    (e) => e.cidr === cidr,
  )!.id;

/** Sets the tenant's list directly (the state a test starts from). */
async function listIs(cidrs: string[], enabled: boolean) {
  const db = t.database.db;
  await db.execute(sql`DELETE FROM ip_allow_entry WHERE tenant_id = 'tr'`);
  for (const cidr of cidrs) await db.execute(sql`INSERT INTO ip_allow_entry (tenant_id, cidr) VALUES ('tr', ${cidr})`);
  await db.execute(sql`
    INSERT INTO setting (tenant_id, key, value) VALUES ('tr', 'ip_access', ${JSON.stringify({ enabled })}::jsonb)
    ON CONFLICT (tenant_id, key) DO UPDATE SET value = excluded.value`);
  await db.execute(sql`UPDATE approval SET status = 'cancelled' WHERE tenant_id = 'tr' AND status = 'pending'`);
}

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  await secondAdmin(t.database.db, 'tr');
  for (const who of ['admin', 'admin2', 'supervisor'] as const) tokens[who] = (await login(t.app, who)).access_token;
}, 120_000);
beforeEach(() => listIs([], false));
afterAll(async () => {
  await t?.close();
});

describe('a change of the IP allow-list needs a second administrator', () => {
  it('adding waits: 202, nothing changes, the maker cannot check, the queue shows it, the second administrator applies it', async () => {
    const id = await ask('admin', 'POST', '/create', { cidr: '10.0.0.0/8', note: 'Office' });
    expect(await entries()).toEqual([]);
    expect(await status()).toMatchObject({ entries: 0, pending_changes: 1 });

    const own = await decide('admin', id, 'approved', MAKER_IP);
    expect([own.statusCode, own.json().code]).toEqual([409, 'maker_cannot_check']);
    // supervisors neither see nor decide a control change
    expect((await decide('supervisor', id, 'approved')).statusCode).toBe(404);

    const detail = await call(t.app, 'GET', `/api/approval/admin/v1/detail/${id}`, { token: tokens.admin2 });
    expect(detail.json()).toMatchObject({ kind: 'ip_access', can_decide: true });
    const change = JSON.parse(detail.json().change);
    expect(change).toEqual({
      op: 'create',
      target: '10.0.0.0/8',
      from: null,
      to: { cidr: '10.0.0.0/8', note: 'Office' },
    });
    expect(await entries()).toEqual([]);

    expect((await decide('admin2', id, 'approved', CHECKER_IP)).statusCode).toBe(200);
    const list = (await as('admin', 'GET', '/list', undefined, MAKER_IP)).json().data;
    expect(list).toMatchObject([{ cidr: '10.0.0.0/8', note: 'Office', created_by_name: 'Administrator' }]);
    expect(await status()).toMatchObject({ entries: 1, pending_changes: 0 });
    // applied once: deciding again is refused
    expect((await decide('admin2', id, 'approved', CHECKER_IP)).statusCode).toBe(409);
  });

  it('a rejection changes nothing', async () => {
    await listIs(['10.0.0.0/8'], false);
    const id = await ask('admin', 'PUT', '/status', { enabled: true });
    expect((await decide('admin2', id, 'rejected', CHECKER_IP)).statusCode).toBe(200);
    expect(await status()).toMatchObject({ enabled: false, pending_changes: 0 });
  });

  it('the maker disabled before the approval: 403 role_not_allowed, nothing applies', async () => {
    const admin3 = await secondAdmin(t.database.db, 'tr', 'admin3');
    const token3 = (await login(t.app, 'admin3')).access_token;
    const res = await call(t.app, 'POST', `${API}/create`, { token: token3, body: { cidr: '10.0.0.0/8' } });
    expect(res.statusCode).toBe(202);
    await t.database.db.execute(sql`UPDATE staff_user SET active = false WHERE id = ${admin3}`);
    const done = await decide('admin2', res.json().pending_approval.id, 'approved', CHECKER_IP);
    expect([done.statusCode, done.json().code]).toEqual([403, 'role_not_allowed']);
    expect(await entries()).toEqual([]);
    expect(await status()).toMatchObject({ pending_changes: 1 });
  });

  it("refuses at approval a change that would lock the approving checker's own address out", async () => {
    await listIs(['10.0.0.0/8', '172.16.0.0/12'], true);
    // the maker stays held by 10.0.0.0/8: asked fine
    const id = await ask('admin', 'DELETE', `/${await idOf('172.16.0.0/12')}`);
    const done = await decide('admin2', id, 'approved', CHECKER_IP);
    expect([done.statusCode, done.json().code]).toEqual([409, 'ip_self_lockout']);
    expect(await entries()).toEqual(['10.0.0.0/8', '172.16.0.0/12']);
    expect(await status()).toMatchObject({ pending_changes: 1 });
  });

  it('refuses at approval a change that would lock out the address its maker asked from (recorded with it)', async () => {
    await listIs(['10.0.0.0/8', '172.16.0.0/12'], false);
    // admin, from 10.1.1.1, asks to turn the list on: it holds him now
    const on = await ask('admin', 'PUT', '/status', { enabled: true }, MAKER_IP);
    // meanwhile 10.0.0.0/8 is deleted (the list is off: no lockout then), asked by admin2, approved by admin
    const del = await ask('admin2', 'DELETE', `/${await idOf('10.0.0.0/8')}`, undefined, CHECKER_IP);
    expect((await decide('admin', del, 'approved', MAKER_IP)).statusCode).toBe(200);
    // approving the switch now would leave the maker's 10.1.1.1 outside: refused, the list stays off
    const done = await decide('admin2', on, 'approved', CHECKER_IP);
    expect([done.statusCode, done.json().code]).toEqual([409, 'ip_maker_lockout']);
    expect(await status()).toMatchObject({ enabled: false, pending_changes: 1 });
    // the maker's address is the one the API saw (TRUST_PROXY-aware req.ip), kept out of what the queue shows
    const detail = await call(t.app, 'GET', `/api/approval/admin/v1/detail/${on}`, { token: tokens.admin2 });
    expect(JSON.parse(detail.json().change)).toEqual({
      op: 'enable',
      target: 'allow_list',
      from: { allow_list: false },
      to: { allow_list: true },
    });
    const [row] = (
      await t.database.db.execute(
        sql`SELECT payload->'change'->'apply'->>'maker_ip' AS ip FROM approval WHERE id = ${on}`,
      )
    ).rows as { ip: string }[];
    expect(row.ip).toBe(MAKER_IP);
  });

  it('refuses at once what the maker could not apply himself (his own lockout, a missing entry, a duplicate)', async () => {
    await listIs(['10.0.0.0/8', '172.16.0.0/12'], true);
    const own = await as('admin', 'DELETE', `/${await idOf('10.0.0.0/8')}`, undefined, MAKER_IP);
    expect([own.statusCode, own.json().code]).toEqual([409, 'ip_self_lockout']);
    expect((await as('admin', 'DELETE', '/99999999', undefined, MAKER_IP)).statusCode).toBe(404);
    const dup = await as('admin', 'POST', '/create', { cidr: '10.0.0.0/8' }, MAKER_IP);
    expect([dup.statusCode, dup.json().field_codes?.cidr?.code]).toEqual([400, 'duplicate']);
    expect(await status()).toMatchObject({ pending_changes: 0 });
  });

  it('an entry deleted meanwhile: the approval of its deletion is 404, nothing else changes', async () => {
    await listIs(['10.0.0.0/8', '192.168.0.0/16'], false);
    const id = await ask('admin', 'DELETE', `/${await idOf('192.168.0.0/16')}`);
    const again = await ask('admin', 'DELETE', `/${await idOf('192.168.0.0/16')}`);
    expect((await decide('admin2', id, 'approved', CHECKER_IP)).statusCode).toBe(200);
    const done = await decide('admin2', again, 'approved', CHECKER_IP);
    expect([done.statusCode, done.json().code]).toEqual([404, 'not_found']);
    expect(await entries()).toEqual(['10.0.0.0/8']);
  });
});
