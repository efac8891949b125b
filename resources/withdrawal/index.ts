import { withdrawal } from '../../domain/records';
import { defineResource } from '../engine/define';
import { auditActions, recordFields, rollbackAction, type FundsRecord, recordFilters } from '../fundsRecords';

/**
 * Withdrawal records (domain/records.ts): audit of pending ones (approve pays out, reject unfreezes), rollback of
 * approved ones. A row opens the detail.
 */
export default defineResource<FundsRecord>({
  name: withdrawal.name,
  endpoints: { list: withdrawal.paths.list, one: withdrawal.paths.one },
  fields: recordFields(withdrawal),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [...auditActions('POST', withdrawal.paths.audit), rollbackAction(withdrawal.paths.rollback)],
  // the record's audit history at the end of its detail (administrators)
  history: 'withdrawal',
});
