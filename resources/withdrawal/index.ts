import { defineResource } from '../engine/define';
import { auditActions, recordFields, rollbackAction, type FundsRecord, recordFilters } from '../fundsRecords';

/**
 * Withdrawal records: audit of pending ones (approve pays out, reject unfreezes), rollback of approved ones. A row
 * opens the detail.
 */
export default defineResource<FundsRecord>({
  name: 'withdrawal',
  endpoints: { list: '/withdraw/admin/v1/list', one: '/withdraw/admin/v1/detail/{id}' },
  fields: recordFields(),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [
    ...auditActions('POST', '/withdraw/admin/v1/audit/{id}'),
    rollbackAction('/withdraw/admin/v1/rollback/{id}'),
  ],
});
