/**
 * Races over HTTP on PostgreSQL (real connections, so requests really run side by side; on PGlite one connection
 * serialises them): the same action sent N times at once takes effect exactly once.
 * - N approvals of one pending deposit / withdrawal by checkers who are not its maker: one 200, the rest 409; one
 *   ledger movement, one audit row of success per 200, one of failure per 409; with a rule of two checkers, one first
 *   check and one execution. (Races between approve, reject and rollback of many records through the services, and
 *   keyed requests: ledger-concurrency.pg.test.ts; a key's lease: signin-hardening.pg.test.ts; checkers deciding at
 *   once through the approvals queue: approval-races.pg.test.ts.)
 * - Ten refreshes with one refresh token: all 200 with one successor, one session, one new token row; reuse after the
 *   grace revokes the session (the same flow on PGlite: signin-hardening.test.ts "refresh").
 * - One TOTP code, one recovery code, and one pending MFA token presented in parallel: exactly one full session.
 * Runs only with DATABASE_URL (vitest.server.config.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRetry } from '../../server/core/retry';
import { seedRates } from '../../server/db/seed-funds';
import { createClient, openAccount } from '../../server/modules/client/service';
import { auditDeposit, createDeposit } from '../../server/modules/deposit/service';
import { authSession, refreshToken, staffUser } from '../../server/db/schema';
import { bySystem, byStaff } from '../../server/modules/records/common';
import { requestWithdrawal } from '../../server/modules/withdraw/service';
import { sha256 } from '../../server/security/tokens';
import { totp } from '../../server/security/totp';
import { call, login, makeTestApp, type TestApp } from './helpers';

if (!process.env.DATABASE_URL) {
  throw new Error('races.pg.test.ts needs PostgreSQL: set DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test)');
}

const N = 20;
const VERIFY = '/api/auth/admin/v1/mfa/verify';
const REFRESH = '/api/auth/admin/v1/token/refresh';
const USERINFO = '/api/auth/admin/v1/userinfo';

let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  // Replayed codes are wrong codes and count toward the lockout: a high threshold keeps these races about the code
  // (the lockout itself: signin-hardening.test.ts).
  t = await makeTestApp({ captcha: false, lockoutThreshold: 1000 });
  await withRetry(t.database.db, (tx) => seedRates(tx, 'tr'));
  // Two more checkers beside the supervisor (role angel: funds:approve), so that a rule of one or two checkers who
  // are not the maker can always be met.
  const [sup] = await t.database.db
    .select()
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'supervisor')));
  for (const username of ['checker2', 'checker3'])
    await t.database.db.insert(staffUser).values({
      tenantId: 'tr',
      username,
      name: username,
      role: 'angel',
      passwordHash: sup.passwordHash,
      invitationCode: username.toUpperCase(),
    });
  for (const u of ['admin', 'supervisor', 'checker2', 'checker3']) token[u] = (await login(t.app, u)).access_token;
});
afterAll(() => t?.close());

const one = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows[0] as T;
const count = async (q: ReturnType<typeof sql>) => Number((await one<{ n: number }>(q)).n);

/** A new client with 500.00 USD (a client's own deposit, approved by the administrator) and a CNY neighbour account. */
async function fundedClient() {
  const [admin] = await t.database.db
    .select()
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'admin')));
  return withRetry(t.database.db, async (tx) => {
    const c = await createClient(tx, 'tr', { username: `race${randomBytes(4).toString('hex')}`, agentId: null });
    const usd = (await openAccount(tx, 'tr', c.id, 'USD')).id;
    const other = (await openAccount(tx, 'tr', c.id, 'CNY')).id;
    const d = await createDeposit(tx, bySystem('tr'), c.id, { account_id: usd, amount: '500.00' });
    await auditDeposit(tx, byStaff({ id: admin.id, tenantId: 'tr', role: admin.role }), d.id, 'approved');
    return { clientId: c.id, usd, other };
  });
}

const balances = async (ids: number[]) =>
  (
    await t.database.db.execute(
      sql`SELECT id, balance::text AS balance, frozen::text AS frozen FROM account WHERE id IN ${ids} ORDER BY id`,
    )
  ).rows;

/** What N parallel approvals answered: executions (200, the record approved), first checks (200, still pending), 409s. */
interface RaceResult {
  executed: number;
  checked: number;
  refused: number;
  total: number;
}

/**
 * N approvals at once from two checkers who are not the maker (admin). When the rule asks two checkers and the round
 * ended with only a first check (200, the record still pending), a second round of N from a third checker completes
 * it. Every answer is a 200 or a 409 (invalid_state: resolved already; already_decided: this checker decided).
 */
async function approveRace(method: 'PUT' | 'POST', url: string): Promise<RaceResult> {
  const out: RaceResult = { executed: 0, checked: 0, refused: 0, total: 0 };
  const round = async (checkers: string[]) => {
    const res = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        call(t.app, method, url, { token: token[checkers[i % checkers.length]], body: { status: 'approved' } }),
      ),
    );
    for (const r of res) {
      out.total++;
      if (r.statusCode === 200 && r.json().status === 'approved') out.executed++;
      else if (r.statusCode === 200 && r.json().status === 'pending') out.checked++;
      else if (r.statusCode === 409 && /^(invalid_state|already_decided)$/.test(r.json().code)) out.refused++;
      else throw new Error(`unexpected answer ${r.statusCode} ${r.body}`);
    }
  };
  await round(['supervisor', 'checker2']);
  if (!out.executed && out.checked) await round(['checker3']);
  return out;
}

