/**
 * Concurrency on PostgreSQL (a pool of 20 connections): hundreds of mixed money operations racing over a few
 * accounts, while their clients change agents. Afterwards every ledger invariant holds (the dashboard's kept sums too), no balance is negative, each record resolved once and each
 * Idempotency-Key took effect once. Runs only with DATABASE_URL (vitest.server.config.ts picks *.pg.test.ts then).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, formatReport } from '../../server/ledger';
import { DomainError } from '../../server/core/errors';
import { requestHash, withIdempotency } from '../../server/core/idempotency';
import { withRetry } from '../../server/core/retry';
import { type Tx } from '../../server/core/db';
import { auditDeposit, createDeposit, rollbackDeposit } from '../../server/modules/deposit/service';
import { exchange } from '../../server/modules/exchange/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { client } from '../../server/db/schema';
import { moveRecordsToAgent } from '../../server/modules/client/service';
import { creditOverdrawn } from '../../server/modules/overdrawn/service';
import { auditWithdrawal, requestWithdrawal, rollbackWithdrawal } from '../../server/modules/withdraw/service';
import { ledgerFixture, makeClient, type LedgerFixture } from './ledger-helpers';
import { makerCheckerOff } from './approval-helpers';

if (!process.env.DATABASE_URL) {
  throw new Error(
    'ledger-concurrency.pg.test.ts needs PostgreSQL: set DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test)',
  );
}

let f: LedgerFixture;
beforeAll(async () => {
  f = await ledgerFixture(20);
  if (f.database.kind !== 'pg') throw new Error('expected a PostgreSQL database');
  // Races of the ledger itself (one staff member may make and audit); maker-checker races: races.pg.test.ts.
  await makerCheckerOff(f.db, f.tenantId);
});
afterAll(async () => {
  await f?.close();
});

type Outcome = { op: string; ok: boolean; code?: string; replayed?: boolean; value?: unknown };

/** Runs an operation; expected refusals (DomainError) are outcomes, anything else fails the test. */
async function attempt(op: string, fn: () => Promise<unknown>): Promise<Outcome> {
  try {
    const value = await fn();
    const replayed = (value as { replayed?: boolean } | undefined)?.replayed;
    return { op, ok: true, value, replayed };
  } catch (e) {
    if (e instanceof DomainError) return { op, ok: false, code: e.code };
    throw e;
  }
}

