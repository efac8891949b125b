/**
 * Approvals (maker-checker, domain/approval.ts): who may check what, the queue's conditions, one approval's detail,
 * a checker's decision (executed through the money services, which run the gate of approval/gate.ts), the menu
 * badge's count, and the tenant's policy.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ANY_CURRENCY,
  centsOf,
  defaultLimits,
  defaultTier,
  isControlKind,
  MONEY_KINDS,
  type ApprovalCount,
  type ApprovalDecision,
  type ApprovalKind,
  type ApprovalPolicyRow,
  type ApprovalView,
  type ControlChange,
  type MoneyKind,
  type PendingChangeAnswer,
} from '../../../domain/approval';
import { ADMIN_ROLE, canAny, loadRole } from '../../../permissions';
import { approval, approvalDecision, approvalPolicy, client, staffUser } from '../../db/schema';
import { HttpError, NotFoundError, StateConflictError, ValidationError } from '../../core/errors';
import type { Executor } from '../../core/db';
import { clientScope, type StaffScope } from '../../core/scope';
import { iso, money2, type Actor } from '../records/common';
import { depositDetail } from '../deposit/lists';
import { overdrawnDetail } from '../overdrawn/lists';
import { withdrawalDetail } from '../withdraw/lists';
import { auditDeposit, executeDepositRollback } from '../deposit/service';
import { auditWithdrawal, executeWithdrawalRollback } from '../withdraw/service';
import { auditLoan, decideCredit, executeOverdrawnRollback } from '../overdrawn/service';
import { decideExchange, exchangeInScope, presentExchange } from '../exchange/service';
import { decidePlan, planOf } from '../emergency/service';
import { executeTradeResult } from '../trading/approved-results';
import { tradeResultOrder, tradeResultView } from '../trading/trade-results';
import { activeAdministrator, changeOf, lockPendingOf, proposeChange, step, type TargetType } from './gate';
import { decideControl } from './control';
import type { PolicyInput } from './schemas';

/** The grant chain whose `approve` lets a staff member check an approval of a kind (a rollback: its record's kind). */
export const KIND_CHAIN: Readonly<Record<Exclude<ApprovalKind, 'rollback'>, readonly string[]>> = {
  deposit: ['deposit', 'funds'],
  crypto_deposit: ['crypto_deposit', 'funds'],
  withdrawal: ['withdrawal', 'funds'],
  loan: ['loan', 'funds'],
  compensation: ['compensation', 'funds'],
  bonus: ['compensation', 'funds'],
  exchange: ['funds'],
  emergency: ['emergency'],
  // trade results: the trades menu's grant (a supervisor's); the maker still cannot check
  trade_result: ['trades'],
  // control changes: checked by an administrator only (checkableKinds), on the grant of the page they change
  approval_policy: ['approval_policy', 'config'],
  staff_role: ['users'],
  role_grants: ['permission', 'config'],
  ip_access: ['ipAccess', 'config'],
};

type CheckKind = keyof typeof KIND_CHAIN;

/** The kinds (rollback apart) a role may check: a control change only by an administrator. */
export function checkableKinds(staff: StaffScope): CheckKind[] {
  // The tenant's narrowed grants of this request (core/access.ts); the role's own outside a request.
  const grants = staff.grants ?? loadRole(staff.role).grants;
  return (Object.keys(KIND_CHAIN) as CheckKind[]).filter(
    (k) => (!isControlKind(k) || staff.role === ADMIN_ROLE) && canAny(grants, KIND_CHAIN[k], 'approve'),
  );
}

/** The kind whose grant checks an approval: its own, or for a rollback the kind of the record rolled back. */
const checkKindOf = (a: { kind: string; payload: unknown }): CheckKind =>
  (a.kind === 'rollback' ? (a.payload as { target_kind?: string } | null)?.target_kind : a.kind) as CheckKind;

