/**
 * Deposit record texts (`resources.deposit.*`): the field and value labels of its definition (domain/records.ts, the
 * CSV headers' texts), and confirmations that name what moves and on which account (the row's fields, money grouped,
 * resources/engine/ActionDialog.tsx).
 * `resources.deposit.name` comes from the registry title; the shared funds texts are in resources/fundsMessages.ts.
 */
import type { MessageModule } from '../../i18n/core';
import { deposit } from '../../domain/records';
import { entityMessages } from '../../domain/entity';

export default {
  'zh-CN': {
    resources: {
      deposit: {
        ...entityMessages(deposit, 'zh-CN'),
        confirm: {
          approve:
            '通过充值 #%{id}：向客户 %{username} 的账户 #%{account_id} 入账 %{credit_amount} %{credit_currency}（申请 %{amount} %{currency}，汇率 %{rate}）？',
          reject: '拒绝充值 #%{id}（客户 %{username}，%{amount} %{currency}）？账户 #%{account_id} 不入账。',
          rollback:
            '回滚充值 #%{id}：从客户 %{username} 的账户 #%{account_id} 扣回 %{credit_amount} %{credit_currency}？将写入冲正分录。',
        },
      },
    },
  },
  'en-US': {
    resources: {
      deposit: {
        ...entityMessages(deposit, 'en-US'),
        confirm: {
          approve:
            'Approve deposit #%{id}: credit %{credit_amount} %{credit_currency} to account #%{account_id} of %{username} (requested %{amount} %{currency}, rate %{rate})?',
          reject:
            'Reject deposit #%{id} of %{username} (%{amount} %{currency})? Account #%{account_id} is not credited.',
          rollback:
            'Roll back deposit #%{id}: take %{credit_amount} %{credit_currency} back from account #%{account_id} of %{username}? A compensating entry will be written.',
        },
      },
    },
  },
} satisfies MessageModule;
