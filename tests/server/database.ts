/**
 * A migrated, empty database that no other test file uses: in-memory PGlite started from the run's migrated image,
 * or, when DATABASE_URL is set, a new PostgreSQL database `bo_t_<random>` copied from the run's migrated template
 * (both made once per run by tests/server/database.global.ts), dropped by `drop()`. Without that global setup (another
 * config, or outside vitest: the benches start the e2e harness with tsx) it migrates from scratch. Every API test file
 * gets its database here (makeTestApp, ledgerFixture).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type OpenOptions } from '../../server/db/client';

export interface FreshDatabase {
  database: Database;
  /** PostgreSQL: the owner's URL of the database (tests/server/helpers.ts asOwner). */
  url?: string;
  /** Drops the database (PostgreSQL; close `database` first). */
  drop(): Promise<void>;
}

/** What a PGlite database of this run starts from, read and compiled once per worker (the files share its modules). */
let pglite: Promise<NonNullable<OpenOptions['pglite']>> | undefined;

/** What the run's global setup provided, or undefined outside vitest (bench/console-timing.ts, bench/bundle-size.ts). */
function provided<K extends 'pgliteImage' | 'pgTemplate'>(key: K): ReturnType<typeof inject<K>> | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * The run's migrated PGlite image (uncompressed: no gunzip per database) with PGlite's WebAssembly module compiled and
 * its file bundle read once: a database then starts in about 0.4 s instead of 0.65.
 */
function pgliteStart(): Promise<NonNullable<OpenOptions['pglite']>> {
  pglite ??= (async () => {
    const path = provided('pgliteImage');
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      loadDataDir: path ? new Blob([readFileSync(path)]) : undefined,
      pgliteWasmModule: await WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]),
    };
  })();
  return pglite;
}

/** A migrated in-memory PGlite database (whatever DATABASE_URL says), started from the run's image. */
export const pgliteDatabase = async (dataDir: string): Promise<Database> =>
  openDatabase('memory://', dataDir, undefined, { pglite: await pgliteStart() });

/** The prefix of the PostgreSQL databases made from a run's template, which its global teardown drops. */
export const runDatabasePrefix = (template: string) => `bo_t_${template.replace(/^bo_tpl_/, '')}_`;

/** A new database copied from `template` (or empty), under a name of this run. */
async function createDatabase(base: string, template: string | undefined): Promise<string> {
  const name = `${template ? runDatabasePrefix(template) : 'bo_t_'}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * The database made ahead for the worker's next file (PostgreSQL, in a worker whose files share its modules, as
 * BO_SPARE_DATABASE says): a copy takes about 0.65 s, which the next file then does not wait for. The last one of a
 * worker is left to the global teardown, which drops every database of the run.
 */
let spare: Promise<string> | undefined;

/** A fresh migrated database; `poolSize` matters on PostgreSQL only. */
export async function freshDatabase(dataDir: string, poolSize = 5): Promise<FreshDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { database: await pgliteDatabase(dataDir), drop: async () => {} };
  const template = provided('pgTemplate');
  const ahead = spare;
  spare = undefined;
  const name = (ahead && (await ahead.catch(() => undefined))) || (await createDatabase(base, template));
  if (template && process.env.BO_SPARE_DATABASE) {
    spare = createDatabase(base, template);
    spare.catch(() => undefined); // a failed one is made again when asked for
  }
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
