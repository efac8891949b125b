import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../server/db/schema';
import { IdempotencyInFlightError, IdempotencyMismatchError, NotFoundError } from '../../server/core/errors';
import { requestHash, withIdempotency } from '../../server/core/idempotency';
import { withRetry } from '../../server/core/retry';
import { type Tx } from '../../server/core/db';
import { listAccounts, moveRecordsToAgent } from '../../server/modules/client/service';
import { auditDeposit, createDeposit, getDeposit, rollbackDeposit } from '../../server/modules/deposit/service';
import { exchange } from '../../server/modules/exchange/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { creditOverdrawn, getOverdrawn } from '../../server/modules/overdrawn/service';
import { clientScope } from '../../server/core/scope';
import { auditWithdrawal, getWithdrawal, requestWithdrawal } from '../../server/modules/withdraw/service';
import { ledgerFixture, makeClient, type LedgerFixture } from './ledger-helpers';
import { makerCheckerOff } from './approval-helpers';

let f: LedgerFixture;
const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(f.db, fn);
let clients: Record<
  'sales' | 'sales2' | 'sales3' | 'leader' | 'leader2',
  { clientId: number; acc: Record<string, number> }
>;

beforeAll(async () => {
  f = await ledgerFixture();
  // Idempotency and scope of one staff member's requests; maker-checker has its own suite (approval.test.ts).
  await makerCheckerOff(f.db, f.tenantId);
  clients = {
    sales: await makeClient(f, 's1', f.staff.sales.id),
    sales2: await makeClient(f, 's2', f.staff.sales2.id),
    sales3: await makeClient(f, 's3', f.staff.sales3.id),
    leader: await makeClient(f, 'l1', f.staff.leader.id),
    leader2: await makeClient(f, 'l2', f.staff.leader2.id),
  };
});
afterAll(async () => {
  await f?.close();
});

