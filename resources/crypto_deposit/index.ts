import { defineResource } from '../engine/define';
import { proofField, recordFields, type FundsRecord, recordFilters } from '../fundsRecords';
import { cryptoChains } from '../labels';

/** A crypto deposit as the crypto list answers it: a deposit record with its chain, address and transaction hash. */
export interface CryptoDepositRecord extends FundsRecord {
  chain: string | null;
  address: string | null;
  tx_hash: string | null;
}

/**
 * Crypto deposit records (list only): the chain, the receiving address and the transaction hash beside the record
 * fields (shortened, in full on hover, with a copy button), the credited amount (the rate on demand); filters chain (select) and
 * tx_hash (exact).
 */
export default defineResource<CryptoDepositRecord>({
  name: 'crypto_deposit',
  endpoints: { list: '/deposit/admin/v1/crypto/list' },
  // the rate is a column to choose: the chain, address and hash take the room
  fields: recordFields({
    extra: [
      { source: 'chain', type: 'option', options: cryptoChains, filter: true },
      { source: 'address', type: 'identifier' },
      { source: 'tx_hash', type: 'identifier', filter: true },
      proofField,
    ],
  }),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
});
