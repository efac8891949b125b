/**
 * What the funds records (deposit, withdrawal, loan, compensation, crypto deposit; resources/fundsRecords.ts) share
 * in both languages: the audit and rollback action names (`resources.funds.actions.*`); their field and value labels
 * come from their definitions (domain/records.ts, `entityMessages`).
 */
import type { MessageModule } from '../i18n/core';

export default {
  'zh-CN': {
    resources: {
      funds: {
        actions: { approve: '通过', reject: '拒绝', rollback: '回滚' },
      },
    },
  },
  'en-US': {
    resources: {
      funds: {
        actions: { approve: 'Approve', reject: 'Reject', rollback: 'Roll back' },
      },
    },
  },
} satisfies MessageModule;
