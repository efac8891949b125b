/**
 * The money records (spec sections 3 and 7): deposits, crypto deposits, withdrawals, loans and bonus-point
 * (compensation and bonus) records, one definition each, which the console's funds pages and the API's
 * `/deposit`, `/withdraw` and `/overdrawn` routes both derive from (domain/entity.ts). Every record view answers the
 * record, its client and agent, what the account moves (credit_currency, credit_amount, rate) and, on the detail
 * only, the staff names of who created, resolved and rolled it back (RECORD_DETAIL_ONLY).
 *
 * Loans and bonus-point records are one API list (the overdrawn records, by sub_type): their two definitions answer
 * the same row and differ in labels and in what the list shows.
 */
import { CRYPTO_CHAINS } from './crypto-chains';
import { defineEntity, type Labels, type ListQuery, type Row, l } from './entity';

/** The statuses of a money record (spec section 4). */
export const RECORD_STATUSES = ['pending', 'approved', 'rejected', 'rolled_back', 'repaid'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** A deposit's type (`sub_type`); bank is the default. */
export const DEPOSIT_SUB_TYPES = ['bank', 'crypto', 'exchange'] as const;
export type DepositSubType = (typeof DEPOSIT_SUB_TYPES)[number];

/** An overdrawn record's type (`sub_type`): a loan, bonus points (compensation, 赠分) or a bonus (reward, 奖励). */
export const OVERDRAWN_SUB_TYPES = ['loan', 'compensation', 'bonus'] as const;
export type OverdrawnSubType = (typeof OVERDRAWN_SUB_TYPES)[number];

/** Who recorded a deposit: a staff member (specialized deposit) or the client (client app). */
export const DEPOSIT_SOURCES = ['staff', 'client'] as const;

/** Fields of a record view that only the detail answers (the staff names); the lists leave them out. */
export const RECORD_DETAIL_ONLY = ['created_by_name', 'resolved_by_name', 'rolled_back_by_name'] as const;

const statusLabels = {
  pending: l('待审核', 'Pending'),
  approved: l('已通过', 'Approved'),
  rejected: l('已拒绝', 'Rejected'),
  rolled_back: l('已回滚', 'Rolled back'),
  repaid: l('已还款', 'Repaid'),
};

const depositTypeLabels = {
  bank: l('银行转账', 'Bank'),
  crypto: l('加密货币', 'Crypto'),
  exchange: l('兑换', 'Exchange'),
};

const overdrawnTypeLabels = {
  loan: l('借贷', 'Loan'),
  compensation: l('赠分', 'Bonus points'),
  bonus: l('奖励', 'Bonus'),
};

const chainLabels = {
  TRC20: l('TRC20（波场）', 'TRC20 (TRON)'),
  ERC20: l('ERC20（以太坊）', 'ERC20 (Ethereum)'),
  BEP20: l('BEP20（BNB 智能链）', 'BEP20 (BNB Smart Chain)'),
  BTC: l('BTC（比特币）', 'BTC (Bitcoin)'),
  ETH: l('ETH（以太坊）', 'ETH (Ethereum)'),
  SOL: l('SOL（Solana）', 'SOL (Solana)'),
};

/* The fields every record view has, in the order the console shows them. */

const id = { name: 'id', kind: 'id', list: true, sort: true, label: l('ID', 'ID') } as const;
const clientId = {
  name: 'client_id',
  kind: 'id',
  filter: 'eq',
  export: true,
  label: l('客户 ID', 'Client ID'),
} as const;
const username = { name: 'username', kind: 'text', list: true, filter: 'prefix', label: l('客户', 'Client') } as const;
const fullName = {
  name: 'full_name',
  kind: 'text',
  nullable: true,
  list: true,
  label: l('姓名', 'Full name'),
} as const;
const fake = {
  name: 'fake',
  kind: 'boolean',
  list: true,
  filter: 'eq',
  label: l('类型', 'Type'),
  // the client's type: a fake client is a robot
  valueLabels: { false: l('真实', 'Real'), true: l('机器人', 'Robot') },
} as const;
const agentId = {
  name: 'agent_id',
  kind: 'id',
  nullable: true,
  filter: 'eq',
  export: false,
  label: l('业务员', 'Agent'),
} as const;
const agentName = {
  name: 'agent_name',
  kind: 'text',
  nullable: true,
  list: true,
  label: l('业务员', 'Agent'),
} as const;
const accountId = { name: 'account_id', kind: 'id', list: true, label: l('账户 ID', 'Account ID') } as const;
const currency = {
  name: 'currency',
  kind: 'currency',
  filter: 'eq',
  export: true,
  label: l('币种', 'Currency'),
} as const;
const amount = { name: 'amount', kind: 'money', list: true, sort: true, label: l('金额', 'Amount') } as const;
/** Rate from currency to credit_currency, a decimal string ('1' when nothing is converted). */
const rate = { name: 'rate', kind: 'decimal', decimals: 8, list: true, label: l('汇率', 'Rate') } as const;
const creditCurrency = {
  name: 'credit_currency',
  kind: 'currency',
  export: true,
  label: l('账户币种', 'Account currency'),
} as const;
/** What the account actually moves, in credit_currency (its label says which way). */
const creditAmount = <const L extends Labels>(label: L) =>
  ({ name: 'credit_amount', kind: 'money', list: true, label }) as const;

const status = {
  name: 'status',
  kind: 'enum',
  values: RECORD_STATUSES,
  list: true,
  filter: 'eq',
  sort: true,
  label: l('状态', 'Status'),
  valueLabels: statusLabels,
} as const;
const remark = { name: 'remark', kind: 'text', nullable: true, export: true, label: l('备注', 'Remark') } as const;
const createdAt = {
  name: 'created_at',
  kind: 'datetime',
  list: true,
  sort: true,
  label: l('创建时间', 'Created at'),
} as const;
const createdBy = { name: 'created_by', kind: 'id', nullable: true, label: l('创建人编号', 'Creator ID') } as const;
const createdByName = {
  name: 'created_by_name',
  kind: 'text',
  nullable: true,
  detail: true,
  label: l('创建人', 'Created by'),
} as const;
const resolvedAt = {
  name: 'resolved_at',
  kind: 'datetime',
  nullable: true,
  list: true,
  sort: true,
  label: l('处理时间', 'Resolved at'),
} as const;
const resolvedBy = { name: 'resolved_by', kind: 'id', nullable: true, label: l('处理人编号', 'Resolver ID') } as const;
const resolvedByName = {
  name: 'resolved_by_name',
  kind: 'text',
  nullable: true,
  detail: true,
  label: l('处理人', 'Resolved by'),
} as const;
const rolledBackAt = {
  name: 'rolled_back_at',
  kind: 'datetime',
  nullable: true,
  list: true,
  label: l('回滚时间', 'Rolled back at'),
} as const;
const rolledBackBy = {
  name: 'rolled_back_by',
  kind: 'id',
  nullable: true,
  label: l('回滚人编号', 'Rolled back by (ID)'),
} as const;
const rolledBackByName = {
  name: 'rolled_back_by_name',
  kind: 'text',
  nullable: true,
  detail: true,
  label: l('回滚人', 'Rolled back by'),
} as const;
const reversalTxnId = {
  name: 'reversal_txn_id',
  kind: 'id',
  nullable: true,
  label: l('冲正流水号', 'Reversal transaction ID'),
} as const;
const txnId = { name: 'txn_id', kind: 'id', nullable: true, label: l('流水号', 'Transaction ID') } as const;

/* Deposits. */

const depositSubType = {
  name: 'sub_type',
  kind: 'enum',
  values: DEPOSIT_SUB_TYPES,
  list: true,
  filter: 'eq',
  label: l('充值方式', 'Deposit type'),
  valueLabels: depositTypeLabels,
} as const;
const chain = {
  name: 'chain',
  kind: 'enum',
  values: CRYPTO_CHAINS,
  nullable: true,
  export: true,
  label: l('链', 'Chain'),
  valueLabels: chainLabels,
} as const;
const address = {
  name: 'address',
  kind: 'text',
  nullable: true,
  export: true,
  label: l('收款地址', 'Receiving address'),
} as const;
const txHash = {
  name: 'tx_hash',
  kind: 'text',
  nullable: true,
  export: true,
  label: l('交易哈希', 'Transaction hash'),
} as const;
const screenshot = { name: 'screenshot', kind: 'image', nullable: true, label: l('凭证', 'Proof') } as const;
/** A short-lived signed URL of the proof image an <img> loads, null without one. */
const screenshotUrl = {
  name: 'screenshot_url',
  kind: 'image',
  nullable: true,
  list: true,
  export: false,
  label: l('凭证', 'Proof'),
} as const;
const source = {
  name: 'source',
  kind: 'enum',
  values: DEPOSIT_SOURCES,
  export: true,
  label: l('来源', 'Source'),
  valueLabels: { staff: l('员工', 'Staff'), client: l('客户', 'Client') },
} as const;

const depositPaths = {
  list: '/deposit/admin/v1/list',
  export: '/deposit/admin/v1/list/export',
  one: '/deposit/admin/v1/detail/{id}',
  audit: '/deposit/admin/v1/audit/{id}',
  rollback: '/deposit/admin/v1/rollback/{id}',
  create: '/deposit/admin/v2/specialized/{id}',
  options: '/deposit/admin/v1/options',
} as const;

const LIST_ORDER = { field: 'created_at', order: 'desc' } as const;

/** The fields every record starts with: the record, its client and the client's type. */
const clientHead = [id, clientId, username, fullName, fake] as const;
/** The fields of every record's life: created, resolved, rolled back (by whom and when) and the reversal. */
const lifecycle = [
  createdAt,
  createdBy,
  createdByName,
  resolvedAt,
  resolvedBy,
  resolvedByName,
  rolledBackAt,
  rolledBackBy,
  rolledBackByName,
  reversalTxnId,
] as const;
export const deposit = defineEntity({
  name: 'deposit',
  resource: 'deposit',
  parents: ['funds'],
  paths: depositPaths,
  sort: LIST_ORDER,
  fields: [
    ...clientHead,
    depositSubType,
    agentId,
    agentName,
    accountId,
    currency,
    amount,
    rate,
    creditCurrency,
    creditAmount(l('入账金额', 'Credited')),
    chain,
    address,
    txHash,
    screenshot,
    screenshotUrl,
    status,
    remark,
    ...lifecycle,
    source,
    txnId,
  ],
});

/** Crypto deposits: the deposits of sub_type crypto, their chain, receiving address and transaction hash listed. */
export const cryptoDeposit = defineEntity({
  name: 'crypto_deposit',
  resource: 'crypto_deposit',
  parents: ['funds'],
  paths: { list: '/deposit/admin/v1/crypto/list', export: '/deposit/admin/v1/crypto/list/export' },
  sort: LIST_ORDER,
  fields: [
    ...clientHead,
    { ...depositSubType, list: false, filter: undefined, export: false },
    agentId,
    agentName,
    accountId,
    currency,
    amount,
    rate,
    creditCurrency,
    creditAmount(l('入账金额', 'Credited')),
    { ...chain, list: true, filter: 'eq' },
    { ...address, list: true },
    // exact, in its canonical spelling on each chain asked
    { ...txHash, list: true, filter: 'eq' },
    screenshot,
    screenshotUrl,
    status,
    remark,
    ...lifecycle,
    source,
    txnId,
  ],
});

/* Withdrawals. */

export const withdrawal = defineEntity({
  name: 'withdrawal',
  resource: 'withdrawal',
  parents: ['funds'],
  paths: {
    list: '/withdraw/admin/v1/list',
    export: '/withdraw/admin/v1/list/export',
    one: '/withdraw/admin/v1/detail/{id}',
    audit: '/withdraw/admin/v1/audit/{id}',
    rollback: '/withdraw/admin/v1/rollback/{id}',
  },
  sort: LIST_ORDER,
  fields: [
    ...clientHead,
    agentId,
    agentName,
    accountId,
    currency,
    amount,
    // rate 1: the account pays out the amount
    { ...rate, export: false },
    { ...creditCurrency, export: false },
    { ...creditAmount(l('出账金额', 'Debited')), export: false },
    status,
    remark,
    ...lifecycle,
    { name: 'freeze_txn_id', kind: 'id', nullable: true, label: l('冻结流水号', 'Freeze transaction ID') },
    { name: 'resolve_txn_id', kind: 'id', nullable: true, label: l('处理流水号', 'Resolve transaction ID') },
  ],
});

/* Loans and bonus-point records (the overdrawn records). */

const overdrawnSubType = {
  name: 'sub_type',
  kind: 'enum',
  values: OVERDRAWN_SUB_TYPES,
  export: true,
  label: l('类别', 'Kind'),
  valueLabels: overdrawnTypeLabels,
} as const;
const repaid = { name: 'repaid', kind: 'money', list: true, label: l('已还', 'Repaid') } as const;
/** Loans: still owed (0.00 for the others and for unapproved loans). */
const owed = { name: 'owed', kind: 'money', list: true, label: l('尚欠', 'Owed') } as const;

const overdrawnPaths = {
  list: '/overdrawn/admin/v1/record/list',
  export: '/overdrawn/admin/v1/record/list/export',
  one: '/overdrawn/admin/v1/detail/{id}',
  rollback: '/overdrawn/admin/v1/rollback/{id}',
} as const;

/** Loan records: the overdrawn records of sub_type loan, with what is repaid and still owed. */
export const loan = defineEntity({
  name: 'loan',
  resource: 'loan',
  parents: ['funds'],
  paths: {
    ...overdrawnPaths,
    audit: '/overdrawn/admin/v1/audit/{id}',
    payFine: '/overdrawn/admin/v1/loan/pay_fine/{id}',
  },
  sort: LIST_ORDER,
  fields: [
    ...clientHead,
    overdrawnSubType,
    agentId,
    agentName,
    accountId,
    currency,
    amount,
    { ...rate, export: false },
    { ...creditCurrency, export: false },
    { ...creditAmount(l('借出金额', 'Lent')), export: false },
    repaid,
    owed,
    status,
    remark,
    ...lifecycle,
    txnId,
  ],
});

/**
 * Bonus-point records: compensation (赠分) and bonus (奖励) overdrawn records listed together (sub_type credit), credited
 * at once; the kind filter narrows to one.
 */
export const compensation = defineEntity({
  name: 'compensation',
  resource: 'compensation',
  parents: ['funds'],
  paths: { ...overdrawnPaths, credit: '/overdrawn/admin/v1/{subType}/{id}' },
  sort: LIST_ORDER,
  fields: [
    ...clientHead,
    { ...overdrawnSubType, list: true, filter: 'eq' },
    agentId,
    agentName,
    accountId,
    currency,
    amount,
    { ...rate, export: false },
    { ...creditCurrency, export: false },
    { ...creditAmount(l('入账金额', 'Credited')), export: false },
    { ...repaid, list: false },
    { ...owed, list: false },
    status,
    remark,
    ...lifecycle,
    txnId,
  ],
});

/** The money record definitions by console resource name. */
export const RECORD_ENTITIES = { deposit, crypto_deposit: cryptoDeposit, withdrawal, loan, compensation } as const;

/** A deposit record as the API answers it (the staff names: details only). */
export type DepositRow = Row<typeof deposit>;
export type WithdrawalRow = Row<typeof withdrawal>;
/** A loan, compensation or bonus record as the API answers it. */
export type OverdrawnRow = Row<typeof loan>;

export type DepositListQuery = ListQuery<typeof deposit>;
export type CryptoDepositListQuery = ListQuery<typeof cryptoDeposit>;
export type WithdrawalListQuery = ListQuery<typeof withdrawal>;
export type OverdrawnListQuery = ListQuery<typeof loan>;
