/**
 * A migrated, empty database that no other test file uses: in-memory PGlite started from the run's migrated image,
 * or, when DATABASE_URL is set, a new PostgreSQL database `bo_t_<random>` copied from the run's migrated template
 * (both made once per run by tests/server/database.global.ts), dropped by `drop()`. Without that global setup (another
 * config, or outside vitest: the benches start the e2e harness with tsx) it migrates from scratch. Every API test file
 * gets its database here (makeTestApp, ledgerFixture).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';

export interface FreshDatabase {
  database: Database;
  /** PostgreSQL: the owner's URL of the database (tests/server/helpers.ts asOwner). */
  url?: string;
  /** Drops the database (PostgreSQL; close `database` first). */
  drop(): Promise<void>;
}

let image: Blob | undefined;

/** What the run's global setup provided, or undefined outside vitest (bench/console-timing.ts, bench/bundle-size.ts). */
function provided<K extends 'pgliteImage' | 'pgTemplate'>(key: K): ReturnType<typeof inject<K>> | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** The migrated PGlite image of this run, read once per file. */
function pgliteImage(): Blob | undefined {
  const path = provided('pgliteImage');
  if (path && !image) image = new Blob([readFileSync(path)]);
  return image;
}

/** A migrated in-memory PGlite database (whatever DATABASE_URL says), started from the run's image. */
export const pgliteDatabase = (dataDir: string): Promise<Database> =>
  openDatabase('memory://', dataDir, undefined, { pgliteImage: pgliteImage() });

/** A fresh migrated database; `poolSize` matters on PostgreSQL only. */
export async function freshDatabase(dataDir: string, poolSize = 5): Promise<FreshDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { database: await pgliteDatabase(dataDir), drop: async () => {} };
  const name = `bo_t_${randomBytes(6).toString('hex')}`;
  const template = provided('pgTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString(), dataDir, poolSize);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // pool.end() resolves before its connections have left the server; a FORCE drop would kill them mid-goodbye
      // (FATAL 57P01 reaching a client that no longer listens). Wait for them to go (up to 5 s), then drop.
      for (let i = 0; i < 100; i++) {
        const open = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
