/**
 * The only writer of ledger entries and account aggregates. Everything runs inside the caller's transaction.
 * The checks run here (typed errors before anything is written); the writes are the database's `ledger_post()`
 * (migration 0015_app_role), the one way the API's role can insert ledger rows or move an aggregate.
 */
import { sql } from 'drizzle-orm';
import { NotFoundError } from '../core/errors';
import { InsufficientFundsError, LedgerInvariantError } from './errors';
import { fromCents, toCents } from './money';
import {
  AGGREGATES,
  NON_NEGATIVE,
  type AccountSnapshot,
  type Aggregate,
  type Amount,
  type LedgerLine,
  type PlatformKind,
  type PostInput,
} from './types';
import { type Executor } from '../core/db';
import { emitLive } from '../core/events';

const cents = (a: Amount, field = 'amount'): bigint => (typeof a === 'bigint' ? a : toCents(a, field));
const emptyAgg = (): Record<Aggregate, bigint> =>
  Object.fromEntries(AGGREGATES.map((k) => [k, 0n])) as Record<Aggregate, bigint>;

function toSnapshot(r: Record<string, unknown>): AccountSnapshot {
  const agg = emptyAgg();
  for (const k of AGGREGATES) agg[k] = toCents(String(r[k]));
  return {
    id: Number(r.id),
    tenantId: String(r.tenant_id),
    clientId: Number(r.client_id),
    currency: String(r.currency),
    version: Number(r.version),
    agg,
  };
}

/**
 * Locks client accounts in ascending id order (the fixed lock order that prevents deadlocks between movements)
 * and returns them by id. Lock every account a movement needs in ONE call.
 * The lock is FOR NO KEY UPDATE (the row-lock an UPDATE of non-key columns takes): it excludes every other movement
 * on the account exactly like FOR UPDATE, but not the KEY SHARE locks that inserting a record or an entry
 * referencing the account takes, so two transactions that both inserted a record for an account cannot deadlock
 * upgrading their key-share lock.
 */
export async function lockAccounts(
  tx: Executor,
  tenantId: string,
  ids: number[],
): Promise<Map<number, AccountSnapshot>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const out = new Map<number, AccountSnapshot>();
  if (!unique.length) return out;
  const res = await tx.execute(sql`
    SELECT id, tenant_id, client_id, currency, version, ${sql.raw(AGGREGATES.join(', '))}
    FROM account WHERE id IN (${sql.join(
      unique.map((i) => sql`${i}`),
      sql`, `,
    )}) AND tenant_id = ${tenantId}
    ORDER BY id FOR NO KEY UPDATE`);
  for (const r of res.rows as Record<string, unknown>[]) out.set(Number(r.id), toSnapshot(r));
  for (const id of unique) if (!out.has(id)) throw new NotFoundError('Account');
  return out;
}

/** The platform counter-account for (tenant, currency, kind), created on first use. */
export async function platformAccountId(
  tx: Executor,
  tenantId: string,
  currency: string,
  kind: PlatformKind,
): Promise<number> {
  return (await platformAccountIds(tx, tenantId, [{ currency, kind }])).get(`${currency}|${kind}`)!;
}

/**
 * Platform account ids by "currency|kind", creating missing ones, in one statement in the common case.
 * (A row inserted concurrently by another transaction after this statement's snapshot is picked up by a re-read.)
 */
