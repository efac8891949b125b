import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it (both speak PostgreSQL). */
export type Db = ReturnType<typeof drizzlePg<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  close(): Promise<void>;
}

/**
 * The database role the API's queries run as (migration 0015_app_role): it owns nothing (no DDL, no disabling a
 * trigger), may not TRUNCATE, only reads and appends the audit trail, only reads the ledger, and changes account
 * aggregates only through the owner's `ledger_post()`. Migrations run as the owner.
 */
export const APP_ROLE = 'bo_app';

export interface OpenOptions {
  /**
   * PostgreSQL: the owner's connection string, which migrations run with (DATABASE_OWNER_URL); `url` is then the
   * API's own login (bo_app or a member of it). Unset: `url` is the owner's, migrations run with it and the API signs
   * in as bo_app on the same server and database.
   */
  ownerUrl?: string;
  /** The password bo_app signs in with when its login is derived from `url` (DATABASE_APP_PASSWORD); unset: none. */
  appPassword?: string;
  /**
   * In-memory PGlite only: what it starts from, as the test harness keeps them. `loadDataDir`: a `dumpDataDir()`
   * tarball of an already migrated database, instead of an empty cluster (the migrations then add only what it
   * lacks); `pgliteWasmModule` and `fsBundle`: PGlite's own, compiled and read once per process, not per database.
   */
  pglite?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'fsBundle'>;
}

/** The hand-written SQL migrations with their journal (meta/_journal.json). */
export const migrationsFolder = resolve(fileURLToPath(new URL('.', import.meta.url)), 'migrations');

/**
 * Opens the database, applies migrations as the owner and answers a handle whose queries run as bo_app.
 * `url` unset: embedded PGlite kept in `dataDir/pgdata`; 'memory://': in-memory PGlite; otherwise a PostgreSQL
 * connection string (see OpenOptions for which role it names).
 */
export async function openDatabase(
  url: string | undefined,
  dataDir: string,
  poolSize = 20,
  opts: OpenOptions = {},
): Promise<Database> {
  if (!url || url.startsWith('memory://')) {
    let dir: string | undefined;
    if (!url) {
      dir = join(dataDir, 'pgdata');
      mkdirSync(dir, { recursive: true });
    }
    const client = dir ? new PGlite(dir) : new PGlite({ ...opts.pglite });
    try {
      const db = drizzlePglite(client, { schema });
      await migratePglite(db, { migrationsFolder });
      // One connection, opened as the superuser: after the migrations it takes the app's role for good, so the API's
      // queries meet the same grants as on PostgreSQL. (Not a wall: the session's user may take its role back; a
      // hostile query cannot reach it through the API's parameterised queries. See docs/security.md.)
      await client.exec(`SET ROLE ${APP_ROLE}`).catch((error: Error) => {
        throw new Error(
          `${error.message}: the database lacks migration 0015_app_role (it was migrated by a build that had later ` +
            'migrations but not this one): recreate it',
          { cause: error },
        );
      });
      await assertAppRole(db as unknown as Db);
      return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
  }

  await migrateAsOwner(opts.ownerUrl || url);
  const appUrl = opts.ownerUrl ? url : appLoginOf(url, opts.appPassword);
  const pool = new pg.Pool({ connectionString: appUrl, max: poolSize });
  // An idle connection that the server ends (restart, admin command) is dropped from the pool and replaced on the
  // next query; without a listener its error would be thrown and end the process.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema });
  try {
    await assertAppRole(db, !opts.ownerUrl);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return { db, kind: 'pg', close: () => pool.end() };
}

/** Applies the migrations on one connection of the owner, closed before the API's pool opens. */
export async function migrateAsOwner(ownerUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl, application_name: 'bo-migrate' });
  await client.connect();
  try {
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end().catch(() => {});
  }
}

/** The owner's URL with bo_app (and its configured password, if any) as the user. */
export function appLoginOf(ownerUrl: string, password?: string): string {
  let u: URL;
  try {
    u = new URL(ownerUrl);
  } catch {
    throw new Error('DATABASE_URL must be a postgres:// URL (or set DATABASE_OWNER_URL and the app login separately)');
  }
  u.username = APP_ROLE;
  u.password = password ? encodeURIComponent(password) : '';
  return u.toString();
}

/**
 * Refuses a handle whose queries would not run as the app's role: a superuser, a role that owns (or is a member of
 * the owner of) a table, or one without bo_app's privileges.
 */
async function assertAppRole(db: Db, derived = false): Promise<void> {
  let row: { role: string; superuser: boolean; member: boolean; owned: number };
  try {
    const res = await db.execute(sql`
      SELECT current_user AS role, r.rolsuper AS superuser,
        pg_has_role(current_user, ${APP_ROLE}, 'USAGE') AS member,
        (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND pg_has_role(current_user, c.relowner, 'USAGE'))::int AS owned
      FROM pg_roles r WHERE r.rolname = current_user`);
    row = res.rows[0] as typeof row;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      derived
        ? `the API could not sign in as ${APP_ROLE} (${why}): give ${APP_ROLE} a password (ALTER ROLE ${APP_ROLE} PASSWORD ...) ` +
            'and set DATABASE_APP_PASSWORD, or set DATABASE_OWNER_URL for migrations and point DATABASE_URL at the ' +
            `API's login (README, Production)`
        : `the API's database login failed: ${why}`,
      { cause: error },
    );
  }
  const problems = [
    row.superuser && 'is a superuser',
    Number(row.owned) > 0 && `owns ${row.owned} tables`,
    !row.member && `lacks the privileges of ${APP_ROLE}`,
  ].filter(Boolean);
  if (problems.length) {
    throw new Error(
      `the API's database role "${row.role}" ${problems.join(', ')}: migrations run as the owner ` +
        `(DATABASE_OWNER_URL, or DATABASE_URL alone), the API as ${APP_ROLE} or a member of it (README, Production)`,
    );
  }
}
