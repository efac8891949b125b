/**
 * The maker-checker gate the money services call (domain/approval.ts): how many checkers a movement needs under the
 * tenant's policy, opening an approval, and one checker's step on it. It imports no money service, so every money
 * service can use it; server/modules/approval/service.ts executes approved approvals through those services.
 *
 * Concurrency: a step locks the approval row (`SELECT ... FOR UPDATE`) before it reads the decisions, and the money
 * service then changes its record with the conditional update of records/state.ts, in the same transaction. Two
 * checkers deciding at once run one after the other; the second sees the first's decision (or the approval resolved:
 * 409 invalid_state), so an approval executes once.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  ANY_CURRENCY,
  checkersNeeded,
  crossesLimit,
  defaultLimits,
  defaultTier,
  isLimitedKind,
  type ApprovalDecision,
  type ApprovalKind,
  type ApprovalTier,
  type ControlChange,
  type ControlKind,
  type PendingChangeAnswer,
} from '../../../domain/approval';
import {
  approval,
  approvalDecision,
  approvalPolicy,
  depositRecord,
  overdrawnRecord,
  staffUser,
  withdrawRecord,
} from '../../db/schema';
import { tenantTimeZone } from '../setting/service';
import { DomainError, HttpError, StateConflictError } from '../../core/errors';
import { ADMIN_ROLE } from '../../../domain/user';
import { sqlState } from '../../core/retry';
import type { Executor, Tx } from '../../core/db';
import { fromCents, toCents } from '../../ledger/money';
import { emitLive } from '../../core/events';
import type { Actor } from '../records/common';

/** The tables an approval may target. */
export type TargetType =
  | 'deposit_record'
  | 'withdraw_record'
  | 'overdrawn_record'
  | 'exchange_record'
  | 'emergency_plan'
  // a trade result (kind trade_result): the order whose settlement, sale or modification waits
  | 'trade_order'
  // a change of the controls (kind approval_policy): the approval is its own record
  | 'control_change';

export type ApprovalRowDb = typeof approval.$inferSelect;

/**
 * Announces a change of the queue (core/events.ts): to those who may check the approval's kind (a rollback: its
 * record's) and its maker, in the data scope of its client.
 */
function approvalLive(
  tx: Executor,
  a: ApprovalRowDb,
  action: 'created' | 'step' | 'decided',
  actor: Actor,
  status = a.status,
) {
  const checkKind = a.kind === 'rollback' ? (a.payload as { target_kind?: string } | null)?.target_kind : a.kind;
  return emitLive(tx, {
    tenantId: a.tenantId,
    kind: 'approval',
    action,
    recordId: a.id,
    clientId: a.clientId,
    resources: ['approval'],
    status,
    byId: actor.staff?.id ?? null,
    read: [['approval', 'funds']],
    checkKind: checkKind ?? a.kind,
    makerId: a.makerId,
  });
}

/** 409: the maker of a record cannot be its checker. */
export class MakerCannotCheckError extends DomainError {
  constructor() {
    super(409, 'maker_cannot_check', 'The maker of a record cannot check it; another staff member must');
  }
}

/** 409: the maker set the checker's account up (created it, or last reset its password or authenticator). */
export class CheckerNotIndependentError extends DomainError {
  constructor() {
    super(
      409,
      'checker_not_independent',
      'Your account was created, or its password or authenticator last reset, by the maker of this record; another staff member must check it',
    );
  }
}

/**
 * 409 checker_not_independent when the maker created the checker's account, or last set its password or closed its
 * authenticator (staff_user created_by, password_set_by, mfa_reset_by: user/admin-service.ts): such an account may
 * be the maker's puppet (docs/security.md "Staff management and checker independence").
 */
async function assertIndependent(tx: Executor, makerId: number | null, checkerId: number): Promise<void> {
  if (makerId === null) return;
  const [setUp] = await tx
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(
      and(
        eq(staffUser.id, checkerId),
        or(eq(staffUser.createdBy, makerId), eq(staffUser.passwordResetBy, makerId), eq(staffUser.mfaResetBy, makerId)),
      ),
    )
    .limit(1);
  if (setUp) throw new CheckerNotIndependentError();
}

/** 409: this checker has already decided on the approval (the second checker must be someone else). */
export class AlreadyDecidedError extends DomainError {
  constructor() {
    super(409, 'already_decided', 'You have already decided on this approval; another checker must decide');
  }
}

/** 409: the record awaits an approval; nothing else may be done to it meanwhile. */
export class ApprovalPendingError extends DomainError {
  constructor(what = 'Record') {
    super(409, 'approval_pending', `${what} is awaiting approval; nothing else can be done to it until it is checked`);
  }
}

/**
 * The tier of a kind and currency for a tenant: its row for the currency, else its `*` row, else the built-in
 * default (domain/approval.ts defaultTier).
 */