async function platformAccountIds(
  tx: Executor,
  tenantId: string,
  wanted: { currency: string; kind: PlatformKind }[],
): Promise<Map<string, number>> {
  const keys = [...new Set(wanted.map((w) => `${w.currency}|${w.kind}`))].sort();
  const out = new Map<string, number>();
  if (!keys.length) return out;
  const pairs = keys.map((k) => k.split('|'));
  const values = sql.join(
    pairs.map(([c, k]) => sql`(${tenantId}, ${c}, ${k})`),
    sql`, `,
  );
  const res = await tx.execute(sql`
    WITH ins AS (
      INSERT INTO platform_account (tenant_id, currency, kind) VALUES ${values}
      ON CONFLICT DO NOTHING RETURNING id, currency, kind)
    SELECT id, currency, kind FROM ins
    UNION ALL
    SELECT id, currency, kind FROM platform_account WHERE (tenant_id, currency, kind) IN (${values})`);
  for (const r of res.rows as { id: unknown; currency: string; kind: string }[])
    out.set(`${r.currency}|${r.kind}`, Number(r.id));
  if (out.size < keys.length) {
    const again = await tx.execute(
      sql`SELECT id, currency, kind FROM platform_account WHERE (tenant_id, currency, kind) IN (${values})`,
    );
    for (const r of again.rows as { id: unknown; currency: string; kind: string }[])
      out.set(`${r.currency}|${r.kind}`, Number(r.id));
  }
  if (out.size < keys.length) throw new LedgerInvariantError('Platform account could not be resolved');
  return out;
}

interface NormalLine {
  line: LedgerLine;
  amount: bigint;
  effect: Record<Aggregate, bigint>;
}

function normalise(lines: LedgerLine[]): NormalLine[] {
  if (lines.length < 2) throw new LedgerInvariantError('A transaction needs at least two lines');
  const sums = new Map<string, bigint>();
  const out = lines.map((line) => {
    const amount = cents(line.amount);
    const effect = emptyAgg();
    if (line.accountRef.type === 'client') {
      const given = line.effect ?? {};
      for (const k of AGGREGATES) if (given[k] !== undefined) effect[k] = cents(given[k]!, k);
      if (given.balance === undefined && given.frozen === undefined) effect.balance = amount;
      if (effect.balance + effect.frozen !== amount) {
        throw new LedgerInvariantError('A client line must move its amount through balance and frozen');
      }
    } else if (line.effect && Object.values(line.effect).some((v) => v !== undefined && cents(v) !== 0n)) {
      throw new LedgerInvariantError('Platform lines carry no aggregate effect');
    }
    sums.set(line.currency, (sums.get(line.currency) ?? 0n) + amount);
    return { line, amount, effect };
  });
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new LedgerInvariantError(`Transaction does not balance in ${currency}: ${fromCents(sum)}`);
  }
  return out;
}

export interface PostResult {
  txnId: number;
  /** The client accounts after the movement. */
  accounts: Map<number, AccountSnapshot>;
}

/**
 * Posts one balanced transaction: inserts the txn and its entries and moves the client accounts' aggregates,
 * all in the caller's transaction. Refuses (InsufficientFundsError) a movement that would take balance, frozen,
 * outstanding or locked bonus below zero. Amounts are exact (bigint cents in JS, numeric in SQL).
 */
