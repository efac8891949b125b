/**
 * Applying an approved change of the approval policy (kind approval_policy, approval/service.ts applyPolicy): its
 * maker must still be an active administrator when it is approved (403 role_not_allowed, nothing applies), and it
 * applies only on the tier it was asked from: a second change of the same tier, asked before the first was applied,
 * is refused at approval (409 control_change_stale) instead of silently undoing the first. Concurrent approvals:
 * control-change-races.pg.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { secondAdmin } from './approval-helpers';

let t: TestApp;
const tokens: Record<string, string> = {};
const POLICY = '/api/approval/admin/v1/policy';

const ask = async (who: string, kind: string, one: string) => {
  const res = await call(t.app, 'PUT', POLICY, {
    token: tokens[who],
    body: { kind, currency: 'USD', enabled: true, one_checker_from: one, two_checkers_from: null },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().pending_approval.id as number;
};
const decide = (who: string, id: number) =>
  call(t.app, 'PUT', `/api/approval/admin/v1/decide/${id}`, {
    token: tokens[who],
    body: { decision: 'approved' },
    headers: { 'idempotency-key': randomUUID() },
  });
const tier = async (id: string) =>
  ((await call(t.app, 'GET', POLICY, { token: tokens.admin })).json().data as { id: string }[]).find(
    (r) => r.id === id,
  );

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  await secondAdmin(t.database.db, 'tr');
  await secondAdmin(t.database.db, 'tr', 'admin3');
  for (const u of ['admin', 'admin2', 'admin3']) tokens[u] = (await login(t.app, u)).access_token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('an approved policy change applies only as asked, by an administrator, on the tier it was asked from', () => {
  it('the maker disabled between the proposal and the approval: 403 role_not_allowed, nothing applies', async () => {
    const id = await ask('admin3', 'withdrawal', '5.00');
    await t.database.db.execute(
      sql`UPDATE staff_user SET active = false WHERE tenant_id = 'tr' AND username = 'admin3'`,
    );
    const done = await decide('admin2', id);
    expect([done.statusCode, done.json().code]).toEqual([403, 'role_not_allowed']);
    expect(await tier('withdrawal:USD')).toBeUndefined();
    const [row] = (await t.database.db.execute(sql`SELECT status FROM approval WHERE id = ${id}`)).rows;
    expect(row).toEqual({ status: 'pending' });
  });

  it('two changes of one tier: the first approved applies, the second is refused as stale (409), nothing else changes', async () => {
    const first = await ask('admin', 'loan', '100.00');
    const second = await ask('admin', 'loan', '200.00');
    expect((await decide('admin2', first)).statusCode).toBe(200);
    expect(await tier('loan:USD')).toMatchObject({ one_checker_from: '100.00' });
    const stale = await decide('admin2', second);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'control_change_stale']);
    expect(await tier('loan:USD')).toMatchObject({ one_checker_from: '100.00' });
    // asked again from the tier in force, it applies
    expect((await decide('admin2', await ask('admin', 'loan', '200.00'))).statusCode).toBe(200);
    expect(await tier('loan:USD')).toMatchObject({ one_checker_from: '200.00' });
  });
});
