/** The deposit lists (all deposits; crypto deposits with their own filters), exports and detail (records/lists.ts). */
import { and, eq, or, type SQL } from 'drizzle-orm';
import { canonicalTxHash, CRYPTO_CHAINS, isCryptoChain } from '../../../domain/crypto-chains';
import { cryptoDeposit, deposit } from '../../../domain/records';
import { depositRecord } from '../../db/schema';
import { ValidationError } from '../../core/errors';
import { recordReads, subTypeFilter, type ListQuery, type RecordKind } from '../records/lists';
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

/**
 * GET /deposit/admin/v1/list (filters fake, status, currency, sub_type, username prefix, client_id, agent_id,
 * created_at range), GET .../list/export (every deposit the filters and scope match, as CSV) and
 * GET .../detail/{id} (one deposit with its names).
 */
export const { list: listDeposits, export: exportDeposits, detail: depositDetail } = recordReads(DEPOSITS, 'Deposit');
/** GET /deposit/admin/v1/crypto/list and .../crypto/list/export: sub_type crypto only, plus filters chain and tx_hash. */
export const { list: listCryptoDeposits, export: exportCryptoDeposits } = recordReads(CRYPTO_DEPOSITS, 'Deposit');
