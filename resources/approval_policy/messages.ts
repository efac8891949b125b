/** Maker-checker policy page texts (`resources.approval_policy.*`); kind labels are the queue's (domain/approval.ts). */
import type { MessageModule } from '../../i18n/core';

export default {
  'zh-CN': {
    resources: {
      approval_policy: {
        fields: {
          kind: '类型',
          currency: '币种',
          enabled: '启用复核',
          one_checker_from: '一人复核起点金额',
          two_checkers_from: '两人复核起点金额',
          maker_daily_limit: '每位发起人每日免复核上限',
          client_daily_limit: '每位客户每日免复核上限',
          source: '来源',
          pending_approval_id: '变更',
        },
        source_values: { tenant: '本租户设置', default: '系统默认' },
        pending: '变更待复核',
        actions: { edit: '修改', add: '新增币种档位' },
        confirm: {
          edit: '修改 %{kind} / %{currency} 的复核档位：金额达到起点后需一位（或两位）非发起人复核；同一发起人或同一客户当日（租户时区）未经复核的累计金额超过上限时也需复核。修改须由另一位管理员在复核队列中通过后才生效，之后新发起的申请按新档位执行。',
          add: '为某类型和币种新增复核档位（币种填 * 表示其他所有币种）。须由另一位管理员复核通过后才生效。',
        },
        inputs: {
          kind: '类型',
          currency: '币种',
          enabled: '启用复核',
          one_checker_from: '一人复核起点金额',
          two_checkers_from: '两人复核起点金额',
          maker_daily_limit: '每位发起人每日免复核上限',
          client_daily_limit: '每位客户每日免复核上限',
        },
        hints: {
          two: '留空表示从不需要两人复核',
          limit: '当日（租户时区）未经复核的累计金额上限，超过即需复核；留空为系统默认',
          currency: '三位字母币种代码，如 USD；* 表示其他所有币种',
        },
      },
    },
  },
  'en-US': {
    resources: {
      approval_policy: {
        fields: {
          kind: 'Kind',
          currency: 'Currency',
          enabled: 'Checks on',
          one_checker_from: 'One checker from',
          two_checkers_from: 'Two checkers from',
          maker_daily_limit: 'Unchecked per maker and day',
          client_daily_limit: 'Unchecked per client and day',
          source: 'Source',
          pending_approval_id: 'Change',
        },
        source_values: { tenant: 'Set for this tenant', default: 'Built-in default' },
        pending: 'Change awaiting review',
        actions: { edit: 'Edit', add: 'Add a currency tier' },
        confirm: {
          edit: "Change the tier of %{kind} / %{currency}: from these amounts one (or two) checkers other than the maker must approve, and also when what one maker, or one client, has without a check that day (the tenant's day) would cross its limit. Another administrator must approve the change in the approval queue before it applies; requests made after that follow it.",
          add: 'Add a tier for a kind and currency (* for every other currency). Another administrator must approve it before it applies.',
        },
        inputs: {
          kind: 'Kind',
          currency: 'Currency',
          enabled: 'Checks on',
          one_checker_from: 'One checker from',
          two_checkers_from: 'Two checkers from',
          maker_daily_limit: 'Unchecked per maker and day',
          client_daily_limit: 'Unchecked per client and day',
        },
        hints: {
          two: 'Leave empty: never two checkers',
          limit:
            "What may pass without a check in the tenant's day, in total; above it a checker is needed. Empty: the built-in default",
          currency: 'A currency code such as USD; * for every other currency',
        },
      },
    },
  },
} satisfies MessageModule;
