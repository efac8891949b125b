/**
 * Fixtures for the ledger suites: a fresh database per file (in-memory PGlite, or a new PostgreSQL database
 * `bo_t_<random>` when DATABASE_URL is set, dropped afterwards), one tenant with the demo staff hierarchy
 * (inserted directly: these suites do not sign in), rates, and a few clients with accounts.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';
import { staffUser, tenant } from '../../server/db/schema';
import { withRetry } from '../../server/core/retry';
import { type Tx } from '../../server/core/db';
import { createClient, openAccount } from '../../server/modules/client/service';
import type { StaffScope } from '../../server/core/scope';
import { seedRates } from '../../server/db/seed-funds';

export interface LedgerFixture {
  database: Database;
  db: Database['db'];
  tenantId: string;
  staff: Record<'admin' | 'supervisor' | 'leader' | 'leader2' | 'sales' | 'sales2' | 'sales3', StaffScope>;
  close(): Promise<void>;
}

/** A database nobody else uses. `poolSize` matters on PostgreSQL only. */
export async function freshDatabase(
  poolSize = 5,
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { database: await openDatabase('memory://', '/tmp/bo-ledger-test'), drop: async () => {} };
  const name = `bo_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString(), '/tmp/bo-ledger-test', poolSize);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // Without FORCE first: closed pool connections may still be exiting, and FORCE would send them a FATAL
      // that surfaces as an unhandled error in the test run.
      for (let i = 0; ; i++) {
        try {
          await c.query(i < 50 ? `DROP DATABASE IF EXISTS ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== '55006' || i >= 50) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
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
  const { database, drop } = await freshDatabase(poolSize);
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
