/**
 * Withdrawal record texts (`resources.withdrawal.*`): the field and value labels of its definition (domain/records.ts,
 * the CSV headers' texts) and confirmations naming what moves and on which account.
 * `resources.withdrawal.name` comes from the registry title; the shared funds texts are in resources/fundsMessages.ts.
 */
import type { MessageModule } from '../../i18n/core';
import { withdrawal } from '../../domain/records';
import { entityMessages } from '../../domain/entity';

export default {
  'zh-CN': {
    resources: {
      withdrawal: {
        ...entityMessages(withdrawal, 'zh-CN'),
        confirm: {
          approve:
            '通过提现 #%{id}：从客户 %{username} 的账户 #%{account_id} 付出已冻结的 %{credit_amount} %{credit_currency}？',
          reject:
            '拒绝提现 #%{id}：解冻 %{credit_amount} %{credit_currency}，退回客户 %{username} 的账户 #%{account_id}？',
          rollback:
            '回滚提现 #%{id}：将 %{credit_amount} %{credit_currency} 退回客户 %{username} 的账户 #%{account_id}？将写入冲正分录。',
        },
      },
    },
  },
  'en-US': {
    resources: {
      withdrawal: {
        ...entityMessages(withdrawal, 'en-US'),
        confirm: {
          approve:
            'Approve withdrawal #%{id}: pay out the frozen %{credit_amount} %{credit_currency} from account #%{account_id} of %{username}?',
          reject:
            'Reject withdrawal #%{id}: unfreeze %{credit_amount} %{credit_currency} back to account #%{account_id} of %{username}?',
          rollback:
            'Roll back withdrawal #%{id}: return %{credit_amount} %{credit_currency} to account #%{account_id} of %{username}? A compensating entry will be written.',
        },
      },
    },
  },
} satisfies MessageModule;
