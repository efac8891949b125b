import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { buildApp } from './app';
import { isDevOrTest, loadConfig } from './config';
import { tenant } from './db/schema';
import { DEMO_STAFF, TENANTS, seed, seedAdministrators } from './db/seed';
import { seedDemoTenant } from './db/seed-demo';
import { createStorage } from './storage';
import { withStartupLock } from './core/startup-lock';
import type { Db } from './db/client';

/** Demo clients per tenant: a few hundred in the default deployment, a few in the others. */
const DEMO_CLIENTS: Record<string, number> = { tr: 300 };

/** Seeds staff, then clients with accounts and records through the ledger, printing progress. */
async function seedDemo(db: Db, config: ReturnType<typeof loadConfig>) {
  console.log('Seeding demo data (first start only)...');
  await seed(db, config);
  for (const t of TENANTS) {
    const started = Date.now();
    const { clients } = await seedDemoTenant(db, createStorage(config), t.id, DEMO_CLIENTS[t.id] ?? 30);
    console.log(
      `  tenant ${t.id}: ${clients} clients with accounts and records (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
}

/**
 * Outside development/test: one administrator per tenant, who must change the password at first sign-in. A generated
 * password is printed here once and never stored in clear.
 */
async function seedFirstAdministrators(db: Db, config: ReturnType<typeof loadConfig>) {
  const admins = await seedAdministrators(db, config);
  console.log(`\nEmpty database: one administrator per tenant created (username "admin", role god).`);
  console.log('The password must be changed at the first sign-in.');
  if (config.adminPassword) {
    console.log('Password: the value of ADMIN_PASSWORD.');
    return;
  }
  console.log('Generated passwords (shown this once; not stored in clear anywhere):');
  for (const a of admins) console.log(`  tenant ${a.tenantId.padEnd(6)} ${a.username}  ${a.generatedPassword}`);
}

/**
 * Starts the API (and the built console) on config.port. On an empty database: demo data in development/test
 * (unless SEED_DEMO=off), otherwise one administrator per tenant and nothing else.
 */
async function main() {
  // A .env file beside package.json, when present (see .env.example); real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const demo = isDevOrTest(config.nodeEnv) && config.seedDemo;
  // Migrations and first-start seeding run in one process at a time (several instances may start together).
  const { app, seeded } = await withStartupLock(config.databaseUrl, async () => {
    const built = await buildApp(config);
    try {
      const [{ n }] = await built.db.select({ n: count() }).from(tenant);
      if (demo && n === 0) await seedDemo(built.db, config);
      if (!isDevOrTest(config.nodeEnv) && n === 0) await seedFirstAdministrators(built.db, config);
      return { app: built, seeded: demo && n === 0 };
    } catch (error) {
      await built.close();
      throw error;
    }
  });

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  const database = config.databaseUrl
    ? `PostgreSQL ${config.databaseUrl.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@')}`
    : `embedded PGlite in ${config.dataDir}/pgdata`;
  console.log(`\nBack office running at ${url}  (API ${url}/api${config.docs ? `, OpenAPI ${url}/docs` : ''})`);
  console.log(`Database: ${database}${seeded ? ' (demo data seeded)' : ''}`);
  if (!config.captcha) console.log('Captcha: OFF (AUTH_CAPTCHA=off, for automated tests only)');
  if (!config.docs) console.log('OpenAPI: /docs is not served (production; DOCS_PUBLIC=true serves it)');
  if (demo) {
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
