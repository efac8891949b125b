/** The overdrawn record lists (loans; compensation and bonus), export and detail (records/lists.ts). */
import { inArray } from 'drizzle-orm';
import { compensation, loan } from '../../../domain/records';
import { overdrawnRecord } from '../../db/schema';
import { recordReads, subTypeFilter } from '../records/lists';
import { CREDIT_SUB_TYPES, presentOverdrawn } from './service';

/**
 * GET /overdrawn/admin/v1/record/list: `sub_type` loan | compensation | bonus | credit (compensation and bonus; all
 * when absent) plus the common filters; GET .../record/list/export: the records the filters and scope match, as CSV;
 * GET /overdrawn/admin/v1/detail/{id}: one loan, compensation or bonus with its names.
 */
export const {
  list: listOverdrawn,
  export: exportOverdrawn,
  detail: overdrawnDetail,
} = recordReads(
  {
    table: overdrawnRecord,
    // sub_type `credit`: compensation and bonus together (the bonus-point records page).
    extra: (q) =>
      q.sub_type === 'credit'
        ? [inArray(overdrawnRecord.subType, [...CREDIT_SUB_TYPES])]
        : subTypeFilter(overdrawnRecord.subType)(q),
    present: presentOverdrawn,
    // the loan page's columns for loans (and all sub_types), the bonus-point page's for compensation and bonus
    def: (q) => (q.sub_type && q.sub_type !== 'loan' ? compensation : loan),
  },
  'Record',
);