/** Whether the staff member may check approval `a` (by its kind's grant). */
export const mayCheck = (staff: StaffScope, a: { kind: string; payload: unknown }) =>
  checkableKinds(staff).includes(checkKindOf(a));

/** SQL: the approvals of the kinds `kinds` (a rollback by its record's kind). */
function kindIn(kinds: CheckKind[]): SQL {
  if (!kinds.length) return sql`false`;
  return or(
    and(ne(approval.kind, 'rollback'), inArray(approval.kind, kinds)),
    and(eq(approval.kind, 'rollback'), inArray(sql`${approval.payload}->>'target_kind'`, kinds)),
  )!;
}

/** SQL: the staff member has not decided on the approval yet. */
const notDecidedBy = (staffId: number) =>
  sql`NOT EXISTS (SELECT 1 FROM ${approvalDecision} d WHERE d.approval_id = ${approval.id} AND d.checker_id = ${staffId})`;

/**
 * The conditions of a view of the queue for a staff member (the data scope, on the client, comes on top):
 * queue: pending, of a kind he may check, not made by him, not yet decided by him; mine: made by him;
 * all: of a kind he may check, or made by him.
 */
export function viewWhere(staff: StaffScope, view: ApprovalView = 'queue'): SQL {
  const kinds = kindIn(checkableKinds(staff));
  if (view === 'mine') return eq(approval.makerId, staff.id);
  if (view === 'all') return or(kinds, eq(approval.makerId, staff.id))!;
  return and(
    eq(approval.status, 'pending'),
    kinds,
    or(isNull(approval.makerId), ne(approval.makerId, staff.id)),
    notDecidedBy(staff.id),
  )!;
}

/** The approvals table joined with its client (the data scope reads the client's agent). */
export const approvalFrom = sql`${approval} LEFT JOIN ${client} ON ${client.id} = ${approval.clientId}`;

/** Tenant and data scope of the queue (on the client's agent; a tenant-wide approval, without client: the tenant). */
export const approvalScope = (staff: StaffScope) =>
  and(eq(approval.tenantId, staff.tenantId), or(isNull(approval.clientId), clientScope(staff)))!;

const maker = alias(staffUser, 'maker');

/** The row select of the queue (with client username and maker name). */
export const approvalSelect = (db: Executor, cursor: SQL<string>) =>
  (db as any)
    .select({ a: approval, username: client.username, makerName: maker.name, _cursor: cursor })
    .from(approval)
    .leftJoin(client, eq(client.id, approval.clientId))
    .leftJoin(maker, eq(maker.id, approval.makerId));

type ApprovalDb = typeof approval.$inferSelect;

/** An approval as the queue answers it. */
export function presentApproval(x: { a: ApprovalDb; username: string | null; makerName: string | null }) {
  const p = (x.a.payload ?? {}) as { target_kind?: string; remark?: string | null };
  return {
    ...tradeResultView(x.a.kind, x.a.payload),
    id: x.a.id,
    kind: x.a.kind as ApprovalKind,
    target_type: x.a.targetType,
    target_id: x.a.targetId,
    target_kind: p.target_kind ?? null,
    client_id: x.a.clientId,
    username: x.username,
    currency: x.a.currency,
    amount: money2(x.a.amount)!,
    maker_id: x.a.makerId,
    maker_name: x.makerName,
    required_checkers: x.a.requiredCheckers,
    approvals: x.a.approvals,
    status: x.a.status as ApprovalDb['status'] & ('pending' | 'approved' | 'rejected' | 'cancelled'),
    remark: p.remark ?? null,
    // what the module needs to apply it (ids, a password's hash) is not shown
    change: isControlKind(x.a.kind) ? JSON.stringify({ ...changeOf(x.a), apply: undefined }) : null,
    created_at: iso(x.a.createdAt)!,
    resolved_at: iso(x.a.resolvedAt),
  };
}

