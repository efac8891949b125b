/**
 * Bulk seed for the API list benchmark (bench/api-lists.ts): 1,000,000 clients of tenant `tr` spread over its
 * salesmen and team leaders (3 % robots), ~1.2 accounts each in several currencies, and 1,000,000 deposit records
 * (pending, rejected and approved), all written with INSERT ... SELECT generate_series in a few statements.
 *
 * The data bypasses the ledger service (posting 600k deposits one by one through it would take hours), so the
 * SQL below writes exactly what the service would have written, and the ledger invariants still hold:
 *  - an approved deposit has one `deposit` txn (ref_type deposit, ref_id = the record) with two entries that sum
 *    to zero: the client account +credit (balance +credit, deposit +credit) and the tenant's platform cash
 *    account of the same currency -credit (deposits are same-currency here, so no fx lines);
 *  - pending and rejected deposits have no txn;
 *  - each account's balance and deposit aggregates are then set to the sum of its entries (the other aggregates
 *    stay 0 and so do their entry columns).
 * Triggers (foreign keys, the deferred per-entry balance check, the append-only guards) are switched off for the
 * bulk session only (session_replication_role = replica) and the secondary indexes are dropped during the load and
 * rebuilt afterwards; `checkLedger` (scripts/ledger-check.ts) then verifies every invariant on the result.
 */
import type pg from 'pg';

export interface SeedSize {
  clients: number;
  deposits: number;
}

/** Tables the bulk load writes, whose secondary indexes are rebuilt after it. */
const BULK_TABLES = ['client', 'account', 'deposit_record', 'ledger_txn', 'ledger_entry'];

