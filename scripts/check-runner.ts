/**
 * What the database check scripts share: open the configured database (DATABASE_URL, else the embedded PGlite in
 * DATA_DIR; a missing embedded database is an error, not an empty one to call sound), run the check, print its report.
 * Exit code 0 when sound, 1 on a finding, 2 when the check could not run. The result (sound or not, the report's first
 * line, the time) is kept in `ops_check` under `key`, where /metrics reads it (server/core/metrics.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';

/** The checks whose last result is kept (ops_check.name). */
export type CheckKey = 'ledger_check' | 'audit_verify';

/** Keeps a check's result for /metrics; a database without the table (before migration 0032) only warns. */
export async function recordCheck(db: Database['db'], key: CheckKey, ok: boolean, text: string): Promise<void> {
  const summary = text.split('\n')[0].slice(0, 500);
  await db
    .execute(
      sql`INSERT INTO ops_check (name, ok, summary, at) VALUES (${key}, ${ok}, ${summary}, now())
        ON CONFLICT (name) DO UPDATE SET ok = excluded.ok, summary = excluded.summary, at = excluded.at`,
    )
    .catch((e: Error) => console.error(`the result was not recorded for /metrics: ${e.message}`));
}

export function runCheck(
  name: string,
  key: CheckKey,
  check: (db: Database['db']) => Promise<{ ok: boolean; text: string }>,
): void {
  const main = async (): Promise<number> => {
    const config = loadConfig();
    if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pgdata'))) {
      console.error(`no database at ${join(config.dataDir, 'pgdata')}: set DATA_DIR or DATABASE_URL`);
      return 2;
    }
    // As the API's role (bo_app): the checks only read, and see what the API sees.
    const database = await openDatabase(config.databaseUrl, config.dataDir, 2, {
      ownerUrl: config.databaseOwnerUrl,
      appPassword: config.databaseAppPassword,
    });
    try {
      const { ok, text } = await check(database.db);
      console.log(text);
      await recordCheck(database.db, key, ok, text);
      return ok ? 0 : 1;
    } finally {
      await database.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(`${name} could not run:`, e instanceof Error ? e.message : e);
      process.exit(2);
    },
  );
}
