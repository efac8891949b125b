/**
 * The live event stream (GET /api/events, server/modules/events, core/events.ts) on both databases: each staff member
 * receives exactly the events of the records his own lists show (the list scope is the oracle), nothing of another
 * tenant, approvals only with the grant to check them; an event leaves only when its transaction commits; a dropped
 * stream resumes from its Last-Event-ID with nothing missed.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENT_FIELDS, type LiveEvent } from '../../domain/live-events';
import { account } from '../../server/db/schema';
import { withRetry } from '../../server/core/retry';
import { bySystem } from '../../server/modules/records/common';
import { createDeposit } from '../../server/modules/deposit/service';
import { clientFixture, type ClientFixture, type ClientName, type StaffName } from './client-fixture';
import { call, login } from './helpers';
import { liveEvents, StreamReader } from './live-helpers';
import { makerCheckerOff, setTier } from './approval-helpers';
import { PENDING_LISTS } from '../../src/live/pending';

let f: ClientFixture;
let base: string;
let plAdmin: string;
const open: StreamReader[] = [];

beforeAll(async () => {
  f = await clientFixture(['admin', 'supervisor', 'leader', 'sales', 'sales3']);
  await f.t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = f.t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  plAdmin = (await login(f.t.app, 'admin', { tenant: 'pl' })).access_token;
});
afterAll(async () => {
  for (const s of open) s.close();
  await f?.close();
});

const stream = async (who: StaffName | 'pl-admin', lastEventId?: string) => {
  const s = await StreamReader.open(base, who === 'pl-admin' ? plAdmin : f.tokens[who], {
    tenant: who === 'pl-admin' ? 'pl' : 'tr',
    lastEventId,
  });
  open.push(s);
  expect(s.status).toBe(200);
  await s.until((m) => m.event === 'hello');
  return s;
};

/** A client's first account. */
async function accountOf(clientId: number): Promise<number> {
  const [acc] = await f.t.database.db.select().from(account).where(eq(account.clientId, clientId)).limit(1);
  return acc.id;
}

/** A client's own deposit request (no staff member), committed. */
async function clientDeposit(name: ClientName | 'c_pl', amount = '10.00'): Promise<number> {
  const clientId = f.ids[name];
  const tenant = name === 'c_pl' ? 'pl' : 'tr';
  const accountId = await accountOf(clientId);
  const made = await withRetry(f.t.database.db, (tx) =>
    createDeposit(tx, bySystem(tenant), clientId, { account_id: accountId, amount }),
  );
  return made.id;
}

/** The deposit ids among `ids` that the staff member's own deposit list shows (the list scope). */
async function listed(who: StaffName, ids: number[]): Promise<number[]> {
  const res = await call(f.t.app, 'GET', '/api/deposit/admin/v1/list?page_size=200', { token: f.tokens[who] });
  expect(res.statusCode).toBe(200);
  const shown = new Set((res.json().data as { id: number }[]).map((r) => r.id));
  return ids.filter((id) => shown.has(id)).sort((a, b) => a - b);
}

const depositIds = (s: StreamReader) =>
  liveEvents(s.messages)
    .filter((e) => e.kind === 'deposit' && e.action === 'created')
    .map((e) => e.record_id)
    .sort((a, b) => a - b);