/** The approval in the staff member's tenant and scope that he may check or made; else 404. */
export async function approvalInScope(tx: Executor, staff: StaffScope, id: number) {
  const [x] = await approvalSelect(tx, sql<string>`''`).where(and(eq(approval.id, id), approvalScope(staff)));
  if (!x || !(mayCheck(staff, x.a) || x.a.makerId === staff.id)) throw new NotFoundError('Approval');
  return x as { a: ApprovalDb; username: string | null; makerName: string | null };
}

const checker = alias(staffUser, 'checker');

/** The record an approval is about, as its own detail answers it. */
async function recordOf(tx: Executor, actor: Actor, type: string, id: number): Promise<unknown> {
  switch (type as TargetType) {
    case 'deposit_record':
      return depositDetail(tx, actor, id);
    case 'withdraw_record':
      return withdrawalDetail(tx, actor, id);
    case 'overdrawn_record':
      return overdrawnDetail(tx, actor, id);
    case 'exchange_record':
      return presentExchange(await exchangeInScope(tx, actor, id));
    case 'emergency_plan':
      return planOf(tx, actor.tenantId, id);
    case 'trade_order':
      return tradeResultOrder(tx, actor, id);
    case 'control_change':
      return null;
  }
}

/** The checkers' decisions on approval `id`, oldest first, with their names. */
async function decisionsOf(tx: Executor, id: number) {
  const rows = await tx
    .select({
      checkerId: approvalDecision.checkerId,
      checkerName: checker.name,
      decision: approvalDecision.decision,
      remark: approvalDecision.remark,
      at: approvalDecision.at,
    })
    .from(approvalDecision)
    .leftJoin(checker, eq(checker.id, approvalDecision.checkerId))
    .where(eq(approvalDecision.approvalId, id))
    .orderBy(asc(approvalDecision.at));
  return rows.map((d) => ({
    id: `${id}:${d.checkerId}`,
    checker_id: d.checkerId,
    checker_name: d.checkerName,
    decision: d.decision as ApprovalDecision,
    remark: d.remark,
    at: iso(d.at)!,
  }));
}

/** GET /approval/admin/v1/detail/{id}/decisions: the decisions as a list (the show view's sub-list). */
export async function approvalDecisions(tx: Executor, actor: Actor, id: number) {
  await approvalInScope(tx, actor.staff!, id);
  const data = await decisionsOf(tx, id);
  return { data, total: data.length };
}

/** GET /approval/admin/v1/detail/{id}: the approval, its checkers' decisions and the record. */
export async function approvalDetail(tx: Executor, actor: Actor, id: number) {
  const staff = actor.staff!;
  const x = await approvalInScope(tx, staff, id);
  const decisions = await decisionsOf(tx, id);
  const record = await recordOf(tx, actor, x.a.targetType, x.a.targetId).catch(() => null);
  const decided = decisions.some((d) => d.checker_id === staff.id);
  return {
    ...presentApproval(x),
    decisions,
    can_decide: x.a.status === 'pending' && x.a.makerId !== staff.id && !decided && mayCheck(staff, x.a),
    record,
  };
}

/**
 * PUT /approval/admin/v1/decide/{id}: the signed-in checker's decision, executed through the money service of the
 * approval's kind (the same function as the record's own audit route, so both paths run one gate). `ip`: the
 * checker's address as the API sees it (a control change may not lock it out of the IP allow-list).
 */