describe('client scope', () => {
  const visible = async (who: keyof LedgerFixture['staff']) => {
    const rows = await f.db.select({ username: client.username }).from(client).where(clientScope(f.staff[who]));
    return rows.map((r) => r.username).sort();
  };

  it("hero sees his own clients, superman his team's, angel and god all", async () => {
    expect(await visible('sales')).toEqual(['s1']);
    expect(await visible('sales2')).toEqual(['s2']);
    expect(await visible('sales3')).toEqual(['s3']);
    expect(await visible('leader')).toEqual(['l1', 's1', 's2']);
    expect(await visible('leader2')).toEqual(['l2', 's3']);
    expect(await visible('supervisor')).toEqual(['l1', 'l2', 's1', 's2', 's3']);
    expect(await visible('admin')).toEqual(['l1', 'l2', 's1', 's2', 's3']);
  });

  it('another tenant is invisible even to its god', async () => {
    const other = { ...f.staff.admin, tenantId: 'other' };
    expect((await f.db.select().from(client).where(clientScope(other))).length).toBe(0);
    await expect(run((tx) => listAccounts(tx, byStaff(other), clients.sales.clientId))).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('records and actions outside the scope are not found, inside they work', async () => {
    const d = await run((tx) =>
      createDeposit(tx, bySystem(f.tenantId), clients.sales3.clientId, {
        account_id: clients.sales3.acc.USD,
        amount: '50',
      }),
    );
    for (const who of ['sales', 'sales2', 'leader'] as const) {
      const actor = byStaff(f.staff[who]);
      await expect(run((tx) => getDeposit(tx, actor, d.id))).rejects.toBeInstanceOf(NotFoundError);
      await expect(run((tx) => auditDeposit(tx, actor, d.id, 'approved'))).rejects.toMatchObject({ statusCode: 404 });
      await expect(run((tx) => listAccounts(tx, actor, clients.sales3.clientId))).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(
        run((tx) =>
          createDeposit(tx, actor, clients.sales3.clientId, { account_id: clients.sales3.acc.USD, amount: '1' }),
        ),
      ).rejects.toMatchObject({ statusCode: 404 });
      await expect(
        run((tx) =>
          creditOverdrawn(tx, actor, 'bonus', clients.sales3.clientId, {
            account_id: clients.sales3.acc.USD,
            amount: '1',
          }),
        ),
      ).rejects.toMatchObject({ statusCode: 404 });
      await expect(
        run((tx) =>
          exchange(tx, actor, clients.sales3.clientId, {
            from_account: clients.sales3.acc.USD,
            to_account: clients.sales3.acc.CNY,
            amount: '1',
          }),
        ),
      ).rejects.toMatchObject({ statusCode: 404 });
    }
    // Nothing happened to the record while it was being tried from outside.
    expect((await run((tx) => getDeposit(tx, byStaff(f.staff.admin), d.id))).status).toBe('pending');
    // In scope: sales3 himself, his leader, the supervisor.
    for (const who of ['sales3', 'leader2', 'supervisor'] as const) {
      expect((await run((tx) => getDeposit(tx, byStaff(f.staff[who]), d.id))).id).toBe(d.id);
    }
    await run((tx) => auditDeposit(tx, byStaff(f.staff.leader2), d.id, 'approved'));
    const w = await run((tx) =>
      requestWithdrawal(tx, bySystem(f.tenantId), clients.sales3.clientId, {
        account_id: clients.sales3.acc.USD,
        amount: '5',
      }),
    );
    await expect(run((tx) => getWithdrawal(tx, byStaff(f.staff.sales), w.id))).rejects.toBeInstanceOf(NotFoundError);
    await expect(run((tx) => auditWithdrawal(tx, byStaff(f.staff.leader), w.id, 'approved'))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const b = await run((tx) =>
      creditOverdrawn(tx, byStaff(f.staff.sales3), 'bonus', clients.sales3.clientId, {
        account_id: clients.sales3.acc.USD,
        amount: '1',
      }),
    );
    await expect(run((tx) => getOverdrawn(tx, byStaff(f.staff.sales2), b.id))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a team leader follows his salesmen: moving a client to another agent moves it out of scope', async () => {
    const c = await makeClient(f, 'mv1', f.staff.sales.id);
    const d = await run((tx) =>
      createDeposit(tx, bySystem(f.tenantId), c.clientId, { account_id: c.acc.USD, amount: '1' }),
    );
    expect((await run((tx) => getDeposit(tx, byStaff(f.staff.leader), d.id))).id).toBe(d.id);
    // What change_agent does in one transaction: the client and the agent copy on its records.
    await f.db.execute(sql`UPDATE client SET agent_id = ${f.staff.sales3.id} WHERE id = ${c.clientId}`);
    await moveRecordsToAgent(f.db, c.clientId, f.staff.sales3.id);
    await expect(run((tx) => getDeposit(tx, byStaff(f.staff.leader), d.id))).rejects.toBeInstanceOf(NotFoundError);
    expect((await run((tx) => getDeposit(tx, byStaff(f.staff.leader2), d.id))).id).toBe(d.id);
  });
});

describe('idempotency', () => {
  const admin = () => byStaff(f.staff.admin);

  it('a repeat with the same key returns the first result and takes effect once', async () => {
    const c = await makeClient(f, 'idem1', null);
    const body = { account_id: c.acc.USD, amount: '10.00' };
    const hash = requestHash('POST', '/deposit/admin/v2/specialized', c.clientId, body);
    const first = await withIdempotency(f.db, f.tenantId, 'k-1', hash, (tx) =>
      createDeposit(tx, admin(), c.clientId, body),
    );
    const again = await withIdempotency(f.db, f.tenantId, 'k-1', hash, (tx) =>
      createDeposit(tx, admin(), c.clientId, body),
    );
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ result: first.result, replayed: true });
    const n = await f.db.execute(sql`SELECT count(*)::int AS n FROM deposit_record WHERE client_id = ${c.clientId}`);
    expect(Number((n.rows[0] as { n: number }).n)).toBe(1);

    const approve = (key: string) =>
      withIdempotency(f.db, f.tenantId, key, requestHash('audit', first.result.id, 'approved'), (tx) =>
        auditDeposit(tx, admin(), first.result.id, 'approved'),
      );
    const a1 = await approve('k-2');
    const a2 = await approve('k-2');
    expect(a2.result).toEqual(a1.result);
    // A different key is a new request: the record already resolved, so it conflicts.
    await expect(approve('k-3')).rejects.toMatchObject({ statusCode: 409, code: 'invalid_state' });
    const [acc] = await run((tx) => listAccounts(tx, admin(), c.clientId));
    expect(acc.balance).toBe('10.00');
  });

  it('the same key with a different body is 422; keys are per tenant', async () => {
    const c = await makeClient(f, 'idem2', null);
    await withIdempotency(f.db, f.tenantId, 'k-4', requestHash({ amount: '1' }), (tx) =>
      createDeposit(tx, admin(), c.clientId, { account_id: c.acc.USD, amount: '1' }),
    );
    const e = withIdempotency(f.db, f.tenantId, 'k-4', requestHash({ amount: '2' }), (tx) =>
      createDeposit(tx, admin(), c.clientId, { account_id: c.acc.USD, amount: '2' }),
    );
    await expect(e).rejects.toBeInstanceOf(IdempotencyMismatchError);
    await expect(e).rejects.toMatchObject({ statusCode: 422, code: 'idempotency_mismatch' });
  });

  it('a request whose key is in flight elsewhere is 409; an abandoned claim is taken over', async () => {
    const c = await makeClient(f, 'idem3', null);
    const hash = requestHash('slow');
    // Another request holds the key (claimed, its transaction not committed yet). The real race is exercised on
    // PostgreSQL in ledger-concurrency.pg.test.ts; PGlite has a single connection.
    await f.db.execute(
      sql`INSERT INTO idempotency_key (tenant_id, key, request_hash, status) VALUES (${f.tenantId}, 'k-5', ${hash}, 'in_flight')`,
    );
    const body = { account_id: c.acc.USD, amount: '3' };
    await expect(
      withIdempotency(f.db, f.tenantId, 'k-5', hash, (tx) => createDeposit(tx, admin(), c.clientId, body)),
    ).rejects.toBeInstanceOf(IdempotencyInFlightError);
    await expect(withIdempotency(f.db, f.tenantId, 'k-5', requestHash('other'), async () => 'x')).rejects.toMatchObject(
      { statusCode: 422 },
    );
    // Its owner died before committing (claims are committed apart from the work): after 5 minutes it is taken over.
    await f.db.execute(sql`UPDATE idempotency_key SET created_at = now() - interval '6 minutes' WHERE key = 'k-5'`);
    const done = await withIdempotency(f.db, f.tenantId, 'k-5', hash, (tx) =>
      createDeposit(tx, admin(), c.clientId, body),
    );
    expect([done.replayed, done.result.amount]).toEqual([false, '3.00']);
    expect((await withIdempotency(f.db, f.tenantId, 'k-5', hash, async () => 'never')).result).toEqual(done.result);
  });

  it('a failed request releases its key: nothing took effect, a retry with the same key may succeed', async () => {
    const c = await makeClient(f, 'idem4', null);
    const d = await run((tx) => createDeposit(tx, admin(), c.clientId, { account_id: c.acc.USD, amount: '20' }));
    await run((tx) => auditDeposit(tx, admin(), d.id, 'approved'));
    await run((tx) => requestWithdrawal(tx, bySystem(f.tenantId), c.clientId, { account_id: c.acc.USD, amount: '15' }));
    const hash = requestHash('rollback', d.id);
    await expect(
      withIdempotency(f.db, f.tenantId, 'k-6', hash, (tx) => rollbackDeposit(tx, admin(), d.id)),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    const key = await f.db.execute(sql`SELECT count(*)::int AS n FROM idempotency_key WHERE key = 'k-6'`);
    expect(Number((key.rows[0] as { n: number }).n)).toBe(0);
    expect((await run((tx) => getDeposit(tx, admin(), d.id))).status).toBe('approved');
  });
});
