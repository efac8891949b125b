/**
 * Fixture of the client suites: a seeded app, a handful of clients in tenant tr spread over the demo agents
 * (and one in tenant pl), the drawer tabs' demo data, and an access token per demo staff member.
 */
import { and, desc, eq } from 'drizzle-orm';
import { seedClientExtras } from '../../server/db/seed-client';
import { auditLog, staffUser } from '../../server/db/schema';
import { withRetry } from '../../server/core/retry';
import { createClient, openAccount } from '../../server/modules/client/service';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config';
import { call, login, makeTestApp, type TestApp } from './helpers';

export const STAFF = ['admin', 'supervisor', 'leader', 'leader2', 'sales', 'sales2', 'sales3'] as const;
export type StaffName = (typeof STAFF)[number];

/** username -> [agent, currencies, fake] */
const CLIENTS = {
  c_sales: ['sales', ['USD', 'CNY'], false],
  c_sales_b: ['sales', ['USD'], false],
  c_noacc: ['sales', [], false],
  r_sales: ['sales', ['USD'], true],
  c_sales2: ['sales2', ['USD', 'EUR'], false],
  c_sales3: ['sales3', ['USD'], false],
  c_leader: ['leader', ['USD'], false],
  c_nobody: [null, ['USD'], false],
} as const;
export type ClientName = keyof typeof CLIENTS;

export interface ClientFixture {
  t: TestApp;
  staffId: Record<StaffName, number>;
  tokens: Record<StaffName, string>;
  ids: Record<ClientName | 'c_pl', number>;
  close(): Promise<void>;
}

/** Builds the fixture; `logins` limits who signs in (argon2 makes each sign-in cost); `overrides` the app's config. */
export async function clientFixture(
  logins: readonly StaffName[] = STAFF,
  overrides: Partial<Config> = {},
): Promise<ClientFixture> {
  const t = await makeTestApp(overrides);
  const db = t.database.db;
  const rows = await db.select().from(staffUser).where(eq(staffUser.tenantId, 'tr'));
  const staffId = Object.fromEntries(rows.map((r) => [r.username, r.id])) as Record<StaffName, number>;
  const ids = {} as ClientFixture['ids'];
  await withRetry(db, async (tx) => {
    let vip = 0;
    for (const [username, [agentName, currencies, fake]] of Object.entries(CLIENTS)) {
      const c = await createClient(tx, 'tr', {
        username,
        fullName: `Full ${username}`,
        mobile: `1380000${String(vip).padStart(4, '0')}`,
        agentId: agentName ? staffId[agentName] : null,
        fake,
        vip: vip++ % 3,
        kycStatus: username === 'c_sales' ? 'approved' : 'unverified',
      });
      for (const cur of currencies) await openAccount(tx, 'tr', c.id, cur);
      ids[username as ClientName] = c.id;
    }
    const [plSales] = await tx
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'pl'), eq(staffUser.username, 'sales')));
    const pl = await createClient(tx, 'pl', { username: 'c_sales', agentId: plSales.id });
    await openAccount(tx, 'pl', pl.id, 'USD');
    ids.c_pl = pl.id;
  });
  await seedClientExtras(db, 'tr');
  const tokens = {} as Record<StaffName, string>;
  for (const u of logins) tokens[u] = (await login(t.app, u)).access_token;
  return { t, staffId, tokens, ids, close: () => t.close() };
}

/** The newest audit row of an action. */
export async function lastAudit(t: TestApp, action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/**
 * A client test file's fixture, made before its tests and closed after them (`suite.f`), with calls as its staff
 * (`as`) and its client ids (`id`).
 */
export function clientSuite(logins: readonly StaffName[] = STAFF) {
  const suite = {
    f: undefined as unknown as ClientFixture,
    as: (who: StaffName, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      call(suite.f.t.app, method, url, { token: suite.f.tokens[who], body }),
    id: (name: ClientName | 'c_pl') => suite.f.ids[name],
  };
  beforeAll(async () => {
    suite.f = await clientFixture(logins);
  });
  afterAll(() => suite.f?.close());
  return suite;
}

/** The sorted usernames of a list answer. */
export const usernames = (res: { json(): { data: { username: string }[] } }) =>
  res
    .json()
    .data.map((r) => r.username)
    .sort();
