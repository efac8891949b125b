/** The withdrawal list, export and detail (records/lists.ts). */
import { withdrawal } from '../../../domain/records';
import { withdrawRecord } from '../../db/schema';
import { recordReads } from '../records/lists';
import { presentWithdraw } from './service';

/**
 * GET /withdraw/admin/v1/list (the same filters as deposits, without sub_type), GET .../list/export (every
 * withdrawal the filters and scope match, as CSV) and GET .../detail/{id} (one withdrawal with its names).
 */
export const {
  list: listWithdrawals,
  export: exportWithdrawals,
  detail: withdrawalDetail,
} = recordReads(
  { table: withdrawRecord, extra: () => [], present: presentWithdraw, def: () => withdrawal },
  'Withdrawal',
);
