/**
 * What the funds records (deposit, withdrawal, loan, compensation, crypto deposit; resources/fundsRecords.ts) share
 * in both languages: the record field labels each record's messages spread into `resources.<name>.fields`, and the
 * audit and rollback action names (`resources.funds.actions.*`).
 */
import type { MessageModule } from '../i18n/core';

/** Field labels of a funds record (zh-CN). */
export const recordFieldsZh = {
  id: 'ID',
  username: '客户',
  fake: '类型',
  agent_name: '业务员',
  agent_id: '业务员',
  account_id: '账户 ID',
  currency: '币种',
  amount: '金额',
  status: '状态',
  screenshot: '凭证',
  screenshot_url: '凭证',
  created_at: '创建时间',
  resolved_at: '处理时间',
  resolved_by: '处理人',
  full_name: '姓名',
  rate: '汇率',
  credit_amount: '入账金额',
  remark: '备注',
  created_by_name: '创建人',
  resolved_by_name: '处理人',
  rolled_back_at: '回滚时间',
  rolled_back_by_name: '回滚人',
};

/** Field labels of a funds record (en-US). */
export const recordFieldsEn = {
  id: 'ID',
  username: 'Client',
  fake: 'Type',
  agent_name: 'Agent',
  agent_id: 'Agent',
  account_id: 'Account ID',
  currency: 'Currency',
  amount: 'Amount',
  status: 'Status',
  screenshot: 'Proof',
  screenshot_url: 'Proof',
  created_at: 'Created at',
  resolved_at: 'Resolved at',
  resolved_by: 'Resolved by',
  full_name: 'Full name',
  rate: 'Rate',
  credit_amount: 'Credited',
  remark: 'Remark',
  created_by_name: 'Created by',
  resolved_by_name: 'Resolved by',
  rolled_back_at: 'Rolled back at',
  rolled_back_by_name: 'Rolled back by',
};

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
