/**
 * A change of a role's grants on a money resource is a change of the controls (issue 18 "the policy itself",
 * docs/security.md "Maker-checker on money"): narrowing or giving back an action on funds, deposits, withdrawals...
 * (domain/approval.ts MONEY_RESOURCES) answers 202 with a pending approval (kind role_grants) and changes nothing until
 * a second administrator approves it; the maker cannot check it; a rejection changes nothing. Other grants change at
 * once.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_RESOURCES } from '../../domain/approval';
import { KIND_CHAIN } from '../../server/modules/approval/service';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { secondAdmin } from './approval-helpers';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const ROLE = (r: string) => `/api/permission/admin/v1/role/${r}`;

const as = (user: string, method: 'GET' | 'PUT', url: string, body?: unknown) =>
  call(app, method, url, {
    token: tokens[user],
    body,
    headers: url.includes('/decide/') ? { 'idempotency-key': randomUUID() } : undefined,
  });
const state = async () => {
  const body = (await as('admin', 'GET', '/api/permission/admin/v1/list')).json();
  const angel = (body.roles as { role: string; removed: unknown[] }[]).find((r) => r.role === 'angel')!;
  return { version: body.version as number, removed: angel.removed };
};
const decide = (user: string, id: number, decision: 'approved' | 'rejected') =>
  as(user, 'PUT', `/api/approval/admin/v1/decide/${id}`, { decision });
const depositList = () => call(app, 'GET', '/api/deposit/admin/v1/list', { token: tokens.supervisor });

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  await secondAdmin(t.database.db, 'tr');
  for (const u of ['admin', 'admin2', 'supervisor']) tokens[u] = (await login(app, u)).access_token;
});
afterAll(async () => {
  await t?.close();
});

describe("a role's grants on money resources need a second administrator", () => {
  it('every resource of the approval kinds is a money resource', () => {
    for (const chain of Object.values(KIND_CHAIN))
      for (const r of chain) if (r !== 'users' && r !== 'permission') expect(MONEY_RESOURCES).toContain(r);
  });

  it('narrowing funds waits: 202, nothing changes, the maker cannot check, the second administrator applies it', async () => {
    const before = await state();
    const asked = await as('admin', 'PUT', ROLE('angel'), {
      removed: [{ resource: 'funds', action: 'read' }],
      version: before.version,
    });
    expect(asked.statusCode).toBe(202);
    const pending = asked.json().pending_approval;
    expect(pending).toMatchObject({ kind: 'role_grants', status: 'pending', required_checkers: 1 });
    expect(await state()).toEqual(before);
    expect((await depositList()).statusCode).toBe(200);

    const detail = await as('admin2', 'GET', `/api/approval/admin/v1/detail/${pending.id}`);
    expect(JSON.parse(detail.json().change)).toMatchObject({
      target: 'angel',
      from: { removed: [] },
      to: { removed: ['funds:read'] },
    });
    const own = await decide('admin', pending.id, 'approved');
    expect([own.statusCode, own.json().code]).toEqual([409, 'maker_cannot_check']);
    expect(await state()).toEqual(before);

    // a grant change on another resource made meanwhile applies at once, and is kept by the approval
    const other = await as('admin', 'PUT', ROLE('angel'), {
      removed: [{ resource: 'message', action: 'read' }],
      version: before.version,
    });
    expect(other.statusCode).toBe(200);

    expect((await decide('admin2', pending.id, 'approved')).statusCode).toBe(200);
    const after = await state();
    expect(after.version).toBe(before.version + 2);
    expect(after.removed).toEqual([
      { resource: 'funds', action: 'read' },
      { resource: 'message', action: 'read' },
    ]);
    expect((await depositList()).statusCode).toBe(403);
    const history = (await as('admin', 'GET', '/api/permission/admin/v1/history?limit=1')).json().items[0];
    expect(history).toMatchObject({ role: 'angel', removed: [{ resource: 'funds', action: 'read' }] });

    // giving it back is a money grant change too; a rejection changes nothing
    const back = await as('admin', 'PUT', ROLE('angel'), { removed: [], version: after.version });
    expect(back.statusCode).toBe(202);
    expect((await decide('admin2', back.json().pending_approval.id, 'rejected')).statusCode).toBe(200);
    expect(await state()).toEqual(after);
    expect((await depositList()).statusCode).toBe(403);
  });
});
