/**
 * Overdrawn records: loans, compensations (bonus points) and bonuses (rewards).
 *
 * Loan:  (request) -> pending --audit approve--> approved   posts: balance +amount, loan +amount, outstanding +amount;
 *                                                            platform loan_book -amount.
 *                            --audit reject---> rejected    nothing posted.
 *        approved --pay_fine(x)--> approved | repaid         posts: balance -x, outstanding -x; loan_book +x.
 *                                                            x ≤ what is still owed; the record is `repaid` when
 *                                                            nothing is owed. Refused (409) beyond the balance.
 * Compensation (bonus points): created approved and credited at once: balance +amount, compensation +amount;
 *        platform compensation_expense -amount. Not a deposit (deposit statistics unchanged); withdrawable.
 *        At or above the tenant's tier (maker-checker, approval/gate.ts), or when it would cross a cumulative limit
 *        of the day (per maker, per client), it is created pending instead and credited when its checkers approve
 *        (pending -> approved | rejected, decideCredit); the same for a bonus.
 * Bonus (reward): created approved and credited at once: balance +amount, bonus +amount; platform bonus_expense.
 *        Counts toward tradable funds (it is in the balance) but not toward deposits, and is not withdrawable:
 *        withdrawable = max(0, balance − bonus).
 * Compensation and bonus: approved --rollback--> rolled_back   posts the exact reversal of the credit, naming it;
 *        refused (409 insufficient_funds) when the money is no longer in the balance (or, for a bonus, in the bonus).
 * A record resolves once: a second audit or rollback answers 409 invalid_state with nothing changed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { OVERDRAWN_SUB_TYPES, type OverdrawnSubType } from '../../../domain/records';
import { overdrawnRecord } from '../../db/schema';
import { AmountExceedsOwedError, NotFoundError, StateConflictError } from '../../core/errors';
import { fromCents, toCents } from '../../ledger/money';
import { postTransaction, reverseTransaction } from '../../ledger/post';
import type { Executor } from '../../core/db';
import { money2, positiveCents, presentRecord, type Actor, recordTarget, unconverted } from '../records/common';
import { auditPatch, recordInScope, rollbackPatch, transition, linkTxn } from '../records/state';
import { recordScope } from '../../core/scope';
import {
  assertNotFrozen,
  auditGate,
  checkersWithLimits,
  openApproval,
  openIfNeeded,
  rollbackGate,
} from '../approval/gate';

/** The overdrawn sub_types (domain/records.ts). */
export { OVERDRAWN_SUB_TYPES, type OverdrawnSubType };

type OverdrawnRow = typeof overdrawnRecord.$inferSelect;

/** The API shape of an overdrawn record. */
export function presentOverdrawn(r: OverdrawnRow) {
  const owed =
    r.subType === 'loan' && r.status !== 'pending' && r.status !== 'rejected'
      ? fromCents(toCents(r.amount) - toCents(r.repaid))
      : '0.00';
  return {
    ...presentRecord(r),
    ...unconverted(r),
    sub_type: r.subType,
    repaid: money2(r.repaid),
    owed,
    txn_id: r.txnId,
  };
}
export type OverdrawnView = ReturnType<typeof presentOverdrawn>;

/** The sub_types credited at once (and rolled back): compensation (bonus points) and bonus (reward). */
export const CREDIT_SUB_TYPES = ['compensation', 'bonus'] as const;

/**
 * Credits a compensation (bonus points) or a bonus (reward) to account `input.account_id` of client `clientId` (the
 * client in the actor's scope, the account its own; else 404 and nothing moves): at once below the tenant's tier for
 * the sub_type and currency (approval/gate.ts), else the record is created pending with an approval and nothing moves
 * until its checkers approve (decideCredit).
 */
export async function creditOverdrawn(
  tx: Executor,
  actor: Actor,
  subType: 'compensation' | 'bonus',
  clientId: number,
  input: { account_id?: unknown; amount: unknown; remark?: string | null },
): Promise<OverdrawnView> {
  const { owner, acc, amount } = await recordTarget(tx, actor, clientId, input);
  // the tier, or one checker when the credit would cross a cumulative limit of the day (under the limits' locks)
  const required = await checkersWithLimits(tx, actor, {
    kind: subType,
    currency: acc.currency,
    amount,
    clientId: acc.clientId,
  });
  const [row] = await tx
    .insert(overdrawnRecord)
    .values({
      tenantId: actor.tenantId,
      clientId: acc.clientId,
      accountId: acc.id,
      agentId: owner.agentId,
      subType,
      currency: acc.currency,
      amount: fromCents(amount),
      status: required ? 'pending' : 'approved',
      remark: input.remark ?? null,
      createdBy: actor.staff?.id ?? null,
      ...(required ? {} : { resolvedBy: actor.staff?.id ?? null, resolvedAt: sql`now()` }),
    })
    .returning();
  if (required) {
    await openApproval(tx, actor, {
      kind: subType,
      targetType: 'overdrawn_record',
      targetId: row.id,
      clientId: acc.clientId,
      amount,
      currency: acc.currency,
      required,
    });
    return presentOverdrawn(row);
  }
  return presentOverdrawn(await postCredit(tx, actor, row));
}