const cents = (s: unknown) => Math.round(Number(s) * 100);
const auditRows = (action: string, id: number, result: string) =>
  count(sql`SELECT count(*)::int AS n FROM audit_log
    WHERE action = ${action} AND target_id = ${String(id)} AND result = ${result}`);

describe(`${N} parallel approvals of one record`, () => {
  // 12.34 needs one checker under the built-in tiers; 15,000.00 (above the large amount) two.
  for (const amount of ['12.34', '15000.00'])
    it(`a deposit of ${amount} made by one staff member: executed once (one ledger txn, one audit success), the rest 409`, async () => {
      const c = await fundedClient();
      const made = await call(t.app, 'POST', `/api/deposit/admin/v2/specialized/${c.clientId}`, {
        token: token.admin,
        body: { account_id: c.usd, amount, sub_type: 'bank' },
      });
      expect(made.statusCode).toBe(200);
      const id = made.json().id as number;
      const before = await balances([c.usd, c.other]);

      const race = await approveRace('PUT', `/api/deposit/admin/v1/audit/${id}`);
      expect(race.executed).toBe(1);
      expect(race.checked).toBeLessThanOrEqual(1); // a first checker's approval when two are needed
      expect(race.refused).toBe(race.total - 1 - race.checked);

      expect(
        await count(sql`SELECT count(*)::int AS n FROM ledger_txn WHERE ref_type = 'deposit' AND ref_id = ${id}`),
      ).toBe(1);
      const status = await one<{ status: string }>(sql`SELECT status FROM deposit_record WHERE id = ${id}`);
      expect(status.status).toBe('approved');
      const after = await balances([c.usd, c.other]);
      expect(cents(after[0].balance) - cents(before[0].balance)).toBe(cents(amount));
      expect(after[1]).toEqual(before[1]); // the neighbour account does not move
      // One audit row of success per 200 (the execution, and a first check when two are needed); each 409 one failure.
      expect(await auditRows('deposit.approve', id, 'success')).toBe(race.executed + race.checked);
      expect(await auditRows('deposit.approve', id, 'failure')).toBe(race.refused);
    });

  it("a client's withdrawal: paid out once (one payout txn, one audit success), the rest 409", async () => {
    const c = await fundedClient();
    const w = await withRetry(t.database.db, (tx) =>
      requestWithdrawal(tx, bySystem('tr'), c.clientId, { account_id: c.usd, amount: '7.65' }),
    );
    const before = await balances([c.usd, c.other]);
    const race = await approveRace('POST', `/api/withdraw/admin/v1/audit/${w.id}`);
    expect(race.executed).toBe(1);
    expect(race.refused).toBe(race.total - 1 - race.checked);
    // The request froze the money (one txn); the approval paid it out (one more).
    expect(
      await count(sql`SELECT count(*)::int AS n FROM ledger_txn WHERE ref_type = 'withdraw' AND ref_id = ${w.id}`),
    ).toBe(2);
    const after = await balances([c.usd, c.other]);
    expect(cents(before[0].frozen) - cents(after[0].frozen)).toBe(765);
    expect(after[0].balance).toBe(before[0].balance);
    expect(after[1]).toEqual(before[1]);
    expect(await auditRows('withdraw.approve', w.id, 'success')).toBe(race.executed + race.checked);
    expect(await auditRows('withdraw.approve', w.id, 'failure')).toBe(race.refused);
  });
});

describe('parallel refreshes with one refresh token', () => {
  it('ten at once: all 200 with one successor, one session, one new token; reuse after the grace revokes', async () => {
    const first = await login(t.app, 'sales');
    const sid = JSON.parse(Buffer.from(first.access_token.split('.')[1], 'base64url').toString()).sid as string;
    const all = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, 'POST', REFRESH, { token: first.refresh_token })),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const successors = new Set(all.map((r) => r.json().refresh_token));
    expect(successors.size).toBe(1);
    const sids = new Set(
      all.map((r) => JSON.parse(Buffer.from(r.json().access_token.split('.')[1], 'base64url').toString()).sid),
    );
    expect([...sids]).toEqual([sid]);
    const rows = await t.database.db.select().from(refreshToken).where(eq(refreshToken.sessionId, sid));
    expect(rows).toHaveLength(2); // the spent one and its one successor
    const [next] = successors;
    expect((await call(t.app, 'POST', REFRESH, { token: next })).statusCode).toBe(200);

    await t.database.db.execute(
      sql`UPDATE refresh_token SET used_at = now() - interval '31 seconds' WHERE token_hash = ${sha256(first.refresh_token)}`,
    );
    // Parallel reuse after the grace: every one refused, the session revoked.
    const late = await Promise.all(
      Array.from({ length: 5 }, () => call(t.app, 'POST', REFRESH, { token: first.refresh_token })),
    );
    expect(late.map((r) => r.statusCode)).toEqual(Array(5).fill(401));
    const [session] = await t.database.db.select().from(authSession).where(eq(authSession.id, sid));
    expect(session.revokeReason).toBe('refresh_reuse');
    expect((await call(t.app, 'GET', USERINFO, { token: all[0].json().access_token })).statusCode).toBe(401);
  });
});

