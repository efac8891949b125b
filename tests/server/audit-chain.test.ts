import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  appendCheckpoints,
  checkpointState,
  checkpointValid,
  readCheckpoints,
  verifyAuditChain,
  writeCheckpoints,
} from '../../server/core/audit-chain';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
const db = () => t.database.db;
/**
 * As the owner (what an intruder with the database's owner rights could do; the API's role cannot): lift a trigger,
 * act, restore it.
 */
async function asOwner(trigger: string, statement: ReturnType<typeof sql>) {
  await t.asOwner(async (owner) => {
    await owner.execute(sql.raw(`ALTER TABLE audit_log DISABLE TRIGGER ${trigger}`));
    try {
      await owner.execute(statement);
    } finally {
      await owner.execute(sql.raw(`ALTER TABLE audit_log ENABLE TRIGGER ${trigger}`));
    }
  });
}

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  // rows in two tenants, some written at the same time
  await Promise.all([login(t.app, 'admin'), login(t.app, 'supervisor'), login(t.app, 'admin', { tenant: 'pl' })]);
  await login(t.app, 'leader');
});
afterAll(() => t?.close());

describe('the audit trail is hash-chained', () => {
  it('chains every row of a tenant in order, concurrent writers included', async () => {
    const report = await verifyAuditChain(db());
    expect(report.problems).toEqual([]);
    expect(report.rows).toBeGreaterThanOrEqual(4);
    expect(report.tenants).toBeGreaterThanOrEqual(2);
    const rows = await db().execute(
      sql`SELECT seq, prev_hash, hash FROM audit_log WHERE tenant_id = 'tr' ORDER BY seq`,
    );
    const chain = rows.rows as { seq: string | number; prev_hash: string; hash: string }[];
    expect(chain.map((r) => Number(r.seq))).toEqual(chain.map((_r, i) => i + 1));
    for (let i = 1; i < chain.length; i++) expect(chain[i].prev_hash).toBe(chain[i - 1].hash);
  });

  it('refuses to be emptied', async () => {
    await expect(db().execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    await expect(db().execute(sql`DELETE FROM audit_chain`)).rejects.toThrow();
  });

  it('detects an edited row', async () => {
    // the first row of tr's chain (by seq: of rows written at the same time, the smaller id may be chained second)
    await asOwner(
      'audit_log_append_only',
      sql`UPDATE audit_log SET detail = 'nothing to see' WHERE tenant_id = 'tr' AND seq = 1`,
    );
    const report = await verifyAuditChain(db());
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(expect.objectContaining({ tenant: 'tr', problem: 'hash_mismatch', seq: 1 }));
    expect(report.problems.filter((p) => p.tenant === 'pl')).toEqual([]);
  });

  it('detects a deleted row and a row inserted outside the chain', async () => {
    await asOwner(
      'audit_log_append_only',
      sql`DELETE FROM audit_log WHERE tenant_id = 'pl' AND seq = (SELECT max(seq) FROM audit_log WHERE tenant_id = 'pl')`,
    );
    await asOwner(
      'audit_log_chain',
      sql`INSERT INTO audit_log (tenant_id, action, result) VALUES ('pl', 'deposit.approve', 'success')`,
    );
    const problems = (await verifyAuditChain(db())).problems.filter((p) => p.tenant === 'pl').map((p) => p.problem);
    expect(problems).toContain('head_mismatch');
    expect(problems).toContain('unchained_row');
  });
});

/**
 * The chain keyed and anchored outside the database (issue 18): the API signs its rows and checkpoints the heads into
 * a file; the owner's rewrite of a row with every later hash and the head recomputed (which the unkeyed check accepts)
 * fails the keyed verification, and a row inserted as the API's role outside its writer is shown as such.
 */
describe('the keyed chain and its checkpoints', () => {
  let k: TestApp;
  let file: string;
  const kdb = () => k.database.db;
  const key = () => k.config.auditHmacKey;
  const verify = () => verifyAuditChain(kdb(), { key: key(), checkpoints: readCheckpoints(file) });
  /** The owner's rewrite from the issue: edit a row, recompute every later hash of its tenant and the head (sha256). */
  const rewrite = (tenant: string, seq: number, change: string) =>
    k.asOwner(async (owner) => {
      await owner.execute(sql.raw('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only'));
      try {
        await owner.execute(sql.raw(`UPDATE audit_log SET ${change} WHERE tenant_id = '${tenant}' AND seq = ${seq}`));
        await owner.execute(
          sql.raw(`DO $$
          DECLARE r audit_log; h text;
          BEGIN
            SELECT hash INTO h FROM audit_log WHERE tenant_id = '${tenant}' AND seq = ${seq - 1};
            h := coalesce(h, repeat('0', 64));
            FOR r IN SELECT * FROM audit_log WHERE tenant_id = '${tenant}' AND seq >= ${seq} ORDER BY seq LOOP
              r.hash := encode(sha256(convert_to(h || '|' || audit_row_text(r), 'UTF8')), 'hex');
              UPDATE audit_log SET prev_hash = h, hash = r.hash WHERE id = r.id;
              h := r.hash;
            END LOOP;
            UPDATE audit_chain SET hash = h WHERE tenant_key = '${tenant}';
          END $$`),
        );
      } finally {
        await owner.execute(sql.raw('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only'));
      }
    });

  beforeAll(async () => {
    k = await makeTestApp({ captcha: false });
    file = join(mkdtempSync(join(tmpdir(), 'bo-audit-')), 'audit-checkpoints.jsonl');
    for (const tenant of ['tr', 'pl']) {
      await login(k.app, 'admin', { tenant });
      await login(k.app, 'supervisor', { tenant });
      await login(k.app, 'leader', { tenant });
    }
  });
  afterAll(() => k?.close());

  it('signs every row the API writes and checkpoints the heads after checking them', async () => {
    const { written, refused, flagged } = await writeCheckpoints(kdb(), key(), file, new Map());
    expect(refused).toEqual([]);
    expect(flagged).toEqual([]);
    expect(written.map((c) => c.tenant).sort()).toEqual(['pl', 'tr']);
    expect(readCheckpoints(file)).toEqual(written);
    // rows after the checkpoint
    await login(k.app, 'admin');
    const report = await verify();
    expect(report).toMatchObject({ ok: true, keyed: true, checkpoints: 2, problems: [] });
    const rows = await kdb().execute(sql`SELECT mac, db_role FROM audit_log WHERE tenant_id = 'tr'`);
    for (const r of rows.rows as { mac: string | null; db_role: string | null }[]) {
      expect(r.mac).toMatch(/^[0-9a-f]{64}$/);
      expect(r.db_role).toBeTruthy();
    }
  });

  it("fails the owner's rewrite (a row edited, every later hash and the head recomputed) that the unkeyed check passes", async () => {
    const [cp] = readCheckpoints(file).filter((c) => c.tenant === 'tr');
    await rewrite('tr', 2, `detail = 'nothing to see'`);
    // the sha256 chain alone holds: this is what `audit:verify` accepted before
    expect((await verifyAuditChain(kdb())).problems).toEqual([]);
    const problems = (await verify()).problems;
    expect(problems).toContainEqual({ tenant: 'tr', id: expect.any(Number), seq: 2, problem: 'mac_mismatch' });
    expect(problems).toContainEqual({ tenant: 'tr', id: null, seq: cp.seq, problem: 'checkpoint_mismatch' });
    expect(problems.filter((p) => p.tenant === 'pl')).toEqual([]);
    // the API's next checkpoint refuses to anchor the rewritten chain
    const next = await writeCheckpoints(kdb(), key(), file, checkpointState(key(), file));
    expect(next.written.map((c) => c.tenant)).not.toContain('tr');
    expect(next.refused).toEqual([
      { tenant: 'tr', problems: [expect.objectContaining({ problem: 'checkpoint_mismatch' })] },
    ]);
  });

  it('fails a rewrite of what the signature does not cover (the time) and a chain cut short before a checkpoint', async () => {
    const [cp] = readCheckpoints(file).filter((c) => c.tenant === 'pl');
    await rewrite('pl', 1, `at = at - interval '1 day'`);
    expect((await verifyAuditChain(kdb())).problems).toEqual([]);
    let problems = (await verify()).problems.filter((p) => p.tenant === 'pl');
    expect(problems).toEqual([{ tenant: 'pl', id: null, seq: cp.seq, problem: 'checkpoint_mismatch' }]);
    // the last rows removed and the head moved back onto the new last row
    await k.asOwner(async (owner) => {
      await owner.execute(sql.raw('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only'));
      try {
        await owner.execute(sql`DELETE FROM audit_log WHERE tenant_id = 'pl' AND seq >= ${cp.seq}`);
        await owner.execute(sql`UPDATE audit_chain SET seq = ${cp.seq - 1},
          hash = (SELECT hash FROM audit_log WHERE tenant_id = 'pl' AND seq = ${cp.seq - 1}) WHERE tenant_key = 'pl'`);
      } finally {
        await owner.execute(sql.raw('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only'));
      }
    });
    expect((await verifyAuditChain(kdb())).problems).toEqual([]);
    problems = (await verify()).problems.filter((p) => p.tenant === 'pl');
    expect(problems).toContainEqual({ tenant: 'pl', id: null, seq: cp.seq, problem: 'checkpoint_ahead' });
  });

  it('refuses a checkpoint not signed with the key', async () => {
    const [cp] = readCheckpoints(file);
    appendCheckpoints(file, [{ ...cp, seq: cp.seq + 1, mac: 'ab'.repeat(32) }]);
    expect((await verify()).problems).toContainEqual(expect.objectContaining({ problem: 'checkpoint_forged' }));
    expect(checkpointValid(key(), cp)).toBe(true);
    expect(checkpointValid('another key of at least thirty-two chars', cp)).toBe(false);
  });

  it('shows a row inserted as the API role outside its writer (unsigned, or with a made-up signature)', async () => {
    const tokens = await login(k.app, 'admin', { tenant: 'es' });
    await kdb().execute(
      sql`INSERT INTO audit_log (tenant_id, action, result) VALUES ('es', 'deposit.approve', 'success')`,
    );
    await kdb().execute(sql`INSERT INTO audit_log (tenant_id, action, result, mac, db_role)
      VALUES ('es', 'deposit.reject', 'success', ${'ab'.repeat(32)}, 'api')`);
    const list = await call(k.app, 'GET', '/api/audit/admin/v1/list?sort=id&order=asc', {
      token: tokens.access_token,
      tenant: 'es',
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: number; action: string; origin: string; db_role: string | null }[];
    const role = (await kdb().execute(sql`SELECT current_user AS r`)).rows[0] as { r: string };
    expect(rows.map((r) => [r.action, r.origin, r.db_role])).toEqual([
      ['auth.login', 'api', role.r],
      ['deposit.approve', 'outside_api', role.r],
      // the role is the database's, whatever the insert said
      ['deposit.reject', 'outside_api', role.r],
    ]);
    const detail = await call(k.app, 'GET', `/api/audit/admin/v1/detail/${rows[1].id}`, {
      token: tokens.access_token,
      tenant: 'es',
    });
    expect(detail.json()).toMatchObject({ origin: 'outside_api', db_role: role.r, action: 'deposit.approve' });
    const problems = (await verify()).problems.filter((p) => p.tenant === 'es');
    expect(problems.map((p) => [p.seq, p.problem])).toEqual([
      [2, 'unsigned_row'],
      [3, 'mac_mismatch'],
    ]);
  });

  it('keeps a trail written before the signing verifiable (the migration path): its rows are shown as before signing', async () => {
    // rows written the way they were before migration 0031 (no role, no signature), then the migration's step
    await k.asOwner(async (owner) => {
      await owner.execute(sql.raw('ALTER TABLE audit_log DISABLE TRIGGER audit_log_by'));
      try {
        await owner.execute(sql`INSERT INTO audit_log (tenant_id, action, result) VALUES ('kun', 'auth.login', 'success'),
          ('kun', 'auth.logout', 'success')`);
      } finally {
        await owner.execute(sql.raw('ALTER TABLE audit_log ENABLE TRIGGER audit_log_by'));
      }
      await owner.execute(sql`UPDATE audit_chain SET keyed_from = seq + 1 WHERE tenant_key = 'kun'`);
    });
    const tokens = await login(k.app, 'admin', { tenant: 'kun' });
    expect((await verify()).problems.filter((p) => p.tenant === 'kun')).toEqual([]);
    const list = await call(k.app, 'GET', '/api/audit/admin/v1/list?sort=id&order=asc', {
      token: tokens.access_token,
      tenant: 'kun',
    });
    expect((list.json().data as { origin: string }[]).map((r) => r.origin)).toEqual(['legacy', 'legacy', 'api']);
  });
});

describe('the checkpoint schedule', () => {
  it('checkpoints when the API starts and again when it closes (shutdown), each head once', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bo-audit-')), 'audit-checkpoints.jsonl');
    const s = await makeTestApp({ captcha: false, auditCheckpointSec: 3600, auditCheckpointFile: file });
    await login(s.app, 'admin');
    await login(s.app, 'admin', { tenant: 'pl' });
    const res = await s.database.db.execute(sql`SELECT seq FROM audit_chain WHERE tenant_key = 'tr'`);
    const head = Number((res.rows[0] as { seq: string | number }).seq);
    // closes the app (its onClose hooks: the last checkpoint), then the database
    await s.close();
    const written = readCheckpoints(file);
    expect(written.filter((c) => c.tenant === 'tr').at(-1)).toMatchObject({ seq: head });
    expect(written.filter((c) => c.tenant === 'pl')).toHaveLength(1);
    expect(written.every((c) => checkpointValid(s.config.auditHmacKey, c))).toBe(true);
  });
});
