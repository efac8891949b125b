// API suite global setup: one migrated, empty database that every test file's databases start from
// (tests/server/database.ts freshDatabase), instead of creating a cluster and running every migration per file.
// - PGlite: a dumpDataDir() tarball of a migrated database, kept on disk under the hash of the migrations and of the
//   PGlite version (made once, reused by later runs until a migration changes). Loading it costs a fraction of
//   creating a cluster (initdb) and migrating it.
// - PostgreSQL (DATABASE_URL set): a migrated database `bo_tpl_<random>` for this run; each file's database is a
//   `CREATE DATABASE ... TEMPLATE` copy of it; dropped when the run ends.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateAsOwner, migrationsFolder } from '../../server/db/client';
import { runDatabasePrefix } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of the migrated PGlite data directory tarball (PGlite runs). */
    pgliteImage: string;
    /** The migrated template database (PostgreSQL runs). */
    pgTemplate: string;
  }
}

/** What a migrated database depends on: every migration file (journal included) and the PGlite build. */
function migrationsHash(): string {
  const h = createHash('sha256');
  // The package's own package.json is not among its exports: read it beside its entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  h.update(readFileSync(join(entry, '..', '..', 'package.json')));
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else h.update(e.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return h.digest('hex').slice(0, 16);
}

/** The migrated PGlite image's path, made when no run made it before (written aside, then renamed: atomic). */
async function pgliteImage(): Promise<string> {
  const dir = join(tmpdir(), 'bo-test-db');
  const path = join(dir, `pglite-${migrationsHash()}.tar`);
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true });
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const image = await client.dumpDataDir('none');
    const aside = `${path}.${process.pid}.tmp`;
    writeFileSync(aside, Buffer.from(await image.arrayBuffer()));
    renameSync(aside, path);
  } finally {
    await client.close();
  }
  return path;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    project.provide('pgliteImage', await pgliteImage());
    return;
  }
  const name = `bo_tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  await migrateAsOwner(url.toString());
  project.provide('pgTemplate', name);
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    // a worker's last spare may still be being made when its worker has ended: wait for it (up to 10 s)
    for (let i = 0; i < 100; i++) {
      const making = await c.query(`SELECT 1 FROM pg_stat_activity WHERE query LIKE $1`, [
        `CREATE DATABASE ${runDatabasePrefix(name)}%`,
      ]);
      if (!making.rowCount) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // the template and what was made from it and not dropped (a worker's last spare, a file that failed to close)
    const made = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [
      runDatabasePrefix(name),
    ]);
    for (const db of [...made.rows.map((r) => r.datname), name])
      await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await c.end();
  };
}
