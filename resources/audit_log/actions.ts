/**
 * What the audit log page knows of the trail's vocabulary (plain data): the actions the API writes, their groups (an
 * action's first word; the list filters by prefix, so a group picks all of its actions) and the target types. Each
 * has a label in resources/audit_log/messages.ts; an action not listed shows as written.
 */
import type { OptionSet, OptionTone } from '../labels';

/** The actions the API writes (server/modules, server/core). */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.refresh',
  'auth.refresh_reuse',
  'auth.mfa_verify',
  'auth.lockout',
  'auth.locked',
  'access.denied',
  'access.unauthorized',
  'access.not_found',
  'access.rate_limited',
  'audit.suppressed',
  'list.export',
  'user.create',
  'user.update',
  'user.enable',
  'user.disable',
  'user.delete',
  'user.invitation_code',
  'user.mfa_close',
  'user.change_password',
  'user.mfa_bind_start',
  'user.mfa_enable',
  'user.mfa_disable',
  'user.mfa_recovery_codes',
  'client.create',
  'client.status',
  'client.fake',
  'client.offline',
  'client.reset_password',
  'client.reset_code',
  'client.change_agent',
  'client.trade_settings',
  'client.exchange',
  'kyc.fill',
  'kyc.approve',
  'kyc.reject',
  'kyc.update',
  'deposit.specialized',
  'deposit.approve',
  'deposit.reject',
  'deposit.rollback',
  'withdraw.approve',
  'withdraw.reject',
  'withdraw.rollback',
  'overdrawn.compensation',
  'overdrawn.bonus',
  'overdrawn.approve',
  'overdrawn.reject',
  'overdrawn.rollback',
  'loan.pay_fine',
  'loan.approve',
  'loan.reject',
  'loan.rollback',
  'setting.app.update',
  'setting.co.update',
  'setting.product.update',
  'setting.locale.update',
  'approval.approve',
  'approval.reject',
  'approval.policy',
  'ip_access.create',
  'ip_access.update',
  'ip_access.delete',
  'ip_access.enable',
  'ip_access.disable',
  'file.presign',
  'file.upload',
  'crypto_address.create',
  'crypto_address.update',
  'crypto_address.delete',
  'currency_pair.create',
  'currency_pair.update',
  'currency_pair.delete',
  'data_exception.run',
  'data_exception.run_done',
  'data_exception.assign',
  'data_exception.resolve',
  'data_exception.config',
  'emergency.request',
  'emergency.lift_request',
  'emergency.order.modify',
  'exchange_config.create',
  'exchange_config.update',
  'exchange_config.delete',
  'exchange_config.rate',
  'message.create',
  'message.deliver',
  'message.cancel',
  'message_template.create',
  'message_template.update',
  'message_template.delete',
  'permission.narrow',
  'service.default.update',
  'service.team.update',
  'service.team.delete',
  'trade_config.product',
  'trade_config.global.create',
  'trade_config.global.update',
  'trade_config.global.delete',
  'trading.ipo.allocate',
  'trading_permission.create',
  'trading_permission.update',
  'trading_permission.delete',
  'trading_permission.client',
] as const;

/** The groups of actions (their first word). */
export const AUDIT_ACTION_GROUPS = [
  'auth',
  'access',
  'list',
  'user',
  'client',
  'kyc',
  'deposit',
  'withdraw',
  'overdrawn',
  'loan',
  'setting',
  'ip_access',
  'approval',
  'file',
  'audit',
  'crypto_address',
  'currency_pair',
  'data_exception',
  'emergency',
  'exchange_config',
  'message',
  'message_template',
  'permission',
  'service',
  'trade_config',
  'trading',
  'trading_permission',
] as const;

/** The target types (the audit rows' `resource`: permission resources). */
export const AUDIT_TARGET_TYPES = [
  'client',
  'users',
  'kyc',
  'deposit',
  'withdrawal',
  'loan',
  'compensation',
  'settings',
  'ipAccess',
  'file',
  'auditLog',
  'dataException',
  'message',
  'service',
  'permission',
  'approval',
  'approval_policy',
  'emergency',
  'trades',
  'trx',
  'crypto_address',
  'currency_pair',
  'exchange_config',
  'trade_config',
  'trading_permission',
] as const;

/** The i18n key of an action's label (dots would nest: they become `__`). */
export const actionKey = (action: string) => `resources.audit_log.action_names.${action.replace(/\./g, '__')}`;

/** The i18n key of a target type's label. */
export const targetTypeKey = (type: string) => `resources.audit_log.target_types.${type}`;

/** The actions as options (list column, detail). */
export const actionOptions: OptionSet = AUDIT_ACTIONS.map((a) => ({ id: a, name: actionKey(a) }));

/** The action filter: each group (a prefix, `auth.`) then each action. */
export const actionFilterOptions: OptionSet = [
  ...AUDIT_ACTION_GROUPS.map((g) => ({ id: `${g}.`, name: `resources.audit_log.action_groups.${g}` })),
  ...actionOptions,
];

/** The target types as options. */
export const targetTypeOptions: OptionSet = AUDIT_TARGET_TYPES.map((t) => ({ id: t, name: targetTypeKey(t) }));

/** Chip colours of the results. */
export const RESULT_TONES: Record<string, OptionTone> = {
  success: 'success',
  failure: 'error',
  denied: 'warning',
  pending: 'info',
};

/** Who wrote a row (domain/audit.ts AUDIT_ORIGINS): a row written outside the API's writer stands out. */
export const ORIGIN_TONES: Record<string, OptionTone> = {
  api: 'default',
  legacy: 'info',
  outside_api: 'error',
};
