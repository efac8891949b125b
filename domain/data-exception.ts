/**
 * Data exceptions (spec section 2 "data exception"; issue "Operations and configuration"): the findings of checks
 * that run per tenant on a schedule and on demand (ledger invariants, negative balances, records pending too long,
 * duplicate crypto transaction hashes, clients without an agent). A finding is open until a staff member resolves it
 * with a note; it can be assigned first. Paths are ours (spec section 7 does not show them). The console's page and
 * the API's `/data_exception/admin/v1/...` routes both derive from this definition.
 */
import { defineEntity, type Labels, type Row, l } from './entity';

/** The checks, in the order a run performs them. */
export const DATA_CHECKS = [
  'ledger_invariant',
  'negative_balance',
  'pending_too_long',
  'duplicate_tx_hash',
  'client_without_agent',
] as const;
export type DataCheck = (typeof DATA_CHECKS)[number];

export const CHECK_LABELS: Record<DataCheck, Labels> = {
  ledger_invariant: l('账务不变量', 'Ledger invariant'),
  negative_balance: l('账户负余额', 'Negative balance'),
  pending_too_long: l('待处理超时', 'Pending too long'),
  duplicate_tx_hash: l('重复交易哈希', 'Duplicate transaction hash'),
  client_without_agent: l('客户无业务员', 'Client without agent'),
};

