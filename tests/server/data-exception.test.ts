// Data exceptions (resource dataException): each check finds a problem planted by direct SQL and leaves its healthy
// neighbour alone; a re-run moves last_seen and opens nothing twice; a problem no longer seen is marked absent and
// left open; assign and resolve (note required) are audited; one run per tenant at a time, across processes; the
// schedule's pass; tenant isolation; 403 for roles without the grant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { seedFunds } from '../../server/db/seed-funds';
import { claimManualRun, claimRun } from '../../server/modules/data_exception/service';
import { schedulePass, settled } from '../../server/modules/data_exception/scheduler';
import { call, login, makeTestApp, type TestApp } from './helpers';

const API = '/api/data_exception/admin/v1';

let t: TestApp;
const tokens: Record<string, string> = {};
type Who = 'admin' | 'supervisor' | 'leader' | 'sales' | 'plAdmin';
const as = (who: Who, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
  call(t.app, method, `${API}${path}`, { token: tokens[who], tenant: who === 'plAdmin' ? 'pl' : 'tr', body });

const q = async <T = Record<string, any>>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows as T[];
const one = async <T = Record<string, any>>(query: ReturnType<typeof sql>) => (await q<T>(query))[0];

type Finding = Record<string, any> & { id: number; check: string; subject_type: string; subject_id: string };
const findings = async (who: Who = 'admin', query = '') => {
  const res = await as(who, 'GET', `/list?page_size=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Finding[];
};
const findingOf = (list: Finding[], check: string, type: string, id: string | number) =>
  list.find((f) => f.check === check && f.subject_type === type && f.subject_id === String(id));

/** Starts a run and waits for it; answers the finished run. */
async function runChecks(who: Who = 'admin') {
  const res = await as(who, 'POST', '/run');
  expect(res.statusCode, res.body).toBe(200);
  const started = res.json();
  await settled(t.app);
  const status = (await as(who, 'GET', '/status')).json();
  const run = status.runs.find((r: { id: number }) => r.id === started.id);
  expect(run.status, JSON.stringify(run)).toBe('done');
  return run as { id: number; checks_done: number; results: { check: string; found: number; new: number }[] };
}
const resultOf = (run: Awaited<ReturnType<typeof runChecks>>, check: string) =>
  run.results.find((r) => r.check === check)!;

async function lastAudit(action: string, tenant = 'tr') {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, tenant)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** The planted problems and their healthy neighbours. */
const planted = {} as Record<string, number | string>;

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  await seedFunds(t.database.db, 'tr', { clients: 12 });
  await seedFunds(t.database.db, 'pl', { clients: 4 });
  for (const who of ['admin', 'supervisor', 'leader', 'sales'] as const)
    tokens[who] = (await login(t.app, who)).access_token;
  tokens.plAdmin = (await login(t.app, 'admin', { tenant: 'pl' })).access_token;
});

afterAll(async () => {
  await t?.close();
});

describe('permission', () => {
  it('answers 403 to roles without the dataException grant (audited), 200 to the administrator', async () => {
    for (const who of ['supervisor', 'leader', 'sales'] as const) {
      for (const [method, path, body] of [
        ['GET', '/list'],
        ['GET', '/status'],
        ['GET', '/detail/1'],
        ['GET', '/assignees'],
        ['POST', '/run'],
        ['PUT', '/resolve/1', { note: 'x' }],
        ['PUT', '/assign/1', { assignee_id: 1 }],
        ['PUT', '/config', { pending_hours: 5 }],
      ] as const) {
        const res = await as(who, method, path, body);
        expect(res.statusCode, `${who} ${method} ${path}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
    expect(await lastAudit('access.denied')).toMatchObject({ username: 'sales', result: 'denied' });
    expect((await as('admin', 'GET', '/list')).statusCode).toBe(200);
  });
});

