/**
 * Backup and restore as docs/operations.md tells an operator to do it: pg_dump (custom format) of a database with
 * data (demo clients with money through the ledger, approvals, audit rows with request ids), pg_restore into a new
 * database, then `npm run ledger:check` and `npm run audit:verify` (the scripts themselves) on the restored copy, and
 * the API reports it ready.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { seedDemoTenant } from '../../server/db/seed-demo';
import { createStorage } from '../../server/storage';
import { login, makeTestApp, type TestApp } from './helpers';

const run = promisify(execFile);
const base = process.env.DATABASE_URL!;
const restoredName = `bo_restore_${randomBytes(6).toString('hex')}`;
const urlOf = (name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'bo-backup-'));

/** Row counts that must survive the round trip. */
async function counts(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const res = await c.query(`SELECT
      (SELECT count(*) FROM audit_log)::int AS audit,
      (SELECT count(*) FROM audit_log WHERE request_id IS NOT NULL)::int AS audit_with_request,
      (SELECT count(*) FROM ledger_entry)::int AS entries,
      (SELECT count(*) FROM client)::int AS clients,
      (SELECT coalesce(sum(balance), 0)::text FROM account) AS balances`);
    return res.rows[0] as Record<string, number | string>;
  } finally {
    await c.end();
  }
}

/** Runs one of the check scripts against a database, as an operator would (npm run ledger:check). */
async function script(file: string, databaseUrl: string) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dir,
        AUDIT_HMAC_KEY: t.config.auditHmacKey,
        AUDIT_CHECKPOINT_FILE: join(dir, 'checkpoints.jsonl'),
        JWT_SECRET: t.config.jwtSecret,
        PASSWORD_PEPPER: t.config.passwordPepper,
      },
    });
    return { code: 0, stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: `${err.stdout}\n${err.stderr}` };
  }
}

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  await seedDemoTenant(t.database.db, createStorage(t.config), 'tr', 20);
  for (const u of ['admin', 'supervisor', 'sales']) await login(t.app, u);
});
afterAll(async () => {
  await t?.close();
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
  await c.end();
});

describe('backup and restore (docs/operations.md)', () => {
  it('pg_dump, pg_restore into a new database: same data, ledger:check and audit:verify pass, the API is ready', async () => {
    const [{ name }] = (await t.database.db.execute(sql`SELECT current_database() AS name`)).rows as { name: string }[];
    const source = urlOf(name);
    const before = await counts(source);
    expect(Number(before.entries)).toBeGreaterThan(0);
    expect(Number(before.audit_with_request)).toBeGreaterThan(0);

    const dump = join(dir, 'bo.dump');
    await run('pg_dump', ['--format=custom', '--file', dump, source]);
    await run('createdb', ['--maintenance-db', base, restoredName]);
    await run('pg_restore', ['--exit-on-error', '--dbname', urlOf(restoredName), dump]);

    const restored = urlOf(restoredName);
    expect(await counts(restored)).toEqual(before);

    const ledger = await script('scripts/ledger-check.ts', restored);
    expect(ledger.stdout).toContain('OK');
    expect(ledger.code, ledger.stdout).toBe(0);
    const audit = await script('scripts/audit-verify.ts', restored);
    expect(audit.stdout).toMatch(/signatures checked, 0 checkpoints, 0 problems/);
    expect(audit.code, audit.stdout).toBe(0);

    // the checks recorded their result (what /metrics reports), and the API on the copy is ready
    const database = await openDatabase(restored, dir, 2);
    try {
      const app = await buildApp(t.config, { database });
      try {
        expect((await app.inject({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ready' });
        const checks = await database.db.execute(sql`SELECT name, ok FROM ops_check ORDER BY name`);
        expect(checks.rows).toEqual([
          { name: 'audit_verify', ok: true },
          { name: 'ledger_check', ok: true },
        ]);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
