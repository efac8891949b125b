/**
 * The app role on PostgreSQL (runs only with DATABASE_URL): roles are cluster-wide, so the migration's role creation
 * must survive many databases migrating at once; the API may sign in with its own login (DATABASE_OWNER_URL for the
 * migrations) and refuses to run as the owner; the check scripts run with DATABASE_URL alone.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSigningKey, setAuditSigningKey, writeAudit } from '../../server/core/audit';
import { APP_ROLE, openDatabase } from '../../server/db/client';

const base = process.env.DATABASE_URL!;
const suffix = randomBytes(4).toString('hex');
const dbName = `bo_t_role_${suffix}`;
const login = `bo_t_login_${suffix}`;
const urlOf = (name: string, user?: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  if (user) {
    u.username = user;
    u.password = '';
  }
  return u.toString();
};
const admin = async <T>(fn: (c: pg.Client) => Promise<T>, url = base): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
});
afterAll(async () => {
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.query(`DROP ROLE IF EXISTS ${login}`);
  });
});

describe('the role is created once per cluster', () => {
  it("the migration's CREATE ROLE survives twelve sessions running it at once", async () => {
    const migration = readFileSync('server/db/migrations/0015_app_role.sql', 'utf8');
    const create = migration.split('--> statement-breakpoint')[0];
    expect(create).toContain(`CREATE ROLE ${APP_ROLE} LOGIN`);
    const scratch = `bo_t_race_${suffix}`;
    const statement = create.replaceAll(APP_ROLE, scratch);
    try {
      // Each session creates the role inside an open transaction that commits a moment later (as a migration
      // does): the others wait on it, then meet a unique violation, which the block takes for "already there".
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () =>
          admin(async (c) => {
            await c.query('BEGIN');
            await c.query(statement);
            await c.query('SELECT pg_sleep(0.2)');
            await c.query('COMMIT');
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const n = await admin((c) => c.query(`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = $1`, [scratch]));
      expect(n.rows[0].n).toBe(1);
    } finally {
      await admin((c) => c.query(`DROP ROLE IF EXISTS ${scratch}`));
    }
  });
});

describe('the API signs in as its own role', () => {
  it('with DATABASE_OWNER_URL, migrates as the owner and serves as a login that is a member of bo_app', async () => {
    const owner = urlOf(dbName);
    // The first migration creates bo_app (if the cluster had none yet); the DBA then makes the API's login.
    const first = await openDatabase(owner, '/tmp/bo-role-test', 2);
    await first.close();
    await admin((c) => c.query(`CREATE ROLE ${login} LOGIN IN ROLE ${APP_ROLE}`));
    const database = await openDatabase(urlOf(dbName, login), '/tmp/bo-role-test', 2, { ownerUrl: owner });
    try {
      const me = await database.db.execute(sql`SELECT current_user AS role`);
      expect(me.rows[0]).toEqual({ role: login });
      await expect(database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
      const n = await database.db.execute(sql`SELECT count(*)::int AS n FROM ledger_entry`);
      expect(n.rows[0]).toEqual({ n: 0 });
    } finally {
      await database.close();
    }
  });

  it('refuses to serve as the owner or as a role without the grants', async () => {
    const owner = urlOf(dbName);
    await expect(openDatabase(owner, '/tmp/bo-role-test', 2, { ownerUrl: owner })).rejects.toThrow(/is a superuser/);
    await admin((c) => c.query(`REVOKE ${APP_ROLE} FROM ${login}`));
    await expect(openDatabase(urlOf(dbName, login), '/tmp/bo-role-test', 2, { ownerUrl: owner })).rejects.toThrow(
      /lacks the privileges of bo_app/,
    );
  });

  it('`npm run audit:verify` and `npm run ledger:check` run with DATABASE_URL alone (as bo_app)', async () => {
    // The row is signed with a key of this test; the scripts get the same key, and a data folder of their own (no
    // checkpoints of another database).
    const key = randomBytes(48).toString('base64url');
    const previous = auditSigningKey();
    setAuditSigningKey(key);
    const database = await openDatabase(urlOf(dbName), '/tmp/bo-role-test', 2);
    try {
      await database.db.execute(sql`INSERT INTO tenant (id, name) VALUES ('tr', 'TR') ON CONFLICT DO NOTHING`);
      await writeAudit(database.db, { tenantId: 'tr', action: 'test.role', result: 'success' });
    } finally {
      setAuditSigningKey(previous);
      await database.close();
    }
    const run = promisify(execFile);
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-role-verify-'));
    const env = { ...process.env, DATABASE_URL: urlOf(dbName), AUDIT_HMAC_KEY: key, DATA_DIR: dataDir };
    const audit = await run(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], { env });
    expect(audit.stdout).toContain('OK');
    const ledger = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], { env });
    expect(ledger.stdout).toContain('ledger check: OK');
  });
});
