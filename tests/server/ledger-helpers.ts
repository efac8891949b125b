/**
 * Fixtures for the ledger suites: a fresh database per file (tests/server/database.ts), one tenant with the demo staff hierarchy
 * (inserted directly: these suites do not sign in), rates, and a few clients with accounts.
 */
import type { Database } from '../../server/db/client';
import { staffUser, tenant } from '../../server/db/schema';
import { withRetry } from '../../server/core/retry';
import { type Tx } from '../../server/core/db';
import { createClient, openAccount } from '../../server/modules/client/service';
import type { StaffScope } from '../../server/core/scope';
import { seedRates } from '../../server/db/seed-funds';
import { freshDatabase } from './database';

export interface LedgerFixture {
  database: Database;
  db: Database['db'];
  tenantId: string;
  staff: Record<'admin' | 'supervisor' | 'leader' | 'leader2' | 'sales' | 'sales2' | 'sales3', StaffScope>;
  close(): Promise<void>;
}

const STAFF = [
  ['admin', 'god', null],
  ['supervisor', 'angel', null],
  ['leader', 'superman', null],
  ['leader2', 'superman', null],
  ['sales', 'hero', 'leader'],
  ['sales2', 'hero', 'leader'],
  ['sales3', 'hero', 'leader2'],
] as const;

/** Inserts a tenant and its demo staff hierarchy; returns the staff by username. */
export async function seedTenantStaff(db: Database['db'], tenantId: string): Promise<LedgerFixture['staff']> {
  await db.insert(tenant).values({ id: tenantId, name: tenantId.toUpperCase() }).onConflictDoNothing();
  const ids: Record<string, number> = {};
  for (const [username, role, leader] of STAFF) {
    const [row] = await db
      .insert(staffUser)
      .values({ tenantId, username, name: username, role, passwordHash: 'x', leaderId: leader ? ids[leader] : null })
      .returning({ id: staffUser.id });
    ids[username] = row.id;
  }
  return Object.fromEntries(STAFF.map(([u, role]) => [u, { id: ids[u], tenantId, role }])) as LedgerFixture['staff'];
}

/** A fresh database with tenant `t1`, its staff and the demo rates. */
export async function ledgerFixture(poolSize = 5): Promise<LedgerFixture> {
  const { database, drop } = await freshDatabase('/tmp/bo-ledger-test', poolSize);
  const tenantId = 't1';
  const staff = await seedTenantStaff(database.db, tenantId);
  await withRetry(database.db, (tx) => seedRates(tx, tenantId));
  return {
    database,
    db: database.db,
    tenantId,
    staff,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** Creates a client owned by `agentId` with accounts in `currencies`; returns the client id and account ids by currency. */
export async function makeClient(
  f: LedgerFixture,
  username: string,
  agentId: number | null,
  currencies: string[] = ['USD', 'CNY'],
): Promise<{ clientId: number; acc: Record<string, number> }> {
  return withRetry(f.db, async (tx: Tx) => {
    const c = await createClient(tx, f.tenantId, { username, agentId });
    const acc: Record<string, number> = {};
    for (const cur of currencies) acc[cur] = (await openAccount(tx, f.tenantId, c.id, cur)).id;
    return { clientId: c.id, acc };
  });
}