describe('second factor presented in parallel', () => {
  let secret: string;
  let codes: string[];
  let leaderId: number;

  beforeAll(async () => {
    const { access_token } = await login(t.app, 'leader');
    const start = await call(t.app, 'POST', '/api/user/v1/mfa/bind/start', { token: access_token });
    secret = new URL(start.json().otpauth_uri).searchParams.get('secret')!;
    const bound = await call(t.app, 'POST', '/api/user/v1/mfa/bind/verify', {
      token: access_token,
      body: { code: totp(secret) },
    });
    expect(bound.statusCode).toBe(200);
    const rc = await call(t.app, 'POST', '/api/user/v1/mfa/recovery_codes', { token: access_token });
    codes = rc.json().recovery_codes;
    const [u] = await t.database.db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'leader')));
    leaderId = u.id;
  });

  /** K pending sign-ins of the MFA user (the password is known: what the second factor is for). */
  const pendings = async (k: number) => {
    const out: string[] = [];
    for (let i = 0; i < k; i++) {
      const p = await login(t.app, 'leader');
      expect(p.mfa).toBe(true);
      out.push(p.access_token);
    }
    return out;
  };
  const sessionsOf = async () =>
    count(sql`SELECT count(*)::int AS n FROM auth_session s JOIN staff_user u ON u.id = s.user_id
      WHERE u.username = 'leader' AND u.tenant_id = 'tr' AND s.revoked_at IS NULL
        AND EXISTS (SELECT 1 FROM refresh_token r WHERE r.session_id = s.id)`);
  /** Forgets the last accepted step, so the current code is unused again (each race starts from a fresh code). */
  const freshCode = async () => {
    await t.database.db.update(staffUser).set({ mfaLastStep: null }).where(eq(staffUser.id, leaderId));
    return totp(secret);
  };
  const verifyAll = (tokens: string[], body: (i: number) => object) =>
    Promise.all(tokens.map((tk, i) => call(t.app, 'POST', VERIFY, { token: tk, body: body(i) })));

  it('one TOTP code in 10 parallel sign-ins: exactly one succeeds, the replays are 401 mfa_invalid', async () => {
    const before = await sessionsOf();
    const tokens = await pendings(10);
    const code = await freshCode();
    const res = await verifyAll(tokens, () => ({ code }));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of res.filter((r) => r.statusCode !== 200))
      expect([r.statusCode, r.json().code]).toEqual([401, 'mfa_invalid']);
    expect(await sessionsOf()).toBe(before + 1);
  });

  it('one TOTP code sent 10 times at once with one pending token: exactly one succeeds', async () => {
    const before = await sessionsOf();
    const [pending] = await pendings(1);
    const code = await freshCode();
    const res = await verifyAll(Array(10).fill(pending), () => ({ code }));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await sessionsOf()).toBe(before + 1);
  });

  it('one recovery code in 10 parallel sign-ins: exactly one succeeds, the code is spent once', async () => {
    const before = await sessionsOf();
    const res = await verifyAll(await pendings(10), () => ({ recovery_code: codes[0] }));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of res.filter((r) => r.statusCode !== 200))
      expect([r.statusCode, r.json().code]).toEqual([401, 'mfa_invalid']);
    expect(await sessionsOf()).toBe(before + 1);
    const used = await count(sql`SELECT count(*)::int AS n FROM recovery_code r JOIN staff_user u ON u.id = r.user_id
      WHERE u.username = 'leader' AND u.tenant_id = 'tr' AND r.used_at IS NOT NULL`);
    expect(used).toBe(1);
  });

  it('one pending token with different valid factors at once (recovery codes, a code): one session only', async () => {
    const before = await sessionsOf();
    const [pending] = await pendings(1);
    const code = await freshCode();
    const res = await verifyAll(Array(6).fill(pending), (i) => (i === 5 ? { code } : { recovery_code: codes[1 + i] }));
    const winners = res.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const r of res.filter((r) => r.statusCode !== 200)) expect(r.statusCode).toBe(401);
    expect(await sessionsOf()).toBe(before + 1);
    // Only the winner's factor is spent: the losers' recovery codes and code rolled back with their transaction.
    const spent = await count(sql`SELECT count(*)::int AS n FROM recovery_code
      WHERE user_id = ${leaderId} AND used_at IS NOT NULL`);
    const [u] = await t.database.db.select().from(staffUser).where(eq(staffUser.id, leaderId));
    if (winners[0] === 5) expect([spent, u.mfaLastStep === null]).toEqual([1, false]);
    else expect([spent, u.mfaLastStep]).toEqual([2, null]);
  });
});