export async function decide(
  tx: Executor,
  actor: Actor,
  id: number,
  decision: ApprovalDecision,
  remark?: string | null,
  ip?: string | null,
): Promise<void> {
  const staff = actor.staff!;
  const { a } = await approvalInScope(tx, staff, id);
  if (!mayCheck(staff, a)) throw new NotFoundError('Approval');
  // Locked first: a concurrent checker's decision is seen (or waited for) before anything else is read.
  const locked = await lockPendingOf(tx, a.targetType as TargetType, a.targetId);
  if (!locked || locked.id !== a.id) {
    const [now] = await tx.select({ status: approval.status }).from(approval).where(eq(approval.id, a.id));
    throw new StateConflictError('Approval', now?.status ?? a.status, decision);
  }
  const target = a.targetId;
  // a change of the controls: applied from its payload by its module (approval/control.ts)
  if (isControlKind(a.kind)) return decideControl(tx, actor, locked, decision, remark, ip);
  switch (a.kind as MoneyKind) {
    case 'deposit':
    case 'crypto_deposit':
      await auditDeposit(tx, actor, target, decision, remark);
      return;
    case 'withdrawal':
      await auditWithdrawal(tx, actor, target, decision, remark);
      return;
    case 'loan':
      await auditLoan(tx, actor, target, decision, remark);
      return;
    case 'compensation':
    case 'bonus':
      await decideCredit(tx, actor, target, decision, remark);
      return;
    case 'exchange':
      await decideExchange(tx, actor, target, decision, remark);
      return;
    case 'emergency':
      await decidePlan(tx, actor, locked, decision, remark);
      return;
    // Trade results (docs/trading.md "Trade results"): the order waited, frozen, with nothing moved; the last
    // checker's approval executes what the payload asked, once, re-validated (status, bounds, funds) at execution.
    case 'trade_result':
      if ((await step(tx, actor, locked, decision, remark)) === 'execute') await executeTradeResult(tx, actor, locked);
      return;
    case 'rollback': {
      if ((await step(tx, actor, locked, decision, remark)) !== 'execute') return;
      const why = (a.payload as { remark?: string | null } | null)?.remark ?? remark ?? null;
      if (a.targetType === 'deposit_record') await executeDepositRollback(tx, actor, target, why);
      else if (a.targetType === 'withdraw_record') await executeWithdrawalRollback(tx, actor, target, why);
      else await executeOverdrawnRollback(tx, actor, target, why);
      return;
    }
  }
}

/** GET /approval/admin/v1/count: what waits for the staff member, by kind. */
export async function approvalCount(tx: Executor, staff: StaffScope): Promise<ApprovalCount> {
  const rows = await tx
    .select({ kind: approval.kind, n: sql<number>`count(*)::int` })
    .from(approval)
    .leftJoin(client, eq(client.id, approval.clientId))
    .where(and(approvalScope(staff), viewWhere(staff, 'queue')))
    .groupBy(approval.kind);
  const by_kind: ApprovalCount['by_kind'] = {};
  let total = 0;
  for (const r of rows.sort((x, y) => x.kind.localeCompare(y.kind))) {
    by_kind[r.kind as ApprovalKind] = Number(r.n);
    total += Number(r.n);
  }
  return { total, by_kind };
}

