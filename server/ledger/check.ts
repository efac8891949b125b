/**
 * Verifies every ledger invariant on the current database (`npm run ledger:check`, tests):
 *  1. each txn has entries and they sum to zero per currency;
 *  2. each client entry is in its account's currency and tenant;
 *  3. each account's aggregates equal the sums of its entries, column by column;
 *  4. no balance, frozen, outstanding or bonus below zero;
 *  5. each reversal names an existing txn, is its only reversal, and mirrors it exactly (entry sums negated);
 *  6. each record's status agrees with its txns (approved ones posted, pending/rejected not, reversals where due),
 *     and every txn with a record reference points at an existing record;
 *  7. each record carries its client's agent (the copy the scoped lists read);
 *  8. positions and trade orders agree with their entries (docs/trading.md), and no paid order of a listed IPO is
 *     left outside its position;
 *  9. the dashboard's kept sums equal their recomputation from the records (migration 0026_statistics).
 * Read-only. Returns the violations (first 20 rows per rule) and counts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Executor } from '../core/db';
import { AGGREGATES } from './types';

export interface CheckReport {
  ok: boolean;
  counts: Record<string, number>;
  violations: { rule: string; rows: Record<string, unknown>[] }[];
}

const LIMIT = 20;

/** The dashboard's kept sums (migration 0026_statistics): table, key columns and sum columns. */
const STAT_TABLES = [
  { table: 'stat_client', key: 'tenant_id, span, day, agent_id, fake', sums: ['clients'] },
  { table: 'stat_money', key: 'tenant_id, kind, span, day, agent_id, currency', sums: ['records', 'amount'] },
  { table: 'stat_balance', key: 'tenant_id, agent_id, slot, currency', sums: ['accounts', 'balance'] },
  { table: 'stat_order', key: 'tenant_id, agent_id, slot, kind, currency, status', sums: ['orders', 'amount', 'owed'] },
  { table: 'stat_order_day', key: 'tenant_id, span, day, agent_id, slot, kind, currency', sums: ['orders', 'amount'] },
];

