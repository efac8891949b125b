/**
 * A session that ends closes its live event streams at once, and a change of grants applies to them at once
 * (core/events.ts announceSessions, server/modules/events), on both databases. The heartbeat is set to an hour here,
 * so every `end` and `ping` below comes from the announcement, not from the periodic check.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../domain/live-events';
import { announceSessions, type SessionChange } from '../../server/core/events';
import { withRetry } from '../../server/core/retry';
import { account } from '../../server/db/schema';
import { revokeSession } from '../../server/modules/auth/session';
import { createDeposit } from '../../server/modules/deposit/service';
import { bySystem } from '../../server/modules/records/common';
import { clientFixture, type ClientFixture, type ClientName, type StaffName } from './client-fixture';
import { call, login } from './helpers';
import { liveEvents, StreamReader } from './live-helpers';
import { makerCheckerOff } from './approval-helpers';

const LOGOUT = '/api/auth/admin/v1/logout';
const USERS = '/api/user/v1';
const ROLE = (r: string) => `/api/permission/admin/v1/role/${r}`;

let f: ClientFixture;
let base: string;
const open: StreamReader[] = [];

beforeAll(async () => {
  f = await clientFixture(['admin', 'leader'], { liveHeartbeatSec: 3600 });
  await f.t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = f.t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await f?.close();
});

/** A new session of `who`: its access token. */
const session = async (who: StaffName) => (await login(f.t.app, who)).access_token;

const stream = async (token: string) => {
  const s = await StreamReader.open(base, token);
  open.push(s);
  expect(s.status).toBe(200);
  await s.until((m) => m.event === 'hello');
  return s;
};

/** A client's first account. */
async function accountOf(name: ClientName): Promise<number> {
  const [acc] = await f.t.database.db.select().from(account).where(eq(account.clientId, f.ids[name])).limit(1);
  return acc.id;
}

/** A client's own deposit request (no staff member), committed: its id. */
async function clientDeposit(name: ClientName): Promise<number> {
  const accountId = await accountOf(name);
  const made = await withRetry(f.t.database.db, (tx) =>
    createDeposit(tx, bySystem('tr'), f.ids[name], { account_id: accountId, amount: '10.00' }),
  );
  return made.id;
}

const ended = async (s: StreamReader) => {
  expect((await s.until((m) => m.event === 'end')).data).toEqual({ reason: 'session' });
  await s.closed();
};
const events = (s: StreamReader, name: string) => s.messages.filter((m) => m.event === name);

describe('a session that ends', () => {
  it("ends that session's streams at once on sign-out; its user's other session and a neighbour's stay open", async () => {
    const [leaving, staying, neighbour] = await Promise.all([session('sales'), session('sales'), session('sales2')]);
    const [gone, other, next] = await Promise.all([stream(leaving), stream(staying), stream(neighbour)]);

    expect((await call(f.t.app, 'POST', LOGOUT, { token: leaving })).statusCode).toBe(200);
    await ended(gone);

    // still open: they receive what is committed after the sign-out (delivered in commit order)
    const mine = await clientDeposit('c_sales');
    const theirs = await clientDeposit('c_sales2');
    await other.event('deposit', mine);
    await next.event('deposit', theirs);
    for (const s of [other, next]) {
      expect(s.ended).toBe(false);
      expect(events(s, 'end')).toEqual([]);
    }
  });

  it("ends the streams of a disabled staff member and of one whose password was reset, not the changer's", async () => {
    const admin = await stream(f.tokens.admin);
    const disabled = await stream(await session('sales3'));
    const reset = await stream(await session('leader2'));
    const [sales3, leader2] = [f.staffId.sales3, f.staffId.leader2];

    const off = await call(f.t.app, 'PUT', `${USERS}/status/${sales3}`, {
      token: f.tokens.admin,
      body: { active: false },
    });
    expect(off.statusCode).toBe(200);
    await ended(disabled);
    const pwd = await call(f.t.app, 'PUT', `${USERS}/${leader2}`, {
      token: f.tokens.admin,
      body: { password: 'c'.repeat(32) },
    });
    expect(pwd.statusCode).toBe(200);
    await ended(reset);

    const on = await call(f.t.app, 'PUT', `${USERS}/status/${sales3}`, {
      token: f.tokens.admin,
      body: { active: true },
    });
    expect(on.statusCode).toBe(200);
    const sentinel = await clientDeposit('c_sales3');
    await admin.event('deposit', sentinel);
    expect(events(admin, 'end')).toEqual([]);
  });

  it("applies a role's narrowed grants to its open streams at once", async () => {
    await makerCheckerOff(f.t.database.db, 'tr');
    const sales = await stream(await session('sales'));
    const leader = await stream(f.tokens.leader);
    const version = async () =>
      (await call(f.t.app, 'GET', '/api/permission/admin/v1/list', { token: f.tokens.admin })).json().version as number;
    const narrow = await call(f.t.app, 'PUT', ROLE('hero'), {
      token: f.tokens.admin,
      body: { removed: [{ resource: 'client', action: 'read' }], version: await version() },
    });
    expect(narrow.statusCode, narrow.body).toBe(200);
    // the salesman's stream checked his grants again (a ping: the heartbeat is an hour away); the leader's did not
    await sales.until((m) => m.event === 'ping');

    // an approved deposit moves the balance: the leader still sees it, the salesman (no client read) no longer
    const approved = await clientDeposit('c_sales');
    const res = await call(f.t.app, 'PUT', `/api/deposit/admin/v1/audit/${approved}`, {
      token: f.tokens.admin,
      body: { status: 'approved' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sentinel = await clientDeposit('c_sales');
    await leader.until((m) => m.event === 'live' && (m.data as LiveEvent).kind === 'balance');
    await leader.event('deposit', sentinel);
    await sales.event('deposit', sentinel);
    expect(liveEvents(sales.messages).filter((e) => e.kind === 'balance')).toEqual([]);
    expect(events(leader, 'ping')).toEqual([]);

    const lift = await call(f.t.app, 'PUT', ROLE('hero'), {
      token: f.tokens.admin,
      body: { removed: [], version: await version() },
    });
    expect(lift.statusCode).toBe(200);
  });

  it('announces nothing for a change that rolled back', async () => {
    const heard: SessionChange[] = [];
    let heardOne = () => {};
    const first = new Promise<void>((resolve) => (heardOne = resolve));
    // (a change the test before made may still be on its way: only this test's own session and sentinel count)
    const stop = f.t.app.live.onSession((c) => {
      if (c) heard.push(c);
      if (c && 'user' in c && c.user === -1) heardOne();
    });
    const sid = randomUUID();
    await expect(
      f.t.database.db.transaction(async (tx) => {
        await announceSessions(tx, { tenant: 'tr', session: sid });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // revoking an unknown (or already revoked) session announces nothing either
    expect(await revokeSession(f.t.database.db, randomUUID(), 'logout')).toBe(false);
    const sentinel = { tenant: 'tr', user: -1 };
    await announceSessions(f.t.database.db, sentinel);
    // delivered in commit order: had the rolled-back one been sent, it would have come first
    await first;
    stop();
    const mine = (c: SessionChange) => ('session' in c && c.session === sid) || ('user' in c && c.user === -1);
    expect(heard.filter(mine)).toEqual([sentinel]);
  });
});
