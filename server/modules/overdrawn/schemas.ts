/**
 * JSON schemas of the overdrawn routes (loans, bonus points, bonuses), derived from the loan definition
 * (domain/records.ts; the bonus-point definition answers the same record).
 */
import { loan } from '../../../domain/records';
import { recordListQuery, recordSchema } from '../records/schemas';

/** A loan, compensation or bonus record (list row, detail, mutation answer). */
export const overdrawnRecordSchema = recordSchema(
  loan,
  'A loan, compensation (bonus points) or bonus (reward) record (rate 1: the account moves the amount)',
);

/** The overdrawn list's querystring: `sub_type` also takes credit (compensation and bonus together). */
export const overdrawnListQuery = recordListQuery(loan, {
  sub_type: {
    type: 'string',
    enum: ['loan', 'compensation', 'bonus', 'credit'],
    description: 'loan | compensation | bonus | credit (compensation and bonus together); all when absent',
  },
});
