/**
 * Maker-checker on money (the hardening issue): per tenant, per kind of money movement and per currency, amount tiers
 * decide how many checkers (staff members other than the maker) must approve before money moves: none below
 * `one_checker_from`, one from it, two from `two_checkers_from`. An approval records its maker, each checker's
 * decision and time, and its result. Paths are ours (spec section 7 does not show them).
 *
 * Plain data both sides import: the kinds, statuses, built-in default tiers, the tier rule and the queue's definition.
 */
import { defineEntity, type Labels, type Row, l } from './entity';

/** The money movements an approval guards (each has a tier per currency on the policy page). */
export const MONEY_KINDS = [
  'deposit',
  'crypto_deposit',
  'withdrawal',
  'loan',
  'compensation',
  'bonus',
  'exchange',
  'rollback',
  'emergency',
  'trade_result',
] as const;

/**
 * Changes of the controls themselves (issue 18 "the policy itself"): the approval policy, and creating a staff member
 * as administrator or supervisor or raising one to these roles (`staff_role`, domain/user.ts CONTROLLED_ROLES), and a
 * change of a role's grants on a money resource (`role_grants`, MONEY_RESOURCES), and a change of the IP allow-list
 * (`ip_access`: an entry added or deleted, the list turned on or off; domain/ip-access.ts); each applied by its module
 * through approval/control.ts.
 * Always one checker, an administrator other than the maker; the change is the approval's payload (`ControlChange`)
 * and is applied when approved. No tier: the policy page cannot lower them.
 */
export const CONTROL_KINDS = ['approval_policy', 'staff_role', 'role_grants', 'ip_access'] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];

/**
 * The permission resources that move or check money (the grant chains of the approval kinds, server/modules/approval/
 * service.ts KIND_CHAIN, their menu groups, the queue, exchanges and trades): a change of a role's grants on one of
 * them is a control change (kind role_grants); other grant changes apply at once.
 */
export const MONEY_RESOURCES: readonly string[] = [
  'funds',
  'deposit',
  'crypto_deposit',
  'withdrawal',
  'loan',
  'compensation',
  'exchange',
  'approval',
  'approval_policy',
  'config',
  'emergency',
  'trades',
  // the IP allow-list: its changes are control changes (kind ip_access), so are the grants that check them
  'ipAccess',
];
export const isMoneyResource = (resource: string): boolean => MONEY_RESOURCES.includes(resource);

/** What an approval guards. */
export const APPROVAL_KINDS = [...MONEY_KINDS, ...CONTROL_KINDS] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export type MoneyKind = (typeof MONEY_KINDS)[number];

/** Whether an approval kind is a change of the controls (no amount, applied from its payload). */
export const isControlKind = (kind: string): kind is ControlKind => (CONTROL_KINDS as readonly string[]).includes(kind);

/**
 * Whether an approval of this kind is for an amount of a client's money: not a change of the controls, nor an
 * emergency plan (tenant-wide; its approval carries amount 0 and currency `*`, which mean nothing).
 */
export const hasAmount = (kind: string): boolean => !isControlKind(kind) && kind !== 'emergency';

/**
 * A control change as the approval holds it: what it changes (`target`, e.g. `deposit:USD`, a CIDR, a role, a plan or
 * staff name), its values before and after (null: created or deleted), and what the module needs to apply it.
 */
export interface ControlChange {
  /** The operation (e.g. set, create, delete, enable, disable, replace, update). */
  op: string;
  target: string;
  from: Record<string, unknown> | null;
  to: Record<string, unknown> | null;
  /** What the applier needs beyond `to` (ids, the maker's request). */
  apply?: Record<string, unknown>;
}

/** The answer of a request that opened a control change instead of applying it (HTTP 202). */
export interface PendingChangeAnswer {
  pending_approval: { id: number; kind: ControlKind; status: 'pending'; required_checkers: number };
}

/** pending until enough checkers approve (approved, the money moved) or one rejects (rejected). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** A checker's decision. */
export const APPROVAL_DECISIONS = ['approved', 'rejected'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** The queue's views: what waits for me, what I made, everything I may check (history). */
export const APPROVAL_VIEWS = ['queue', 'mine', 'all'] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];

/** A policy row's currency that applies to every currency without a row of its own. */
export const ANY_CURRENCY = '*';