export async function tierOf(
  tx: Executor,
  tenantId: string,
  kind: ApprovalKind,
  currency: string,
): Promise<ApprovalTier> {
  const rows = await tx
    .select()
    .from(approvalPolicy)
    .where(
      and(
        eq(approvalPolicy.tenantId, tenantId),
        eq(approvalPolicy.kind, kind),
        inArray(approvalPolicy.currency, [currency, ANY_CURRENCY]),
      ),
    );
  const row = rows.find((r) => r.currency === currency) ?? rows.find((r) => r.currency === ANY_CURRENCY);
  if (!row) return defaultTier(kind, currency);
  const limits = defaultLimits(kind, currency);
  return {
    enabled: row.enabled,
    one_checker_from: row.oneCheckerFrom,
    two_checkers_from: row.twoCheckersFrom,
    maker_daily_limit: row.makerDailyLimit ?? limits.maker_daily_limit,
    client_daily_limit: row.clientDailyLimit ?? limits.client_daily_limit,
  };
}

/** How many checkers `amount` (cents) of `currency` needs for `kind` in the actor's tenant: 0, 1 or 2. */
export async function checkersFor(
  tx: Executor,
  tenantId: string,
  kind: ApprovalKind,
  currency: string,
  amount: bigint,
): Promise<0 | 1 | 2> {
  return checkersNeeded(await tierOf(tx, tenantId, kind, currency), amount);
}

/** The record table and condition of a limited kind (what counts toward its cumulative limits). */
function limitedRecords(kind: ApprovalKind) {
  switch (kind) {
    case 'deposit':
      return { table: depositRecord, cond: sql`${depositRecord.subType} <> 'crypto'`, type: 'deposit_record' };
    case 'crypto_deposit':
      return { table: depositRecord, cond: sql`${depositRecord.subType} = 'crypto'`, type: 'deposit_record' };
    case 'withdrawal':
      return { table: withdrawRecord, cond: sql`true`, type: 'withdraw_record' };
    default:
      return { table: overdrawnRecord, cond: sql`${overdrawnRecord.subType} = ${kind}`, type: 'overdrawn_record' };
  }
}

/**
 * What was made today (the tenant's day) of `kind` in `currency` without a checker, rejected records and `exceptId`
 * (the record being decided) apart: by the maker (null without one) and for the client, in cents. Read after
 * lockLimits, so a concurrent movement of the same maker or client has committed (and is counted) or waits.
 */
async function usedToday(
  tx: Executor,
  tenantId: string,
  kind: ApprovalKind,
  currency: string,
  makerId: number | null,
  clientId: number,
  exceptId: number | null,
): Promise<{ maker: bigint | null; client: bigint }> {
  const zone = await tenantTimeZone(tx, tenantId);
  const { table: r, cond, type } = limitedRecords(kind);
  const res = await tx.execute(sql`
    SELECT coalesce(sum(${r.amount}) FILTER (WHERE ${r.clientId} = ${clientId}), 0)::text AS client,
           coalesce(sum(${r.amount}) FILTER (WHERE ${r.createdBy} = ${makerId ?? -1}), 0)::text AS maker
      FROM ${r}
     WHERE ${r.tenantId} = ${tenantId} AND ${cond} AND ${r.currency} = ${currency} AND ${r.status} <> 'rejected'
       AND (${r.clientId} = ${clientId} OR ${r.createdBy} = ${makerId ?? -1})
       AND ${r.id} <> ${exceptId ?? -1}
       AND ${r.createdAt} >= (date_trunc('day', now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone})
       AND NOT EXISTS (SELECT 1 FROM ${approval} a WHERE a.target_type = ${type} AND a.target_id = ${r.id})`);
  const row = res.rows[0] as { client: string; maker: string };
  return { maker: makerId === null ? null : toCents(String(row.maker)), client: toCents(String(row.client)) };
}

/**
 * Serialises the cumulative-limit decisions of one maker and of one client until the transaction ends: two
 * transaction-scoped advisory locks, always the maker's first. Not the client's row: the money services already hold
 * it FOR SHARE (records/common.ts clientInScope), and two transactions upgrading a shared row lock deadlock each other.
 */
