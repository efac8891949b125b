/**
 * Control changes approved while something else changes the same controls, on PostgreSQL (real connections side by
 * side; docs/security.md "Maker-checker on money"):
 * - two different changes of one approval-policy tier, asked from the same tier and approved at once by two
 *   administrators: exactly one applies; the other is refused with 409 control_change_stale (its base changed) and
 *   never overwrites the first (applyPolicy: the tier's changes take turns under an advisory lock, then compare);
 * - a role_grants approval racing a direct grant edit of the same role: no update is lost. The approval applies its
 *   additions on the role's set as it is then; the direct edit either commits first (kept by the approval) or finds
 *   the version moved (409 permission_version_conflict); versions stay one apart.
 * Runs only with DATABASE_URL (vitest.server.config.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { secondAdmin } from './approval-helpers';

if (!process.env.DATABASE_URL) {
  throw new Error(
    'control-change-races.pg.test.ts needs PostgreSQL: set DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test)',
  );
}

const ROUNDS = 6;
let t: TestApp;
const tokens: Record<string, string> = {};
const POLICY = '/api/approval/admin/v1/policy';
const ROLE = '/api/permission/admin/v1/role/angel';

const as = (who: string, method: 'GET' | 'PUT', url: string, body?: unknown) =>
  call(t.app, method, url, {
    token: tokens[who],
    body,
    headers: url.includes('/decide/') ? { 'idempotency-key': randomUUID() } : undefined,
  });
const decide = (who: string, id: number) =>
  as(who, 'PUT', `/api/approval/admin/v1/decide/${id}`, { decision: 'approved' });

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  await secondAdmin(t.database.db, 'tr');
  await secondAdmin(t.database.db, 'tr', 'admin3');
  for (const u of ['admin', 'admin2', 'admin3']) tokens[u] = (await login(t.app, u)).access_token;
}, 300_000);
afterAll(() => t?.close());

describe('control changes approved concurrently', () => {
  it('two changes of one policy tier approved at once: one applies, the other is refused as stale', async () => {
    const tier = async () =>
      ((await as('admin', 'GET', POLICY)).json().data as { id: string; one_checker_from: string }[]).find(
        (r) => r.id === 'deposit:EUR',
      );
    for (let round = 0; round < ROUNDS; round++) {
      const ask = async (one: string) => {
        const res = await as('admin', 'PUT', POLICY, {
          kind: 'deposit',
          currency: 'EUR',
          enabled: true,
          one_checker_from: one,
          two_checkers_from: null,
        });
        expect(res.statusCode, res.body).toBe(202);
        return res.json().pending_approval.id as number;
      };
      const values = [`${round + 1}00.00`, `${round + 1}50.00`];
      const ids = [await ask(values[0]), await ask(values[1])];
      const answers = await Promise.all([decide('admin2', ids[0]), decide('admin3', ids[1])]);
      const codes = answers.map((a) => (a.statusCode === 200 ? 200 : `${a.statusCode} ${a.json().code}`));
      expect(
        codes.filter((c) => c === 200),
        `round ${round}: ${codes}`,
      ).toHaveLength(1);
      expect(
        codes.filter((c) => c === '409 control_change_stale'),
        `round ${round}: ${codes}`,
      ).toHaveLength(1);
      // the tier is the applied change's, never the refused one's
      const applied = values[codes.indexOf(200)];
      expect((await tier())?.one_checker_from, `round ${round}`).toBe(applied);
    }
  });

  it('a role_grants approval racing a direct grant edit of the same role loses no update', async () => {
    const actions = ['read', 'create', 'update', 'delete', 'export', 'approve'];
    const state = async () => {
      const body = (await as('admin', 'GET', '/api/permission/admin/v1/list')).json();
      const angel = (body.roles as { role: string; removed: { resource: string; action: string }[] }[]).find(
        (r) => r.role === 'angel',
      )!;
      return { version: body.version as number, removed: angel.removed.map((n) => `${n.resource}:${n.action}`) };
    };
    const narrowing = (keys: string[]) => keys.map((k) => ({ resource: k.split(':')[0], action: k.split(':')[1] }));
    for (let round = 0; round < ROUNDS; round++) {
      const before = await state();
      const money = `funds:${actions[round]}`;
      const other = `message:${actions[round]}`;
      const asked = await as('admin', 'PUT', ROLE, {
        removed: narrowing([...before.removed, money]),
        version: before.version,
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const [approved, direct] = await Promise.all([
        decide('admin2', asked.json().pending_approval.id),
        as('admin3', 'PUT', ROLE, { removed: narrowing([...before.removed, other]), version: before.version }),
      ]);
      expect(approved.statusCode, approved.body).toBe(200);
      const after = await state();
      if (direct.statusCode === 200) {
        // the direct edit committed first: the approval applied on top of it and kept it
        expect(after.removed.sort()).toEqual([...before.removed, money, other].sort());
        expect(after.version).toBe(before.version + 2);
      } else {
        // the approval committed first: the direct edit's base moved, refused, nothing of it applied
        expect([direct.statusCode, direct.json().code]).toEqual([409, 'permission_version_conflict']);
        expect(after.removed.sort()).toEqual([...before.removed, money].sort());
        expect(after.version).toBe(before.version + 1);
      }
    }
  });
});
