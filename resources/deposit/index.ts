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

/** Deposit records: list with real/robot, audit of pending ones, rollback of approved ones (permission deposit/approve). */
export default defineResource<FundsRecord>({
  name: 'deposit',
  endpoints: { list: '/deposit/admin/v1/list', one: '/deposit/admin/v1/detail/{id}' },
  fields: recordFields([{ source: 'sub_type', type: 'option', options: depositTypes, filter: true }, proofField]),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [
    ...auditActions('PUT', '/deposit/admin/v1/audit/{id}'),
    rollbackAction('/deposit/admin/v1/rollback/{id}'),
  ],
});