export async function postTransaction(tx: Executor, input: PostInput): Promise<PostResult> {
  const lines = normalise(input.lines);
  const clientIds = lines.flatMap((l) => (l.line.accountRef.type === 'client' ? [l.line.accountRef.id] : []));
  const locked = await lockAccounts(tx, input.tenantId, clientIds);

  const platformIds = await platformAccountIds(
    tx,
    input.tenantId,
    lines.flatMap((l) =>
      l.line.accountRef.type === 'platform' ? [{ currency: l.line.currency, kind: l.line.accountRef.kind }] : [],
    ),
  );

  // New aggregates, checked before anything is written.
  const deltas = new Map<number, Record<Aggregate, bigint>>();
  for (const l of lines) {
    if (l.line.accountRef.type !== 'client') continue;
    const acc = locked.get(l.line.accountRef.id)!;
    if (acc.currency !== l.line.currency) {
      throw new LedgerInvariantError(`Account ${acc.id} is in ${acc.currency}, not ${l.line.currency}`);
    }
    const d = deltas.get(acc.id) ?? emptyAgg();
    for (const k of AGGREGATES) d[k] += l.effect[k];
    deltas.set(acc.id, d);
  }
  const after = new Map<number, AccountSnapshot>();
  for (const [id, d] of deltas) {
    const acc = locked.get(id)!;
    const agg = emptyAgg();
    for (const k of AGGREGATES) agg[k] = acc.agg[k] + d[k];
    for (const k of NON_NEGATIVE) {
      if (agg[k] < 0n) {
        throw new InsufficientFundsError(
          k === 'balance' ? 'Insufficient balance' : `The account's ${k} cannot go below zero`,
        );
      }
    }
    after.set(id, { ...acc, version: acc.version + 1, agg });
  }

  // The rows and the aggregates are written by the owner's ledger_post() (migration 0015_app_role): the API's role
  // may read the ledger but neither insert into it nor update an aggregate. It repeats the checks above in SQL.
  const entries = lines.map((l) => {
    const ref = l.line.accountRef;
    const row: Record<string, string | number> = { currency: l.line.currency, amount: fromCents(l.amount) };
    if (ref.type === 'client') {
      row.account_id = ref.id;
      for (const k of AGGREGATES) if (l.effect[k] !== 0n) row[k] = fromCents(l.effect[k]);
    } else {
      row.platform_account_id = platformIds.get(`${l.line.currency}|${ref.kind}`)!;
    }
    return row;
  });
  const res = await tx.execute(sql`SELECT ledger_post(${input.tenantId}::text, ${input.kind}::text,
    ${JSON.stringify(entries)}::jsonb, ${input.refType ?? null}::text, ${input.refId ?? null}::bigint,
    ${input.reversesTxnId ?? null}::bigint, ${input.idempotencyKey ?? null}::text, ${input.createdBy ?? null}::bigint,
    ${input.memo ?? null}::text) AS id`);
  const txnId = Number((res.rows[0] as { id: unknown }).id);
  // The consoles showing these clients' balances refresh them once this commits (core/events.ts).
  await emitLive(tx, ...[...after.values()].map((a) => balanceMoved(a, input.createdBy)));
  return { txnId, accounts: after };
}

/** The live event of a client account that moved. */
const balanceMoved = (a: AccountSnapshot, byId: number | null | undefined) => ({
  tenantId: a.tenantId,
  kind: 'balance' as const,
  action: 'moved' as const,
  recordId: a.id,
  clientId: a.clientId,
  resources: ['client'],
  byId,
  read: [['client']],
});

/**
 * Posts the exact mirror of `txnId` (every entry negated), naming it in `reverses_txn_id`.
 * The unique index on reverses_txn_id makes a second reversal of the same txn fail.
 */
export async function reverseTransaction(
  tx: Executor,
  opts: { tenantId: string; txnId: number; createdBy?: number | null; memo?: string; idempotencyKey?: string },
): Promise<PostResult> {
  const res = await tx.execute(sql`
    SELECT e.account_id, p.kind AS platform_kind, e.currency, e.amount, ${sql.raw(AGGREGATES.map((k) => `e.${k}`).join(', '))},
           t.ref_type, t.ref_id
    FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
    LEFT JOIN platform_account p ON p.id = e.platform_account_id
    WHERE e.txn_id = ${opts.txnId} AND t.tenant_id = ${opts.tenantId} ORDER BY e.id`);
  const rows = res.rows as Record<string, unknown>[];
  if (!rows.length) throw new LedgerInvariantError(`Transaction ${opts.txnId} has no entries to reverse`);
  const neg = (v: unknown) => -toCents(String(v));
  const lines: LedgerLine[] = rows.map((r) => ({
    accountRef:
      r.account_id != null
        ? { type: 'client', id: Number(r.account_id) }
        : { type: 'platform', kind: String(r.platform_kind) as PlatformKind },
    currency: String(r.currency),
    amount: neg(r.amount),
    effect:
      r.account_id != null
        ? (Object.fromEntries(AGGREGATES.map((k) => [k, neg(r[k])])) as Record<Aggregate, bigint>)
        : undefined,
  }));
  return postTransaction(tx, {
    tenantId: opts.tenantId,
    kind: 'reversal',
    lines,
    refType: (rows[0].ref_type as PostInput['refType']) ?? undefined,
    refId: rows[0].ref_id == null ? undefined : Number(rows[0].ref_id),
    reversesTxnId: opts.txnId,
    createdBy: opts.createdBy,
    memo: opts.memo,
    idempotencyKey: opts.idempotencyKey,
  });
}