/** Fills tenant `tr` (staff already seeded by server/db/seed.ts). Runs on a dedicated connection. */
export async function seedLarge(c: pg.Client, size: SeedSize, log: (s: string) => void): Promise<void> {
  const step = async (label: string, text: string, params: unknown[] = []) => {
    const t0 = Date.now();
    const r = await c.query(text, params);
    log(`  ${label}: ${r.rowCount ?? ''} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  const staff = await c.query<{ id: string; username: string }>(
    `SELECT id, username FROM staff_user WHERE tenant_id = 'tr' AND username IN ('admin','leader','leader2','sales','sales2','sales3')`,
  );
  const id = (u: string) => Number(staff.rows.find((r) => r.username === u)!.id);
  // 90 % with the three salesmen, 5 % with each team leader directly.
  const agents = [id('sales'), id('sales2'), id('sales3'), id('leader'), id('leader2')];
  const admin = id('admin');

  await c.query(`SET session_replication_role = replica`);
  await c.query(`SET maintenance_work_mem = '1GB'`);
  await c.query(`SET synchronous_commit = off`);
  const idx = await c.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const i of idx.rows) await c.query(`DROP INDEX ${i.indexname}`);

  await step(
    'clients',
    `INSERT INTO client (id, tenant_id, username, full_name, mobile, fake, active, score, vip, agent_id, kyc_status, created_at)
     SELECT g, 'tr',
       (ARRAY['alice','bob','chen','david','emma','farid','giulia','hana','ivan','jose'])[g % 10 + 1] || g,
       'Client ' || g,
       '+90' || lpad((5000000000 + g)::text, 10, '0'),
       (g * 7919) % 100 < 3,
       g % 50 <> 0,
       100, (g % 7) % 4,
       (CASE WHEN g % 20 = 0 THEN $2::bigint WHEN g % 20 = 1 THEN $3::bigint
             ELSE ($4::bigint[])[g % 3 + 1] END),
       (ARRAY['approved','approved','approved','approved','approved','unverified','unverified','unverified','pending','rejected'])[(g * 31) % 10 + 1],
       now() - ($1::bigint - g) * interval '90 seconds' - (g % 97) * interval '1 second'
     FROM generate_series(1, $1::bigint) g`,
    [size.clients, agents[3], agents[4], agents.slice(0, 3)],
  );
  // Every client has a primary account (USD 70 %, EUR 20 %, TRY 10 %); 15 % also hold a second currency.
  await step(
    'accounts',
    `INSERT INTO account (id, tenant_id, client_id, acc_no, currency, created_at)
     SELECT row_number() OVER (ORDER BY c.id, x.n), 'tr', c.id, '', x.cur, c.created_at
     FROM client c
     CROSS JOIN LATERAL (
       SELECT 1 AS n, (CASE WHEN c.id % 10 < 7 THEN 'USD' WHEN c.id % 10 < 9 THEN 'EUR' ELSE 'TRY' END) AS cur
       UNION ALL
       SELECT 2, (CASE WHEN c.id % 10 < 7 THEN 'EUR' ELSE 'USD' END) WHERE (c.id * 13) % 100 < 15
     ) x
     WHERE c.tenant_id = 'tr'`,
  );
  await c.query(`UPDATE account SET acc_no = '8' || lpad(id::text, 11, '0')`);
  await c.query(`SELECT setval('account_no_seq', (SELECT max(id) FROM account))`);

  // Deposits: a pseudo-random account each, in its currency; 60 % approved, 15 % pending, 25 % rejected;
  // newest ids are the newest rows (created about every 90 s over ~3 years, with jitter). A quarter are crypto
  // (g % 4 = 2): chain, receiving address and transaction hash as the API stores them (deposit_crypto_fields), the
  // hash unique per row (md5 of g), so the unique (tenant_id, chain, tx_hash) index builds.
  await step(
    'deposits',
    `WITH n AS (SELECT count(*)::bigint AS accounts FROM account)
     INSERT INTO deposit_record (id, tenant_id, client_id, account_id, agent_id, currency, amount, rate, credit_currency,
       credit_amount, sub_type, chain, address, tx_hash, source, status, created_by, resolved_by, resolved_at,
       created_at, txn_id)
     SELECT g, 'tr', a.client_id, a.id, c.agent_id, a.currency, amt, 1, a.currency, amt,
       (ARRAY['bank','bank','crypto','exchange'])[g % 4 + 1],
       cr.chain, cr.address, cr.tx_hash,
       CASE WHEN g % 5 = 0 THEN 'staff' ELSE 'client' END,
       st, CASE WHEN g % 5 = 0 THEN $2::bigint END,
       CASE WHEN st <> 'pending' THEN $2::bigint END,
       CASE WHEN st <> 'pending' THEN ts + interval '2 hours' END,
       ts,
       CASE WHEN st = 'approved' THEN g END
     FROM n, generate_series(1, $1::bigint) g
     CROSS JOIN LATERAL (SELECT
       (((g::bigint * 2654435761) % n.accounts) + 1) AS account_id,
       round((10 + (g * 7907) % 500000 / 100.0)::numeric, 2) AS amt,
       CASE WHEN g % 20 < 12 THEN 'approved' WHEN g % 20 < 15 THEN 'pending' ELSE 'rejected' END AS st,
       now() - ($1::bigint - g) * interval '90 seconds' - (g % 89) * interval '1 second' AS ts) v
     LEFT JOIN LATERAL (SELECT chain,
       CASE chain WHEN 'TRC20' THEN 'T' || substr(translate(h, '0', 'Q'), 1, 33)
                  WHEN 'BTC' THEN 'bc1q' || substr(translate(h, '1b', 'pq'), 1, 38)
                  WHEN 'SOL' THEN substr(translate(h, '0ace', 'zACE'), 1, 44)
                  ELSE '0x' || substr(h, 1, 40) END AS address,
       CASE chain WHEN 'TRC20' THEN t WHEN 'BTC' THEN t
                  WHEN 'SOL' THEN translate(t || substr(h, 1, 24), '0bdf', 'zBDF')
                  ELSE '0x' || t END AS tx_hash
       FROM (SELECT (ARRAY['TRC20','ERC20','BEP20','BTC','ETH','SOL'])[(g / 4) % 6 + 1] AS chain,
                    md5('a' || g) || md5('b' || g) AS h, md5(g::text) || md5('t' || g) AS t) x
       WHERE g % 4 = 2) cr ON true
     JOIN account a ON a.id = v.account_id JOIN client c ON c.id = a.client_id`,
    [size.deposits, admin],
  );
  await step(
    'platform cash accounts',
    `INSERT INTO platform_account (tenant_id, currency, kind)
     SELECT DISTINCT 'tr', currency, 'cash' FROM account ON CONFLICT DO NOTHING`,
  );
  await step(
    'ledger txns',
    `INSERT INTO ledger_txn (id, tenant_id, kind, ref_type, ref_id, created_by, created_at)
     SELECT r.id, 'tr', 'deposit', 'deposit', r.id, $1::bigint, r.resolved_at
     FROM deposit_record r WHERE r.status = 'approved'`,
    [admin],
  );
  await step(
    'ledger entries',
    `INSERT INTO ledger_entry (id, txn_id, tenant_id, account_id, platform_account_id, currency, amount, kind,
       balance, deposit, created_at)
     SELECT 2 * r.id - 1, r.id, 'tr', r.account_id, NULL, r.credit_currency, r.credit_amount, 'deposit',
            r.credit_amount, r.credit_amount, r.resolved_at
     FROM deposit_record r WHERE r.status = 'approved'
     UNION ALL
     SELECT 2 * r.id, r.id, 'tr', NULL, p.id, r.currency, -r.credit_amount, 'deposit', 0, 0, r.resolved_at
     FROM deposit_record r JOIN platform_account p ON p.tenant_id = 'tr' AND p.currency = r.currency AND p.kind = 'cash'
     WHERE r.status = 'approved'`,
  );
  await step(
    'account aggregates',
    `UPDATE account a SET balance = s.b, deposit = s.d, version = s.n
     FROM (SELECT account_id, sum(balance) AS b, sum(deposit) AS d, count(*)::int AS n
           FROM ledger_entry WHERE account_id IS NOT NULL GROUP BY account_id) s
     WHERE s.account_id = a.id`,
  );
  for (const [table, seq] of [
    ['client', 'client_id_seq'],
    ['account', 'account_id_seq'],
    ['deposit_record', 'deposit_record_id_seq'],
    ['ledger_txn', 'ledger_txn_id_seq'],
    ['ledger_entry', 'ledger_entry_id_seq'],
  ]) {
    await c.query(`SELECT setval('${seq}', (SELECT coalesce(max(id), 1) FROM ${table}))`);
  }
  await c.query(`RESET session_replication_role`);

  const t0 = Date.now();
  await c.query(`SET max_parallel_maintenance_workers = 2`);
  for (const i of idx.rows) await c.query(i.indexdef);
  log(`  ${idx.rows.length} secondary indexes rebuilt in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = Date.now();
  // VACUUM sets the visibility map (index-only scans), ANALYZE the statistics the planner and the estimates use.
  await c.query(`VACUUM (ANALYZE) client, account, deposit_record, ledger_txn, ledger_entry, platform_account`);
  log(`  VACUUM ANALYZE in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
}
