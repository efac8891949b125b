/** JSON schemas of the overdrawn routes (loans, bonus points, bonuses). */
import { OVERDRAWN_SUB_TYPES } from './service';
import { intOrNull, money, recordSchema } from '../records/schemas';

/** A loan, compensation or bonus record (list row, detail, mutation answer). */
export const overdrawnRecordSchema = recordSchema(
  'A loan, compensation (bonus points) or bonus (reward) record (rate 1: the account moves the amount)',
  {
    sub_type: { type: 'string', enum: [...OVERDRAWN_SUB_TYPES] },
    repaid: { ...money, description: 'Loans: repaid so far' },
    owed: { ...money, description: 'Loans: still owed (0.00 for the others and unapproved loans)' },
    txn_id: intOrNull,
  },
);
