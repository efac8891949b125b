/**
 * Audit log texts (`resources.audit_log.*`): field labels come from the entity definition (domain/audit.ts, the same
 * texts as the CSV headers); action names and groups come from the audit vocabulary (domain/audit-actions.ts, both
 * sides' one list); target types and the detail's texts are here. Action keys are the action with `__` for its dots
 * (actions.ts actionKey). `resources.audit_log.name` comes from the registry title.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { auditLog } from '../../domain/audit';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS } from '../../domain/audit-actions';
import { DECLARED_ENTITIES } from '../../domain/entities';
import type { MessageModule } from '../../i18n/core';

const defs = (lang: Language) => entityMessages(auditLog, lang);

/** Action labels keyed as actionKey() reads them. */
const actionNames = (lang: Language) =>
  Object.fromEntries(Object.entries(AUDIT_ACTION_LABELS).map(([a, labels]) => [a.replace(/\./g, '__'), labels[lang]]));

/** The declared entities' target types (their permission keys) labelled with their noun. */
const entityTargets = (lang: Language) => Object.fromEntries(DECLARED_ENTITIES.map((d) => [d.resource, d.noun[lang]]));

/** Group labels (every group has one: tests/server/audit-vocabulary.test.ts). */
const groupNames = (lang: Language) =>
  Object.fromEntries(Object.entries(AUDIT_ACTION_GROUPS).map(([g, labels]) => [g, labels?.[lang] ?? g]));

export default {
  'zh-CN': {
    resources: {
      audit_log: {
        ...defs('zh-CN'),
        action_names: actionNames('zh-CN'),
        filters: { user_id: '员工' },
        action_groups: groupNames('zh-CN'),
        target_types: {
          ...entityTargets('zh-CN'),
          client: '客户',
          users: '员工',
          kyc: '实名认证',
          deposit: '充值记录',
          withdrawal: '提现记录',
          loan: '借贷记录',
          compensation: '赠分记录',
          settings: '应用配置',
          ipAccess: 'IP 白名单',
          file: '文件',
          auditLog: '审计日志',
          dataException: '数据异常',
          message: '站内信',
          service: '客服配置',
          permission: '权限管理',
          approval: '复核',
          approval_policy: '复核规则',
          emergency: '应急预案',
          trades: '产品交易',
          trx: '交易记录',
          crypto_address: '收款地址',
          currency_pair: '货币对',
          exchange_config: '汇率配置',
          trade_config: '交易配置',
          trading_permission: '交易权限',
        },
        detail_codes: {
          wrong_password: '密码错误',
          unknown_user: '用户不存在',
          inactive: '账户已停用',
          locked: '已锁定',
          password_unchanged: '新密码与原密码相同',
          mfa_required: '需要二次验证',
          mfa_totp: '使用身份验证器验证',
          mfa_recovery_code: '使用恢复码验证',
          replayed: '重复提交，已按首次结果回答',
          rows: '%{smart_count} 行 |||| %{smart_count} 行',
          rowsStopped: '导出 %{smart_count} 行后中止 |||| 导出 %{smart_count} 行后中止',
          separator: '；',
        },
        detail: {
          title: '审计记录 #%{id}',
          who: '操作人',
          nobody: '（未登录）',
          target: '对象',
          changes: '变更内容',
          field: '字段',
          before: '变更前',
          after: '变更后',
          noChanges: '此记录没有变更内容',
          history: '该对象的操作历史',
          noHistory: '此记录没有关联对象',
          truncated: '仅显示最早的 %{count} 条',
          chain: '哈希链序号 %{seq}',
          outsideApi:
            '此记录不是由系统的审计写入程序写入的（没有有效签名），而是由数据库角色 %{role} 直接插入：可能是伪造的记录。',
          loadFailed: '无法读取审计记录',
          retry: '重试',
          loading: '正在加载',
          close: '关闭',
        },
        history: {
          title: '操作记录',
          empty: '暂无操作记录',
          loadFailed: '无法读取操作记录',
        },
      },
    },
  },
  'en-US': {
    resources: {
      audit_log: {
        ...defs('en-US'),
        action_names: actionNames('en-US'),
        filters: { user_id: 'Staff member' },
        action_groups: groupNames('en-US'),
        target_types: {
          ...entityTargets('en-US'),
          client: 'Client',
          users: 'Staff member',
          kyc: 'KYC',
          deposit: 'Deposit record',
          withdrawal: 'Withdrawal record',
          loan: 'Loan record',
          compensation: 'Bonus-point record',
          settings: 'App settings',
          ipAccess: 'IP allow-list',
          file: 'File',
          auditLog: 'Audit log',
          dataException: 'Data exception',
          message: 'Message',
          service: 'Service',
          permission: 'Permissions',
          approval: 'Approval',
          approval_policy: 'Approval rules',
          emergency: 'Emergency plan',
          trades: 'Trading products',
          trx: 'Trade records',
          crypto_address: 'Receiving address',
          currency_pair: 'Currency pair',
          exchange_config: 'Exchange settings',
          trade_config: 'Trading settings',
          trading_permission: 'Trading permission',
        },
        detail_codes: {
          wrong_password: 'Wrong password',
          unknown_user: 'No such user',
          inactive: 'Account disabled',
          locked: 'locked',
          password_unchanged: 'The new password is the old one',
          mfa_required: 'Second factor required',
          mfa_totp: 'With the authenticator',
          mfa_recovery_code: 'With a recovery code',
          replayed: 'Sent again; answered as the first time',
          rows: '%{smart_count} row |||| %{smart_count} rows',
          rowsStopped: 'Stopped after %{smart_count} row |||| Stopped after %{smart_count} rows',
          separator: '; ',
        },
        detail: {
          title: 'Audit record #%{id}',
          who: 'By',
          nobody: '(not signed in)',
          target: 'Target',
          changes: 'Changes',
          field: 'Field',
          before: 'Before',
          after: 'After',
          noChanges: 'This record changed nothing',
          history: "The target's history",
          noHistory: 'This record has no target',
          truncated: 'Only the first %{count} are shown',
          chain: 'Hash chain #%{seq}',
          outsideApi:
            "This row was not written by the API's audit writer (it has no valid signature): it was inserted directly by the database role %{role}, and may be forged.",
          loadFailed: 'Unable to read the audit record',
          retry: 'Retry',
          loading: 'Loading',
          close: 'Close',
        },
        history: {
          title: 'History',
          empty: 'Nothing recorded yet',
          loadFailed: 'Unable to read the history',
        },
      },
    },
  },
} satisfies MessageModule;
