import { DECLARED_ENTITIES } from '../../domain/entities';
import type { Role } from '../../permissions';

/**
 * Which menu leaves each role sees, written from the spec's role table (section 6) by hand, not derived from
 * the role files: a leaf shows when the role may read it or its parent group.
 */
const ALL: Role[] = ['god', 'angel', 'superman', 'hero'];
const TOP: Role[] = ['god', 'angel'];
export const MENU_BY_LEAF: Record<string, Role[]> = {
  dashboard: ALL,
  kyc: ALL,
  client: ALL,
  deposit: ALL,
  withdrawal: ALL,
  loan: ALL,
  compensation: ALL,
  crypto_deposit: TOP,
  // Not in the spec's menu (maker-checker): the approvals queue under funds, whose approve grant only god and angel hold.
  approval: TOP,
  'trades/stock': TOP,
  'trades/block': TOP,
  'trades/ipo': TOP,
  'trades/ipo_allocation': TOP,
  'trades/go_public': TOP,
  'trades/daily': TOP,
  'trades/ai': TOP,
  'trades/fund': TOP,
  'trades/quant': TOP,
  'trx/stock': ALL,
  'trx/block': ALL,
  'trx/ipo': ALL,
  'trx/daily': ALL,
  'trx/subscribe': ALL,
  'trx/ai': ALL,
  'trx/fund': ALL,
  'trx/quant': ALL,
  'trx/sub_allocation': ALL,
  users: ['god', 'angel', 'superman'],
  message: ALL,
  service: ['god', 'angel', 'superman'],
  crypto_address: TOP,
  emergency: ['god'],
  data_exception: ['god'],
  'settings/app': ['god'],
  permission: ['god'],
  ip_access: ['god'],
  // Not in the spec's menu (maker-checker rules): under config.
  approval_policy: ['god'],
  // Not in the spec's menu (the hardening issue's audit log page): under config, which only god's "all on all" grants.
  audit_log: ['god'],
  trade_config: ['god'],
  exchange_config: ['god'],
  trading_permission: ['god'],
  // the declared entities under config (domain/entities.ts), which only god's "all on all" grants
  ...Object.fromEntries(DECLARED_ENTITIES.filter((d) => d.parents?.[0] === 'config').map((d) => [d.name, ['god']])),
};