describe('checks', () => {
  it('find nothing on a healthy tenant', async () => {
    const run = await runChecks();
    expect(run.checks_done).toBe(5);
    expect(run.results.map((r) => [r.check, r.found])).toEqual([
      ['ledger_invariant', 0],
      ['negative_balance', 0],
      ['pending_too_long', 0],
      ['duplicate_tx_hash', 0],
      ['client_without_agent', 0],
    ]);
    expect(await findings()).toEqual([]);
    const audit = await lastAudit('data_exception.run_done');
    expect(audit).toMatchObject({ username: 'admin', result: 'success', targetId: String(run.id) });
    expect(await lastAudit('data_exception.run')).toMatchObject({ username: 'admin', result: 'success' });
  });

  it('each finds its planted problem and not the healthy neighbour', async () => {
    const db = t.database.db;
    // negative balance (the table's own CHECK dropped, as a faulty import or migration could) and its neighbour
    const [neg, negNeighbour] = await q<{ id: string; client_id: string }>(
      sql`SELECT id::text, client_id::text FROM account WHERE tenant_id = 'tr' AND balance > 10 ORDER BY id LIMIT 2`,
    );
    // what the API's role cannot do (the owner's): drop the CHECK, change aggregates behind the ledger
    await t.asOwner(async (owner) => {
      await owner.execute(sql`ALTER TABLE account DROP CONSTRAINT account_no_negative`);
      await owner.execute(sql`UPDATE account SET balance = -5 WHERE id = ${neg.id}`);
    });
    planted.negative = neg.id;
    planted.negativeClient = neg.client_id;
    planted.negativeNeighbour = negNeighbour.id;

    // a ledger invariant: an aggregate changed behind the ledger's back (entries cannot be changed: trigger)
    const drift = await one<{ id: string }>(
      sql`SELECT id::text FROM account WHERE tenant_id = 'tr' AND id NOT IN (${neg.id}, ${negNeighbour.id})
        ORDER BY id LIMIT 1`,
    );
    await t.asOwner((owner) => owner.execute(sql`UPDATE account SET deposit = deposit + 0.01 WHERE id = ${drift.id}`));
    planted.drift = drift.id;

    // a pending deposit 30 hours old, and a pending one from now
    const [oldPending, newPending] = await q<{ id: string }>(
      sql`SELECT id::text FROM deposit_record WHERE tenant_id = 'tr' AND status = 'pending' ORDER BY id LIMIT 2`,
    );
    await db.execute(
      sql`UPDATE deposit_record SET created_at = now() - interval '30 hours' WHERE id = ${oldPending.id}`,
    );
    planted.oldPending = oldPending.id;
    planted.newPending = newPending.id;

    // a real client without an agent, and a robot without one (robots need none)
    const [real] = await q<{ id: string }>(
      sql`SELECT id::text FROM client WHERE tenant_id = 'tr' AND NOT fake ORDER BY id DESC LIMIT 1`,
    );
    const [robot] = await q<{ id: string }>(
      sql`SELECT id::text FROM client WHERE tenant_id = 'tr' AND fake ORDER BY id LIMIT 1`,
    );
    await db.execute(sql`UPDATE client SET agent_id = NULL WHERE id IN (${real.id}, ${robot.id})`);
    planted.noAgent = real.id;
    planted.robot = robot.id;

    // a crypto hash claimed again under another chain (the unique index is per chain), and another tenant's copy of
    // a second hash on the same chain
    const [dup, cross] = await q<{ id: string; tx_hash: string; chain: string }>(
      sql`SELECT id::text, tx_hash, chain FROM deposit_record WHERE tenant_id = 'tr' AND tx_hash IS NOT NULL
        AND status = 'approved' ORDER BY id LIMIT 2`,
    );
    const copy = (from: string, tenant: string, chain: string) =>
      sql`INSERT INTO deposit_record (tenant_id, client_id, account_id, agent_id, currency, amount, credit_currency,
          credit_amount, sub_type, chain, address, tx_hash, status)
        SELECT ${tenant}, c.id, a.id, c.agent_id, a.currency, 10, a.currency, 10, 'crypto', ${chain}, r.address,
          r.tx_hash, 'pending'
        FROM deposit_record r, client c JOIN account a ON a.client_id = c.id
        WHERE r.id = ${from} AND c.tenant_id = ${tenant} ORDER BY c.id LIMIT 1 RETURNING id::text`;
    const otherChain = dup.chain === 'BEP20' ? 'ERC20' : 'BEP20';
    planted.dupCopy = (await one<{ id: string }>(copy(dup.id, 'tr', otherChain))).id;
    planted.dupHash = dup.tx_hash;
    planted.crossHash = cross.tx_hash;
    await one(copy(cross.id, 'pl', cross.chain));
    const healthy = await one<{ tx_hash: string }>(
      sql`SELECT tx_hash FROM deposit_record WHERE tenant_id = 'tr' AND tx_hash IS NOT NULL
        AND tx_hash NOT IN (${dup.tx_hash}, ${cross.tx_hash}) LIMIT 1`,
    );
    planted.healthyHash = healthy.tx_hash;

    const run = await runChecks();
    const list = await findings();
    const neg1 = findingOf(list, 'negative_balance', 'account', planted.negative)!;
    expect(neg1).toMatchObject({ severity: 'critical', status: 'open', client_id: Number(planted.negativeClient) });
    expect(findingOf(list, 'negative_balance', 'account', planted.negativeNeighbour)).toBeUndefined();
    const detail = (await as('admin', 'GET', `/detail/${neg1.id}`)).json();
    expect(detail.detail).toMatchObject({ balance: '-5.00' });

    const ledger = list.filter((f) => f.check === 'ledger_invariant');
    // the drifted aggregate, and the changed balance (which also breaks "aggregates equal the entries"), only them
    const accounts = ledger.filter((f) => f.subject_type === 'account');
    expect(accounts.map((f) => [f.subject_type, f.subject_id, f.rule]).sort()).toEqual(
      [
        ['account', String(planted.drift), 'account aggregates equal the sum of their entries'],
        ['account', String(planted.negative), 'account aggregates equal the sum of their entries'],
      ].sort(),
    );
    expect(ledger.every((f) => f.severity === 'critical')).toBe(true);
    // the clients whose agent was taken away keep records naming the agent: the ledger check's agent rule
    const records = ledger.filter((f) => f.subject_type !== 'account');
    expect(records.length).toBeGreaterThan(0);
    for (const f of records) {
      expect(f.rule).toBe("record's agent_id equals its client's");
      expect(['deposit', 'withdrawal', 'overdrawn']).toContain(f.subject_type);
      expect([Number(planted.noAgent), Number(planted.robot)]).toContain(f.client_id);
    }
    // the negative balance rule of the ledger check is the negative-balance check's, not reported twice
    expect(ledger.some((f) => f.rule?.startsWith('no negative'))).toBe(false);

    expect(findingOf(list, 'pending_too_long', 'deposit', planted.oldPending)).toMatchObject({ severity: 'warning' });
    expect(findingOf(list, 'pending_too_long', 'deposit', planted.newPending)).toBeUndefined();
    const pendingDetail = (
      await as('admin', 'GET', `/detail/${findingOf(list, 'pending_too_long', 'deposit', planted.oldPending)!.id}`)
    ).json().detail;
    expect(pendingDetail).toMatchObject({ age_hours: 30, threshold_hours: 24 });

    expect(findingOf(list, 'client_without_agent', 'client', planted.noAgent)).toMatchObject({
      client_id: Number(planted.noAgent),
    });
    expect(findingOf(list, 'client_without_agent', 'client', planted.robot)).toBeUndefined();

    const dupFinding = findingOf(list, 'duplicate_tx_hash', 'tx_hash', planted.dupHash)!;
    expect((await as('admin', 'GET', `/detail/${dupFinding.id}`)).json().detail).toMatchObject({
      reason: 'same_tenant',
      other_tenants: 0,
    });
    const crossFinding = findingOf(list, 'duplicate_tx_hash', 'tx_hash', planted.crossHash)!;
    expect((await as('admin', 'GET', `/detail/${crossFinding.id}`)).json().detail).toMatchObject({
      reason: 'other_tenant',
      other_tenants: 1,
    });
    expect(findingOf(list, 'duplicate_tx_hash', 'tx_hash', planted.healthyHash)).toBeUndefined();

    expect(resultOf(run, 'negative_balance')).toMatchObject({ found: 1, new: 1 });
    expect(resultOf(run, 'client_without_agent')).toMatchObject({ found: 1, new: 1 });
    expect(resultOf(run, 'duplicate_tx_hash')).toMatchObject({ found: 2, new: 2 });
    // the copied deposit itself is pending and new: not too long
    expect(resultOf(run, 'pending_too_long')).toMatchObject({ found: 1, new: 1 });

    // filters
    expect((await findings('admin', '&check=negative_balance,client_without_agent')).length).toBe(2);
    expect((await findings('admin', '&severity=warning')).every((f) => f.severity === 'warning')).toBe(true);
    expect((await findings('admin', '&status=resolved')).length).toBe(0);
  });

  it('a re-run opens nothing twice and moves last_seen', async () => {
    const before = await findings();
    await new Promise((r) => setTimeout(r, 20));
    const run = await runChecks();
    expect(run.results.every((r) => r.new === 0)).toBe(true);
    const after = await findings();
    expect(after.map((f) => f.id).sort()).toEqual(before.map((f) => f.id).sort());
    for (const f of after) {
      const old = before.find((b) => b.id === f.id)!;
      expect(Date.parse(f.last_seen)).toBeGreaterThan(Date.parse(old.last_seen));
      expect(f.first_seen).toBe(old.first_seen);
    }
    const rows = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM data_exception WHERE tenant_id = 'tr'`);
    expect(rows.n).toBe(after.length);
  });

  it('a problem no longer seen is marked absent and stays open for a person to resolve', async () => {
    const put = await as('admin', 'PUT', '/config', { pending_hours: 48 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().pending_hours).toBe(48);
    expect(await lastAudit('data_exception.config')).toMatchObject({ before: { pending_hours: 24 } });
    const run = await runChecks();
    expect(resultOf(run, 'pending_too_long')).toMatchObject({ found: 0 });
    const f = findingOf(await findings(), 'pending_too_long', 'deposit', planted.oldPending)!;
    expect(f.status).toBe('open');
    expect(f.absent_since).not.toBeNull();
    // seen again: no longer absent
    await as('admin', 'PUT', '/config', { pending_hours: 24 });
    await runChecks();
    const again = findingOf(await findings(), 'pending_too_long', 'deposit', planted.oldPending)!;
    expect(again.id).toBe(f.id);
    expect(again.absent_since).toBeNull();
    for (const bad of [0, 721, 1.5, 'x', null])
      expect((await as('admin', 'PUT', '/config', { pending_hours: bad })).statusCode, String(bad)).toBe(400);
  });
});

describe('assign and resolve', () => {
  it('assigns to a staff member who may read the page; audited; others refused', async () => {
    const list = await findings();
    const f = findingOf(list, 'client_without_agent', 'client', planted.noAgent)!;
    const people = (await as('admin', 'GET', '/assignees')).json().data as { id: number; username: string }[];
    expect(people.map((p) => p.username)).toEqual(['admin']);
    const res = await as('admin', 'PUT', `/assign/${f.id}`, { assignee_id: people[0].id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'assigned', assignee_id: people[0].id, assignee_name: 'Administrator' });
    expect(await lastAudit('data_exception.assign')).toMatchObject({
      username: 'admin',
      result: 'success',
      targetId: String(f.id),
      before: expect.objectContaining({ status: 'open' }),
      after: { status: 'assigned', assignee_id: people[0].id },
    });
    expect((await findings('admin', `&assignee_id=${people[0].id}`)).map((x) => x.id)).toEqual([f.id]);

    const sales = await one<{ id: string }>(
      sql`SELECT id::text FROM staff_user WHERE tenant_id = 'tr' AND username = 'sales'`,
    );
    const plAdmin = await one<{ id: string }>(
      sql`SELECT id::text FROM staff_user WHERE tenant_id = 'pl' AND username = 'admin'`,
    );
    for (const id of [sales.id, plAdmin.id, '999999']) {
      const bad = await as('admin', 'PUT', `/assign/${f.id}`, { assignee_id: Number(id) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field_codes.assignee_id.code).toBe('invalid');
    }
  });

  it('resolves with a required note; audited; twice is 409; the problem seen again opens a new finding', async () => {
    const f = findingOf(await findings(), 'client_without_agent', 'client', planted.noAgent)!;
    const blank = await as('admin', 'PUT', `/resolve/${f.id}`, { note: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().field_codes.note.code).toBe('required');
    expect((await as('admin', 'PUT', `/resolve/${f.id}`, {})).statusCode).toBe(400);

    const res = await as('admin', 'PUT', `/resolve/${f.id}`, { note: '  已联系团队主管，待分配业务员  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'resolved',
      resolution_note: '已联系团队主管，待分配业务员',
      resolved_by_name: 'Administrator',
    });
    expect(res.json().resolved_at).toBeTruthy();
    expect(await lastAudit('data_exception.resolve')).toMatchObject({
      username: 'admin',
      targetId: String(f.id),
      after: { status: 'resolved', resolution_note: '已联系团队主管，待分配业务员' },
    });
    const twice = await as('admin', 'PUT', `/resolve/${f.id}`, { note: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('invalid_state');
    expect((await lastAudit('data_exception.resolve')).result).toBe('failure');
    expect((await as('admin', 'PUT', `/assign/${f.id}`, { assignee_id: 1 })).statusCode).toBe(409);

    // still without an agent: the next run opens a new finding; the resolved one keeps its note
    const run = await runChecks();
    expect(resultOf(run, 'client_without_agent')).toMatchObject({ found: 1, new: 1 });
    const both = (await findings()).filter(
      (x) => x.check === 'client_without_agent' && x.subject_id === String(planted.noAgent),
    );
    expect(both.map((x) => x.status).sort()).toEqual(['open', 'resolved']);
  });
});

describe('tenants', () => {
  it("keeps each tenant's findings to itself", async () => {
    const tr = await findings();
    const pl = await findings('plAdmin');
    expect(pl.some((f) => tr.some((x) => x.id === f.id))).toBe(false);
    const id = tr[0].id;
    expect((await as('plAdmin', 'GET', `/detail/${id}`)).statusCode).toBe(404);
    expect((await as('plAdmin', 'PUT', `/resolve/${id}`, { note: 'x' })).statusCode).toBe(404);
    expect((await as('plAdmin', 'PUT', `/assign/${id}`, { assignee_id: 1 })).statusCode).toBe(404);
    // pl's own run sees the hash tr also recorded (counted, not named), none of tr's problems
    await runChecks('plAdmin');
    const plList = await findings('plAdmin');
    expect(plList.map((f) => [f.check, f.subject_id])).toEqual([['duplicate_tx_hash', planted.crossHash]]);
    expect((await as('plAdmin', 'GET', `/detail/${plList[0].id}`)).json().detail).toMatchObject({
      other_tenants: 1,
      reason: 'other_tenant',
    });
    expect((await as('plAdmin', 'GET', '/status')).json().runs.every((r: { id: number }) => r.id)).toBe(true);
  });
});

describe('runs', () => {
  it('one running run per tenant, whoever asks; a dead one is taken over; the schedule keeps its interval', async () => {
    const db = t.database.db;
    const first = await claimRun(db, 'tr', 'manual', null);
    expect(first).not.toBeNull();
    expect(await claimRun(db, 'tr', 'manual', null)).toBeNull();
    expect(await claimRun(db, 'tr', 'schedule', null, 60)).toBeNull();
    // POST run answers the running one and starts none
    const res = await as('admin', 'POST', '/run');
    expect(res.json()).toMatchObject({ id: first, status: 'running' });
    // its process died: no heartbeat for 20 minutes
    await db.execute(
      sql`UPDATE data_exception_run SET heartbeat_at = now() - interval '20 minutes' WHERE id = ${first}`,
    );
    const second = await claimRun(db, 'tr', 'manual', null);
    expect(second).not.toBeNull();
    expect(await one(sql`SELECT status, error FROM data_exception_run WHERE id = ${first}`)).toMatchObject({
      status: 'failed',
    });
    await db.execute(sql`UPDATE data_exception_run SET status = 'done', finished_at = now() WHERE id = ${second}`);

    // the schedule: a pass runs the tenants that never ran, not tr and pl (they just did); an hour later each
    // tenant runs once
    const tenants = (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM tenant`)).n;
    expect(await schedulePass(db, 60)).toBe(tenants - 2);
    expect(await schedulePass(db, 60)).toBe(0);
    await db.execute(sql`UPDATE data_exception_run SET started_at = started_at - interval '2 hours'`);
    expect(await schedulePass(db, 60)).toBe(tenants);
    expect(await schedulePass(db, 60)).toBe(0);
    const scheduled = await one(
      sql`SELECT trigger, status, checks_done FROM data_exception_run WHERE tenant_id = 'tr' ORDER BY id DESC LIMIT 1`,
    );
    expect(scheduled).toMatchObject({ trigger: 'schedule', status: 'done', checks_done: 5 });
    expect(await lastAudit('data_exception.run_done')).toMatchObject({ username: 'system:schedule', userId: null });

    // several API processes ticking at once (on PostgreSQL, concurrent connections of the pool): one run is claimed
    await db.execute(sql`UPDATE data_exception_run SET started_at = started_at - interval '2 hours'`);
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimRun(db, 'tr', 'schedule', null, 60)));
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
  });

  it('a run asked for while the running one ends starts a new one (it answered 500 when the run ended in between)', async () => {
    const db = t.database.db;
    await db.execute(sql`UPDATE data_exception_run SET status = 'done', finished_at = now() WHERE status = 'running'`);
    const blocking = await claimRun(db, 'tr', 'manual', null);
    expect(blocking).not.toBeNull();
    const answer = await db.transaction(async (tx) => {
      // the running run ends right after the claim met it: the statement after the INSERT sees none running
      const execute = tx.execute.bind(tx);
      let ended = false;
      tx.execute = (async (query: Parameters<typeof execute>[0]) => {
        const res = await execute(query);
        if (!ended) {
          ended = true;
          await execute(sql`UPDATE data_exception_run SET status = 'done', finished_at = now() WHERE id = ${blocking}`);
        }
        return res;
      }) as typeof tx.execute;
      return claimManualRun(tx, { id: 1, tenantId: 'tr' });
    });
    expect(answer.started).toBe(true);
    expect(answer.run).toMatchObject({ status: 'running' });
    expect(answer.run.id).not.toBe(blocking);
    // the neighbour tenant's runs are not touched
    expect(
      await one(sql`SELECT count(*)::int AS n FROM data_exception_run WHERE tenant_id = 'pl' AND status = 'running'`),
    ).toEqual({ n: 0 });
  });
});