const RULES: { rule: string; query: ReturnType<typeof sql> }[] = [
  {
    rule: 'txn sums to zero per currency',
    query: sql`SELECT txn_id, currency, sum(amount)::text AS sum FROM ledger_entry GROUP BY txn_id, currency HAVING sum(amount) <> 0`,
  },
  {
    rule: 'txn has entries',
    query: sql`SELECT t.id AS txn_id FROM ledger_txn t WHERE NOT EXISTS (SELECT 1 FROM ledger_entry e WHERE e.txn_id = t.id)`,
  },
  {
    rule: 'entry matches its account (currency, tenant) and its txn (tenant)',
    query: sql`SELECT e.id AS entry_id FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
      LEFT JOIN account a ON a.id = e.account_id LEFT JOIN platform_account p ON p.id = e.platform_account_id
      WHERE e.tenant_id <> t.tenant_id OR (a.id IS NOT NULL AND (a.currency <> e.currency OR a.tenant_id <> e.tenant_id))
         OR (p.id IS NOT NULL AND (p.currency <> e.currency OR p.tenant_id <> e.tenant_id))`,
  },
  {
    rule: 'account aggregates equal the sum of their entries',
    query:
      sql.raw(`SELECT a.id AS account_id, ${AGGREGATES.map((k) => `a.${k}::text AS ${k}, coalesce(s.${k}, 0)::text AS entries_${k}`).join(', ')}
      FROM account a LEFT JOIN (SELECT account_id, ${AGGREGATES.map((k) => `sum(${k}) AS ${k}`).join(', ')}
        FROM ledger_entry WHERE account_id IS NOT NULL GROUP BY account_id) s ON s.account_id = a.id
      WHERE ${AGGREGATES.map((k) => `a.${k} <> coalesce(s.${k}, 0)`).join(' OR ')}`),
  },
  {
    rule: 'no negative balance, frozen, outstanding or bonus',
    query: sql`SELECT id AS account_id, balance::text, frozen::text, outstanding::text, bonus::text FROM account
      WHERE balance < 0 OR frozen < 0 OR outstanding < 0 OR bonus < 0`,
  },
  {
    rule: 'reversal names an existing txn of the same tenant, once',
    query: sql`SELECT r.id AS txn_id, r.reverses_txn_id FROM ledger_txn r LEFT JOIN ledger_txn o ON o.id = r.reverses_txn_id
      WHERE r.reverses_txn_id IS NOT NULL AND (o.id IS NULL OR o.tenant_id <> r.tenant_id OR o.reverses_txn_id IS NOT NULL
        OR r.kind <> 'reversal' OR (SELECT count(*) FROM ledger_txn x WHERE x.reverses_txn_id = r.reverses_txn_id) > 1)
      UNION ALL SELECT id, reverses_txn_id FROM ledger_txn WHERE kind = 'reversal' AND reverses_txn_id IS NULL`,
  },
  {
    rule: 'reversal mirrors the original exactly',
    query:
      sql.raw(`WITH pairs AS (SELECT id AS rev, reverses_txn_id AS orig FROM ledger_txn WHERE reverses_txn_id IS NOT NULL),
      sums AS (
        SELECT p.rev, e.account_id, e.platform_account_id, e.currency,
               sum(e.amount) AS amount, ${AGGREGATES.map((k) => `sum(e.${k}) AS ${k}`).join(', ')}
        FROM pairs p JOIN ledger_entry e ON e.txn_id IN (p.rev, p.orig)
        GROUP BY p.rev, e.account_id, e.platform_account_id, e.currency)
      SELECT rev AS txn_id, account_id, platform_account_id, currency FROM sums
      WHERE amount <> 0 OR ${AGGREGATES.map((k) => `${k} <> 0`).join(' OR ')}`),
  },
  {
    rule: 'txn refers to an existing record of its tenant',
    query: sql`SELECT t.id AS txn_id, t.ref_type, t.ref_id FROM ledger_txn t WHERE t.ref_type IS NOT NULL AND NOT (
      (t.ref_type = 'deposit' AND EXISTS (SELECT 1 FROM deposit_record r WHERE r.id = t.ref_id AND r.tenant_id = t.tenant_id))
      OR (t.ref_type = 'withdraw' AND EXISTS (SELECT 1 FROM withdraw_record r WHERE r.id = t.ref_id AND r.tenant_id = t.tenant_id))
      OR (t.ref_type = 'overdrawn' AND EXISTS (SELECT 1 FROM overdrawn_record r WHERE r.id = t.ref_id AND r.tenant_id = t.tenant_id))
      OR (t.ref_type = 'exchange' AND EXISTS (SELECT 1 FROM exchange_record r WHERE r.id = t.ref_id AND r.tenant_id = t.tenant_id))
      OR (t.ref_type = 'trade_order' AND EXISTS (SELECT 1 FROM trade_order r WHERE r.id = t.ref_id AND r.tenant_id = t.tenant_id)))`,
  },
  {
    rule: 'deposit status agrees with its txns',
    query: sql`SELECT r.id AS deposit_id, r.status FROM deposit_record r
      LEFT JOIN ledger_txn t ON t.id = r.txn_id LEFT JOIN ledger_txn v ON v.id = r.reversal_txn_id
      WHERE NOT coalesce(CASE r.status
        WHEN 'pending' THEN r.txn_id IS NULL AND r.reversal_txn_id IS NULL
        WHEN 'rejected' THEN r.txn_id IS NULL AND r.reversal_txn_id IS NULL
        WHEN 'approved' THEN t.kind = 'deposit' AND t.ref_id = r.id AND r.reversal_txn_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM ledger_txn x WHERE x.reverses_txn_id = t.id)
          AND (SELECT sum(e.deposit) FROM ledger_entry e WHERE e.txn_id = t.id AND e.account_id = r.account_id) = r.credit_amount
        WHEN 'rolled_back' THEN t.kind = 'deposit' AND t.ref_id = r.id AND v.reverses_txn_id = t.id
        ELSE false END, false)
      OR (SELECT count(*) FROM ledger_txn x WHERE x.ref_type = 'deposit' AND x.ref_id = r.id AND x.reverses_txn_id IS NULL)
         <> CASE WHEN r.status IN ('approved', 'rolled_back') THEN 1 ELSE 0 END`,
  },
  {
    rule: 'withdrawal status agrees with its txns',
    query: sql`SELECT r.id AS withdraw_id, r.status FROM withdraw_record r
      LEFT JOIN ledger_txn f ON f.id = r.freeze_txn_id LEFT JOIN ledger_txn s ON s.id = r.resolve_txn_id
      LEFT JOIN ledger_txn v ON v.id = r.reversal_txn_id
      WHERE NOT coalesce(f.kind = 'withdraw_freeze' AND f.ref_id = r.id
        AND (SELECT sum(e.frozen) FROM ledger_entry e WHERE e.txn_id = f.id) = r.amount
        AND CASE r.status
          WHEN 'pending' THEN r.resolve_txn_id IS NULL AND r.reversal_txn_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM ledger_txn x WHERE x.reverses_txn_id = f.id)
          WHEN 'rejected' THEN s.reverses_txn_id = f.id AND r.reversal_txn_id IS NULL
          WHEN 'approved' THEN s.kind = 'withdraw_payout' AND s.ref_id = r.id AND r.reversal_txn_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM ledger_txn x WHERE x.reverses_txn_id IN (f.id, s.id))
            AND (SELECT sum(e.withdrawal) FROM ledger_entry e WHERE e.txn_id = s.id) = r.amount
          WHEN 'rolled_back' THEN s.kind = 'withdraw_payout' AND v.reverses_txn_id = s.id
            AND EXISTS (SELECT 1 FROM ledger_txn x WHERE x.reverses_txn_id = f.id)
          ELSE false END, false)`,
  },
  {
    rule: 'loan / compensation / bonus status agrees with its txns',
    query: sql`SELECT r.id AS overdrawn_id, r.sub_type, r.status FROM overdrawn_record r LEFT JOIN ledger_txn t ON t.id = r.txn_id
      WHERE NOT coalesce(CASE
        -- a pending or rejected loan, or a credit at or above its approval tier that waits or was refused (maker-checker)
        WHEN r.status IN ('pending', 'rejected') THEN r.txn_id IS NULL AND r.repaid = 0
        WHEN r.sub_type = 'loan' THEN t.kind = 'loan' AND t.ref_id = r.id
          AND (SELECT sum(e.outstanding) FROM ledger_entry e WHERE e.txn_id = t.id) = r.amount
          AND coalesce((SELECT -sum(e.outstanding) FROM ledger_entry e JOIN ledger_txn x ON x.id = e.txn_id
                        WHERE x.kind = 'loan_repay' AND x.ref_type = 'overdrawn' AND x.ref_id = r.id), 0) = r.repaid
          AND (r.status = 'repaid') = (r.repaid = r.amount)
        ELSE r.status IN ('approved', 'rolled_back') AND t.kind = r.sub_type AND t.ref_id = r.id
          AND (SELECT sum(CASE WHEN r.sub_type = 'bonus' THEN e.bonus ELSE e.compensation END)
               FROM ledger_entry e WHERE e.txn_id = t.id) = r.amount
          AND CASE WHEN r.status = 'approved'
            THEN r.reversal_txn_id IS NULL AND NOT EXISTS (SELECT 1 FROM ledger_txn x WHERE x.reverses_txn_id = t.id)
            ELSE EXISTS (SELECT 1 FROM ledger_txn v WHERE v.id = r.reversal_txn_id AND v.reverses_txn_id = t.id) END
        END, false)`,
  },
  {
    rule: "record's agent_id equals its client's",
    query: sql.raw(
      ['deposit_record', 'withdraw_record', 'overdrawn_record']
        .map(
          (t) => `SELECT '${t}' AS record_table, r.id AS record_id FROM ${t} r JOIN client c ON c.id = r.client_id
            WHERE r.agent_id IS DISTINCT FROM c.agent_id`,
        )
        .join(' UNION ALL '),
    ),
  },
  {
    rule: 'holding equals its orders in status holding (quantity, cost)',
    // docs/trading.md "Positions": one row per client and product; period products hold their amount
    query: sql`WITH o AS (
        SELECT client_id, product_id, sum(CASE WHEN kind IN ('ai','fund','quant','saving') THEN amount
               ELSE coalesce(allocated_quantity, quantity) END) AS quantity, sum(amount) AS cost
        FROM trade_order WHERE status = 'holding' GROUP BY client_id, product_id)
      SELECT coalesce(h.client_id, o.client_id) AS client_id, coalesce(h.product_id, o.product_id) AS product_id,
             h.quantity::text AS holding_quantity, o.quantity::text AS order_quantity, h.cost::text AS holding_cost,
             o.cost::text AS order_cost
      FROM (SELECT * FROM holding WHERE product_id IS NOT NULL) h FULL JOIN o
        ON o.client_id = h.client_id AND o.product_id = h.product_id
      WHERE h.id IS NULL OR o.client_id IS NULL OR h.quantity <> o.quantity OR h.cost <> o.cost`,
  },
  {
    rule: 'paid order of a listed IPO holds its position',
    // go public turns every approved (allotted and paid) subscription into a holding, and a payment after listing
    // opens its position at once: an approved order on a listed IPO is a payment that missed the listing
    query: sql`SELECT o.id AS order_id, o.client_id, o.product_id, o.status, p.status AS product_status
      FROM trade_order o JOIN trade_product p ON p.id = o.product_id
      WHERE p.kind = 'ipo' AND p.status = 'listed' AND o.status = 'approved'`,
  },
  {
    rule: 'trade order agrees with its txns (frozen, buy, fee, owed, sale)',
    // per order: the frozen money net of its txns equals `frozen`; what buy and buy_fee took plus what is owed
    // equals amount + fee once allotted or bought; a sale or settlement paid proceeds and took the sell fee
    query: sql`WITH s AS (
        SELECT t.ref_id AS id,
          coalesce(sum(e.frozen), 0) AS frozen,
          coalesce(-sum(e.amount) FILTER (WHERE t.kind = 'buy'), 0) AS bought,
          coalesce(-sum(e.amount) FILTER (WHERE t.kind = 'buy_fee'), 0) AS fee_paid,
          coalesce(sum(e.amount) FILTER (WHERE t.kind = 'sell'), 0) AS proceeds,
          coalesce(-sum(e.amount) FILTER (WHERE t.kind = 'sell_fee'), 0) AS sell_fee,
          coalesce(sum(e.profit), 0) AS profit
        FROM ledger_txn t JOIN ledger_entry e ON e.txn_id = t.id AND e.account_id IS NOT NULL
        WHERE t.ref_type = 'trade_order' GROUP BY t.ref_id)
      SELECT o.id AS order_id, o.status, o.frozen::text, coalesce(s.frozen, 0)::text AS txn_frozen,
             o.amount::text, o.fee::text, o.owed::text, coalesce(s.bought, 0)::text AS bought,
             coalesce(s.fee_paid, 0)::text AS fee_paid
      FROM trade_order o LEFT JOIN s ON s.id = o.id
      WHERE o.frozen <> coalesce(s.frozen, 0)
        OR (o.status = 'pending' AND o.frozen = 0)
        OR (o.status IN ('pending', 'rejected', 'fund_released') AND (coalesce(s.bought, 0) <> 0 OR coalesce(s.fee_paid, 0) <> 0 OR o.owed <> 0))
        OR (o.status NOT IN ('pending', 'rejected', 'fund_released')
            AND coalesce(s.bought, 0) + coalesce(s.fee_paid, 0) + o.owed <> o.amount + o.fee)
        OR (o.status NOT IN ('pending', 'rejected', 'fund_released', 'waiting_payment', 'outstanding')
            AND (coalesce(s.bought, 0) <> o.amount OR coalesce(s.fee_paid, 0) <> o.fee OR o.owed <> 0))
        OR (o.status IN ('sold', 'completed') AND (coalesce(s.proceeds, 0) <> o.proceeds
            OR coalesce(s.sell_fee, 0) <> coalesce(o.sell_fee, 0) OR coalesce(s.profit, 0) <> o.profit))
        OR (o.status NOT IN ('sold', 'completed') AND (coalesce(s.proceeds, 0) <> 0 OR coalesce(s.sell_fee, 0) <> 0))`,
  },
  {
    rule: 'dashboard statistics equal their records',
    // Each kept sum (migration 0026) against its recomputation: a row missing on one side counts as zeros.
    query: sql.raw(
      STAT_TABLES.map(
        ({ table, key, sums }) =>
          `SELECT '${table}' AS stat, coalesce(k.tenant_id, e.tenant_id) AS tenant_id,
            row_to_json(k)::text AS kept, row_to_json(e)::text AS expected
          FROM ${table} k FULL JOIN ${table}_expected e USING (${key})
          WHERE ${sums.map((c) => `coalesce(k.${c}, 0) <> coalesce(e.${c}, 0)`).join(' OR ')}`,
      ).join(' UNION ALL '),
    ),
  },
  {
    rule: 'exchange posted',
    // completed exchanges are posted; one waiting for its approval (maker-checker) or refused has no txn
    query: sql`SELECT r.id AS exchange_id FROM exchange_record r LEFT JOIN ledger_txn t ON t.id = r.txn_id
      WHERE NOT coalesce(CASE WHEN r.status = 'completed' THEN t.kind = 'exchange' AND t.ref_id = r.id
        ELSE r.txn_id IS NULL END, false)`,
  },
];

