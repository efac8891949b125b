/**
 * Emergency plans (domain/emergency.ts): a maker requests activation (or lift) with a reason; the request opens an
 * `emergency` approval (approval/gate.ts) and nothing changes until a checker approves it in the approvals queue
 * (approval/service.ts decide → decidePlan here). Activation of force_offline moves every client's session version
 * on (client/actions.ts forceAllOffline); the other kinds are enforced while in effect (effects.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  EFFECTIVE_STATUSES,
  emergencyPlan,
  emergencyProblems,
  type ActiveEmergency,
  type EmergencyKind,
  type EmergencyPlanCreate,
  type EmergencyPlanRow,
  type EmergencyStatus,
} from '../../../domain/emergency';
import type { TradeProduct } from '../../../domain/trade-config';
import type { ApprovalDecision } from '../../../domain/approval';
import { staffNamed, tenantList, type StaffNamed } from '../../core/tenant-list';
import { emergencyPlan as plan } from '../../db/schema';
import { NotFoundError, StateConflictError, ValidationError } from '../../core/errors';
import type { Executor } from '../../core/db';
import { iso, type Actor } from '../records/common';
import { checkersFor, openApproval, step, type ApprovalRowDb } from '../approval/gate';
import { forceAllOffline } from '../client/actions';

type PlanDb = typeof plan.$inferSelect;
const pendingApprovalId = sql<
  number | null
>`(SELECT a.id FROM approval a WHERE a.target_type = 'emergency_plan' AND a.target_id = ${plan.id} AND a.status = 'pending')`;

const planFields = { p: plan, approvalId: pendingApprovalId };
/** The plans with their maker's name (`staffName`) and pending approval, `_cursor`, open for WHERE. */
const selectPlans = staffNamed(plan, planFields, plan.makerId);
type Raw = StaffNamed<typeof planFields>;

/** A plan as the API answers it. */
export function presentPlan(x: Raw): EmergencyPlanRow {
  const p = x.p;
  return {
    id: p.id,
    kind: p.kind as EmergencyKind,
    product: (p.product as TradeProduct | null) ?? null,
    message_zh: p.messageZh,
    message_en: p.messageEn,
    reason: p.reason,
    status: p.status as EmergencyStatus,
    maker_name: x.staffName,
    approval_id: x.approvalId === null ? null : Number(x.approvalId),
    created_at: iso(p.createdAt)!,
    activated_at: iso(p.activatedAt),
    lift_reason: p.liftReason,
    lifted_at: iso(p.liftedAt),
  };
}

export const planListSpec = tenantList(plan, 'Emergency plan', {
  def: emergencyPlan,
  columns: { id: plan.id, kind: plan.kind, status: plan.status, created_at: plan.createdAt },
  select: selectPlans,
  present: presentPlan,
  description:
    "The tenant's emergency plans, newest first: kind (halt_trading with its product, freeze_withdrawals, " +
    'force_offline, banner with its zh-CN and en-US messages), reason, status (pending_activation, active, ' +
    'pending_lift, lifted, rejected), maker, the pending approval (approval_id), times. Filters kind, status.',
});

/** One plan of the tenant; else 404. */
export const planOf = planListSpec.one;

/** The checkers a plan's request needs: the tenant's `emergency` tier, and never fewer than one. */
async function checkersOf(tx: Executor, tenantId: string): Promise<1 | 2> {
  return Math.max(1, await checkersFor(tx, tenantId, 'emergency', '*', 0n)) as 1 | 2;
}

