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
          source: '来源',
        },
        source_values: { tenant: '本租户设置', default: '系统默认' },
        actions: { edit: '修改', add: '新增币种档位' },
        confirm: {
          edit: '修改 %{kind} / %{currency} 的复核档位：金额达到起点后需一位（或两位）非发起人复核，之后新发起的申请按新档位执行。',
          add: '为某类型和币种新增复核档位（币种填 * 表示其他所有币种）。',
        },
        inputs: {
          kind: '类型',
          currency: '币种',
          enabled: '启用复核',
          one_checker_from: '一人复核起点金额',
          two_checkers_from: '两人复核起点金额',
        },
        hints: {
          two: '留空表示从不需要两人复核',
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
          source: 'Source',
        },
        source_values: { tenant: 'Set for this tenant', default: 'Built-in default' },
        actions: { edit: 'Edit', add: 'Add a currency tier' },
        confirm: {
          edit: 'Change the tier of %{kind} / %{currency}: from these amounts one (or two) checkers other than the maker must approve; requests made from now on follow it.',
          add: 'Add a tier for a kind and currency (* for every other currency).',
        },
        inputs: {
          kind: 'Kind',
          currency: 'Currency',
          enabled: 'Checks on',
          one_checker_from: 'One checker from',
          two_checkers_from: 'Two checkers from',
        },
        hints: {
          two: 'Leave empty: never two checkers',
          currency: 'A currency code such as USD; * for every other currency',
        },
      },
    },
  },
} satisfies MessageModule;