export const SEVERITIES = ['critical', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** open -> assigned -> resolved; open -> resolved; assigned -> assigned (another assignee). */
export const FINDING_STATUSES = ['open', 'assigned', 'resolved'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/** What a finding is about. */
export const SUBJECT_TYPES = [
  'client',
  'account',
  'deposit',
  'withdrawal',
  'overdrawn',
  'exchange',
  'txn',
  'entry',
  'tx_hash',
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const SUBJECT_LABELS: Record<SubjectType, Labels> = {
  client: l('客户', 'Client'),
  account: l('账户', 'Account'),
  deposit: l('充值记录', 'Deposit'),
  withdrawal: l('提现记录', 'Withdrawal'),
  overdrawn: l('借贷/赠分记录', 'Loan / bonus record'),
  exchange: l('兑换记录', 'Exchange'),
  txn: l('账务流水', 'Ledger transaction'),
  entry: l('账务分录', 'Ledger entry'),
  tx_hash: l('交易哈希', 'Transaction hash'),
};

/**
 * The rules of the ledger check (server/ledger/check.ts, `npm run ledger:check`) by their text, in both languages. A
 * rule the check gains later shows its English text until it is added here (tests/unit/data-exception-page.test.tsx
 * compares this list with the check's source).
 */
export const LEDGER_RULE_LABELS: Record<string, Labels> = {
  'dashboard statistics equal their records': l('统计汇总须等于其记录之和', 'Dashboard statistics equal their records'),
  'holding equals its orders in status holding (quantity, cost)': l(
    '持仓与其持仓中订单一致（数量、成本）',
    'Position equals its orders in status holding (quantity, cost)',
  ),
  'paid order of a listed IPO holds its position': l(
    '已上市新股的已缴款订单须已转为持仓',
    'A paid order of a listed IPO holds its position',
  ),
  'trade order agrees with its txns (frozen, buy, fee, owed, sale)': l(
    '交易订单与其流水一致（冻结、买入、手续费、欠款、卖出）',
    'Trade order agrees with its transactions (frozen, buy, fee, owed, sale)',
  ),
  'txn sums to zero per currency': l('流水按币种合计须为零', 'Transaction sums to zero per currency'),
  'txn has entries': l('流水须有分录', 'Transaction has entries'),
  'entry matches its account (currency, tenant) and its txn (tenant)': l(
    '分录与其账户（币种、租户）及流水（租户）一致',
    'Entry matches its account (currency, tenant) and its transaction (tenant)',
  ),
  'account aggregates equal the sum of their entries': l(
    '账户汇总列须等于其分录之和',
    'Account aggregates equal the sum of their entries',
  ),
  'no negative balance, frozen, outstanding or bonus': l(
    '余额、冻结、欠款、奖励不得为负',
    'No negative balance, frozen, outstanding or bonus',
  ),
  'reversal names an existing txn of the same tenant, once': l(
    '冲正须指向同租户的已有流水，且仅一次',
    'A reversal names an existing transaction of the same tenant, once',
  ),
  'reversal mirrors the original exactly': l('冲正须与原流水完全相反', 'A reversal mirrors the original exactly'),
  'txn refers to an existing record of its tenant': l(
    '流水须指向本租户的已有记录',
    'Transaction refers to an existing record of its tenant',
  ),
  'deposit status agrees with its txns': l('充值状态与流水一致', 'Deposit status agrees with its transactions'),
  'withdrawal status agrees with its txns': l('提现状态与流水一致', 'Withdrawal status agrees with its transactions'),
  'loan / compensation / bonus status agrees with its txns': l(
    '借贷/赠分/奖励状态与流水一致',
    'Loan / compensation / bonus status agrees with its transactions',
  ),
  "record's agent_id equals its client's": l('记录的业务员与客户的业务员一致', "A record's agent equals its client's"),
  'exchange posted': l('兑换已入账', 'Exchange posted'),
};

/** The per-tenant settings of the checks (GET/PUT config). */
export interface DataExceptionConfig {
  /** A deposit, withdrawal or loan pending longer than this many hours is a finding. */
  pending_hours: number;
}

export const DATA_EXCEPTION_LIMITS = {
  pendingHours: { min: 1, max: 720, default: 24 },
  note: 500,
} as const;

/** How a run was started. */
export const RUN_TRIGGERS = ['schedule', 'manual'] as const;
export const RUN_STATUSES = ['running', 'done', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** One check's outcome in a run. */
export interface CheckResult {
  check: DataCheck;
  status: 'pending' | 'done' | 'failed';
  /** Problems the check saw. */
  found: number;
  /** Of them, findings it opened (the others were already open and had their last_seen moved). */
  new: number;
}

/** A run of the checks for one tenant, with its progress (GET status, POST run). */
export interface DataExceptionRun {
  id: number;
  trigger: (typeof RUN_TRIGGERS)[number];
  status: RunStatus;
  started_at: string;
  finished_at: string | null;
  started_by_name: string | null;
  checks_done: number;
  checks_total: number;
  results: CheckResult[];
}

/** The page's status: the settings, the schedule and the latest runs (newest first). */
export interface DataExceptionStatus extends DataExceptionConfig {
  /** Minutes between scheduled runs of this API; 0: no schedule (on demand only). */
  schedule_minutes: number;
  runs: DataExceptionRun[];
}

/** A staff member a finding can be assigned to. */
export interface Assignee {
  id: number;
  name: string;
  username: string;
}

export const dataException = defineEntity({
  name: 'data_exception',
  resource: 'dataException',
  paths: {
    list: '/data_exception/admin/v1/list',
    export: '/data_exception/admin/v1/list/export',
    one: '/data_exception/admin/v1/detail/{id}',
    assign: '/data_exception/admin/v1/assign/{id}',
    resolve: '/data_exception/admin/v1/resolve/{id}',
    run: '/data_exception/admin/v1/run',
    status: '/data_exception/admin/v1/status',
    config: '/data_exception/admin/v1/config',
    assignees: '/data_exception/admin/v1/assignees',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: l('编号', 'ID') },
    {
      name: 'check',
      kind: 'enum',
      values: DATA_CHECKS,
      valueLabels: CHECK_LABELS,
      list: true,
      filter: 'in',
      label: l('检查项', 'Check'),
    },
    { name: 'rule', kind: 'text', nullable: true, detail: true, label: l('规则', 'Rule') },
    {
      name: 'severity',
      kind: 'enum',
      values: SEVERITIES,
      valueLabels: { critical: l('严重', 'Critical'), warning: l('警告', 'Warning') },
      list: true,
      filter: 'in',
      label: l('级别', 'Severity'),
    },
    {
      name: 'subject_type',
      kind: 'enum',
      values: SUBJECT_TYPES,
      valueLabels: SUBJECT_LABELS,
      list: true,
      filter: 'in',
      label: l('对象类型', 'Subject'),
    },
    { name: 'subject_id', kind: 'text', list: true, label: l('对象编号', 'Subject ID') },
    { name: 'client_id', kind: 'id', nullable: true, detail: true, label: l('客户 ID', 'Client ID') },
    { name: 'client_username', kind: 'text', nullable: true, list: true, label: l('客户', 'Client') },
    {
      name: 'status',
      kind: 'enum',
      values: FINDING_STATUSES,
      valueLabels: { open: l('待处理', 'Open'), assigned: l('已指派', 'Assigned'), resolved: l('已解决', 'Resolved') },
      list: true,
      filter: 'in',
      label: l('状态', 'Status'),
    },
    { name: 'assignee_id', kind: 'id', nullable: true, filter: 'eq', export: false, label: l('处理人', 'Assignee') },
    { name: 'assignee_name', kind: 'text', nullable: true, list: true, label: l('处理人', 'Assignee') },
    {
      name: 'first_seen',
      kind: 'datetime',
      list: true,
      sort: true,
      filter: 'range',
      label: l('首次发现', 'First seen'),
    },
    { name: 'last_seen', kind: 'datetime', list: true, sort: true, label: l('最近发现', 'Last seen') },
    {
      name: 'absent_since',
      kind: 'datetime',
      nullable: true,
      list: true,
      label: l('未再发现自', 'Not seen since'),
    },
    {
      name: 'resolution_note',
      kind: 'textarea',
      nullable: true,
      maxLength: DATA_EXCEPTION_LIMITS.note,
      export: true,
      label: l('处理说明', 'Resolution note'),
    },
    { name: 'resolved_by', kind: 'id', nullable: true, detail: true, label: l('解决人编号', 'Resolved by (ID)') },
    { name: 'resolved_by_name', kind: 'text', nullable: true, export: true, label: l('解决人', 'Resolved by') },
    { name: 'resolved_at', kind: 'datetime', nullable: true, export: true, label: l('解决时间', 'Resolved') },
  ],
});

/** A finding as the list answers it. */
export type DataExceptionRow = Row<typeof dataException>;

/** A finding with what the check saw (the detail answers it). */
export type DataExceptionDetail = DataExceptionRow & { detail: Record<string, unknown> };

/** Whether a finding can still be assigned or resolved. */
export const unresolved = (status: string) => status === 'open' || status === 'assigned';

/**
 * Labels of the keys of a finding's detail (what a check saw): the checks' own keys and the columns the ledger check
 * reports. Unknown keys show as they are.
 */
const AGGREGATE_LABELS: Record<string, Labels> = {
  balance: l('余额', 'Balance'),
  deposit: l('充值', 'Deposit'),
  withdrawal: l('提现', 'Withdrawal'),
  profit: l('盈利', 'Profit'),
  compensation: l('赠分', 'Compensation'),
  bonus: l('奖励', 'Bonus'),
  loan: l('借贷', 'Loan'),
  frozen: l('冻结', 'Frozen'),
  outstanding: l('欠款', 'Outstanding'),
};

export const DETAIL_LABELS: Record<string, Labels> = {
  ...AGGREGATE_LABELS,
  ...Object.fromEntries(
    Object.entries(AGGREGATE_LABELS).map(([k, v]) => [
      `entries_${k}`,
      l(`分录合计（${v['zh-CN']}）`, `Entries total (${v['en-US']})`),
    ]),
  ),
  username: l('客户', 'Client'),
  acc_no: l('账号', 'Account number'),
  currency: l('币种', 'Currency'),
  amount: l('金额', 'Amount'),
  status: l('状态', 'Status'),
  created_at: l('创建时间', 'Created'),
  age_hours: l('已等待（小时）', 'Waiting (hours)'),
  threshold_hours: l('阈值（小时）', 'Threshold (hours)'),
  sub_type: l('类型', 'Type'),
  chain: l('链', 'Chain'),
  chains: l('链', 'Chains'),
  tx_hash: l('交易哈希', 'Transaction hash'),
  deposit_ids: l('本租户充值记录', 'Deposits of this tenant'),
  other_tenants: l('其他租户的记录数', 'Records in other tenants'),
  reason: l('原因', 'Reason'),
  agent_id: l('业务员编号', 'Agent ID'),
  agent_name: l('业务员', 'Agent'),
  fake: l('机器人', 'Robot'),
  txn_id: l('流水号', 'Transaction ID'),
  entry_id: l('分录号', 'Entry ID'),
  account_id: l('账户 ID', 'Account ID'),
  platform_account_id: l('平台账户 ID', 'Platform account ID'),
  reverses_txn_id: l('冲正的流水号', 'Reverses transaction'),
  ref_type: l('关联记录类型', 'Record type'),
  ref_id: l('关联记录编号', 'Record ID'),
  deposit_id: l('充值记录编号', 'Deposit ID'),
  withdraw_id: l('提现记录编号', 'Withdrawal ID'),
  overdrawn_id: l('借贷/赠分记录编号', 'Loan / bonus record ID'),
  exchange_id: l('兑换记录编号', 'Exchange ID'),
  record_table: l('记录表', 'Record table'),
  record_id: l('记录编号', 'Record ID'),
  sum: l('合计', 'Sum'),
  order_id: l('订单号', 'Order ID'),
  product_id: l('产品编号', 'Product ID'),
  client_id: l('客户 ID', 'Client ID'),
  product_status: l('产品状态', 'Product status'),
};

/** Labels of the `reason` values in a finding's detail. */
export const REASON_LABELS: Record<string, Labels> = {
  no_agent: l('未分配业务员', 'No agent assigned'),
  agent_disabled: l('业务员已停用', 'The agent is disabled'),
  agent_elsewhere: l('业务员不属于本租户', 'The agent is not staff of this tenant'),
  same_tenant: l('本租户内多条记录使用同一哈希', 'Several records of this tenant use the hash'),
  other_tenant: l('其他租户也记录了此哈希', 'Another tenant also recorded the hash'),
};

/** Labels of the values of some keys of a finding's detail (record types, statuses, tables); others show as they are. */
export const DETAIL_VALUE_LABELS: Record<string, Record<string, Labels>> = {
  reason: REASON_LABELS,
  sub_type: {
    bank: l('银行', 'Bank'),
    crypto: l('加密货币', 'Crypto'),
    exchange: l('兑换', 'Exchange'),
    loan: l('借贷', 'Loan'),
    compensation: l('赠分', 'Compensation'),
    bonus: l('奖励', 'Bonus'),
  },
  status: {
    pending: l('待审核', 'Pending'),
    approved: l('已通过', 'Approved'),
    rejected: l('已拒绝', 'Rejected'),
    rolled_back: l('已回滚', 'Rolled back'),
    repaid: l('已还清', 'Repaid'),
    completed: l('已完成', 'Completed'),
  },
  record_table: {
    deposit_record: l('充值记录', 'Deposits'),
    withdraw_record: l('提现记录', 'Withdrawals'),
    overdrawn_record: l('借贷/赠分记录', 'Loan / bonus records'),
  },
  ref_type: {
    deposit: l('充值', 'Deposit'),
    withdraw: l('提现', 'Withdrawal'),
    overdrawn: l('借贷/赠分', 'Loan / bonus'),
    exchange: l('兑换', 'Exchange'),
  },
};
