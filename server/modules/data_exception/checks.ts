/**
 * The checks of the data-exception page, per tenant. Each answers the problems it sees as findings (subject, client,
 * severity, detail); `service.ts` records them. Read-only.
 *
 * The ledger invariants come from the ledger's own check (server/ledger/check.ts, `npm run ledger:check`), run once
 * for the whole database and split by tenant here: its rows name a record, a transaction, an entry or an account,
 * whose tenant is looked up. That check reports at most LEDGER_ROWS_PER_RULE rows per rule over all tenants.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DataCheck, Severity, SubjectType } from '../../../domain/data-exception';
import type { Executor } from '../../core/db';
import { checkLedger, type CheckReport } from '../../ledger';

/** One problem a check saw. */
export interface Finding {
  subjectType: SubjectType;
  subjectId: string;
  clientId: number | null;
  severity: Severity;
  detail: Record<string, unknown>;
  /** The ledger check's rule ('' for the other checks). */
  rule: string;
}

/** What a check answers: its findings, and the rules whose findings may be partial (a cap or a report limit hit). */
export interface CheckOutcome {
  findings: Finding[];
  /**
   * Rules ('' for the checks without rules) whose findings may be incomplete: their open findings that this run did
   * not see are not marked absent.
   */
  partial: string[];
}

/** The most findings one check records per run and tenant (a flood is one problem to look at, not a million rows). */
export const MAX_FINDINGS = 1000;
/** How many rows per rule the ledger check reports (server/ledger/check.ts); a rule at this count may have more. */
export const LEDGER_ROWS_PER_RULE = 20;
/** The ledger rule the negative-balance check covers (per tenant, uncapped), so it is not reported twice. */
const NEGATIVE_RULE = 'no negative balance, frozen, outstanding or bonus';

type Raw = Record<string, unknown>;
const rows = async (db: Executor, query: SQL): Promise<Raw[]> => (await db.execute(query)).rows as Raw[];
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string => String(v);
const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
const partial = (found: number) => (found < MAX_FINDINGS ? [] : ['']);

/** Accounts with a negative balance, frozen amount, outstanding loan or bonus. */
async function negativeBalance(db: Executor, tenantId: string): Promise<CheckOutcome> {
  const found = await rows(
    db,
    sql`SELECT a.id::text AS id, a.client_id::text AS client_id, c.username, a.acc_no, a.currency,
      a.balance::text AS balance, a.frozen::text AS frozen, a.outstanding::text AS outstanding, a.bonus::text AS bonus
    FROM account a JOIN client c ON c.id = a.client_id
    WHERE a.tenant_id = ${tenantId} AND (a.balance < 0 OR a.frozen < 0 OR a.outstanding < 0 OR a.bonus < 0)
    ORDER BY a.id LIMIT ${MAX_FINDINGS}`,
  );
  return {
    partial: partial(found.length),
    findings: found.map((r) => ({
      subjectType: 'account',
      subjectId: str(r.id),
      clientId: num(r.client_id),
      severity: 'critical',
      rule: '',
      detail: {
        username: r.username,
        acc_no: r.acc_no,
        currency: r.currency,
        balance: r.balance,
        frozen: r.frozen,
        outstanding: r.outstanding,
        bonus: r.bonus,
      },
    })),
  };
}

/** Deposits, withdrawals, loans and exchanges still pending after `hours`. */
async function pendingTooLong(db: Executor, tenantId: string, hours: number): Promise<CheckOutcome> {
  const cutoff = sql`now() - make_interval(hours => ${hours})`;
  const record = (type: SubjectType, table: string, subType: string, currency: string) =>
    sql`SELECT ${type}::text AS type, r.id::text AS id, r.client_id::text AS client_id, c.username,
        r.amount::text AS amount, ${sql.raw(currency)} AS currency, ${sql.raw(subType)} AS sub_type, r.created_at,
        floor(extract(epoch FROM now() - r.created_at) / 3600)::int AS age_hours
      FROM ${sql.raw(table)} r JOIN client c ON c.id = r.client_id
      WHERE r.tenant_id = ${tenantId} AND r.status = 'pending' AND r.created_at < ${cutoff}`;
  const found = await rows(
    db,
    sql`SELECT * FROM (${record('deposit', 'deposit_record', 'r.sub_type', 'r.currency')}
      UNION ALL ${record('withdrawal', 'withdraw_record', 'NULL::text', 'r.currency')}
      UNION ALL ${record('overdrawn', 'overdrawn_record', 'r.sub_type', 'r.currency')}
      UNION ALL ${record('exchange', 'exchange_record', 'NULL::text', 'r.from_currency')}) p
    ORDER BY created_at LIMIT ${MAX_FINDINGS}`,
  );
  return {
    partial: partial(found.length),
    findings: found.map((r) => ({
      subjectType: r.type as SubjectType,
      subjectId: str(r.id),
      clientId: num(r.client_id),
      severity: 'warning',
      rule: '',
      detail: {
        username: r.username,
        amount: r.amount,
        currency: r.currency,
        ...(r.sub_type ? { sub_type: r.sub_type } : {}),
        created_at: iso(r.created_at),
        age_hours: num(r.age_hours),
        threshold_hours: hours,
      },
    })),
  };
}

