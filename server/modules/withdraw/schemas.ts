/** JSON schemas of the withdrawal routes. */
import { intOrNull, recordSchema } from '../records/schemas';

/** A withdrawal record (list row, detail, mutation answer). */
export const withdrawRecordSchema = recordSchema('A withdrawal record (rate 1: the account pays out the amount)', {
  freeze_txn_id: intOrNull,
  resolve_txn_id: intOrNull,
});
