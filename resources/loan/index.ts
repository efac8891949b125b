import PaymentsIcon from '@mui/icons-material/Payments';
import { defineResource } from '../engine/define';
import { auditActions, recordFields, type FundsRecord, recordFilters } from '../fundsRecords';

/**
 * Loan records (overdrawn records of sub_type loan) with what is repaid and still owed: audit, and repayment
 * (pay_fine) of an approved loan, at most what it still owes (the API answers 409 amount_exceeds_owed beyond). A row
 * opens the detail.
 */
export default defineResource<FundsRecord>({
  name: 'loan',
  endpoints: { list: '/overdrawn/admin/v1/record/list?sub_type=loan', one: '/overdrawn/admin/v1/detail/{id}' },
  fields: recordFields({ loan: true }),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [
    ...auditActions('PUT', '/overdrawn/admin/v1/audit/{id}'),
    {
      name: 'pay_fine',
      icon: PaymentsIcon,
      permission: { action: 'settle' },
      when: (r) => r.status === 'approved',
      inputs: [{ source: 'amount', type: 'money', required: true, max: 'owed' }],
      idempotent: true,
      run: { method: 'POST', path: '/overdrawn/admin/v1/loan/pay_fine/{id}', body: (_r, v) => ({ amount: v.amount }) },
    },
  ],
});
