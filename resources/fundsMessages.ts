/**
 * What the funds records (deposit, withdrawal, loan, compensation, crypto deposit; resources/fundsRecords.ts) share
 * in both languages: the audit and rollback action names (`resources.funds.actions.*`) and what they answer when the
 * step waits for checkers (`resources.funds.done.*`); their field and value labels
 * come from their definitions (domain/records.ts, `entityMessages`).
 */
import type { MessageModule } from '../i18n/core';

export default {
  'zh-CN': {
    resources: {
      funds: {
        actions: { approve: '通过', reject: '拒绝', rollback: '回滚' },
        done: {
          rollbackAwaiting: '回滚已提交，待复核：须由其他员工在「复核队列」中通过后才会回滚，资金暂不变动',
          approveAwaiting: '已记录您的通过，待其他复核人在「复核队列」中通过后资金才会变动',
        },
      },
    },
  },
  'en-US': {
    resources: {
      funds: {
        actions: { approve: 'Approve', reject: 'Reject', rollback: 'Roll back' },
        done: {
          rollbackAwaiting:
            'Rollback sent for review: it runs only once another staff member approves it in the approval queue; no money has moved',
          approveAwaiting:
            'Your approval is recorded; money moves only once the other checkers approve it in the approval queue',
        },
      },
    },
  },
} satisfies MessageModule;