/**
 * Crypto transaction hashes credited more than once. The unique index allows one non-rejected deposit per (tenant,
 * chain, hash); what it lets through is the same hash under two chains of one tenant (a hash of one EVM chain claimed
 * on another) and the same chain and hash in two tenants. The other tenants' records are counted, never named.
 */
async function duplicateTxHash(db: Executor, tenantId: string): Promise<CheckOutcome> {
  const found = await rows(
    db,
    sql`WITH mine AS (
        SELECT tx_hash, array_agg(DISTINCT chain ORDER BY chain) AS chains,
          array_agg(id::text ORDER BY id) AS ids, array_agg(client_id::text ORDER BY id) AS clients, count(*) AS n
        FROM deposit_record WHERE tenant_id = ${tenantId} AND tx_hash IS NOT NULL AND status <> 'rejected'
        GROUP BY tx_hash),
      others AS (
        SELECT m.tx_hash, count(d.id) AS n FROM mine m JOIN deposit_record d
          ON d.tx_hash = m.tx_hash AND d.tenant_id <> ${tenantId} AND d.status <> 'rejected' AND d.chain = ANY (m.chains)
        GROUP BY m.tx_hash)
      SELECT m.tx_hash, array_to_string(m.chains, ',') AS chains, array_to_string(m.ids, ',') AS ids,
        m.clients[1] AS client_id, m.n::int AS n, coalesce(o.n, 0)::int AS other_tenants
      FROM mine m LEFT JOIN others o ON o.tx_hash = m.tx_hash
      WHERE m.n > 1 OR o.n > 0
      ORDER BY m.tx_hash LIMIT ${MAX_FINDINGS}`,
  );
  return {
    partial: partial(found.length),
    findings: found.map((r) => ({
      subjectType: 'tx_hash',
      subjectId: str(r.tx_hash),
      clientId: num(r.client_id),
      severity: 'critical',
      rule: '',
      detail: {
        tx_hash: r.tx_hash,
        chains: r.chains,
        deposit_ids: r.ids,
        other_tenants: num(r.other_tenants),
        reason: Number(r.n) > 1 ? 'same_tenant' : 'other_tenant',
      },
    })),
  };
}

/** Real clients (not robots) with no agent, a disabled agent, or an agent who is not staff of the tenant. */
async function clientWithoutAgent(db: Executor, tenantId: string): Promise<CheckOutcome> {
  const found = await rows(
    db,
    sql`SELECT c.id::text AS id, c.username, c.agent_id::text AS agent_id, s.name AS agent_name,
        CASE WHEN c.agent_id IS NULL THEN 'no_agent' WHEN s.tenant_id <> c.tenant_id THEN 'agent_elsewhere'
          ELSE 'agent_disabled' END AS reason
      FROM client c LEFT JOIN staff_user s ON s.id = c.agent_id
      WHERE c.tenant_id = ${tenantId} AND NOT c.fake
        AND (c.agent_id IS NULL OR s.tenant_id <> c.tenant_id OR NOT s.active)
      ORDER BY c.id LIMIT ${MAX_FINDINGS}`,
  );
  return {
    partial: partial(found.length),
    findings: found.map((r) => ({
      subjectType: 'client',
      subjectId: str(r.id),
      clientId: num(r.id),
      severity: 'warning',
      rule: '',
      detail: {
        username: r.username,
        reason: r.reason,
        ...(r.agent_id ? { agent_id: num(r.agent_id), agent_name: r.agent_name } : {}),
      },
    })),
  };
}

