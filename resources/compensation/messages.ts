/**
 * Compensation record texts (`resources.compensation.*`): field labels and the rollback confirmation.
 * `resources.compensation.name` comes from the registry title; the shared funds texts are in resources/fundsMessages.ts.
 */
import type { MessageModule } from '../../i18n/core';
import { recordFieldsEn, recordFieldsZh } from '../fundsMessages';

export default {
  'zh-CN': {
    resources: {
      compensation: {
        fields: { ...recordFieldsZh, sub_type: '类别' },
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
        fields: { ...recordFieldsEn, sub_type: 'Kind' },
        confirm: {
          rollback:
            'Roll back #%{id}: take %{credit_amount} %{credit_currency} back from account #%{account_id} of %{username}? A compensating entry will be written.',
        },
      },
    },
  },
} satisfies MessageModule;
