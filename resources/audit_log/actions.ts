/**
 * What the audit log page knows of the trail's vocabulary (plain data): the actions the API writes and their groups
 * (an action's first word; the list filters by prefix, so a group picks all of its actions) come from
 * domain/audit-actions.ts, declared once for both sides, with their labels (messages.ts puts them under the keys
 * below); the target types are here. An action not listed shows as written.
 */
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_NAMES } from '../../domain/audit-actions';
import { DECLARED_ENTITIES } from '../../domain/entities';
import type { OptionSet, OptionTone } from '../labels';

/**
 * The target types (the audit rows' `resource`: permission resources), then the declared entities' keys
 * (domain/entities.ts, labelled with their noun: messages.ts).
 */
const LISTED_TARGET_TYPES = [
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
];
export const AUDIT_TARGET_TYPES: readonly string[] = [
  ...LISTED_TARGET_TYPES,
  ...DECLARED_ENTITIES.map((d) => d.resource).filter((r) => !LISTED_TARGET_TYPES.includes(r)),
];

/** The i18n key of an action's label (dots would nest: they become `__`). */
export const actionKey = (action: string) => `resources.audit_log.action_names.${action.replace(/\./g, '__')}`;

/** The i18n key of a target type's label. */
export const targetTypeKey = (type: string) => `resources.audit_log.target_types.${type}`;

/** The actions as options (list column, detail). */
export const actionOptions: OptionSet = AUDIT_ACTION_NAMES.map((a) => ({ id: a, name: actionKey(a) }));

/** The action filter: each group (a prefix, `auth.`) then each action. */
export const actionFilterOptions: OptionSet = [
  ...Object.keys(AUDIT_ACTION_GROUPS).map((g) => ({ id: `${g}.`, name: `resources.audit_log.action_groups.${g}` })),
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