/**
 * One tier rule: amounts are decimal strings (2 decimals at most); `two_checkers_from` null: never two. The cumulative
 * limits (split credits): what one maker, and one client, may make or receive without a checker in the tenant's day,
 * the amount already made that day counted in (null: no limit); a movement that would cross one needs one checker.
 */
export interface ApprovalTier {
  enabled: boolean;
  one_checker_from: string;
  two_checkers_from: string | null;
  maker_daily_limit: string | null;
  client_daily_limit: string | null;
}

/** The kinds whose records count toward the cumulative daily limits (movements of a client's money made by staff). */
export const LIMITED_KINDS = ['deposit', 'crypto_deposit', 'withdrawal', 'loan', 'compensation', 'bonus'] as const;
export type LimitedKind = (typeof LIMITED_KINDS)[number];
export const isLimitedKind = (kind: string): kind is LimitedKind => (LIMITED_KINDS as readonly string[]).includes(kind);

/**
 * The "large amount" of a currency: where two checkers start for deposits, withdrawals, loans and rollbacks (about
 * 10,000 USD). Currencies not listed use the `*` value.
 */
export const LARGE_AMOUNT: Readonly<Record<string, string>> = {
  '*': '10000',
  USD: '10000',
  USDT: '10000',
  EUR: '10000',
  GBP: '8000',
  CNY: '70000',
  HKD: '80000',
  JPY: '1500000',
  BTC: '0.1',
  ETH: '3',
};

/**
 * The built-in tiers of a kind in multiples of the currency's large amount L (as tenths of L: exact in cents).
 * Records that are audited anyway (deposits, withdrawals, loans) and rollbacks need a checker from the first cent;
 * bonus points and bonuses are credited at once below L/10, exchanges below 5 L.
 */
const DEFAULT_TENTHS: Readonly<Record<MoneyKind, { one: bigint; two: bigint | null }>> = {
  deposit: { one: 0n, two: 10n },
  crypto_deposit: { one: 0n, two: 10n },
  withdrawal: { one: 0n, two: 10n },
  loan: { one: 0n, two: 10n },
  compensation: { one: 1n, two: 10n },
  bonus: { one: 1n, two: 10n },
  exchange: { one: 50n, two: 200n },
  rollback: { one: 0n, two: 10n },
  // an emergency plan has no amount (0): one checker always (the emergency service asks at least one)
  emergency: { one: 0n, two: null },
  // a trade result (settlement, sale or close price, emergency modification) whose result is L/10 or more
  trade_result: { one: 1n, two: 10n },
};

