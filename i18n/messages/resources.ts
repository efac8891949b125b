/**
 * Field, action, input and confirmation texts of the declared resources (namespace `resources`, react-admin's
 * convention): `resources.<name>.fields.<source>`, `.actions.<action>`, `.confirm.<action>`, `.inputs.<source>`.
 * `resources.<name>.name` comes from the registry titles. Confirmations interpolate the row's fields.
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
};

export default {
  'zh-CN': {
    resources: {
      funds: {
        actions: { approve: '通过', reject: '拒绝', rollback: '回滚' },
        confirm: {
          approve: '确定通过客户 %{username} 的记录 #%{id}（%{amount} %{currency}）？',
          reject: '确定拒绝客户 %{username} 的记录 #%{id}（%{amount} %{currency}）？',
          rollback: '确定回滚客户 %{username} 的记录 #%{id}（%{amount} %{currency}）？将写入冲正分录。',
        },
      },
      deposit: { fields: { ...recordFieldsZh, sub_type: '充值方式' } },
      withdrawal: { fields: recordFieldsZh },
      loan: {
        fields: recordFieldsZh,
        actions: { pay_fine: '还款' },
        confirm: { pay_fine: '客户 %{username} 的借贷记录 #%{id}（%{amount} %{currency}）：请输入还款金额。' },
        inputs: { amount: '还款金额' },
      },
      compensation: { fields: recordFieldsZh },
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
        confirm: {
          approve: 'Approve record #%{id} of %{username} (%{amount} %{currency})?',
          reject: 'Reject record #%{id} of %{username} (%{amount} %{currency})?',
          rollback:
            'Roll back record #%{id} of %{username} (%{amount} %{currency})? A compensating entry will be written.',
        },
      },
      deposit: { fields: { ...recordFieldsEn, sub_type: 'Deposit type' } },
      withdrawal: { fields: recordFieldsEn },
      loan: {
        fields: recordFieldsEn,
        actions: { pay_fine: 'Repay' },
        confirm: { pay_fine: 'Loan record #%{id} of %{username} (%{amount} %{currency}): enter the amount repaid.' },
        inputs: { amount: 'Amount repaid' },
      },
      compensation: { fields: recordFieldsEn },
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