describe('concurrent money movements', () => {
  it('keep every invariant', async () => {
    const admin = byStaff(f.staff.admin);
    const supervisor = byStaff(f.staff.supervisor);
    const sys = bySystem(f.tenantId);
    const db = f.db;
    const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(db, fn);
    const clients = await Promise.all([0, 1, 2].map((i) => makeClient(f, `cc${i}`, f.staff.sales.id, ['USD', 'CNY'])));
    // Opening balances.
    for (const c of clients) {
      const d = await run((tx) => createDeposit(tx, sys, c.clientId, { account_id: c.acc.USD, amount: '1000.00' }));
      await run((tx) => auditDeposit(tx, admin, d.id, 'approved'));
    }
    // Pending records for the races.
    const pendingDeposits = [];
    const pendingWithdrawals = [];
    const approvedDeposits = [];
    for (let i = 0; i < 30; i++) {
      const c = clients[i % 3];
      pendingDeposits.push(
        await run((tx) => createDeposit(tx, sys, c.clientId, { account_id: c.acc.USD, amount: `${10 + i}.01` })),
      );
      pendingWithdrawals.push(
        await run((tx) =>
          requestWithdrawal(tx, sys, c.clientId, { account_id: c.acc.USD, amount: `${1 + (i % 7)}.10` }),
        ),
      );
      const d = await run((tx) => createDeposit(tx, sys, c.clientId, { account_id: c.acc.CNY, amount: '5.55' }));
      approvedDeposits.push(await run((tx) => auditDeposit(tx, admin, d.id, 'approved')));
    }

    const ops: Promise<Outcome>[] = [];
    const keyed = (key: string, hash: string, fn: (tx: Tx) => Promise<unknown>) =>
      withIdempotency(db, f.tenantId, key, hash, fn);
    for (let i = 0; i < 30; i++) {
      const c = clients[i % 3];
      const d = pendingDeposits[i];
      // Three staff race to approve/reject the same deposit: exactly one wins.
      ops.push(attempt(`dep-audit-${d.id}`, () => run((tx) => auditDeposit(tx, admin, d.id, 'approved'))));
      ops.push(attempt(`dep-audit-${d.id}`, () => run((tx) => auditDeposit(tx, supervisor, d.id, 'approved'))));
      ops.push(
        attempt(`dep-audit-${d.id}`, () => run((tx) => auditDeposit(tx, admin, d.id, i % 4 ? 'approved' : 'rejected'))),
      );
      // Two auditors race on a withdrawal (approve vs reject), then a rollback races with both.
      const w = pendingWithdrawals[i];
      ops.push(attempt(`wd-audit-${w.id}`, () => run((tx) => auditWithdrawal(tx, admin, w.id, 'approved'))));
      ops.push(attempt(`wd-audit-${w.id}`, () => run((tx) => auditWithdrawal(tx, supervisor, w.id, 'rejected'))));
      ops.push(attempt(`wd-rollback-${w.id}`, () => run((tx) => rollbackWithdrawal(tx, admin, w.id))));
      // Two rollbacks race on an approved deposit: one wins.
      const a = approvedDeposits[i];
      ops.push(attempt(`dep-rollback-${a.id}`, () => run((tx) => rollbackDeposit(tx, admin, a.id))));
      ops.push(attempt(`dep-rollback-${a.id}`, () => run((tx) => rollbackDeposit(tx, supervisor, a.id))));
      // A deposit created + approved under one key, sent three times concurrently (double click + retry).
      const body = { account_id: c.acc.USD, amount: '2.22', remark: `key-dep-${i}` };
      const hash = requestHash(c.clientId, body);
      for (let r = 0; r < 3; r++) {
        ops.push(
          attempt(`key-dep-${i}`, () =>
            keyed(`key-dep-${i}`, hash, async (tx) => {
              const created = await createDeposit(tx, admin, c.clientId, body);
              return auditDeposit(tx, admin, created.id, 'approved');
            }),
          ),
        );
      }
      // Exchanges both ways and bonuses under keys, each sent twice.
      const exBody =
        i % 2
          ? { from_account: c.acc.USD, to_account: c.acc.CNY, amount: `${(i % 9) + 1}.37` }
          : { from_account: c.acc.CNY, to_account: c.acc.USD, amount: `${(i % 5) + 1}.11` };
      for (let r = 0; r < 2; r++) {
        ops.push(
          attempt(`key-ex-${i}`, () =>
            keyed(`key-ex-${i}`, requestHash(c.clientId, exBody), (tx) => exchange(tx, admin, c.clientId, exBody)),
          ),
        );
        ops.push(
          attempt(`key-bonus-${i}`, () =>
            keyed(`key-bonus-${i}`, requestHash(c.acc.USD, '0.50'), (tx) =>
              creditOverdrawn(tx, admin, 'bonus', c.clientId, {
                account_id: c.acc.USD,
                amount: '0.50',
                remark: `key-bonus-${i}`,
              }),
            ),
          ),
        );
      }
      // The client changes hands while his money moves (the dashboard's kept sums follow him: ledger:check below).
      if (i % 5 === 0) {
        const to = [f.staff.sales2.id, f.staff.sales3.id, f.staff.sales.id][(i / 5) % 3];
        ops.push(
          attempt(`agent-${i}`, () =>
            run(async (tx) => {
              await tx.update(client).set({ agentId: to }).where(eq(client.id, c.clientId));
              await moveRecordsToAgent(tx, c.clientId, to);
            }),
          ),
        );
      }
      // New withdrawals straight away approved, racing with everything else.
      ops.push(
        attempt(`wd-new-${i}`, async () => {
          const nw = await run((tx) =>
            requestWithdrawal(tx, sys, c.clientId, { account_id: c.acc.USD, amount: '3.33' }),
          );
          return run((tx) => auditWithdrawal(tx, admin, nw.id, 'approved'));
        }),
      );
    }
    const outcomes = await Promise.all(ops);
    expect(outcomes.length).toBeGreaterThanOrEqual(400);

    const group = (prefix: string) => {
      const m = new Map<string, Outcome[]>();
      for (const o of outcomes.filter((o) => o.op.startsWith(prefix))) m.set(o.op, [...(m.get(o.op) ?? []), o]);
      return [...m.values()];
    };
    // Each record resolved once: exactly one winner per race, the losers got 409 invalid_state.
    for (const race of group('dep-audit-')) {
      expect(race.filter((o) => o.ok)).toHaveLength(1);
      for (const o of race.filter((o) => !o.ok)) expect(o.code).toBe('invalid_state');
    }
    for (const race of group('wd-audit-')) expect(race.filter((o) => o.ok)).toHaveLength(1);
    for (const race of group('dep-rollback-')) {
      expect(race.filter((o) => o.ok).length).toBeLessThanOrEqual(1);
      for (const o of race.filter((o) => !o.ok)) expect(['invalid_state', 'insufficient_funds']).toContain(o.code);
    }
    // Each key took effect once: at most one non-replayed success per key; the others replayed it or were told 409.
    for (const prefix of ['key-dep-', 'key-ex-', 'key-bonus-']) {
      for (const same of group(prefix)) {
        expect(same.filter((o) => o.ok && !o.replayed).length).toBeLessThanOrEqual(1);
        for (const o of same.filter((o) => !o.ok))
          expect(['idempotency_in_flight', 'insufficient_funds']).toContain(o.code);
      }
    }
    const dupes = await db.execute(sql`
      SELECT remark, count(*)::int AS n FROM deposit_record WHERE remark LIKE 'key-dep-%' GROUP BY remark HAVING count(*) > 1
      UNION ALL
      SELECT remark, count(*)::int FROM overdrawn_record WHERE remark LIKE 'key-bonus-%' GROUP BY remark HAVING count(*) > 1`);
    expect(dupes.rows).toEqual([]);
    const keysDone = await db.execute(sql`SELECT count(*)::int AS n FROM idempotency_key WHERE status <> 'done'`);
    expect(Number((keysDone.rows[0] as { n: number }).n)).toBe(0);
    // Exactly one effective txn per key-dep record: the approval.
    const perRecord = await db.execute(sql`
      SELECT r.id, (SELECT count(*) FROM ledger_txn t WHERE t.ref_type = 'deposit' AND t.ref_id = r.id)::int AS n
      FROM deposit_record r WHERE r.remark LIKE 'key-dep-%'`);
    for (const r of perRecord.rows as { n: number }[]) expect(Number(r.n)).toBe(1);

    const report = await checkLedger(db);
    if (!report.ok) console.error(formatReport(report));
    expect(report.violations).toEqual([]);
    const neg = await db.execute(sql`SELECT count(*)::int AS n FROM account WHERE balance < 0 OR frozen < 0`);
    expect(Number((neg.rows[0] as { n: number }).n)).toBe(0);
    // Nothing left frozen except the withdrawals still pending.
    const frozen = await db.execute(sql`
      SELECT (SELECT coalesce(sum(frozen), 0) FROM account)::numeric(20,2)::text AS frozen,
             (SELECT coalesce(sum(amount), 0) FROM withdraw_record WHERE status = 'pending')::numeric(20,2)::text AS pending`);
    const fr = frozen.rows[0] as { frozen: string; pending: string };
    expect(fr.frozen).toBe(fr.pending);
  });
});