/** A strong ETag of a JSON body. */
export const etagOf = (body: unknown) =>
  `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;

/** A policy row of the database as the API answers it (effective limits: the row's, else the built-in default). */
function presentPolicy(r: typeof approvalPolicy.$inferSelect, pending: number | null): ApprovalPolicyRow {
  const limits = defaultLimits(r.kind as ApprovalKind, r.currency);
  return {
    id: `${r.kind}:${r.currency}`,
    kind: r.kind as ApprovalKind,
    currency: r.currency,
    enabled: r.enabled,
    one_checker_from: money2(r.oneCheckerFrom)!,
    two_checkers_from: money2(r.twoCheckersFrom),
    maker_daily_limit: money2(r.makerDailyLimit) ?? limits.maker_daily_limit,
    client_daily_limit: money2(r.clientDailyLimit) ?? limits.client_daily_limit,
    source: 'tenant',
    pending_approval_id: pending,
  };
}

/** The pending approval_policy changes of a tenant, by target (`<kind>:<currency>`). */
async function pendingPolicyChanges(tx: Executor, tenantId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: approval.id, payload: approval.payload })
    .from(approval)
    .where(and(eq(approval.tenantId, tenantId), eq(approval.kind, 'approval_policy'), eq(approval.status, 'pending')));
  return new Map(rows.map((r) => [changeOf(r)?.target ?? '', r.id]));
}

/**
 * GET /approval/admin/v1/policy: the tenant's rows, and the built-in `*` tier of each money kind without its own `*`
 * row; each with the id of a pending change of it, if any.
 */
export async function listPolicy(tx: Executor, tenantId: string): Promise<ApprovalPolicyRow[]> {
  const rows = (await tx.select().from(approvalPolicy).where(eq(approvalPolicy.tenantId, tenantId))).filter(
    (r) => !isControlKind(r.kind),
  );
  const pending = await pendingPolicyChanges(tx, tenantId);
  const out: ApprovalPolicyRow[] = rows.map((r) => presentPolicy(r, pending.get(`${r.kind}:${r.currency}`) ?? null));
  for (const kind of MONEY_KINDS) {
    if (!rows.some((r) => r.kind === kind && r.currency === ANY_CURRENCY))
      out.push({
        id: `${kind}:${ANY_CURRENCY}`,
        kind,
        currency: ANY_CURRENCY,
        ...defaultTier(kind, ANY_CURRENCY),
        source: 'default',
        pending_approval_id: pending.get(`${kind}:${ANY_CURRENCY}`) ?? null,
      });
  }
  const order = (k: string) => MONEY_KINDS.indexOf(k as MoneyKind);
  return out.sort(
    (x, y) =>
      order(x.kind) - order(y.kind) ||
      (x.currency === ANY_CURRENCY ? -1 : y.currency === ANY_CURRENCY ? 1 : x.currency.localeCompare(y.currency)),
  );
}

/** A tier amount of a policy body: a decimal ≥ 0 with at most 2 decimals. */
function tierAmount(value: unknown, field: string): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,15}(\.\d{1,2})?$/.test(text))
    throw new ValidationError({ [field]: `${field} must be a decimal number ≥ 0 with at most 2 decimals` });
  return money2(text)!;
}

/** An optional amount of a policy body: null or empty is null. */
const optionalAmount = (value: unknown, field: string) =>
  value === null || value === undefined || value === '' ? null : tierAmount(value, field);

/** The tier values of a row as a change shows them (null: no row; limits null: the built-in default). */
const tierValues = (r: typeof approvalPolicy.$inferSelect | undefined) =>
  r
    ? {
        enabled: r.enabled,
        one_checker_from: money2(r.oneCheckerFrom),
        two_checkers_from: money2(r.twoCheckersFrom),
        maker_daily_limit: money2(r.makerDailyLimit),
        client_daily_limit: money2(r.clientDailyLimit),
      }
    : null;

/**
 * The tier of a kind and currency as it is in force now: its row (undefined: none) and its values with the built-in
 * limits resolved (no row: the built-in tier), i.e. a policy change's `from`.
 */
async function tierInForce(tx: Executor, tenantId: string, kind: MoneyKind, currency: string) {
  const [cur] = await tx
    .select()
    .from(approvalPolicy)
    .where(
      and(eq(approvalPolicy.tenantId, tenantId), eq(approvalPolicy.kind, kind), eq(approvalPolicy.currency, currency)),
    );
  const limits = defaultLimits(kind, currency);
  const now = tierValues(cur);
  const from: Record<string, unknown> = now
    ? {
        ...now,
        maker_daily_limit: now.maker_daily_limit ?? limits.maker_daily_limit,
        client_daily_limit: now.client_daily_limit ?? limits.client_daily_limit,
      }
    : { ...defaultTier(kind, currency) };
  return { cur, from };
}

/** The fields of a tier a policy change compares (its `from` against the tier in force). */
const TIER_FIELDS = ['enabled', 'one_checker_from', 'two_checkers_from', 'maker_daily_limit', 'client_daily_limit'];
const sameTier = (a: Record<string, unknown> | null, b: Record<string, unknown> | null) =>
  TIER_FIELDS.every((f) => (a?.[f] ?? null) === (b?.[f] ?? null));

/**
 * PUT /approval/admin/v1/policy: asks to set one tier of the tenant (kind and currency, `*` for every other currency)
 * with its cumulative limits. Validated now, applied only when a second administrator approves it (applyPolicy): the
 * answer is the pending approval (202), the policy in force is unchanged until then.
 */
export async function putPolicy(tx: Executor, actor: Actor, input: PolicyInput): Promise<PendingChangeAnswer> {
  const currency = input.currency === ANY_CURRENCY ? ANY_CURRENCY : input.currency.toUpperCase();
  const one = tierAmount(input.one_checker_from, 'one_checker_from');
  const two = optionalAmount(input.two_checkers_from, 'two_checkers_from');
  if (two !== null && centsOf(two) < centsOf(one))
    throw new ValidationError({ two_checkers_from: 'two_checkers_from must not be below one_checker_from' });
  const { cur, from } = await tierInForce(tx, actor.tenantId, input.kind, currency);
  const keep = (field: 'maker_daily_limit' | 'client_daily_limit', now: string | null | undefined) =>
    input[field] === undefined ? (now ?? null) : optionalAmount(input[field], field);
  const to = {
    enabled: input.enabled,
    one_checker_from: one,
    two_checkers_from: two,
    maker_daily_limit: keep('maker_daily_limit', money2(cur?.makerDailyLimit)),
    client_daily_limit: keep('client_daily_limit', money2(cur?.clientDailyLimit)),
  };
  const change: ControlChange = {
    op: cur ? 'update' : 'create',
    target: `${input.kind}:${currency}`,
    from,
    to,
    apply: { kind: input.kind, currency },
  };
  return proposeChange(tx, actor, 'approval_policy', change);
}

/**
 * Applies an approved approval_policy change: the tier row as the maker asked it (updated_by: the maker), who must
 * still be an active administrator (403 role_not_allowed). The changes of one tier take turns (a transaction-scoped
 * advisory lock: the row may not exist yet), and a change applies only on the tier it was asked from: when the tier
 * in force differs from the change's `from` (another change of it was applied meanwhile, or it was edited), 409
 * control_change_stale and nothing changes (its values are absolute: applied, they would silently undo the other
 * change); the checker rejects it and the maker asks again from the current tier.
 */
export async function applyPolicy(tx: Executor, tenantId: string, makerId: number | null, change: ControlChange) {
  await activeAdministrator(tx, tenantId, makerId);
  const { kind, currency } = change.apply as { kind: MoneyKind; currency: string };
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`approval_policy:${tenantId}:${kind}:${currency}`}))`);
  if (!sameTier((await tierInForce(tx, tenantId, kind, currency)).from, change.from))
    throw new HttpError(
      409,
      'control_change_stale',
      `The ${kind} tier of ${currency} has changed since this change was asked; reject it and ask again`,
    );
  const to = change.to as {
    enabled: boolean;
    one_checker_from: string;
    two_checkers_from: string | null;
    maker_daily_limit: string | null;
    client_daily_limit: string | null;
  };
  const values = {
    enabled: to.enabled,
    oneCheckerFrom: to.one_checker_from,
    twoCheckersFrom: to.two_checkers_from,
    makerDailyLimit: to.maker_daily_limit,
    clientDailyLimit: to.client_daily_limit,
    updatedBy: makerId,
  };
  await tx
    .insert(approvalPolicy)
    .values({ tenantId, kind, currency, ...values })
    .onConflictDoUpdate({
      target: [approvalPolicy.tenantId, approvalPolicy.kind, approvalPolicy.currency],
      set: { ...values, updatedAt: sql`now()` },
    });
}
