import { defineResource } from '../engine/define';
import { recordFields, type FundsRecord } from '../fundsRecords';

/** Crypto deposit records (list only); the chain, receiving address and transaction hash beside the record fields. */
export default defineResource<FundsRecord>({
  name: 'crypto_deposit',
  endpoints: { list: '/deposit/admin/v1/crypto/list' },
  fields: recordFields([
    { source: 'chain', type: 'text' },
    { source: 'address', type: 'text', filter: true },
    { source: 'tx_hash', type: 'text', filter: true },
  ]),
  sort: { field: 'created_at', order: 'DESC' },
});
