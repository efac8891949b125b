/**
 * Idempotency-Key claims on PostgreSQL (several connections): a live request renews its lease while its transaction
 * runs, so a retry meanwhile is 409 and the effect happens once; a died claim is taken over within its lease.
 * Runs only with DATABASE_URL (vitest.server.config.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHash, withIdempotency } from '../../server/core/idempotency';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  // A scratch table: made by the owner (the API's role creates none); the default privileges grant it DML.
  await t.asOwner((owner) => owner.execute(sql`CREATE TABLE idem_pg_effect (n int)`));
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const effects = async () =>
  Number(
    ((await t.database.db.execute(sql`SELECT count(*)::int AS n FROM idem_pg_effect`)).rows[0] as { n: number }).n,
  );

describe('Idempotency-Key leases on PostgreSQL', () => {
  it('a slow live request keeps its key past its lease (renewed): a retry meanwhile is 409, the effect happens once', async () => {
    const hash = requestHash('slow');
    const work = () =>
      withIdempotency(
        t.database.db,
        'tr',
        'pg-slow',
        hash,
        async (tx) => {
          await tx.execute(sql`INSERT INTO idem_pg_effect VALUES (1)`);
          await sleep(1500);
          return 'slow';
        },
        { userId: 1, leaseMs: 300 },
      );
    const first = work();
    await sleep(900); // three leases later: without renewal the claim would look dead
    const [lease] = (
      await t.database.db.execute(
        sql`SELECT status, lease_until > now() AS live FROM idempotency_key WHERE key = 'pg-slow'`,
      )
    ).rows as { status: string; live: boolean }[];
    expect(lease).toEqual({ status: 'in_flight', live: true });
    await expect(work()).rejects.toMatchObject({ statusCode: 409, code: 'idempotency_in_flight' });
    expect(await first).toEqual({ result: 'slow', replayed: false });
    expect(await work()).toEqual({ result: 'slow', replayed: true });
    expect(await effects()).toBe(1);
  });

  it('a died claim is taken over once its lease ran out, by exactly one of several retries', async () => {
    const hash = requestHash('died');
    await t.database.db
      .execute(sql`INSERT INTO idempotency_key (tenant_id, user_id, key, request_hash, status, owner, lease_until)
      VALUES ('tr', 1, 'pg-died', ${hash}, 'in_flight', 'dead', now() - interval '1 second')`);
    const retry = () =>
      withIdempotency(
        t.database.db,
        'tr',
        'pg-died',
        hash,
        async (tx) => {
          await tx.execute(sql`INSERT INTO idem_pg_effect VALUES (2)`);
          await sleep(200);
          return 'taken';
        },
        { userId: 1 },
      ).then(
        (r) => (r.replayed ? 'replayed' : 'ran'),
        (e: { code?: string }) => e.code,
      );
    const outcomes = await Promise.all([retry(), retry(), retry(), retry()]);
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    expect(outcomes.every((o) => ['ran', 'replayed', 'idempotency_in_flight'].includes(o ?? ''))).toBe(true);
    const n = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM idem_pg_effect WHERE n = 2`);
    expect(Number((n.rows[0] as { n: number }).n)).toBe(1);
  });
});
