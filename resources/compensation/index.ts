import { defineResource } from '../engine/define';
import { auditActions, recordFields, type FundsRecord, recordFilters } from '../fundsRecords';

/** Bonus-point records (overdrawn records of sub_type compensation): audit of pending ones. */
export default defineResource<FundsRecord>({
  name: 'compensation',
  endpoints: { list: '/overdrawn/admin/v1/record/list?sub_type=compensation' },
  fields: recordFields(),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: auditActions('PUT', '/overdrawn/admin/v1/audit/{id}'),
});