/** Cents of a decimal string with at most 2 decimals (no floating point). */
export function centsOf(value: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal amount: ${value}`);
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** A decimal string with 2 decimals of cents. */
export function decimalOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const a = cents < 0n ? -cents : cents;
  return `${sign}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/**
 * The built-in cumulative limits of the limited kinds, in tenths of L: one client receives at most L/10 a day without
 * a checker (the bonus tier: five credits just under it are one credit above it), one maker makes at most L/2 a day.
 */
const DEFAULT_LIMIT_TENTHS = { maker: 5n, client: 1n };

/** The built-in cumulative limits of a kind and currency (null: none, for the kinds that are not limited). */
export function defaultLimits(
  kind: ApprovalKind,
  currency: string,
): Pick<ApprovalTier, 'maker_daily_limit' | 'client_daily_limit'> {
  if (!isLimitedKind(kind)) return { maker_daily_limit: null, client_daily_limit: null };
  const large = centsOf(LARGE_AMOUNT[currency] ?? LARGE_AMOUNT[ANY_CURRENCY]);
  return {
    maker_daily_limit: decimalOf((large * DEFAULT_LIMIT_TENTHS.maker) / 10n),
    client_daily_limit: decimalOf((large * DEFAULT_LIMIT_TENTHS.client) / 10n),
  };
}

/**
 * The built-in tier of a kind and currency (used when the tenant has no row for it nor for `*`). A control kind has
 * no tier: always one checker (an administrator).
 */
export function defaultTier(kind: ApprovalKind, currency: string): ApprovalTier {
  if (isControlKind(kind))
    return {
      enabled: true,
      one_checker_from: '0.00',
      two_checkers_from: null,
      maker_daily_limit: null,
      client_daily_limit: null,
    };
  const large = centsOf(LARGE_AMOUNT[currency] ?? LARGE_AMOUNT[ANY_CURRENCY]);
  const t = DEFAULT_TENTHS[kind];
  return {
    enabled: true,
    one_checker_from: decimalOf((large * t.one) / 10n),
    two_checkers_from: t.two === null ? null : decimalOf((large * t.two) / 10n),
    ...defaultLimits(kind, currency),
  };
}

/**
 * Whether a movement of `amountCents` crosses a cumulative limit, given what was already made that day without a
 * checker by its maker (`makerUsed`, null: no maker, a client's own request) and for its client (`clientUsed`).
 * Reaching a limit exactly does not cross it.
 */
export function crossesLimit(
  tier: ApprovalTier,
  amountCents: bigint,
  used: { maker: bigint | null; client: bigint },
): boolean {
  if (!tier.enabled) return false;
  if (
    tier.maker_daily_limit !== null &&
    used.maker !== null &&
    used.maker + amountCents > centsOf(tier.maker_daily_limit)
  )
    return true;
  return tier.client_daily_limit !== null && used.client + amountCents > centsOf(tier.client_daily_limit);
}

/** How many checkers an amount (in cents) needs under a tier: 0, 1 or 2. */
export function checkersNeeded(tier: ApprovalTier, amountCents: bigint): 0 | 1 | 2 {
  if (!tier.enabled || amountCents < centsOf(tier.one_checker_from)) return 0;
  if (tier.two_checkers_from !== null && amountCents >= centsOf(tier.two_checkers_from)) return 2;
  return 1;
}

export const APPROVAL_KIND_LABELS: Readonly<Record<ApprovalKind, Labels>> = {
  deposit: l('入金', 'Deposit'),
  crypto_deposit: l('加密货币入金', 'Crypto deposit'),
  withdrawal: l('出金', 'Withdrawal'),
  loan: l('借贷', 'Loan'),
  compensation: l('赠分', 'Bonus points'),
  bonus: l('奖励', 'Bonus'),
  exchange: l('货币兑换', 'Exchange'),
  rollback: l('回滚', 'Rollback'),
  emergency: l('应急预案', 'Emergency plan'),
  trade_result: l('交易结果', 'Trade result'),
  approval_policy: l('复核规则变更', 'Approval rules change'),
  staff_role: l('管理员/主管任命', 'Admin or supervisor appointment'),
  role_grants: l('角色资金权限变更', 'Role money grants change'),
  ip_access: l('IP 白名单变更', 'IP allow-list change'),
};

/**
 * Trade results (docs/trading.md "Trade results"): the order actions whose result staff enter, and that wait in the
 * queue (kind trade_result) when their result reaches the tier: a sale or close at a price, a period settlement with
 * its result, an emergency modification of price or quantity.
 */
export const TRADE_RESULT_ACTIONS = ['sell', 'close', 'settle', 'modify'] as const;
export type TradeResultAction = (typeof TRADE_RESULT_ACTIONS)[number];

export const TRADE_RESULT_ACTION_LABELS: Readonly<Record<TradeResultAction, Labels>> = {
  sell: l('卖出', 'Sale'),
  close: l('平仓', 'Close'),
  settle: l('结算', 'Settlement'),
  modify: l('应急改单', 'Emergency modification'),
};

export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, Labels>> = {
  pending: l('待复核', 'Awaiting check'),
  approved: l('已通过', 'Approved'),
  rejected: l('已拒绝', 'Rejected'),
  cancelled: l('已撤销', 'Cancelled'),
};

/** The approvals queue: one row per approval, in the caller's data scope. */
export const approval = defineEntity({
  name: 'approval',
  resource: 'approval',
  parents: ['funds'],
  paths: {
    list: '/approval/admin/v1/list',
    export: '/approval/admin/v1/list/export',
    one: '/approval/admin/v1/detail/{id}',
    decisions: '/approval/admin/v1/detail/{id}/decisions',
    decide: '/approval/admin/v1/decide/{id}',
    count: '/approval/admin/v1/count',
    policy: '/approval/admin/v1/policy',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: l('编号', 'ID') },
    {
      name: 'kind',
      kind: 'enum',
      values: APPROVAL_KINDS,
      valueLabels: APPROVAL_KIND_LABELS,
      list: true,
      filter: 'eq',
      label: l('类型', 'Kind'),
    },
    {
      name: 'target_type',
      kind: 'text',
      nullable: true,
      detail: true,
      export: false,
      label: l('对象类型', 'Record type'),
    },
    { name: 'target_id', kind: 'id', nullable: true, list: true, label: l('记录编号', 'Record ID') },
    {
      name: 'target_kind',
      kind: 'text',
      nullable: true,
      detail: true,
      export: false,
      label: l('回滚对象', 'Rolls back'),
    },
    // null for an emergency plan (tenant-wide)
    { name: 'client_id', kind: 'id', nullable: true, list: true, filter: 'eq', label: l('客户编号', 'Client ID') },
    { name: 'username', kind: 'text', nullable: true, list: true, label: l('客户账号', 'Client') },
    { name: 'currency', kind: 'currency', list: true, filter: 'eq', label: l('币种', 'Currency') },
    { name: 'amount', kind: 'money', list: true, label: l('金额', 'Amount') },
    { name: 'maker_id', kind: 'id', nullable: true, detail: true, label: l('发起人编号', 'Maker ID') },
    { name: 'maker_name', kind: 'text', nullable: true, list: true, label: l('发起人', 'Maker') },
    { name: 'required_checkers', kind: 'integer', list: true, label: l('所需复核人数', 'Checkers needed') },
    { name: 'approvals', kind: 'integer', list: true, label: l('已通过人数', 'Approvals') },
    {
      name: 'status',
      kind: 'enum',
      values: APPROVAL_STATUSES,
      valueLabels: APPROVAL_STATUS_LABELS,
      list: true,
      filter: 'eq',
      label: l('状态', 'Status'),
    },
    // a trade result (kind trade_result; null for the other kinds): the order's action, its product, what was asked
    // (price, quantity, or a period's result) and what it does to the client's balance (signed)
    {
      name: 'trade_action',
      kind: 'enum',
      values: TRADE_RESULT_ACTIONS,
      valueLabels: TRADE_RESULT_ACTION_LABELS,
      nullable: true,
      list: true,
      label: l('交易操作', 'Trade action'),
    },
    { name: 'product', kind: 'text', nullable: true, list: true, label: l('产品', 'Product') },
    { name: 'asked_price', kind: 'text', nullable: true, list: true, label: l('申请价格', 'Price asked') },
    { name: 'asked_quantity', kind: 'integer', nullable: true, detail: true, label: l('申请数量', 'Quantity asked') },
    { name: 'asked_profit', kind: 'money', nullable: true, list: true, label: l('申请盈亏', 'Result asked') },
    { name: 'balance_effect', kind: 'money', nullable: true, list: true, label: l('余额影响', 'Balance effect') },
    { name: 'remark', kind: 'text', nullable: true, list: true, label: l('备注', 'Remark') },
    // a control change (ControlChange as JSON text): what changes, from what to what; null for money
    { name: 'change', kind: 'text', nullable: true, list: true, export: false, label: l('变更内容', 'Change') },
    { name: 'created_at', kind: 'datetime', list: true, sort: true, label: l('发起时间', 'Requested') },
    { name: 'resolved_at', kind: 'datetime', nullable: true, list: true, label: l('完成时间', 'Resolved') },
  ],
});

