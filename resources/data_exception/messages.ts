/**
 * Data-exception texts (`resources.data_exception.*`): field and value labels come from the entity definition
 * (domain/data-exception.ts, the same texts as the CSV headers); actions, the run panel, the settings and the drawer
 * are here. Ledger rule names and the keys of what a check saw are bilingual in the domain (LEDGER_RULE_LABELS,
 * DETAIL_LABELS). `resources.data_exception.name` comes from the registry title.
 */
import { dataException } from '../../domain/data-exception';
import { entityMessages, type Language } from '../../domain/entity';
import type { MessageModule } from '../../i18n/core';

const entity = (lang: Language) => entityMessages(dataException, lang);

export default {
  'zh-CN': {
    resources: {
      data_exception: {
        ...entity('zh-CN'),
        actions: { assign: '指派', resolve: '解决' },
        confirm: {
          assign: '将异常 #%{id} 指派给一位可处理数据异常的员工。',
          resolve: '解决异常 #%{id}：请写明核查结果和处理措施（必填），该说明将记入审计日志。',
        },
        inputs: { assignee_id: '处理人', note: '处理说明' },
        hints: { note: '例如：已核对流水并由财务冲正；或：问题已自行消失，原因是……' },
        done: { assign: '已指派', resolve: '已解决' },
        run: {
          title: '数据检查',
          runNow: '立即检查',
          running: '检查中…（已完成 %{done}/%{total} 项）',
          started: '已开始检查',
          finished: '检查完成：发现 %{found} 项问题，其中新增 %{new} 项',
          failedRun: '部分检查失败，请查看各项结果或稍后重试',
          never: '尚未运行过检查',
          last: '最近一次：%{time}（%{who}）',
          bySchedule: '定时',
          byManual: '%{name} 手动',
          result: '%{check}：发现 %{found}，新增 %{new}',
          resultPending: '%{check}：等待中',
          resultFailed: '%{check}：失败',
          schedule: '每 %{minutes} 分钟自动检查一次',
          noSchedule: '未启用定时检查，仅手动检查',
          loadFailed: '无法读取数据检查状态',
          status: { running: '进行中', done: '已完成', failed: '失败' },
        },
        config: {
          pending: '待处理超时阈值：%{hours} 小时',
          edit: '修改阈值',
          title: '待处理超时阈值',
          hours: '小时数',
          hint: '充值、提现、借贷或兑换待处理超过该小时数即记为异常（1–720），下次检查起生效。',
          invalid: '请输入 1 到 720 之间的整数',
          saved: '阈值已保存',
        },
        drawer: {
          title: '数据异常 #%{id}',
          close: '关闭',
          subject: '对象',
          openClient: '查看客户',
          openRecord: '查看记录',
          detail: '检查所见',
          noDetail: '无更多信息',
          absent: '最近一次完整检查已未再发现此问题（自 %{time}），请核实后填写说明解决。',
          loadFailed: '无法读取该异常',
        },
      },
    },
  },
  'en-US': {
    resources: {
      data_exception: {
        ...entity('en-US'),
        actions: { assign: 'Assign', resolve: 'Resolve' },
        confirm: {
          assign: 'Give finding #%{id} to a staff member who handles data exceptions.',
          resolve:
            'Resolve finding #%{id}: say what was checked and done (required); the note goes to the audit trail.',
        },
        inputs: { assignee_id: 'Assignee', note: 'Resolution note' },
        hints: {
          note: 'E.g. checked the transactions, finance posted a reversal; or: no longer present because ...',
        },
        done: { assign: 'Assigned', resolve: 'Resolved' },
        run: {
          title: 'Data checks',
          runNow: 'Run checks now',
          running: 'Checking... (%{done} of %{total} checks done)',
          started: 'Checks started',
          finished: 'Checks finished: %{found} problems found, %{new} of them new',
          failedRun: 'Some checks failed; see each result or try again later',
          never: 'The checks have not run yet',
          last: 'Last run: %{time} (%{who})',
          bySchedule: 'scheduled',
          byManual: 'by %{name}',
          result: '%{check}: %{found} found, %{new} new',
          resultPending: '%{check}: waiting',
          resultFailed: '%{check}: failed',
          schedule: 'Runs every %{minutes} minutes',
          noSchedule: 'No schedule: the checks run on demand only',
          loadFailed: 'Could not read the state of the checks',
          status: { running: 'Running', done: 'Done', failed: 'Failed' },
        },
        config: {
          pending: 'Pending threshold: %{hours} hours',
          edit: 'Change threshold',
          title: 'Pending threshold',
          hours: 'Hours',
          hint: 'A deposit, withdrawal, loan or exchange pending longer than this (1-720 hours) is a finding, from the next run on.',
          invalid: 'Enter a whole number from 1 to 720',
          saved: 'Threshold saved',
        },
        drawer: {
          title: 'Data exception #%{id}',
          close: 'Close',
          subject: 'Subject',
          openClient: 'Open client',
          openRecord: 'Open record',
          detail: 'What the check saw',
          noDetail: 'Nothing more',
          absent:
            'The latest complete run no longer saw this problem (since %{time}); check, then resolve it with a note.',
          loadFailed: 'Could not read this finding',
        },
      },
    },
  },
} satisfies MessageModule;
