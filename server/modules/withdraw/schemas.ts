/** JSON schemas of the withdrawal routes, derived from the withdrawal definition (domain/records.ts). */
import { withdrawal } from '../../../domain/records';
import { recordListQuery, recordSchema } from '../records/schemas';

/** A withdrawal record (list row, detail, mutation answer). */
export const withdrawRecordSchema = recordSchema(
  withdrawal,
  'A withdrawal record (rate 1: the account pays out the amount)',
);

/** The withdrawal list's querystring. */
export const withdrawListQuery = recordListQuery(withdrawal);
