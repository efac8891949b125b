import { cryptoDeposit } from '../../domain/records';
import { defineResource } from '../engine/define';
import { recordFields, type FundsRecord, recordFilters } from '../fundsRecords';

/** A crypto deposit as the crypto list answers it: a deposit record with its chain, address and transaction hash. */
export interface CryptoDepositRecord extends FundsRecord {
  chain: string | null;
  address: string | null;
  tx_hash: string | null;
}

/**
 * Crypto deposit records (list only, domain/records.ts): the chain, the receiving address and the transaction hash
 * beside the record fields (shortened, in full on hover, with a copy button), the credited amount (the rate on
 * demand); filters chain (select) and tx_hash (exact).
 */
export default defineResource<CryptoDepositRecord>({
  name: cryptoDeposit.name,
  endpoints: { list: cryptoDeposit.paths.list },
  // the rate is a column to choose: the chain, address and hash take the room
  fields: recordFields(cryptoDeposit, {
    sub_type: false,
    chain: {},
    address: { type: 'identifier' },
    tx_hash: { type: 'identifier' },
  }),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
});
