/**
 * Approvals queue texts (`resources.approval.*`): field labels and enum values come from the definition
 * (domain/approval.ts, the same texts as the CSV headers); views, actions, confirmations, the decisions sub-list and
 * the record states of the funds pages are here. `resources.approval.name` comes from the registry title.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { approval } from '../../domain/approval';
import type { MessageModule } from '../../i18n/core';

const own = (lang: Language) => entityMessages(approval, lang);

export default {
  'zh-CN': {
    resources: {
      approval: {
        ...own('zh-CN'),
        fields: {
          ...own('zh-CN').fields,
          view: '范围',
          checker_name: '复核人',
          decision: '决定',
          at: '时间',
        },
        view_values: { queue: '待我复核', mine: '我发起的', all: '全部' },
        decision_values: { approved: '通过', rejected: '拒绝' },
        actions: {
          approve: '通过',
          reject: '拒绝',
          approve_plan: '通过',
          reject_plan: '拒绝',
          approve_change: '通过',
          reject_change: '拒绝',
        },
        confirm: {
          approve:
            '复核通过 %{username} 的 %{amount} %{currency}（第 %{approvals} / %{required_checkers} 人已通过）？最后一位复核人通过后资金才会变动。',
          reject: '拒绝 %{username} 的 %{amount} %{currency}？拒绝后此申请结束，资金不变动。',
          approve_plan:
            '复核通过 %{maker_name} 对应急预案 #%{target_id} 的申请（第 %{approvals} / %{required_checkers} 人已通过）？最后一位复核人通过后预案才会启用或解除。',
          reject_plan: '拒绝 %{maker_name} 对应急预案 #%{target_id} 的申请？拒绝后此申请结束，预案保持原状。',
          approve_change: '通过 %{maker_name} 提交的变更？通过后立即生效。',
          reject_change: '拒绝 %{maker_name} 提交的变更？拒绝后此申请结束，什么都不会改变。',
        },
        change: {
          any_currency: '其他所有币种',
          staff: '员工 %{username}',
          role: '角色 %{role} 的资金权限',
          ip_access: {
            create: '新增 IP 白名单条目 %{cidr}',
            delete: '删除 IP 白名单条目 %{cidr}',
            enable: '开启 IP 白名单',
            disable: '关闭 IP 白名单',
          },
          empty: { limit: '系统默认', none: '无' },
          fields: {
            enabled: '启用复核',
            one_checker_from: '一人复核起点金额',
            two_checkers_from: '两人复核起点金额',
            maker_daily_limit: '每位发起人每日免复核累计上限',
            client_daily_limit: '每位客户每日免复核累计上限',
            name: '姓名',
            role: '角色',
            removed: '已收回的权限',
            note: '备注',
          },
        },
        inputs: { remark: '复核备注' },
        related: { decisions: '复核记录' },
        recordColumn: '复核状态',
        awaiting: '待复核 %{approvals}/%{required}',
        awaitingRollback: '回滚待复核',
      },
    },
  },
  'en-US': {
    resources: {
      approval: {
        ...own('en-US'),
        fields: {
          ...own('en-US').fields,
          view: 'Show',
          checker_name: 'Checker',
          decision: 'Decision',
          at: 'Time',
        },
        view_values: { queue: 'Waiting for me', mine: 'Made by me', all: 'All' },
        decision_values: { approved: 'Approved', rejected: 'Rejected' },
        actions: {
          approve: 'Approve',
          reject: 'Reject',
          approve_plan: 'Approve',
          reject_plan: 'Reject',
          approve_change: 'Approve',
          reject_change: 'Reject',
        },
        confirm: {
          approve:
            'Approve %{amount} %{currency} for %{username} (%{approvals} of %{required_checkers} approved so far)? Money moves only when the last checker approves.',
          reject: 'Reject %{amount} %{currency} for %{username}? The request ends and no money moves.',
          approve_plan:
            'Approve the request of %{maker_name} on emergency plan #%{target_id} (%{approvals} of %{required_checkers} approved so far)? The plan is put in force or lifted only when the last checker approves.',
          reject_plan:
            'Reject the request of %{maker_name} on emergency plan #%{target_id}? The request ends and the plan stays as it is.',
          approve_change: 'Approve the change %{maker_name} asked for? It applies at once.',
          reject_change: 'Reject the change %{maker_name} asked for? The request ends and nothing changes.',
        },
        change: {
          any_currency: 'every other currency',
          staff: 'Staff member %{username}',
          role: 'Money grants of role %{role}',
          ip_access: {
            create: 'Add %{cidr} to the IP allow-list',
            delete: 'Delete %{cidr} from the IP allow-list',
            enable: 'Turn the IP allow-list on',
            disable: 'Turn the IP allow-list off',
          },
          empty: { limit: 'built-in default', none: 'none' },
          fields: {
            enabled: 'Checks on',
            one_checker_from: 'One checker from',
            two_checkers_from: 'Two checkers from',
            maker_daily_limit: 'Unchecked per maker and day',
            client_daily_limit: 'Unchecked per client and day',
            name: 'Name',
            role: 'Role',
            removed: 'Actions taken away',
            note: 'Note',
          },
        },
        inputs: { remark: 'Remark' },
        related: { decisions: 'Decisions' },
        recordColumn: 'Approval',
        awaiting: 'Checks %{approvals}/%{required}',
        awaitingRollback: 'Rollback pending',
      },
    },
  },
} satisfies MessageModule;
