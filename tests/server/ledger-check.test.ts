import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFunds } from '../../server/db/seed-funds';
import { checkLedger, formatReport } from '../../server/ledger';
import { asOwner } from './helpers';
import { freshDatabase } from './database';
import { seedTenantStaff } from './ledger-helpers';

let env: Awaited<ReturnType<typeof freshDatabase>>;
const TENANT = 'tr';

beforeAll(async () => {
  env = await freshDatabase('/tmp/bo-ledger-test');
  await seedTenantStaff(env.database.db, TENANT);
  await seedFunds(env.database.db, TENANT, { clients: 40 });
});
afterAll(async () => {
  await env?.database.close();
  await env?.drop();
});

const count = async (q: ReturnType<typeof sql>) =>
  Number(((await env.database.db.execute(q)).rows[0] as { n: unknown }).n);

describe('seeded funds', () => {
  it('creates clients over the agents, robots, multi-currency accounts and records in every status', async () => {
    const db = env.database.db;
    expect(await count(sql`SELECT count(*) AS n FROM client WHERE tenant_id = ${TENANT}`)).toBe(40);
    expect(await count(sql`SELECT count(*) AS n FROM client WHERE fake`)).toBeGreaterThanOrEqual(5);
    expect(await count(sql`SELECT count(DISTINCT agent_id) AS n FROM client`)).toBe(5);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM (SELECT client_id FROM account GROUP BY client_id HAVING count(*) > 1) x`,
      ),
    ).toBeGreaterThan(20);
    const statuses = async (table: string) =>
      ((await db.execute(sql.raw(`SELECT DISTINCT status FROM ${table} ORDER BY 1`))).rows as { status: string }[]).map(
        (r) => r.status,
      );
    expect(await statuses('deposit_record')).toEqual(['approved', 'pending', 'rejected', 'rolled_back']);
    expect(await statuses('withdraw_record')).toEqual(['approved', 'pending', 'rejected', 'rolled_back']);
    const loans = (
      await db.execute(sql`SELECT DISTINCT sub_type || ':' || status AS s FROM overdrawn_record ORDER BY 1`)
    ).rows.map((r) => (r as { s: string }).s);
    expect(loans).toEqual([
      'bonus:approved',
      'bonus:rolled_back',
      'compensation:approved',
      'compensation:rolled_back',
      'loan:approved',
      'loan:pending',
      'loan:rejected',
      'loan:repaid',
    ]);
    expect(await count(sql`SELECT count(*) AS n FROM exchange_record`)).toBeGreaterThan(5);
  });

  it('is idempotent', async () => {
    expect(await seedFunds(env.database.db, TENANT)).toEqual({ clients: 0 });
    expect(await count(sql`SELECT count(*) AS n FROM client`)).toBe(40);
  });

  it('passes the ledger check', async () => {
    const report = await checkLedger(env.database.db);
    expect(formatReport(report)).toContain('OK');
    expect(report.violations).toEqual([]);
    expect(report.counts.txns).toBeGreaterThan(100);
  });
});

describe('ledger check catches corruption', () => {
  it("an aggregate changed behind the ledger's back", async () => {
    const db = env.database.db;
    const [acc] = (await db.execute(sql`SELECT id FROM account WHERE balance > 10 ORDER BY id LIMIT 1`)).rows as {
      id: number;
    }[];
    // The API's role cannot: only the owner moves an aggregate outside ledger_post().
    await expect(db.execute(sql`UPDATE account SET balance = balance + 0.01 WHERE id = ${acc.id}`)).rejects.toThrow();
    const owner = (q: ReturnType<typeof sql>) => asOwner(env.database, env.url, (o) => o.execute(q));
    await owner(sql`UPDATE account SET balance = balance + 0.01 WHERE id = ${acc.id}`);
    const report = await checkLedger(db);
    expect(report.ok).toBe(false);
    expect(report.violations.map((v) => v.rule)).toContain('account aggregates equal the sum of their entries');
    expect(formatReport(report)).toContain('VIOLATIONS FOUND');
    await owner(sql`UPDATE account SET balance = balance - 0.01 WHERE id = ${acc.id}`);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a record status changed without its txns', async () => {
    const db = env.database.db;
    const [d] = (await db.execute(sql`SELECT id FROM deposit_record WHERE status = 'pending' ORDER BY id LIMIT 1`))
      .rows as { id: number }[];
    await db.execute(sql`UPDATE deposit_record SET status = 'approved' WHERE id = ${d.id}`);
    const report = await checkLedger(db);
    expect(report.violations.map((v) => v.rule)).toContain('deposit status agrees with its txns');
    await db.execute(sql`UPDATE deposit_record SET status = 'pending' WHERE id = ${d.id}`);
    const [w] = (await db.execute(sql`SELECT id FROM withdraw_record WHERE status = 'approved' ORDER BY id LIMIT 1`))
      .rows as { id: number }[];
    await db.execute(sql`UPDATE withdraw_record SET status = 'rejected' WHERE id = ${w.id}`);
    expect((await checkLedger(db)).violations.map((v) => v.rule)).toContain('withdrawal status agrees with its txns');
    await db.execute(sql`UPDATE withdraw_record SET status = 'approved' WHERE id = ${w.id}`);
    const [l] = (
      await db.execute(
        sql`SELECT id FROM overdrawn_record WHERE sub_type = 'loan' AND status = 'approved' AND repaid = 0 ORDER BY id LIMIT 1`,
      )
    ).rows as { id: number }[];
    await db.execute(sql`UPDATE overdrawn_record SET status = 'repaid' WHERE id = ${l.id}`);
    expect((await checkLedger(db)).violations.map((v) => v.rule)).toContain(
      'loan / compensation / bonus status agrees with its txns',
    );
    await db.execute(sql`UPDATE overdrawn_record SET status = 'approved' WHERE id = ${l.id}`);
    // A compensation marked rolled back without its reversal, and a rolled-back one marked approved again.
    const credit = async (status: string) =>
      (
        (
          await db.execute(
            sql`SELECT id FROM overdrawn_record WHERE sub_type = 'compensation' AND status = ${status} ORDER BY id LIMIT 1`,
          )
        ).rows as { id: number }[]
      )[0].id;
    const [approved, rolledBack] = [await credit('approved'), await credit('rolled_back')];
    for (const [id, wrong, right] of [
      [approved, 'rolled_back', 'approved'],
      [rolledBack, 'approved', 'rolled_back'],
    ] as const) {
      await db.execute(sql`UPDATE overdrawn_record SET status = ${wrong} WHERE id = ${id}`);
      expect((await checkLedger(db)).violations.map((v) => v.rule)).toContain(
        'loan / compensation / bonus status agrees with its txns',
      );
      await db.execute(sql`UPDATE overdrawn_record SET status = ${right} WHERE id = ${id}`);
    }
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('`npm run ledger:check` (scripts/ledger-check.ts) exits 0 on a sound database and 1 after a corruption', async () => {
    if (!env.url) {
      // In-memory PGlite cannot be opened from another process: run the script on a seeded embedded data dir.
      const { mkdtempSync } = await import('node:fs');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const { openDatabase } = await import('../../server/db/client');
      const dir = mkdtempSync(join(tmpdir(), 'bo-ledger-check-'));
      const database = await openDatabase(undefined, dir);
      await seedTenantStaff(database.db, TENANT);
      await seedFunds(database.db, TENANT, { clients: 5 });
      await database.close();
      await expectScript({ DATA_DIR: dir, DATABASE_URL: '' }, 0);
      const again = await openDatabase(undefined, dir);
      await asOwner(again, undefined, (o) =>
        o.execute(sql`UPDATE account SET deposit = deposit + 1 WHERE id = (SELECT min(id) FROM account)`),
      );
      await again.close();
      await expectScript({ DATA_DIR: dir, DATABASE_URL: '' }, 1);
      return;
    }
    await expectScript({ DATABASE_URL: env.url }, 0);
    await asOwner(env.database, env.url, (o) =>
      o.execute(sql`UPDATE account SET deposit = deposit + 1 WHERE id = (SELECT min(id) FROM account)`),
    );
    await expectScript({ DATABASE_URL: env.url }, 1);
    await asOwner(env.database, env.url, (o) =>
      o.execute(sql`UPDATE account SET deposit = deposit - 1 WHERE id = (SELECT min(id) FROM account)`),
    );
  });
});

async function expectScript(extraEnv: Record<string, string>, code: number) {
  const run = promisify(execFile);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], {
      env: { ...process.env, ...extraEnv },
    });
    expect(code).toBe(0);
    expect(stdout).toContain('ledger check: OK');
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    if (code === 0) throw new Error(`ledger-check failed: ${err.stdout}\n${err.stderr}`, { cause: e });
    expect(err.code).toBe(code);
    expect(err.stdout).toContain('account aggregates equal the sum of their entries');
  }
}
