/**
 * `npm run ledger:check`: verifies every ledger invariant on the current database (DATABASE_URL, else the
 * embedded PGlite in DATA_DIR) and prints a report. Exit code 0 when sound, 1 on any violation, 2 on error (also when
 * the embedded database does not exist: nothing was checked).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { checkLedger, formatReport } from '../server/ledger/check';

async function main(): Promise<number> {
  const config = loadConfig();
  // Opening a missing embedded database would create an empty one and call it sound.
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pgdata'))) {
    console.error(`no database at ${join(config.dataDir, 'pgdata')}: set DATA_DIR or DATABASE_URL`);
    return 2;
  }
  const database = await openDatabase(config.databaseUrl, config.dataDir, 2);
  try {
    const report = await checkLedger(database.db);
    console.log(formatReport(report));
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error('ledger check could not run:', e instanceof Error ? e.message : e);
    process.exit(2);
  },
);
