/**
 * Checkers deciding one approval at once through PUT /approval/admin/v1/decide/{id}, on PostgreSQL (real connections
 * side by side): one execution (one ledger txn, the account credited once), every other answer a 409; a rollback
 * approved and rejected at once resolves one way. Runs only with DATABASE_URL (vitest.server.config.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { staffUser } from '../../server/db/schema';
import { createClient, openAccount } from '../../server/modules/client/service';
import { createDeposit } from '../../server/modules/deposit/service';
import { bySystem } from '../../server/modules/records/common';
import { call, login, makeTestApp, type TestApp } from './helpers';

if (!process.env.DATABASE_URL) {
  throw new Error(
    'approval-races.pg.test.ts needs PostgreSQL: set DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test)',
  );
}

const N = 12;
let t: TestApp;
const token: Record<string, string> = {};
const CHECKERS = ['admin', 'supervisor', 'checker2'];

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  const [sup] = await t.database.db
    .select()
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'supervisor')));
  await t.database.db.insert(staffUser).values({
    tenantId: 'tr',
    username: 'checker2',
    name: 'checker2',
    role: 'angel',
    passwordHash: sup.passwordHash,
    invitationCode: 'CHECKER2MC',
  });
  for (const u of CHECKERS) token[u] = (await login(t.app, u)).access_token;
});
afterAll(() => t?.close());

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

/** A client's own pending deposit of `amount` USD (no maker), with its approval id, account and a neighbour account. */
async function pendingDeposit(amount: string) {
  return withRetry(t.database.db, async (tx) => {
    const c = await createClient(tx, 'tr', { username: `apr${randomBytes(4).toString('hex')}`, agentId: null });
    const usd = (await openAccount(tx, 'tr', c.id, 'USD')).id;
    const other = (await openAccount(tx, 'tr', c.id, 'CNY')).id;
    const d = await createDeposit(tx, bySystem('tr'), c.id, { account_id: usd, amount });
    return { id: d.id, usd, other };
  });
}

const approvalOf = async (id: number) =>
  Number(
    (
      await rows<{ id: number }>(
        sql`SELECT id FROM approval WHERE target_type = 'deposit_record' AND target_id = ${id}`,
      )
    )[0].id,
  );

const decideAll = (approvalId: number, decision: (i: number) => string) =>
  Promise.all(
    Array.from({ length: N }, (_, i) =>
      call(t.app, 'PUT', `/api/approval/admin/v1/decide/${approvalId}`, {
        token: token[CHECKERS[i % CHECKERS.length]],
        body: { decision: decision(i) },
      }),
    ),
  );

describe('parallel decisions on one approval', () => {
  for (const [amount, required] of [
    ['25.00', 1],
    ['12000.00', 2],
  ] as const) {
    it(`${N} approvals of a deposit of ${amount} (${required} checker(s)): executed once`, async () => {
      const d = await pendingDeposit(amount);
      const approvalId = await approvalOf(d.id);
      const res = await decideAll(approvalId, () => 'approved');
      const ok = res.filter((r) => r.statusCode === 200);
      for (const r of res.filter((x) => x.statusCode !== 200))
        expect([r.statusCode, ['invalid_state', 'already_decided'].includes(r.json().code)]).toEqual([409, true]);
      expect(ok.length).toBe(required);
      expect(ok.filter((r) => r.json().status === 'approved')).toHaveLength(1);
      const [acc] = await rows<{ balance: string }>(sql`SELECT balance::text FROM account WHERE id = ${d.usd}`);
      expect(acc.balance).toBe(amount);
      const [other] = await rows<{ balance: string }>(sql`SELECT balance::text FROM account WHERE id = ${d.other}`);
      expect(other.balance).toBe('0.00');
      const txns = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ledger_txn WHERE ref_type = 'deposit' AND ref_id = ${d.id}`,
      );
      expect(Number(txns[0].n)).toBe(1);
      const decisions = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM approval_decision WHERE approval_id = ${approvalId}`,
      );
      expect(Number(decisions[0].n)).toBe(required);
    });
  }

  it('approve and reject at once: one of them decides, the money moves at most once', async () => {
    const d = await pendingDeposit('40.00');
    const res = await decideAll(await approvalOf(d.id), (i) => (i % 2 ? 'approved' : 'rejected'));
    const ok = res.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    const [rec] = await rows<{ status: string }>(sql`SELECT status FROM deposit_record WHERE id = ${d.id}`);
    const [acc] = await rows<{ balance: string }>(sql`SELECT balance::text FROM account WHERE id = ${d.usd}`);
    expect(acc.balance).toBe(rec.status === 'approved' ? '40.00' : '0.00');
    expect(ok[0].json().record.status).toBe(rec.status);
  });
});
