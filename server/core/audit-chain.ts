/**
 * The audit trail's hash chain (migration "audit_chain"): a trigger gives every new audit row the next sequence
 * number of its tenant, the previous row's hash and its own hash, sha256(previous hash | the row's canonical text),
 * kept in `audit_chain` (one head per tenant, locked by the UPDATE that advances it, so concurrent writers chain in
 * commit order). `verifyAuditChain` recomputes every row in the database: an edited row no longer matches its hash,
 * a deleted row leaves a gap in the sequence (or a head ahead of the last row), a row inserted with the trigger
 * disabled has no place in the chain. `npm run audit:verify` prints the report.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './db';

/** The hash before a tenant's first row. */
export const GENESIS = '0'.repeat(64);

/** One problem the verification found. */
export interface ChainProblem {
  tenant: string;
  id: number | null;
  seq: number | null;
  problem: 'hash_mismatch' | 'broken_link' | 'sequence_gap' | 'unchained_row' | 'head_mismatch';
}

export interface ChainReport {
  ok: boolean;
  tenants: number;
  rows: number;
  problems: ChainProblem[];
}

interface Row {
  id: string | number;
  tenant: string;
  seq: string | number | null;
  prev_hash: string | null;
  hash: string | null;
  expected: string | null;
}

/** Verifies every tenant's chain (the whole table: run it off-peak on a large trail). */
export async function verifyAuditChain(db: Executor): Promise<ChainReport> {
  const res = await db.execute(sql`
    SELECT a.id, coalesce(a.tenant_id, '') AS tenant, a.seq, a.prev_hash, a.hash,
      CASE WHEN a.prev_hash IS NULL THEN NULL
        ELSE encode(sha256(convert_to(a.prev_hash || '|' || audit_row_text(a), 'UTF8')), 'hex') END AS expected
    FROM audit_log a
    ORDER BY coalesce(a.tenant_id, ''), a.seq NULLS FIRST, a.id`);
  const heads = await db.execute(sql`SELECT tenant_key, seq, hash FROM audit_chain`);
  const rows = res.rows as unknown as Row[];
  const problems: ChainProblem[] = [];
  const last = new Map<string, { seq: number; hash: string }>();
  for (const r of rows) {
    const id = Number(r.id);
    if (r.seq === null || r.hash === null || r.prev_hash === null) {
      problems.push({ tenant: r.tenant, id, seq: null, problem: 'unchained_row' });
      continue;
    }
    const seq = Number(r.seq);
    const before = last.get(r.tenant) ?? { seq: 0, hash: GENESIS };
    if (seq !== before.seq + 1) problems.push({ tenant: r.tenant, id, seq, problem: 'sequence_gap' });
    else if (r.prev_hash !== before.hash) problems.push({ tenant: r.tenant, id, seq, problem: 'broken_link' });
    if (r.hash !== r.expected) problems.push({ tenant: r.tenant, id, seq, problem: 'hash_mismatch' });
    last.set(r.tenant, { seq, hash: r.hash });
  }
  for (const h of heads.rows as unknown as { tenant_key: string; seq: string | number; hash: string }[]) {
    const tail = last.get(h.tenant_key) ?? { seq: 0, hash: GENESIS };
    if (Number(h.seq) !== tail.seq || h.hash !== tail.hash) {
      problems.push({ tenant: h.tenant_key, id: null, seq: Number(h.seq), problem: 'head_mismatch' });
    }
  }
  return { ok: problems.length === 0, tenants: new Set(rows.map((r) => r.tenant)).size, rows: rows.length, problems };
}

/** The report as text, one line per problem. */
export function formatChainReport(report: ChainReport): string {
  const head = `audit chain: ${report.rows} rows in ${report.tenants} tenants, ${report.problems.length} problems`;
  const lines = report.problems.map(
    (p) => `  ${p.problem} tenant=${p.tenant || '(none)'} seq=${p.seq ?? '-'} id=${p.id ?? '-'}`,
  );
  return [head, ...lines, report.ok ? 'OK' : 'TAMPERED'].join('\n');
}
