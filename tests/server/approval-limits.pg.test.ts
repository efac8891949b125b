/**
 * Split credits raced (issue 18, docs/security.md "Maker-checker on money"): 50 compensations of 999.99 sent at once
 * on PostgreSQL, to one client under a client limit, and by one maker to 50 clients under a maker limit. The day's
 * count is read under the client's row lock and the maker's advisory lock, so at most what the limit allows is
 * credited at once and every other credit waits for a checker; the balances are exact and a neighbour is unchanged.
 * Runs only with DATABASE_URL (vitest.server.config.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalPolicy } from '../../server/db/schema';
import { call, login, makeTestApp, type TestApp } from './helpers';
import { makeClient, type LedgerFixture } from './ledger-helpers';

if (!process.env.DATABASE_URL) {
  throw new Error(
    'approval-limits.pg.test.ts needs PostgreSQL: set DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test)',
  );
}

const N = 50;
let t: TestApp;
const token: Record<string, string> = {};
let sales: number;
let n = 0;

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

/** The compensation tier of USD with its limits (set directly: the policy change itself is tested elsewhere). */
async function limits(maker: string, client: string) {
  const values = {
    enabled: true,
    oneCheckerFrom: '1000',
    twoCheckersFrom: '10000',
    makerDailyLimit: maker,
    clientDailyLimit: client,
  };
  await t.database.db
    .insert(approvalPolicy)
    .values({ tenantId: 'tr', kind: 'compensation', currency: 'USD', ...values })
    .onConflictDoUpdate({
      target: [approvalPolicy.tenantId, approvalPolicy.kind, approvalPolicy.currency],
      set: values,
    });
}

const fresh = () =>
  makeClient({ db: t.database.db, tenantId: 'tr' } as LedgerFixture, `lim_${++n}_${Date.now() % 1e6}`, sales, ['USD']);

const compensate = (maker: string, clientId: number, accountId: number) =>
  call(t.app, 'POST', `/api/overdrawn/admin/v1/compensation/${clientId}`, {
    token: token[maker],
    body: { account_id: accountId, amount: '999.99' },
  });

const balance = async (id: number) =>
  (await rows<{ b: string }>(sql`SELECT balance::text AS b FROM account WHERE id = ${id}`))[0].b;

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  for (const u of ['admin', 'supervisor']) token[u] = (await login(t.app, u)).access_token;
  sales = Number(
    (await rows<{ id: number }>(sql`SELECT id FROM staff_user WHERE tenant_id = 'tr' AND username = 'sales'`))[0].id,
  );
});
afterAll(() => t?.close());

describe('50 parallel credits of 999.99', () => {
  it('to one client under a client limit of 5,000: five credited, 45 pending, the balance exact', async () => {
    await limits('1000000', '5000');
    const [c, neighbour] = [await fresh(), await fresh()];
    const before = await balance(neighbour.acc.USD);
    const answers = await Promise.all(Array.from({ length: N }, () => compensate('admin', c.clientId, c.acc.USD)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    const statuses = answers.map((a) => a.json().status as string);
    expect(statuses.filter((s) => s === 'approved')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(N - 5);
    expect(await balance(c.acc.USD)).toBe('4999.95');
    expect(await balance(neighbour.acc.USD)).toBe(before);
    const [open] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM approval a JOIN overdrawn_record r ON a.target_type = 'overdrawn_record'
          AND a.target_id = r.id WHERE r.client_id = ${c.clientId} AND a.status = 'pending'`,
    );
    expect(Number(open.n)).toBe(N - 5);
  });

  it('by one maker (who made nothing yet today) to 50 clients under a maker limit of 3,000: three credited, 47 pending', async () => {
    await limits('3000', '1000000');
    const clients = [];
    for (let i = 0; i < N; i++) clients.push(await fresh());
    const neighbour = await fresh();
    const answers = await Promise.all(clients.map((c) => compensate('supervisor', c.clientId, c.acc.USD)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    const credited = answers.filter((a) => a.json().status === 'approved');
    expect(credited).toHaveLength(3);
    const balances = await Promise.all(clients.map((c) => balance(c.acc.USD)));
    expect(balances.filter((b) => b === '999.99')).toHaveLength(3);
    expect(balances.filter((b) => b === '0.00')).toHaveLength(N - 3);
    expect(await balance(neighbour.acc.USD)).toBe('0.00');
  });
});
