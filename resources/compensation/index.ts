import { defineResource } from '../engine/define';
import { auditActions, recordFields, type FundsRecord, recordFilters, rollbackAction } from '../fundsRecords';

/** Bonus-point and bonus records (overdrawn records, sub_type credit): audit of pending ones, rollback of credited ones. */
export default defineResource<FundsRecord>({
  name: 'compensation',
  endpoints: { list: '/overdrawn/admin/v1/record/list?sub_type=credit' },
  fields: recordFields(),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [
    ...auditActions('PUT', '/overdrawn/admin/v1/audit/{id}'),
    rollbackAction('/overdrawn/admin/v1/rollback/{id}'),
  ],
});
