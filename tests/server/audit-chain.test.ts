import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyAuditChain } from '../../server/core/audit-chain';
import { login, makeTestApp, type TestApp } from './helpers';

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
    await asOwner(
      'audit_log_append_only',
      sql`UPDATE audit_log SET detail = 'nothing to see' WHERE id = (SELECT min(id) FROM audit_log WHERE tenant_id = 'tr')`,
    );
    const report = await verifyAuditChain(db());
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(expect.objectContaining({ tenant: 'tr', problem: 'hash_mismatch', seq: 1 }));
    expect(report.problems.filter((p) => p.tenant === 'pl')).toEqual([]);
  });

  it('detects a deleted row and a row inserted outside the chain', async () => {
    await asOwner(
      'audit_log_append_only',
      sql`DELETE FROM audit_log WHERE id = (SELECT max(id) FROM audit_log WHERE tenant_id = 'pl')`,
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
