/** JSON schemas of the deposit routes. */
import { DEPOSIT_SUB_TYPES } from './service';
import { strOrNull, intOrNull, recordSchema } from '../records/schemas';

/** A deposit record (list row, detail, mutation answer). */
export const depositRecordSchema = recordSchema('A deposit record', {
  sub_type: { type: 'string', enum: [...DEPOSIT_SUB_TYPES] },
  screenshot: { type: ['string', 'null'], description: 'Stored proof image reference' },
  screenshot_url: {
    type: ['string', 'null'],
    description: 'Short-lived signed URL an <img> can load directly; null when there is no proof',
  },
  chain: strOrNull,
  address: strOrNull,
  tx_hash: strOrNull,
  source: { type: 'string', description: 'staff | client' },
  txn_id: intOrNull,
});