/** Which key of a ledger report row names its subject, and the table that holds the subject's tenant and client. */
const LEDGER_SUBJECTS: { key: string; type: SubjectType; table: string; client: string }[] = [
  { key: 'deposit_id', type: 'deposit', table: 'deposit_record', client: 'client_id' },
  { key: 'withdraw_id', type: 'withdrawal', table: 'withdraw_record', client: 'client_id' },
  { key: 'overdrawn_id', type: 'overdrawn', table: 'overdrawn_record', client: 'client_id' },
  { key: 'exchange_id', type: 'exchange', table: 'exchange_record', client: 'client_id' },
  { key: 'txn_id', type: 'txn', table: 'ledger_txn', client: 'NULL::bigint' },
  { key: 'entry_id', type: 'entry', table: 'ledger_entry', client: 'NULL::bigint' },
  { key: 'account_id', type: 'account', table: 'account', client: 'client_id' },
];
const RECORD_TABLES: Record<string, SubjectType> = {
  deposit_record: 'deposit',
  withdraw_record: 'withdrawal',
  overdrawn_record: 'overdrawn',
};

/** The subject a ledger report row names. */
function ledgerSubject(row: Raw): { type: SubjectType; id: string } | null {
  if (typeof row.record_table === 'string' && RECORD_TABLES[row.record_table] && row.record_id != null) {
    return { type: RECORD_TABLES[row.record_table], id: str(row.record_id) };
  }
  for (const s of LEDGER_SUBJECTS) if (row[s.key] != null) return { type: s.type, id: str(row[s.key]) };
  return null;
}

/** The whole database's ledger report (one REPEATABLE READ snapshot), shared by the tenants of one pass. */
export const ledgerReport = (db: Executor): Promise<CheckReport> => checkLedger(db);

/** The ledger report's violations that belong to the tenant, as findings. */
async function ledgerInvariant(db: Executor, tenantId: string, report: CheckReport): Promise<CheckOutcome> {
  const seen: { rule: string; type: SubjectType; id: string; row: Raw }[] = [];
  for (const v of report.violations) {
    if (v.rule === NEGATIVE_RULE) continue;
    for (const row of v.rows) {
      const subject = ledgerSubject(row);
      if (subject) seen.push({ rule: v.rule, ...subject, row });
    }
  }
  // The subjects' tenant and client, one query per subject table.
  const owner = new Map<string, { tenant: string; client: number | null }>();
  for (const s of LEDGER_SUBJECTS) {
    const ids = [...new Set(seen.filter((x) => x.type === s.type).map((x) => x.id))].filter((id) => /^\d+$/.test(id));
    if (!ids.length) continue;
    const found = await rows(
      db,
      sql`SELECT id::text AS id, tenant_id, ${sql.raw(s.client)}::text AS client_id FROM ${sql.raw(s.table)}
        WHERE id = ANY (${`{${ids.join(',')}}`}::bigint[])`,
    );
    for (const r of found) owner.set(`${s.type}:${str(r.id)}`, { tenant: str(r.tenant_id), client: num(r.client_id) });
  }
  const findings: Finding[] = [];
  for (const x of seen) {
    const o = owner.get(`${x.type}:${x.id}`);
    if (!o || o.tenant !== tenantId) continue;
    findings.push({
      subjectType: x.type,
      subjectId: x.id,
      clientId: o.client,
      severity: 'critical',
      rule: x.rule,
      detail: x.row,
    });
  }
  // A rule that reported its full count may have had more rows (of this tenant or another): not complete.
  const partialRules = report.violations.filter((v) => v.rows.length >= LEDGER_ROWS_PER_RULE).map((v) => v.rule);
  return { findings, partial: partialRules };
}

/** What one run needs beyond the tenant: its pending threshold and the ledger report of the pass. */
export interface CheckInput {
  tenantId: string;
  pendingHours: number;
  ledger: () => Promise<CheckReport>;
}

/** Runs one check for a tenant. */
export function runCheck(db: Executor, check: DataCheck, input: CheckInput): Promise<CheckOutcome> {
  switch (check) {
    case 'ledger_invariant':
      return input.ledger().then((report) => ledgerInvariant(db, input.tenantId, report));
    case 'negative_balance':
      return negativeBalance(db, input.tenantId);
    case 'pending_too_long':
      return pendingTooLong(db, input.tenantId, input.pendingHours);
    case 'duplicate_tx_hash':
      return duplicateTxHash(db, input.tenantId);
    case 'client_without_agent':
      return clientWithoutAgent(db, input.tenantId);
  }
}
