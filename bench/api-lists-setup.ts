/**
 * bench/api-lists.ts's set-up: its options, the bench database (`BENCH_DB`) and the app's configuration on it, and the
 * database's preparation (migrations, demo staff, the bulk seed, VACUUM ANALYZE, the ledger check).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seed } from '../server/db/seed';
import { checkLedger, formatReport } from '../server/ledger/check';
import { seedLarge } from './seed-large';

/** The bench database: `BENCH_DB` (a database name on DATABASE_URL's server, or a full postgres:// URL), default bo_bench. */
export const BENCH_DB = process.env.BENCH_DB || 'bo_bench';
export const DEMO_PASSWORD = 'Demo@2026';
/** Fixed so a reused database's staff hashes stay valid across runs (bench data only, not a secret). */
export const BENCH_PEPPER = 'bench-only-pepper-not-a-secret-0123456789';
export const BUDGET_P99_MS = 50;
export const DEEP_RATIO = 1.2;

/** What a run learns on its way that the reports say: the server's version, the load average, the writer's tokens. */
export const run: {
  pgVersion: string;
  loadStart: number;
  writerTokens: { admin: string; supervisor: string } | undefined;
} = { pgVersion: '', loadStart: 0, writerTokens: undefined };

export const argv = process.argv.slice(2);
export const flag = (name: string) => argv.includes(`--${name}`);
export const opt = (name: string, d: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : d;
};

export const baseUrl = /^postgres(ql)?:/.test(BENCH_DB)
  ? BENCH_DB.replace(/\/[^/?]*(\?|$)/, '/postgres$1')
  : process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
export const DB_NAME = /^postgres(ql)?:/.test(BENCH_DB) ? new URL(BENCH_DB).pathname.slice(1) : BENCH_DB;
export const benchUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

export const benchConfig = (jwtSecret: string) =>
  loadConfig(
    { NODE_ENV: 'development', DEMO_PASSWORD, DATA_DIR: '/tmp/bo-bench-data' },
    {
      databaseUrl: benchUrl,
      captcha: false,
      jwtSecret,
      passwordPepper: BENCH_PEPPER,
      accessTokenTtlSec: 3600,
      loginRateLimitPerMin: 100_000,
      staticDir: undefined,
      seedDemo: false,
    },
  );

// ---------------------------------------------------------------------------------------------------------------
// Database

export async function prepareDatabase(size: {
  clients: number;
  deposits: number;
}): Promise<{ seededIn: number | null }> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DB_NAME])).rowCount === 1;
  let reuse = false;
  if (exists && !flag('reseed')) {
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    try {
      const r = await c.query(`SELECT (SELECT count(*) FROM client WHERE tenant_id = 'tr')::int AS clients,
        (SELECT count(*) FROM deposit_record)::int AS deposits`);
      // the statistics cases add a few deposits of their own through the API (deposits approved meanwhile)
      reuse = r.rows[0].clients === size.clients && r.rows[0].deposits >= size.deposits;
    } catch {
      reuse = false;
    } finally {
      await c.end();
    }
  }
  if (!reuse) {
    if (exists) await admin.query(`DROP DATABASE ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
  }
  await admin.end();

  // Migrations (new ones apply to a reused database too) and the demo staff.
  const config = benchConfig('unused');
  const database = await openDatabase(benchUrl, config.dataDir, 2);
  await seed(database.db, config);
  let seededIn: number | null = null;
  if (!reuse) {
    console.log(`seeding ${size.clients} clients and ${size.deposits} deposits into ${DB_NAME}...`);
    const t0 = Date.now();
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    try {
      await seedLarge(c, size, console.log);
    } finally {
      await c.end();
    }
    // The bulk load ran with triggers off: the dashboard's kept sums are built from the records once.
    const t2 = Date.now();
    await database.db.execute(sql`SELECT stat_rebuild('tr')`);
    await database.db.execute(sql`ANALYZE stat_client, stat_money, stat_balance, stat_order, stat_order_day`);
    console.log(`  statistics rebuilt in ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    seededIn = (Date.now() - t0) / 1000;
    console.log(`seeded in ${seededIn.toFixed(0)} s`);
    if (!flag('skip-check')) {
      const t1 = Date.now();
      const report = await checkLedger(database.db);
      console.log(formatReport(report));
      console.log(`ledger check in ${((Date.now() - t1) / 1000).toFixed(0)} s`);
      if (!report.ok) throw new Error('the bench data breaks a ledger invariant');
    }
  } else {
    console.log(`reusing ${DB_NAME} (${size.clients} clients, ${size.deposits} deposits); --reseed to rebuild`);
    // Migrations may have rewritten rows since the seed (backfills): the visibility map and statistics as a freshly
    // seeded (or autovacuumed) database has them, so figures do not depend on when autovacuum last ran.
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    try {
      await c.query(`VACUUM (ANALYZE) client, account, deposit_record, ledger_txn, ledger_entry, stat_client, stat_money,
        stat_balance, stat_order, stat_order_day`);
    } finally {
      await c.end();
    }
  }
  await database.close();
  return { seededIn };
}
