import { defineResource } from '../engine/define';
import {
  auditActions,
  proofField,
  recordFields,
  rollbackAction,
  type FundsRecord,
  recordFilters,
} from '../fundsRecords';
import { depositTypes } from '../labels';

/**
 * Deposit records: list with real/robot, the requested amount beside what is credited (and the rate: deposits
 * convert), the proof; audit of pending ones, rollback of approved ones (permission deposit/approve). A row opens
 * the detail.
 */
export default defineResource<FundsRecord>({
  name: 'deposit',
  endpoints: { list: '/deposit/admin/v1/list', one: '/deposit/admin/v1/detail/{id}' },
  fields: recordFields({ kinds: depositTypes, rate: true, extra: [proofField] }),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [
    ...auditActions('PUT', '/deposit/admin/v1/audit/{id}'),
    rollbackAction('/deposit/admin/v1/rollback/{id}'),
  ],
});
