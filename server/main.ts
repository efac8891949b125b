import { existsSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { tenant } from './db/schema';
import { DEMO_STAFF, TENANTS, seed } from './db/seed';
import { seedClientExtras } from './db/seed-client';
import { seedFunds } from './db/seed-funds';
import { seedKycDocuments } from './db/seed-kyc';
import { createStorage } from './storage';
import type { Db } from './db/client';

/** Demo clients per tenant: a few hundred in the default deployment, a few in the others. */
const DEMO_CLIENTS: Record<string, number> = { tr: 300 };

/** Seeds staff, then clients with accounts and records through the ledger, printing progress. */
async function seedDemo(db: Db, config: ReturnType<typeof loadConfig>) {
  console.log('Seeding demo data (first start only)...');
  await seed(db, config);
  for (const t of TENANTS) {
    const started = Date.now();
    const { clients } = await seedFunds(db, t.id, { clients: DEMO_CLIENTS[t.id] ?? 30 });
    await seedClientExtras(db, t.id);
    await seedKycDocuments(db, createStorage(config), t.id);
    console.log(
      `  tenant ${t.id}: ${clients} clients with accounts and records (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
}

/** Starts the API (and the built console) on config.port; seeds demo data on an empty database. */
async function main() {
  // A .env file beside package.json, when present (see .env.example); real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const app = await buildApp(config);
  const [{ n }] = await app.db.select({ n: count() }).from(tenant);
  const seeded = config.seedDemo && n === 0;
  if (seeded) await seedDemo(app.db, config);

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const database = config.databaseUrl
    ? `PostgreSQL ${config.databaseUrl.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@')}`
    : `embedded PGlite in ${config.dataDir}/pgdata`;
  console.log(`\nBack office running at ${url}  (API ${url}/api, OpenAPI ${url}/docs)`);
  console.log(`Database: ${database}${seeded ? ' (demo data seeded)' : ''}`);
  if (!config.captcha) console.log('Captcha: OFF (AUTH_CAPTCHA=off, for automated tests only)');
  if (config.seedDemo) {
    console.log(
      `\nDemo staff in every tenant (${TENANTS.map((t) => t.id).join(', ')}), password "${config.demoPassword}":`,
    );
    console.log(`  ${'username'.padEnd(12)}${'role'.padEnd(10)}team leader`);
    for (const s of DEMO_STAFF)
      console.log(`  ${s.username.padEnd(12)}${s.role.padEnd(10)}${'leader' in s ? s.leader : ''}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