const trimmed = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Requests a plan's activation: the plan (pending_activation) and its approval; nothing takes effect yet. */
export async function requestPlan(tx: Executor, actor: Actor, body: EmergencyPlanCreate): Promise<EmergencyPlanRow> {
  const problems = emergencyProblems(body);
  if (problems.length)
    throw new ValidationError(
      Object.fromEntries(problems.map((p) => [p.field, { code: p.code, message: `${p.field} is required` }])),
    );
  const [row] = await tx
    .insert(plan)
    .values({
      tenantId: actor.tenantId,
      kind: body.kind,
      product: body.kind === 'halt_trading' ? body.product! : null,
      messageZh: body.kind === 'banner' ? trimmed(body.message_zh) : null,
      messageEn: body.kind === 'banner' ? trimmed(body.message_en) : null,
      reason: body.reason.trim(),
      makerId: actor.staff?.id ?? null,
    })
    .returning();
  await openApproval(tx, actor, {
    kind: 'emergency',
    targetType: 'emergency_plan',
    targetId: row.id,
    clientId: null,
    amount: 0n,
    currency: '*',
    required: await checkersOf(tx, actor.tenantId),
    payload: { action: 'activate', plan_kind: body.kind, remark: row.reason },
  });
  return planOf(tx, actor.tenantId, row.id);
}

/** The plan locked for a change; 404 outside the tenant. */
async function lockPlan(tx: Executor, tenantId: string, id: number): Promise<PlanDb> {
  const [row] = await tx
    .select()
    .from(plan)
    .where(and(eq(plan.id, id), eq(plan.tenantId, tenantId)))
    .for('update');
  if (!row) throw new NotFoundError('Emergency plan');
  return row;
}

/** Requests the lift of an active plan (pending_lift: the effect holds until a checker approves). */
export async function requestLift(tx: Executor, actor: Actor, id: number, reason: string): Promise<EmergencyPlanRow> {
  if (!trimmed(reason)) throw new ValidationError({ reason: { code: 'required', message: 'reason is required' } });
  const row = await lockPlan(tx, actor.tenantId, id);
  if (row.status !== 'active') throw new StateConflictError('Emergency plan', row.status, 'lift');
  await tx
    .update(plan)
    .set({ status: 'pending_lift', liftReason: reason.trim(), liftMakerId: actor.staff?.id ?? null })
    .where(eq(plan.id, id));
  await openApproval(tx, actor, {
    kind: 'emergency',
    targetType: 'emergency_plan',
    targetId: id,
    clientId: null,
    amount: 0n,
    currency: '*',
    required: await checkersOf(tx, actor.tenantId),
    payload: { action: 'lift', plan_kind: row.kind, remark: reason.trim() },
  });
  return planOf(tx, actor.tenantId, id);
}

/**
 * A checker's decision on a plan's locked approval (from the approvals queue): the last approval needed activates
 * (force_offline: every client of the tenant offline now) or lifts the plan; a rejection leaves it as it was
 * (activation refused: rejected; lift refused: active again).
 */
export async function decidePlan(
  tx: Executor,
  actor: Actor,
  a: ApprovalRowDb,
  decision: ApprovalDecision,
  remark?: string | null,
): Promise<void> {
  const result = await step(tx, actor, a, decision, remark);
  if (result === 'wait') return;
  const row = await lockPlan(tx, actor.tenantId, a.targetId);
  if (row.status === 'pending_activation') {
    if (result === 'reject') {
      await tx.update(plan).set({ status: 'rejected' }).where(eq(plan.id, row.id));
      return;
    }
    await tx
      .update(plan)
      .set({ status: 'active', activatedAt: sql`now()` })
      .where(eq(plan.id, row.id));
    if (row.kind === 'force_offline') await forceAllOffline(tx, actor.tenantId);
  } else if (row.status === 'pending_lift') {
    await tx
      .update(plan)
      .set(result === 'reject' ? { status: 'active' } : { status: 'lifted', liftedAt: sql`now()` })
      .where(eq(plan.id, row.id));
  } else throw new StateConflictError('Emergency plan', row.status, decision);
}

/** The plans in effect in the tenant (what every signed-in staff member and the client app read). */
export async function activePlans(db: Executor, tenantId: string): Promise<ActiveEmergency[]> {
  const rows = await db
    .select()
    .from(plan)
    .where(and(eq(plan.tenantId, tenantId), inArray(plan.status, [...EFFECTIVE_STATUSES])))
    .orderBy(plan.id);
  return rows.map((p) => ({
    id: p.id,
    kind: p.kind as EmergencyKind,
    product: (p.product as TradeProduct | null) ?? null,
    message_zh: p.messageZh,
    message_en: p.messageEn,
    activated_at: iso(p.activatedAt),
  }));
}
