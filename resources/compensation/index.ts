import { compensation } from '../../domain/records';
import { defineResource } from '../engine/define';
import { recordFields, type FundsRecord, recordFilters, rollbackAction, tonedOptions } from '../fundsRecords';

/**
 * Bonus-point (compensation, 赠分) and bonus (奖励) records (domain/records.ts): overdrawn records listed together
 * (sub_type credit); the kind filter narrows to one (its sub_type replaces the list's). They are credited at once
 * (created approved, nothing to audit) and an approved one can be rolled back. A row opens the detail.
 */
export default defineResource<FundsRecord>({
  name: compensation.name,
  endpoints: { list: `${compensation.paths.list}?sub_type=credit`, one: compensation.paths.one },
  fields: recordFields(compensation, {
    // the two kinds this page lists
    sub_type: {
      options: tonedOptions(compensation, 'sub_type', { bonus: 'info' }).filter((o) => o.id !== 'loan'),
    },
    repaid: false,
    owed: false,
  }),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [rollbackAction(compensation.paths.rollback)],
  // the record's audit history at the end of its detail (administrators)
  history: 'compensation',
});
