/**
 * Loan (overdrawn) record texts (`resources.loan.*`): the field and value labels of its definition (domain/records.ts,
 * the CSV headers' texts), the repay action, its confirmation and input.
 * `resources.loan.name` comes from the registry title; the shared funds texts are in resources/fundsMessages.ts.
 */
import type { MessageModule } from '../../i18n/core';
import { loan } from '../../domain/records';
import { entityMessages } from '../../domain/entity';

export default {
  'zh-CN': {
    resources: {
      loan: {
        ...entityMessages(loan, 'zh-CN'),
        actions: { pay_fine: '还款' },
        confirm: {
          approve:
            '通过借贷 #%{id}：向客户 %{username} 的账户 #%{account_id} 借出 %{credit_amount} %{credit_currency}？',
          reject: '拒绝借贷 #%{id}（客户 %{username}，%{amount} %{currency}）？账户 #%{account_id} 不入账。',
          pay_fine:
            '借贷 #%{id}（客户 %{username}，账户 #%{account_id}）尚欠 %{owed} %{credit_currency}。还款从该账户余额扣除，请输入还款金额。',
        },
        inputs: { amount: '还款金额' },
      },
    },
  },
  'en-US': {
    resources: {
      loan: {
        ...entityMessages(loan, 'en-US'),
        actions: { pay_fine: 'Repay' },
        confirm: {
          approve:
            'Approve loan #%{id}: lend %{credit_amount} %{credit_currency} to account #%{account_id} of %{username}?',
          reject: 'Reject loan #%{id} of %{username} (%{amount} %{currency})? Account #%{account_id} is not credited.',
          pay_fine:
            'Loan #%{id} of %{username} (account #%{account_id}) still owes %{owed} %{credit_currency}. The repayment is taken from that balance; enter the amount repaid.',
        },
        inputs: { amount: 'Amount repaid' },
      },
    },
  },
} satisfies MessageModule;
