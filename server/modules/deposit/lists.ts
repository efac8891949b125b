/** The deposit lists (all deposits; crypto deposits with their own filters), exports and detail (records/lists.ts). */
import { and, eq, or, type SQL } from 'drizzle-orm';
import { canonicalTxHash, CRYPTO_CHAINS, isCryptoChain } from '../../../domain/crypto-chains';
import { cryptoDeposit, deposit } from '../../../domain/records';
import { depositRecord } from '../../db/schema';
import { ValidationError } from '../../core/errors';
import type { Executor } from '../../core/db';
import type { Actor } from '../records/common';
import {
  exportRecords,
  listRecords,
  recordDetail,
  subTypeFilter,
  type CsvOptions,
  type ListQuery,
  type RecordKind,
} from '../records/lists';
import { presentDeposit } from './service';

type DepositRow = typeof depositRecord.$inferSelect;

const DEPOSITS: RecordKind<DepositRow, ReturnType<typeof presentDeposit>> = {
  table: depositRecord,
  extra: subTypeFilter(depositRecord.subType),
  present: presentDeposit,
  def: () => deposit,
};

/**
 * The crypto list's own filters: `chain` (exact), `tx_hash` (exact, in its canonical spelling on each chain asked).
 * A hash without a chain is looked up on every chain, (chain, hash) pair by pair, so the unique
 * (tenant_id, chain, tx_hash) index answers it.
 */
function cryptoFilters(q: ListQuery): SQL[] {
  const conds: SQL[] = [eq(depositRecord.subType, 'crypto')];
  const chain = q.chain === undefined || q.chain === null || q.chain === '' ? undefined : String(q.chain);
  if (chain !== undefined && !isCryptoChain(chain))
    throw new ValidationError({ chain: `chain must be one of ${CRYPTO_CHAINS.join(', ')}` });
  const hash = typeof q.tx_hash === 'string' && q.tx_hash.trim() ? q.tx_hash : undefined;
  if (hash === undefined) return chain ? [...conds, eq(depositRecord.chain, chain)] : conds;
  const pairs = (chain ? [chain] : CRYPTO_CHAINS).map((c) =>
    and(eq(depositRecord.chain, c), eq(depositRecord.txHash, canonicalTxHash(c, hash))),
  );
  return [...conds, or(...pairs)!];
}

/** The deposit list limited to sub_type crypto (whatever sub_type is asked), with the crypto filters. */
const CRYPTO_DEPOSITS: RecordKind<DepositRow, ReturnType<typeof presentDeposit>> = {
  ...DEPOSITS,
  extra: cryptoFilters,
  def: () => cryptoDeposit,
};

/** GET /deposit/admin/v1/list: filters fake, status, currency, sub_type, username (prefix), client_id, agent_id, created_at range. */
export const listDeposits = (tx: Executor, actor: Actor, q: ListQuery) => listRecords(tx, actor, DEPOSITS, q);
/** GET /deposit/admin/v1/list/export: every deposit the list's filters and scope match, as CSV. */
export const exportDeposits = (tx: Executor, actor: Actor, q: ListQuery & CsvOptions) =>
  exportRecords(tx, actor, DEPOSITS, q);
/** GET /deposit/admin/v1/crypto/list: the deposit list limited to sub_type crypto, plus filters chain and tx_hash. */
export const listCryptoDeposits = (tx: Executor, actor: Actor, q: ListQuery) =>
  listRecords(tx, actor, CRYPTO_DEPOSITS, q);
/** GET /deposit/admin/v1/crypto/list/export: the crypto list's records (same filters) as CSV. */
export const exportCryptoDeposits = (tx: Executor, actor: Actor, q: ListQuery & CsvOptions) =>
  exportRecords(tx, actor, CRYPTO_DEPOSITS, q);
/** GET /deposit/admin/v1/detail/{id}: one deposit with its names (404 outside the scope). */
export const depositDetail = (tx: Executor, actor: Actor, id: number) =>
  recordDetail(tx, actor, DEPOSITS, id, 'Deposit');