/** An approval as the queue answers it. */
export type ApprovalRow = Row<typeof approval>;

/** One checker's decision on an approval. */
export interface ApprovalDecisionView {
  /** `<approval id>:<checker id>`. */
  id: string;
  checker_id: number;
  checker_name: string | null;
  decision: ApprovalDecision;
  remark: string | null;
  at: string;
}

/** The pending approval a record view carries (`approval` of a deposit, withdrawal or overdrawn record), or null. */
export interface RecordApprovalState {
  id: number;
  kind: ApprovalKind;
  required_checkers: number;
  approvals: number;
}

/** The menu badge's numbers: what waits for the signed-in staff member, by kind. */
export interface ApprovalCount {
  total: number;
  by_kind: Partial<Record<ApprovalKind, number>>;
}

/** The count as GET /approval/admin/v1/count answers it: with its ETag (send it back as If-None-Match). */
export interface ApprovalCountAnswer extends ApprovalCount {
  etag: string;
}

/** One policy row as GET /approval/admin/v1/policy answers it (`source`: the tenant's row or the built-in default). */
export interface ApprovalPolicyRow extends ApprovalTier {
  /** `<kind>:<currency>`. */
  id: string;
  kind: ApprovalKind;
  currency: string;
  source: 'tenant' | 'default';
  /** The id of a pending change of this row awaiting a second administrator, or null. */
  pending_approval_id: number | null;
}
