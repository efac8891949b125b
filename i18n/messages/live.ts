/** Strings of the live updates (namespace `live`, src/live): list refresh bar, menu counts, alerts switch and alerts. */
export default {
  'zh-CN': {
    live: {
      changed: '%{smart_count} 条新增或变更记录，点击刷新 |||| %{smart_count} 条新增或变更记录，点击刷新',
      stale: '列表可能已有变更，点击刷新',
      refresh: '刷新',
      pending: '%{count} 条待处理',
      alertsSwitch: '新充值/提现申请提醒（声音和桌面通知）',
      alert: {
        deposit: '新的充值申请',
        withdrawal: '新的提现申请',
        body: '记录编号 %{id}',
      },
      decidedBy: '该记录已由 %{name} 处理，无需再次操作',
      decidedElsewhere: '该记录已被处理，无需再次操作',
    },
  },
  'en-US': {
    live: {
      changed:
        '%{smart_count} new or changed record, click to refresh |||| %{smart_count} new or changed records, click to refresh',
      stale: 'The list may have changed, click to refresh',
      refresh: 'Refresh',
      pending: '%{count} pending',
      alertsSwitch: 'Alert me to new deposit and withdrawal requests (sound and desktop notification)',
      alert: {
        deposit: 'New deposit request',
        withdrawal: 'New withdrawal request',
        body: 'Record %{id}',
      },
      decidedBy: 'Already handled by %{name}: nothing left to do',
      decidedElsewhere: 'Already handled: nothing left to do',
    },
  },
};
