/**
 * `npm run audit:verify`: recomputes the audit trail's hash chain on the current database (DATABASE_URL, else the
 * embedded PGlite in DATA_DIR) and prints a report. Exit code 0 when intact, 1 when a row was edited, deleted or
 * inserted outside the chain, 2 on error (also when the embedded database does not exist yet: nothing to verify).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { formatChainReport, verifyAuditChain } from '../server/core/audit-chain';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pgdata'))) {
    console.error(`no database at ${join(config.dataDir, 'pgdata')}: set DATA_DIR or DATABASE_URL`);
    return 2;
  }
  const database = await openDatabase(config.databaseUrl, config.dataDir, 2);
  try {
    const report = await verifyAuditChain(database.db);
    console.log(formatChainReport(report));
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error('audit verification could not run:', e instanceof Error ? e.message : e);
    process.exit(2);
  },
);
