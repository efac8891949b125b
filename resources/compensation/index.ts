import { defineResource } from '../engine/define';
import { recordFields, type FundsRecord, recordFilters, rollbackAction } from '../fundsRecords';
import { bonusKinds } from '../labels';

/**
 * Bonus-point (compensation, 赠分) and bonus (奖励) records: overdrawn records listed together (sub_type credit); the
 * kind filter narrows to one (its sub_type replaces the list's). They are credited at once (created approved, nothing
 * to audit) and an approved one can be rolled back. A row opens the detail.
 */
export default defineResource<FundsRecord>({
  name: 'compensation',
  endpoints: { list: '/overdrawn/admin/v1/record/list?sub_type=credit', one: '/overdrawn/admin/v1/detail/{id}' },
  fields: recordFields({ kinds: bonusKinds }),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [rollbackAction('/overdrawn/admin/v1/rollback/{id}')],
});