/** Posts the credit of a compensation or bonus record (balance and the sub_type's aggregate up; the expense down). */
async function postCredit(tx: Executor, actor: Actor, row: OverdrawnRow): Promise<OverdrawnRow> {
  const amount = toCents(row.amount);
  const subType = row.subType as 'compensation' | 'bonus';
  const { txnId } = await postTransaction(tx, {
    tenantId: actor.tenantId,
    kind: subType,
    refType: 'overdrawn',
    refId: row.id,
    createdBy: actor.staff?.id,
    lines: [
      {
        accountRef: { type: 'client', id: row.accountId },
        currency: row.currency,
        amount,
        effect: { balance: amount, [subType]: amount },
      },
      {
        accountRef: { type: 'platform', kind: subType === 'bonus' ? 'bonus_expense' : 'compensation_expense' },
        currency: row.currency,
        amount: -amount,
      },
    ],
  });
  return linkTxn(tx, overdrawnRecord, row.id, { txnId });
}

/**
 * A checker's decision on a pending compensation or bonus (through PUT /approval/admin/v1/decide/{id}): the last
 * approval credits it, a rejection ends it with nothing moved.
 */
export async function decideCredit(
  tx: Executor,
  actor: Actor,
  id: number,
  decision: 'approved' | 'rejected',
  remark?: string | null,
): Promise<OverdrawnView> {
  await recordInScope(tx, overdrawnRecord, 'Record', actor, id);
  if ((await auditGate(tx, actor, 'overdrawn_record', id, decision, remark)) === 'wait')
    return getOverdrawn(tx, actor, id);
  const row = await transition(
    tx,
    overdrawnRecord,
    'Record',
    actor,
    id,
    ['pending'],
    auditPatch(actor, decision, remark),
    decision,
    inArray(overdrawnRecord.subType, [...CREDIT_SUB_TYPES]),
  );
  if (decision === 'rejected') return presentOverdrawn(row);
  return presentOverdrawn(await postCredit(tx, actor, row));
}

/** A loan request: a pending loan record (nothing posted until approved). */
export async function requestLoan(
  tx: Executor,
  actor: Actor,
  clientId: number,
  input: { account_id: number; amount: string | number; remark?: string | null },
): Promise<OverdrawnView> {
  const { owner, acc, amount } = await recordTarget(tx, actor, clientId, input);
  const [row] = await tx
    .insert(overdrawnRecord)
    .values({
      tenantId: actor.tenantId,
      clientId,
      accountId: acc.id,
      agentId: owner.agentId,
      subType: 'loan',
      currency: acc.currency,
      amount: fromCents(amount),
      status: 'pending',
      remark: input.remark ?? null,
      createdBy: actor.staff?.id ?? null,
    })
    .returning();
  await openIfNeeded(tx, actor, {
    kind: 'loan',
    targetType: 'overdrawn_record',
    targetId: row.id,
    clientId,
    amount,
    currency: acc.currency,
  });
  return presentOverdrawn(row);
}

/**
 * Audits a pending loan (PUT /overdrawn/admin/v1/audit/{id}): approve lends the money, reject ends it. Maker-checker:
 * approval/gate.ts auditGate.
 */
export async function auditLoan(
  tx: Executor,
  actor: Actor,
  id: number,
  decision: 'approved' | 'rejected',
  remark?: string | null,
): Promise<OverdrawnView> {
  const cur = await recordInScope(tx, overdrawnRecord, 'Loan', actor, id);
  if (cur.subType !== 'loan') throw new NotFoundError('Loan');
  if ((await auditGate(tx, actor, 'overdrawn_record', id, decision, remark)) === 'wait')
    return getOverdrawn(tx, actor, id);
  const row = await transition(
    tx,
    overdrawnRecord,
    'Loan',
    actor,
    id,
    ['pending'],
    auditPatch(actor, decision, remark),
    decision,
    eq(overdrawnRecord.subType, 'loan'),
  );
  if (decision === 'rejected') return presentOverdrawn(row);
  const amount = toCents(row.amount);
  const { txnId } = await postTransaction(tx, {
    tenantId: actor.tenantId,
    kind: 'loan',
    refType: 'overdrawn',
    refId: row.id,
    createdBy: actor.staff?.id,
    lines: [
      {
        accountRef: { type: 'client', id: row.accountId },
        currency: row.currency,
        amount,
        effect: { balance: amount, loan: amount, outstanding: amount },
      },
      { accountRef: { type: 'platform', kind: 'loan_book' }, currency: row.currency, amount: -amount },
    ],
  });
  const done = await linkTxn(tx, overdrawnRecord, row.id, { txnId });
  return presentOverdrawn(done);
}

