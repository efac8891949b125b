/**
 * Live events across three real API processes on one PostgreSQL database (tests/server/api-processes.ts): a deposit
 * made through process 1 reaches a console's stream on process 3; a stream dropped with its process resumes on
 * another process from its Last-Event-ID with nothing missed; a restarted process streams again (and, holding no
 * history, tells a resuming console to refetch); a sign-out through process 1 ends that session's stream on process 3
 * at once (the heartbeat is an hour here, so the `end` can only come from the announcement).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../domain/live-events';
import { withRetry } from '../../server/core/retry';
import { createClient, openAccount } from '../../server/modules/client/service';
import { staffUser } from '../../server/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { startApiCluster, type ApiCluster } from './api-processes';
import { liveEvents, StreamReader } from './live-helpers';

let cluster: ApiCluster;
let clientId = 0;
let accountId = 0;
const streams: StreamReader[] = [];

beforeAll(async () => {
  cluster = await startApiCluster(process.env.DATABASE_URL!, { count: 3, env: { LIVE_HEARTBEAT_SECONDS: '3600' } });
  const db = cluster.database.db;
  const [sales] = await db
    .select()
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'sales')));
  await withRetry(db, async (tx) => {
    const c = await createClient(tx, 'tr', { username: 'live_c1', agentId: sales.id });
    clientId = c.id;
    accountId = (await openAccount(tx, 'tr', c.id, 'USD')).id;
  });
}, 180_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await cluster?.close();
});

/** A deposit made over HTTP through process `n` by `token`; answers its id. */
async function deposit(n: number, token: string): Promise<number> {
  const res = await fetch(`${cluster.processes[n].url}/api/deposit/admin/v2/specialized/${clientId}`, {
    method: 'POST',
    headers: {
      'x-tenant-id': 'tr',
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ account_id: accountId, amount: '12.34' }),
  });
  const body = (await res.json()) as { id: number };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.id;
}

const open = async (n: number, token: string, lastEventId?: string) => {
  const s = await StreamReader.open(cluster.processes[n].url, token, { lastEventId });
  streams.push(s);
  expect(s.status).toBe(200);
  await s.until((m) => m.event === 'hello');
  return s;
};

describe('live events across three API processes', () => {
  it('a deposit through process 1 reaches streams on process 3, and a dropped stream resumes elsewhere', async () => {
    const maker = await cluster.signIn(0, 'admin');
    const watcher = await cluster.signIn(2, 'sales');
    const onThree = await open(2, watcher);
    const first = await deposit(0, maker);
    const got = await onThree.event('deposit', first, 10_000);
    expect(got.data as LiveEvent).toMatchObject({ action: 'created', client_id: clientId, request: true });

    // Process 3 goes down (its streams end); deposits meanwhile through process 1.
    await cluster.stop(2);
    await onThree.closed();
    const missed = [await deposit(0, maker), await deposit(0, maker)];
    // The console reconnects (here to process 2) from the last id it had: nothing missed.
    const resumed = await open(1, watcher, onThree.lastId);
    expect(resumed.messages.find((m) => m.event === 'hello')?.data).toEqual({ resumed: true });
    expect(
      liveEvents(resumed.messages)
        .filter((e) => e.kind === 'deposit')
        .map((e) => e.record_id),
    ).toEqual(missed);

    // Process 3 back on its port: a stream there works again; it holds no history, so a resume asks for a refetch.
    await cluster.restart(2);
    const again = await open(2, watcher, resumed.lastId);
    expect(again.messages.find((m) => m.event === 'hello')?.data).toEqual({ resumed: false });
    const after = await deposit(0, maker);
    await again.event('deposit', after, 10_000);
    await resumed.event('deposit', after, 10_000);
  }, 180_000);

  it("a sign-out through process 1 ends the session's stream on process 3, not another user's", async () => {
    const maker = await cluster.signIn(0, 'admin');
    const leaving = await cluster.signIn(0, 'sales');
    const neighbour = await cluster.signIn(1, 'leader');
    const [gone, staying] = [await open(2, leaving), await open(2, neighbour)];
    const out = await fetch(`${cluster.processes[0].url}/api/auth/admin/v1/logout`, {
      method: 'POST',
      headers: { 'x-tenant-id': 'tr', authorization: `Bearer ${leaving}` },
    });
    expect(out.status).toBe(200);
    expect((await gone.until((m) => m.event === 'end', 10_000)).data).toEqual({ reason: 'session' });
    await gone.closed();
    const after = await deposit(0, maker);
    await staying.event('deposit', after, 10_000);
    expect(staying.messages.filter((m) => m.event === 'end')).toEqual([]);
  }, 60_000);

  it("tells the streams to refetch when a process's LISTEN connection was lost, and goes on after it reconnects", async () => {
    const maker = await cluster.signIn(0, 'admin');
    const watcher = await cluster.signIn(1, 'sales');
    const s = await open(1, watcher);
    // every process's listening connection (the read cache's, which carries the live events too)
    await cluster.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'bo-cache-listener'`,
    );
    await s.until((m) => m.event === 'reset', 15_000);
    // once it listens again (within its back-off), new events arrive again
    const deadline = Date.now() + 15_000;
    for (;;) {
      const id = await deposit(0, maker);
      try {
        await s.event('deposit', id, 1_000);
        break;
      } catch (e) {
        if (Date.now() > deadline) throw e;
      }
    }
  }, 60_000);
});