async function lockLimits(tx: Executor, makerId: number | null, clientId: number): Promise<void> {
  if (makerId !== null)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`approval_limit:maker:${makerId}`}))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`approval_limit:client:${clientId}`}))`);
}

/**
 * How many checkers a movement of a client's money needs: its tier's, and one when it needs none but would cross a
 * cumulative limit (what its maker, or its client, already has today without a checker, plus this amount; read under
 * lockLimits). `exceptId`: the record itself when it is already inserted.
 */
export async function checkersWithLimits(
  tx: Executor,
  actor: Actor,
  input: { kind: ApprovalKind; currency: string; amount: bigint; clientId: number | null; exceptId?: number | null },
): Promise<0 | 1 | 2> {
  const tier = await tierOf(tx, actor.tenantId, input.kind, input.currency);
  const required = checkersNeeded(tier, input.amount);
  if (required || !tier.enabled || !isLimitedKind(input.kind) || input.clientId === null) return required;
  if (tier.maker_daily_limit === null && tier.client_daily_limit === null) return 0;
  const makerId = actor.staff?.id ?? null;
  await lockLimits(tx, makerId, input.clientId);
  const used = await usedToday(
    tx,
    actor.tenantId,
    input.kind,
    input.currency,
    makerId,
    input.clientId,
    input.exceptId ?? null,
  );
  return crossesLimit(tier, input.amount, used) ? 1 : 0;
}

export interface OpenApproval {
  kind: ApprovalKind;
  targetType: TargetType;
  targetId: number;
  /** null: a tenant-wide request (an emergency plan). */
  clientId: number | null;
  amount: bigint;
  currency: string;
  required: 1 | 2;
  payload?: Record<string, unknown> | null;
}

/**
 * Opens a pending approval made by the actor (null maker: a client's own request). A record that already has a
 * pending approval is 409 approval_pending (the partial unique index decides, also between concurrent requests).
 */
export async function openApproval(tx: Executor, actor: Actor, input: OpenApproval): Promise<ApprovalRowDb> {
  const [row] = await tx
    .insert(approval)
    .values({
      tenantId: actor.tenantId,
      kind: input.kind,
      targetType: input.targetType,
      targetId: input.targetId,
      clientId: input.clientId,
      payload: input.payload ?? null,
      amount: fromCents(input.amount),
      currency: input.currency,
      makerId: actor.staff?.id ?? null,
      requiredCheckers: input.required,
    })
    .returning()
    .catch((e: unknown) => {
      if (sqlState(e) === '23505') throw new ApprovalPendingError();
      throw e;
    });
  await approvalLive(tx, row, 'created', actor);
  return row;
}

/** Opens the approval a new record needs under the policy, if any (0 checkers: none). */
export async function openIfNeeded(
  tx: Executor,
  actor: Actor,
  input: Omit<OpenApproval, 'required'>,
): Promise<ApprovalRowDb | null> {
  const required = await checkersWithLimits(tx, actor, { ...input, exceptId: input.targetId });
  if (!required) return null;
  return openApproval(tx, actor, { ...input, required });
}

/**
 * Opens a change of the controls (a control kind, domain/approval.ts): nothing changes now; one administrator other
 * than the maker must approve it in the queue, and the change (`payload.change`) is then applied by its module
 * (approval/control.ts). Answers what the route sends back with 202.
 */
export async function proposeChange(
  tx: Executor,
  actor: Actor,
  kind: ControlKind,
  change: ControlChange,
): Promise<PendingChangeAnswer> {
  // target_id is the approval's own id (a control change has no record of its own; the pending index stays unique)
  const res = await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('approval', 'id'))::bigint AS id`);
  const id = Number((res.rows[0] as { id: string | number }).id);
  const [row] = await tx
    .insert(approval)
    .values({
      id,
      tenantId: actor.tenantId,
      kind,
      targetType: 'control_change',
      targetId: id,
      clientId: null,
      payload: { change },
      amount: '0',
      currency: ANY_CURRENCY,
      makerId: actor.staff?.id ?? null,
      requiredCheckers: 1,
    })
    .returning();
  return { pending_approval: { id: row.id, kind, status: 'pending', required_checkers: row.requiredCheckers } };
}

/**
 * Runs `fn` in a savepoint and undoes it: the checks a change would meet now (its validation, conflicts, lockouts)
 * without applying it. Answers what `fn` answered.
 */
export async function dryRun<T>(tx: Executor, fn: (sp: Executor) => Promise<T>): Promise<T> {
  const undo = new Error('dry run');
  let result: T | undefined;
  try {
    await (tx as Tx).transaction(async (sp) => {
      result = await fn(sp);
      throw undo;
    });
  } catch (e) {
    if (e !== undo) throw e;
  }
  return result as T;
}

/** The control change an approval holds (its payload), or null for a money approval. */
export const changeOf = (a: { payload: unknown }): ControlChange | null =>
  (a.payload as { change?: ControlChange } | null)?.change ?? null;

/** The pending approval of a record, locked for the step about to be taken; undefined when none. */
export async function lockPendingOf(
  tx: Executor,
  targetType: TargetType,
  targetId: number,
): Promise<ApprovalRowDb | undefined> {
  const [row] = await tx
    .select()
    .from(approval)
    .where(and(eq(approval.targetType, targetType), eq(approval.targetId, targetId), eq(approval.status, 'pending')))
    .for('update');
  return row;
}