/** Repays (part of) an approved loan from the balance (POST /overdrawn/admin/v1/loan/pay_fine/{id}). */
export async function payFine(
  tx: Executor,
  actor: Actor,
  id: number,
  input: { amount: unknown },
): Promise<OverdrawnView> {
  const amount = positiveCents(input.amount);
  const scope = actor.staff ? recordScope(actor.staff, overdrawnRecord) : eq(overdrawnRecord.tenantId, actor.tenantId);
  const a = fromCents(amount);
  const rows = await tx
    .update(overdrawnRecord)
    .set({
      repaid: sql`${overdrawnRecord.repaid} + ${a}::numeric`,
      status: sql`CASE WHEN ${overdrawnRecord.repaid} + ${a}::numeric = ${overdrawnRecord.amount} THEN 'repaid' ELSE 'approved' END`,
    })
    .where(
      and(
        eq(overdrawnRecord.id, id),
        scope,
        eq(overdrawnRecord.subType, 'loan'),
        eq(overdrawnRecord.status, 'approved'),
        sql`${overdrawnRecord.amount} - ${overdrawnRecord.repaid} >= ${a}::numeric`,
      ),
    )
    .returning();
  if (!rows.length) {
    const [cur] = await tx
      .select()
      .from(overdrawnRecord)
      .where(and(eq(overdrawnRecord.id, id), scope));
    if (!cur || cur.subType !== 'loan') throw new NotFoundError('Loan');
    if (cur.status !== 'approved') throw new StateConflictError('Loan', cur.status, 'repaid');
    throw new AmountExceedsOwedError(fromCents(toCents(cur.amount) - toCents(cur.repaid)));
  }
  const row = rows[0];
  await postTransaction(tx, {
    tenantId: actor.tenantId,
    kind: 'loan_repay',
    refType: 'overdrawn',
    refId: row.id,
    createdBy: actor.staff?.id,
    lines: [
      {
        accountRef: { type: 'client', id: row.accountId },
        currency: row.currency,
        amount: -amount,
        effect: { balance: -amount, outstanding: -amount },
      },
      { accountRef: { type: 'platform', kind: 'loan_book' }, currency: row.currency, amount },
    ],
  });
  return presentOverdrawn(row);
}

/** Asks to roll back a compensation or bonus: at once, or a rollback approval under the tenant's tier (rollbackGate). */
export async function rollbackOverdrawn(
  tx: Executor,
  actor: Actor,
  id: number,
  remark?: string | null,
): Promise<OverdrawnView> {
  const cur = await recordInScope(tx, overdrawnRecord, 'Record', actor, id);
  if (!(CREDIT_SUB_TYPES as readonly string[]).includes(cur.subType)) throw new NotFoundError('Record');
  if (cur.status === 'approved') {
    const target = {
      type: 'overdrawn_record' as const,
      id,
      clientId: cur.clientId,
      amount: toCents(cur.amount),
      currency: cur.currency,
      kind: cur.subType,
    };
    if ((await rollbackGate(tx, actor, target, remark)) === 'pending') return presentOverdrawn(cur);
  } else await assertNotFrozen(tx, 'overdrawn_record', id);
  return executeOverdrawnRollback(tx, actor, id, remark);
}

/** Rolls back a compensation or bonus with a compensating transaction that names the credit (no approval asked). */
export async function executeOverdrawnRollback(
  tx: Executor,
  actor: Actor,
  id: number,
  remark?: string | null,
): Promise<OverdrawnView> {
  const row = await transition(
    tx,
    overdrawnRecord,
    'Record',
    actor,
    id,
    ['approved'],
    rollbackPatch(actor, remark),
    'rolled back',
    inArray(overdrawnRecord.subType, [...CREDIT_SUB_TYPES]),
  );
  const { txnId } = await reverseTransaction(tx, {
    tenantId: actor.tenantId,
    txnId: row.txnId!,
    createdBy: actor.staff?.id,
    memo: `${row.subType} rollback`,
  });
  const done = await linkTxn(tx, overdrawnRecord, row.id, { reversalTxnId: txnId });
  return presentOverdrawn(done);
}

/** One overdrawn record in the actor's scope. */
export async function getOverdrawn(tx: Executor, actor: Actor, id: number): Promise<OverdrawnView> {
  return presentOverdrawn(await recordInScope(tx, overdrawnRecord, 'Record', actor, id));
}
