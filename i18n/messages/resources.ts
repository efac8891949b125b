/**
 * Field, action, input and confirmation texts of the declared resources (namespace `resources`, react-admin's
 * convention): `resources.<name>.fields.<source>`, `.actions.<action>`, `.confirm.<action>`, `.inputs.<source>`.
 * `resources.<name>.name` comes from the registry titles. Confirmations interpolate the row's fields (money fields
 * grouped, resources/engine/ActionDialog.tsx).
 */

const recordFieldsZh = {
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

const recordFieldsEn = {
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
      // Confirmations name what moves and on which account: the row's fields, money grouped.
      deposit: {
        fields: { ...recordFieldsZh, sub_type: '充值方式' },
        confirm: {
          approve:
            '通过充值 #%{id}：向客户 %{username} 的账户 #%{account_id} 入账 %{credit_amount} %{credit_currency}（申请 %{amount} %{currency}，汇率 %{rate}）？',
          reject: '拒绝充值 #%{id}（客户 %{username}，%{amount} %{currency}）？账户 #%{account_id} 不入账。',
          rollback:
            '回滚充值 #%{id}：从客户 %{username} 的账户 #%{account_id} 扣回 %{credit_amount} %{credit_currency}？将写入冲正分录。',
        },
      },
      withdrawal: {
        fields: { ...recordFieldsZh, credit_amount: '出账金额' },
        confirm: {
          approve:
            '通过提现 #%{id}：从客户 %{username} 的账户 #%{account_id} 付出已冻结的 %{credit_amount} %{credit_currency}？',
          reject:
            '拒绝提现 #%{id}：解冻 %{credit_amount} %{credit_currency}，退回客户 %{username} 的账户 #%{account_id}？',
          rollback:
            '回滚提现 #%{id}：将 %{credit_amount} %{credit_currency} 退回客户 %{username} 的账户 #%{account_id}？将写入冲正分录。',
        },
      },
      loan: {
        fields: { ...recordFieldsZh, credit_amount: '借出金额', repaid: '已还', owed: '尚欠' },
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
      compensation: {
        fields: { ...recordFieldsZh, sub_type: '类别' },
        confirm: {
          rollback:
            '回滚 #%{id}：从客户 %{username} 的账户 #%{account_id} 扣回 %{credit_amount} %{credit_currency}？将写入冲正分录。',
        },
      },
      crypto_deposit: {
        fields: { ...recordFieldsZh, chain: '链', address: '收款地址', tx_hash: '交易哈希' },
      },
      client: {
        fields: {
          id: 'ID',
          avatar: '头像',
          username: '用户名',
          full_name: '姓名',
          mobile: '手机号',
          fake: '类型',
          active: '状态',
          kyc_status: '实名状态',
          vip: 'VIP 等级',
          score: '信用分',
          agent_name: '业务员',
          superman: '组长',
          mfa: '身份验证器',
          create_datetime: '注册时间',
          agent_id: '业务员',
          leader_id: '组长（团队）',
        },
        actions: {
          create_robot: '创建机器人',
          disable: '禁用',
          enable: '启用',
          change_agent: '更换业务员',
          toggle_fake: '切换真实/机器人',
          temp_code: '临时验证码',
          reset_password: '重置密码',
          offline: '强制下线',
        },
        confirm: {
          disable: '确定禁用客户 %{username}？',
          enable: '确定启用客户 %{username}？',
          toggle_fake: '确定切换客户 %{username} 的真实/机器人类型？',
          offline: '确定强制客户 %{username} 下线？',
        },
        inputs: { username: '用户名', password: '密码', full_name: '姓名', user_id: '新业务员' },
        messages: { code_generated: '验证码已生成', password_updated: '密码已更新' },
      },
    },
  },
  'en-US': {
    resources: {
      funds: {
        actions: { approve: 'Approve', reject: 'Reject', rollback: 'Roll back' },
      },
      deposit: {
        fields: { ...recordFieldsEn, sub_type: 'Deposit type' },
        confirm: {
          approve:
            'Approve deposit #%{id}: credit %{credit_amount} %{credit_currency} to account #%{account_id} of %{username} (requested %{amount} %{currency}, rate %{rate})?',
          reject:
            'Reject deposit #%{id} of %{username} (%{amount} %{currency})? Account #%{account_id} is not credited.',
          rollback:
            'Roll back deposit #%{id}: take %{credit_amount} %{credit_currency} back from account #%{account_id} of %{username}? A compensating entry will be written.',
        },
      },
      withdrawal: {
        fields: { ...recordFieldsEn, credit_amount: 'Debited' },
        confirm: {
          approve:
            'Approve withdrawal #%{id}: pay out the frozen %{credit_amount} %{credit_currency} from account #%{account_id} of %{username}?',
          reject:
            'Reject withdrawal #%{id}: unfreeze %{credit_amount} %{credit_currency} back to account #%{account_id} of %{username}?',
          rollback:
            'Roll back withdrawal #%{id}: return %{credit_amount} %{credit_currency} to account #%{account_id} of %{username}? A compensating entry will be written.',
        },
      },
      loan: {
        fields: { ...recordFieldsEn, credit_amount: 'Lent', repaid: 'Repaid', owed: 'Owed' },
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
      compensation: {
        fields: { ...recordFieldsEn, sub_type: 'Kind' },
        confirm: {
          rollback:
            'Roll back #%{id}: take %{credit_amount} %{credit_currency} back from account #%{account_id} of %{username}? A compensating entry will be written.',
        },
      },
      crypto_deposit: {
        fields: { ...recordFieldsEn, chain: 'Chain', address: 'Receiving address', tx_hash: 'Transaction hash' },
      },
      client: {
        fields: {
          id: 'ID',
          avatar: 'Avatar',
          username: 'Username',
          full_name: 'Full name',
          mobile: 'Mobile',
          fake: 'Type',
          active: 'Status',
          kyc_status: 'KYC status',
          vip: 'VIP level',
          score: 'Credit score',
          agent_name: 'Agent',
          superman: 'Team leader',
          mfa: 'Authenticator',
          create_datetime: 'Registered at',
          agent_id: 'Agent',
          leader_id: 'Team (leader)',
        },
        actions: {
          create_robot: 'Create robot',
          disable: 'Disable',
          enable: 'Enable',
          change_agent: 'Change agent',
          toggle_fake: 'Real/robot',
          temp_code: 'Temporary code',
          reset_password: 'Reset password',
          offline: 'Force offline',
        },
        confirm: {
          disable: 'Disable client %{username}?',
          enable: 'Enable client %{username}?',
          toggle_fake: 'Switch client %{username} between real and robot?',
          offline: 'Force client %{username} offline?',
        },
        inputs: { username: 'Username', password: 'Password', full_name: 'Full name', user_id: 'New agent' },
        messages: { code_generated: 'Code generated', password_updated: 'Password updated' },
      },
    },
  },
};
