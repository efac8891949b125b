import { deposit } from '../../domain/records';
import { defineResource } from '../engine/define';
import { auditActions, recordFields, rollbackAction, type FundsRecord, recordFilters } from '../fundsRecords';

/**
 * Deposit records (domain/records.ts): list with real/robot, the requested amount beside what is credited (and the
 * rate: deposits convert), the proof; audit of pending ones, rollback of approved ones (permission deposit/approve).
 * A row opens the detail.
 */
export default defineResource<FundsRecord>({
  name: deposit.name,
  endpoints: { list: deposit.paths.list, one: deposit.paths.one },
  fields: recordFields(deposit, { rate: { type: 'number' } }),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [...auditActions('PUT', deposit.paths.audit), rollbackAction(deposit.paths.rollback)],
  // the record's audit history at the end of its detail (administrators)
  history: 'deposit',
});
