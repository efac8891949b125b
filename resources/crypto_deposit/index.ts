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
 * beside the record fields (shortened, in full on hover, with a copy button); the credited amount, the rate and the
 * proof image on demand (column chooser); filters chain (select) and tx_hash (exact).
 */
export default defineResource<CryptoDepositRecord>({
  name: cryptoDeposit.name,
  endpoints: { list: cryptoDeposit.paths.list },
  // the rate, the credited amount and the proof image are columns to choose: the chain, address and hash (the
  // proof of a crypto deposit) take the room, so that the row fits 1366 px with its status and time
  fields: recordFields(cryptoDeposit, {
    sub_type: false,
    credit_amount: { currencySource: 'credit_currency', hidden: true },
    screenshot_url: { hidden: true },
    chain: {},
    address: { type: 'identifier' },
    tx_hash: { type: 'identifier' },
  }),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
});