/** 409 approval_pending when the record has a pending approval (a frozen record). */
export async function assertNotFrozen(tx: Executor, targetType: TargetType, targetId: number, what?: string) {
  const [row] = await tx
    .select({ id: approval.id })
    .from(approval)
    .where(and(eq(approval.targetType, targetType), eq(approval.targetId, targetId), eq(approval.status, 'pending')));
  if (row) throw new ApprovalPendingError(what);
}

/** What a step leads to: wait for another checker, execute the movement, or end it without moving money. */
export type Step = 'wait' | 'execute' | 'reject';

/**
 * One checker's decision on a locked approval: the maker cannot check (409 maker_cannot_check), nor a checker whose
 * account the maker set up (409 checker_not_independent), a checker decides once (409 already_decided); a rejection ends the approval, an approval counts until `required_checkers` have approved.
 * The platform itself (a system actor: seeding, the client app) resolves the approval without a decision row.
 */
export async function step(
  tx: Executor,
  actor: Actor,
  a: ApprovalRowDb,
  decision: ApprovalDecision,
  remark?: string | null,
): Promise<Step> {
  if (a.status !== 'pending') throw new StateConflictError('Approval', a.status, decision);
  const staffId = actor.staff?.id ?? null;
  if (staffId !== null) {
    if (a.makerId === staffId) throw new MakerCannotCheckError();
    await assertIndependent(tx, a.makerId, staffId);
    const inserted = await tx
      .insert(approvalDecision)
      .values({ approvalId: a.id, checkerId: staffId, decision, remark: remark ?? null })
      .onConflictDoNothing()
      .returning({ id: approvalDecision.approvalId });
    if (!inserted.length) throw new AlreadyDecidedError();
  }
  if (decision === 'rejected') {
    await tx
      .update(approval)
      .set({ status: 'rejected', resolvedAt: sql`now()` })
      .where(eq(approval.id, a.id));
    await approvalLive(tx, a, 'decided', actor, 'rejected');
    return 'reject';
  }
  const approvals = a.approvals + 1;
  const done = staffId === null || approvals >= a.requiredCheckers;
  await tx
    .update(approval)
    .set(done ? { approvals, status: 'approved', resolvedAt: sql`now()` } : { approvals })
    .where(eq(approval.id, a.id));
  await approvalLive(tx, a, done ? 'decided' : 'step', actor, done ? 'approved' : 'pending');
  return done ? 'execute' : 'wait';
}

/**
 * The gate of a record's audit (deposit, withdrawal, loan, pending credit or exchange): 'go' when the audit may change
 * the record now (no approval, or this decision completes or rejects it), 'wait' when the approval still needs
 * another checker (the record stays pending, nothing moves).
 */
export async function auditGate(
  tx: Executor,
  actor: Actor,
  targetType: TargetType,
  id: number,
  decision: ApprovalDecision,
  remark?: string | null,
): Promise<'go' | 'wait'> {
  const a = await lockPendingOf(tx, targetType, id);
  if (!a) return 'go';
  if (a.kind === 'rollback') throw new ApprovalPendingError();
  return (await step(tx, actor, a, decision, remark)) === 'wait' ? 'wait' : 'go';
}

/**
 * The gate of a rollback request on an approved record: 409 approval_pending while the record awaits an approval;
 * 'go' when the policy needs no checker (roll back now), else opens a rollback approval made by the actor and answers
 * 'pending' (nothing moves until its checkers approve).
 */
export async function rollbackGate(
  tx: Executor,
  actor: Actor,
  target: { type: TargetType; id: number; clientId: number; amount: bigint; currency: string; kind: string },
  remark?: string | null,
): Promise<'go' | 'pending'> {
  await assertNotFrozen(tx, target.type, target.id);
  const required = await checkersFor(tx, actor.tenantId, 'rollback', target.currency, target.amount);
  if (!required) return 'go';
  await openApproval(tx, actor, {
    kind: 'rollback',
    targetType: target.type,
    targetId: target.id,
    clientId: target.clientId,
    amount: target.amount,
    currency: target.currency,
    required,
    payload: { target_kind: target.kind, remark: remark ?? null },
  });
  return 'pending';
}

/**
 * The maker of a control change, read when it is applied: he must still be an active administrator of the tenant
 * (else 403 role_not_allowed), so an approval cannot apply the change of someone demoted or disabled meanwhile.
 */
export async function activeAdministrator(tx: Executor, tenantId: string, makerId: number | null) {
  const [maker] = makerId
    ? await tx
        .select()
        .from(staffUser)
        .where(and(eq(staffUser.id, makerId), eq(staffUser.tenantId, tenantId), eq(staffUser.active, true)))
    : [];
  if (!maker || maker.role !== ADMIN_ROLE)
    throw new HttpError(403, 'role_not_allowed', 'The maker of this change is no longer an administrator');
  return maker;
}
