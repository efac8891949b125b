import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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

const migrationsFolder = resolve(fileURLToPath(new URL('.', import.meta.url)), 'migrations');

/**
 * Opens the database and applies migrations. `url` unset: embedded PGlite kept in `dataDir/pgdata`;
 * 'memory://': in-memory PGlite; otherwise a PostgreSQL connection string.
 */
export async function openDatabase(url: string | undefined, dataDir: string, poolSize = 20): Promise<Database> {
  if (!url || url.startsWith('memory://')) {
    let dir: string | undefined;
    if (!url) {
      dir = join(dataDir, 'pgdata');
      mkdirSync(dir, { recursive: true });
    }
    const client = dir ? new PGlite(dir) : new PGlite();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server ends (restart, admin command) is dropped from the pool and replaced on the
  // next query; without a listener its error would be thrown and end the process.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return { db, kind: 'pg', close: () => pool.end() };
}
