/**
 * What the database check scripts share: open the configured database (DATABASE_URL, else the embedded PGlite in
 * DATA_DIR; a missing embedded database is an error, not an empty one to call sound), run the check, print its report.
 * Exit code 0 when sound, 1 on a finding, 2 when the check could not run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';

export function runCheck(name: string, check: (db: Database['db']) => Promise<{ ok: boolean; text: string }>): void {
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
