import PaymentsIcon from '@mui/icons-material/Payments';
import { loan } from '../../domain/records';
import { defineResource } from '../engine/define';
import { auditActions, recordFields, type FundsRecord, recordFilters } from '../fundsRecords';

/**
 * Loan records (overdrawn records of sub_type loan, domain/records.ts) with what is repaid and still owed: audit, and
 * repayment (pay_fine) of an approved loan, at most what it still owes (the API answers 409 amount_exceeds_owed
 * beyond). A row opens the detail.
 */
export default defineResource<FundsRecord>({
  name: loan.name,
  endpoints: { list: `${loan.paths.list}?sub_type=loan`, one: loan.paths.one },
  // one kind: no kind column
  fields: recordFields(loan, { sub_type: false }),
  filters: recordFilters,
  sort: { field: 'created_at', order: 'DESC' },
  rowActions: [
    ...auditActions('PUT', loan.paths.audit),
    {
      name: 'pay_fine',
      icon: PaymentsIcon,
      permission: { action: 'settle' },
      when: (r) => r.status === 'approved',
      inputs: [{ source: 'amount', type: 'money', required: true, max: 'owed' }],
      idempotent: true,
      run: { method: 'POST', path: loan.paths.payFine, body: (_r, v) => ({ amount: v.amount }) },
    },
  ],
  // the record's audit history at the end of its detail (administrators)
  history: 'loan',
});
