/**
 * Compensation record texts (`resources.compensation.*`): the field and value labels of its definition
 * (domain/records.ts, the CSV headers' texts) and the rollback confirmation.
 * `resources.compensation.name` comes from the registry title; the shared funds texts are in
 * resources/fundsMessages.ts.
 */
import type { MessageModule } from '../../i18n/core';
import { compensation } from '../../domain/records';
import { entityMessages } from '../../domain/entity';

export default {
  'zh-CN': {
    resources: {
      compensation: {
        ...entityMessages(compensation, 'zh-CN'),
        confirm: {
          rollback:
            '回滚 #%{id}：从客户 %{username} 的账户 #%{account_id} 扣回 %{credit_amount} %{credit_currency}？将写入冲正分录。',
        },
      },
    },
  },
  'en-US': {
    resources: {
      compensation: {
        ...entityMessages(compensation, 'en-US'),
        confirm: {
          rollback:
            'Roll back #%{id}: take %{credit_amount} %{credit_currency} back from account #%{account_id} of %{username}? A compensating entry will be written.',
        },
      },
    },
  },
} satisfies MessageModule;
