/**
 * The audit log (config group; only administrators hold `auditLog`: spec section 6 has no such resource, god's
 * "all actions on all resources" grants it and no other role's file names it). The trail itself is append-only and
 * hash-chained (server/core/audit-chain.ts); this is how an administrator reads it: a list filtered by staff member,
 * action, target and time, and a record's detail with its before/after and the history of its target. Paths are
 * ours (spec section 7 does not show them).
 */
import { defineEntity, type Row } from './entity';

/** How an audited request ended. */
export const AUDIT_RESULTS = ['success', 'failure', 'denied', 'pending'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/**
 * Who wrote a row (server/core/audit-chain.ts rowOrigin): the API (signed with its key), before rows were signed
 * (migration 0031), or outside the API's writer (no valid signature: inserted directly as the API's database role, or
 * by another role, see `db_role`). A forged row of the API's own role cannot be prevented; it is shown.
 */
export const AUDIT_ORIGINS = ['api', 'legacy', 'outside_api'] as const;
export type AuditOrigin = (typeof AUDIT_ORIGINS)[number];

/** The audit actions' form: lower-case words joined by dots ("deposit.approve"). */
export const AUDIT_ACTION_PATTERN = '^[a-z_]+(\\.[a-z_]+)*$';

/** Longest filter values. */
export const AUDIT_MAX = { action: 64, resource: 64, targetId: 64, username: 64, ip: 64, requestId: 64 } as const;

/**
 * Records created under another target (a deposit is recorded on its client, `deposit.specialized` with the client as
 * target): the action prefix of a target type whose rows also count in the history of the record they answer (their
 * `after.id`). Types not listed: only the rows naming them as target.
 */
export const CREATED_UNDER: Readonly<Record<string, string>> = {
  deposit: 'deposit',
  withdrawal: 'withdraw',
  loan: 'loan',
  compensation: 'overdrawn',
};

export const auditLog = defineEntity({
  name: 'audit_log',
  resource: 'auditLog',
  parents: ['config'],
  paths: {
    list: '/audit/admin/v1/list',
    export: '/audit/admin/v1/list/export',
    one: '/audit/admin/v1/detail/{id}',
    history: '/audit/admin/v1/history',
  },
  sort: { field: 'at', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'at',
      kind: 'datetime',
      list: true,
      sort: true,
      filter: 'range',
      label: { 'zh-CN': '时间', 'en-US': 'Time' },
    },
    {
      name: 'user_id',
      kind: 'id',
      nullable: true,
      filter: 'eq',
      detail: true,
      label: { 'zh-CN': '员工编号', 'en-US': 'Staff ID' },
    },
    {
      name: 'username',
      kind: 'text',
      nullable: true,
      maxLength: AUDIT_MAX.username,
      list: true,
      filter: 'prefix',
      label: { 'zh-CN': '员工', 'en-US': 'Staff member' },
    },
    {
      name: 'action',
      kind: 'text',
      maxLength: AUDIT_MAX.action,
      list: true,
      filter: 'prefix',
      label: { 'zh-CN': '操作', 'en-US': 'Action' },
    },
    {
      name: 'resource',
      kind: 'text',
      nullable: true,
      maxLength: AUDIT_MAX.resource,
      list: true,
      filter: 'eq',
      label: { 'zh-CN': '对象类型', 'en-US': 'Target type' },
    },
    {
      name: 'target_id',
      kind: 'text',
      nullable: true,
      maxLength: AUDIT_MAX.targetId,
      list: true,
      filter: 'eq',
      label: { 'zh-CN': '对象编号', 'en-US': 'Target ID' },
    },
    {
      name: 'result',
      kind: 'enum',
      values: AUDIT_RESULTS,
      list: true,
      filter: 'in',
      label: { 'zh-CN': '结果', 'en-US': 'Result' },
      valueLabels: {
        success: { 'zh-CN': '成功', 'en-US': 'Success' },
        failure: { 'zh-CN': '失败', 'en-US': 'Failure' },
        denied: { 'zh-CN': '拒绝', 'en-US': 'Denied' },
        pending: { 'zh-CN': '待定', 'en-US': 'Pending' },
      },
    },
    {
      name: 'ip',
      kind: 'text',
      nullable: true,
      maxLength: AUDIT_MAX.ip,
      list: true,
      filter: 'prefix',
      label: { 'zh-CN': 'IP 地址', 'en-US': 'IP address' },
    },
    {
      name: 'detail',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '说明', 'en-US': 'Detail' },
    },
    {
      name: 'origin',
      kind: 'enum',
      values: AUDIT_ORIGINS,
      list: true,
      label: { 'zh-CN': '写入方', 'en-US': 'Written by' },
      valueLabels: {
        api: { 'zh-CN': '系统（已签名）', 'en-US': 'API (signed)' },
        legacy: { 'zh-CN': '签名启用前', 'en-US': 'Before signing' },
        outside_api: { 'zh-CN': '系统之外写入（未签名）', 'en-US': 'Outside the API (unsigned)' },
      },
    },
    {
      // The id in a staff member's error message (请求编号) and in the API's log lines (docs/operations.md).
      name: 'request_id',
      kind: 'text',
      nullable: true,
      maxLength: AUDIT_MAX.requestId,
      filter: 'eq',
      detail: true,
      label: { 'zh-CN': '请求编号', 'en-US': 'Request ID' },
    },
    {
      name: 'db_role',
      kind: 'text',
      nullable: true,
      detail: true,
      label: { 'zh-CN': '数据库角色', 'en-US': 'Database role' },
    },
  ],
});

/** An audit row as the list answers it. */
export type AuditRow = Row<typeof auditLog>;

/** One row with what it changed, its place in the hash chain and the history of its target (the detail). */
export interface AuditDetail extends AuditRow {
  before: unknown;
  after: unknown;
  seq: number | null;
  hash: string | null;
  /** Every row about the same target, oldest first (none without a target). */
  history: AuditRow[];
  history_truncated: boolean;
}

/** The history of one target: every row about it, oldest first (at most `limit`; `truncated` when there were more). */
export interface AuditHistory {
  data: AuditRow[];
  truncated: boolean;
}

/** The most rows a history answers. */
export const AUDIT_HISTORY_LIMIT = 500;