describe('live events', () => {
  it('reach each staff member exactly as his deposit list scopes them, and never another tenant', async () => {
    await makerCheckerOff(f.t.database.db, 'tr');
    const who: StaffName[] = ['admin', 'leader', 'sales', 'sales3'];
    const streams = Object.fromEntries(await Promise.all(who.map(async (w) => [w, await stream(w)] as const)));
    const pl = await stream('pl-admin');
    const made: number[] = [];
    for (const name of ['c_sales', 'c_sales2', 'c_sales3', 'c_leader', 'c_nobody', 'c_sales_b'] as const)
      made.push(await clientDeposit(name));
    const plDeposit = await clientDeposit('c_pl');
    // Sentinels last: a stream that has its own has been handed every earlier event (delivered in commit order).
    const lastSales3 = await clientDeposit('c_sales3');
    const lastSales = await clientDeposit('c_sales');
    const lastPl = await clientDeposit('c_pl');
    made.push(lastSales3, lastSales);
    await streams.sales3.event('deposit', lastSales3);
    for (const w of ['admin', 'leader', 'sales'] as const) await streams[w].event('deposit', lastSales);
    await pl.event('deposit', lastPl);

    for (const w of who) expect(depositIds(streams[w]), w).toEqual(await listed(w, made));
    // the oracle is not trivial: the scopes differ
    expect(depositIds(streams.sales).length).toBeLessThan(depositIds(streams.leader).length);
    expect(depositIds(streams.leader).length).toBeLessThan(depositIds(streams.admin).length);
    expect(depositIds(pl)).toEqual([plDeposit, lastPl].sort((a, b) => a - b));
    for (const w of who) expect(depositIds(streams[w])).not.toContain(plDeposit);

    // What a console receives: the event, not what filtering needed.
    const e = (await streams.sales.event('deposit', lastSales)).data as Record<string, unknown>;
    expect(Object.keys(e).sort()).toEqual([...LIVE_EVENT_FIELDS].sort());
    expect(e).toMatchObject({ kind: 'deposit', action: 'created', client_id: f.ids.c_sales, request: true, by: null });
    for (const s of Object.values(streams)) s.close();
    pl.close();
  });

  it('sends approvals only to who may check them (and their maker), decisions and balances in scope', async () => {
    await setTier(f.t.database.db, 'tr', { enabled: true, one: '0' }, ['deposit']);
    const [admin, supervisor, sales, sales3] = await Promise.all(
      (['admin', 'supervisor', 'sales', 'sales3'] as const).map((w) => stream(w)),
    );
    const clientId = f.ids.c_sales;
    const res = await call(f.t.app, 'POST', `/api/deposit/admin/v2/specialized/${clientId}`, {
      token: f.tokens.admin,
      body: { account_id: await accountOf(clientId), amount: '25.00' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(200);
    const depositId = res.json().id as number;
    const approvalId = res.json().approval.id as number;
    const opened = (await supervisor.event('approval', approvalId)).data as LiveEvent;
    expect(opened).toMatchObject({ action: 'created', status: 'pending', by: { id: f.staffId.admin } });
    await admin.event('approval', approvalId); // the maker sees his own
    await sales.event('deposit', depositId);

    const decided = await call(f.t.app, 'PUT', `/api/approval/admin/v1/decide/${approvalId}`, {
      token: f.tokens.supervisor,
      body: { decision: 'approved' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(decided.statusCode).toBe(200);
    const moved = await sales.until((m) => m.event === 'live' && (m.data as LiveEvent).kind === 'balance');
    expect(moved.data).toMatchObject({ action: 'moved', client_id: clientId, by: { id: f.staffId.supervisor } });
    const done = (
      await sales.until(
        (m) =>
          m.event === 'live' && (m.data as LiveEvent).kind === 'deposit' && (m.data as LiveEvent).action === 'decided',
      )
    ).data as LiveEvent;
    expect(done).toMatchObject({ record_id: depositId, status: 'approved', by: { name: 'Supervisor' } });
    await admin.until((m) => m.event === 'live' && (m.data as LiveEvent).kind === 'balance');

    // sales has no approval grant; sales3 sees nothing of sales' client; everything above arrived in order
    expect(liveEvents(sales.messages).filter((e) => e.kind === 'approval')).toEqual([]);
    const last = await clientDeposit('c_sales3');
    await sales3.event('deposit', last);
    expect(liveEvents(sales3.messages).map((e) => e.record_id)).toEqual([last]);
    for (const s of [admin, supervisor, sales, sales3]) s.close();
    await makerCheckerOff(f.t.database.db, 'tr');
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const admin = await stream('admin');
    let rolledBack = 0;
    const clientId = f.ids.c_sales;
    const accountId = await accountOf(clientId);
    await expect(
      f.t.database.db.transaction(async (tx) => {
        rolledBack = (await createDeposit(tx, bySystem('tr'), clientId, { account_id: accountId, amount: '1.00' })).id;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(rolledBack).toBeGreaterThan(0);
    const committed = await clientDeposit('c_sales');
    await admin.event('deposit', committed);
    expect(liveEvents(admin.messages).map((e) => e.record_id)).toEqual([committed]);
    admin.close();
  });

  it('a list total read because of an event counts that event (a write by another process included)', async () => {
    const supervisor = await stream('supervisor');
    const pendingTotal = async () => {
      const res = await call(f.t.app, 'GET', `/api${PENDING_LISTS.deposit}?status=pending&page=1&page_size=1`, {
        token: f.tokens.supervisor,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { total: number }).total;
    };
    const before = await pendingTotal(); // now cached (TOTAL_TTL_MS)
    expect(before).toBeGreaterThan(1); // a one-row page ends nothing: the answer is the counted total
    // written outside this API (as the client app does): no request of this process invalidates its cache
    const made = await clientDeposit('c_sales');
    await supervisor.event('deposit', made);
    // what the console does on that event: it refetches the pending count
    expect(await pendingTotal()).toBe(before + 1);
    supervisor.close();
  });

  it('resumes a dropped stream from its Last-Event-ID with nothing missed', async () => {
    const first = await stream('sales');
    const seen = await clientDeposit('c_sales');
    const at = await first.event('deposit', seen);
    first.close();
    // while the stream is down
    const missed = [await clientDeposit('c_sales'), await clientDeposit('c_sales_b')];
    const other = await clientDeposit('c_sales3');

    const again = await stream('sales', at.id);
    expect(again.messages.find((m) => m.event === 'hello')?.data).toEqual({ resumed: true });
    expect(liveEvents(again.messages).map((e) => e.record_id)).toEqual(missed);
    expect(liveEvents(again.messages).map((e) => e.record_id)).not.toContain(other);
    // and it goes on live
    const next = await clientDeposit('c_sales');
    await again.event('deposit', next);

    // an id this process never heard: resumed false (the console refetches)
    const lost = await stream('sales', '999999999999');
    expect(lost.messages.find((m) => m.event === 'hello')?.data).toEqual({ resumed: false });
    // a forged id is no id
    const forged = await stream('sales', 'x; DROP');
    expect(forged.messages.find((m) => m.event === 'hello')?.data).toEqual({ resumed: false });
    for (const s of [again, lost, forged]) s.close();
  });

  it('refuses a stream without a valid token', async () => {
    const res = await fetch(`${base}/api/events`, { headers: { 'x-tenant-id': 'tr' } });
    expect(res.status).toBe(401);
    const wrongTenant = await fetch(`${base}/api/events`, {
      headers: { 'x-tenant-id': 'pl', authorization: `Bearer ${f.tokens.admin}` },
    });
    expect(wrongTenant.status).toBe(401);
    // no parameters: a query is refused before any stream opens
    const query = await fetch(`${base}/api/events?page=1`, {
      headers: { 'x-tenant-id': 'tr', authorization: `Bearer ${f.tokens.admin}` },
    });
    expect(query.status).toBe(400);
    expect((await query.json()).code).toBe('validation');
  });
});