/**
 * Runs every rule; `ok` is false when any rule returns a row. Given the database (not a transaction), all rules
 * read one snapshot (a read-only REPEATABLE READ transaction), so a check on a live system sees no half-made movement.
 */
export async function checkLedger(db: Executor): Promise<CheckReport> {
  if ('transaction' in db && !('rollback' in db)) {
    return (db as Db).transaction((tx) => runRules(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }
  return runRules(db);
}

async function runRules(db: Executor): Promise<CheckReport> {
  const violations: CheckReport['violations'] = [];
  for (const { rule, query } of RULES) {
    const res = await db.execute(sql`SELECT * FROM (${query}) v LIMIT ${LIMIT}`);
    if (res.rows.length) violations.push({ rule, rows: res.rows as Record<string, unknown>[] });
  }
  const countRes = await db.execute(sql`SELECT
    (SELECT count(*) FROM ledger_txn)::int AS txns, (SELECT count(*) FROM ledger_entry)::int AS entries,
    (SELECT count(*) FROM account)::int AS accounts, (SELECT count(*) FROM client)::int AS clients,
    (SELECT count(*) FROM deposit_record)::int AS deposits, (SELECT count(*) FROM withdraw_record)::int AS withdrawals,
    (SELECT count(*) FROM overdrawn_record)::int AS overdrawn, (SELECT count(*) FROM exchange_record)::int AS exchanges`);
  const counts = Object.fromEntries(
    Object.entries(countRes.rows[0] as Record<string, unknown>).map(([k, v]) => [k, Number(v)]),
  );
  return { ok: violations.length === 0, counts, violations };
}

/** A printable report. */
export function formatReport(r: CheckReport): string {
  const lines = [`ledger check: ${r.ok ? 'OK' : 'VIOLATIONS FOUND'}`];
  lines.push(
    '  ' +
      Object.entries(r.counts)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
  );
  for (const v of r.violations) {
    lines.push(`  ✗ ${v.rule} (${v.rows.length}${v.rows.length === LIMIT ? '+' : ''})`);
    for (const row of v.rows) lines.push(`      ${JSON.stringify(row)}`);
  }
  return lines.join('\n');
}
