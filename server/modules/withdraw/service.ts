/**
 * Withdrawals.
 *
 * Status flow:
 *   (request) -> pending       posts the freeze: balance -amount, frozen +amount (same account, sums to zero).
 *                              Refused (409 insufficient_funds) above the withdrawable amount = max(0, balance − bonus):
 *                              bonus cannot be withdrawn, profit, deposits and compensation can.
 *   pending  --approve-->  approved     posts the payout: frozen -amount, withdrawal +amount; platform cash +amount.
 *   pending  --reject--->  rejected     posts the reversal of the freeze (money back to the balance).
 *   approved --rollback->  rolled_back  posts the reversal of the payout, then the reversal of the freeze
 *                                       (the paid-out money comes back to the balance; withdrawal statistic down).
 * A record resolves once: any other transition answers 409 invalid_state with nothing changed.
 *
 * The tenant's global config `withdraw.daily_count` (when set) bounds the requests of a client in the tenant's day
 * (rejected ones excluded): counted under the client's lock, so parallel requests cannot pass it together (409
 * withdraw_daily_count).
 */
import { and, eq, sql } from 'drizzle-orm';
import { client, globalConfigEntry, withdrawRecord } from '../../db/schema';
import { WithdrawDailyCountError } from '../../core/errors';
import { tenantTimeZone } from '../setting/service';
import { InsufficientFundsError } from '../../ledger/errors';
import { fromCents, toCents } from '../../ledger/money';
import { lockAccounts, postTransaction, reverseTransaction } from '../../ledger/post';
import type { Executor } from '../../core/db';
import { withdrawableCents } from '../client/service';
import { presentRecord, type Actor, recordTarget, unconverted } from '../records/common';
import { auditPatch, recordInScope, rollbackPatch, transition, linkTxn } from '../records/state';
import { assertNotFrozen, auditGate, openIfNeeded, rollbackGate } from '../approval/gate';
import { recordLive } from '../records/live';
import { assertWithdrawalsOpen } from '../emergency/effects';

type WithdrawRow = typeof withdrawRecord.$inferSelect;

/** The API shape of a withdrawal record. */
export function presentWithdraw(r: WithdrawRow) {
  // onto the record's own fields (no spread copies: a list presents every row)
  return Object.assign(presentRecord(r), unconverted(r), {
    freeze_txn_id: r.freezeTxnId,
    resolve_txn_id: r.resolveTxnId,
  });
}
export type WithdrawView = ReturnType<typeof presentWithdraw>;

/**
 * The tenant's `withdraw.daily_count` check: when set, locks the client (FOR NO KEY UPDATE: parallel requests of the
 * same client wait for each other; records referencing it still insert) and counts its requests of the tenant's day,
 * rejected ones excluded; 409 withdraw_daily_count when the limit is reached. A client outside the scope: 404 later.
 */
async function assertDailyCount(tx: Executor, actor: Actor, clientId: number): Promise<void> {
  const [setting] = await tx
    .select({ value: globalConfigEntry.value })
    .from(globalConfigEntry)
    .where(and(eq(globalConfigEntry.tenantId, actor.tenantId), eq(globalConfigEntry.key, 'withdraw.daily_count')));
  if (!setting || !/^\d+$/.test(setting.value.trim())) return;
  const limit = Number(setting.value.trim());
  const [owner] = await tx
    .select({ id: client.id })
    .from(client)
    .where(and(eq(client.id, clientId), eq(client.tenantId, actor.tenantId)))
    .for('no key update');
  if (!owner) return;
  const zone = await tenantTimeZone(tx, actor.tenantId);
  const res = await tx.execute(sql`
    SELECT count(*)::int AS n FROM ${withdrawRecord}
    WHERE ${withdrawRecord.clientId} = ${clientId} AND ${withdrawRecord.status} <> 'rejected'
      AND ${withdrawRecord.createdAt} >= (date_trunc('day', now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone})`);
  if (Number((res.rows[0] as { n: unknown }).n) >= limit) throw new WithdrawDailyCountError(limit);
}

/** A withdrawal request (from the client app, or staff on its behalf): freezes the amount, record pending. */
export async function requestWithdrawal(
  tx: Executor,
  actor: Actor,
  clientId: number,
  input: { account_id: number; amount: string | number; remark?: string | null },
): Promise<WithdrawView> {
  await assertDailyCount(tx, actor, clientId);
  const { owner, acc, amount } = await recordTarget(tx, actor, clientId, input);
  const locked = (await lockAccounts(tx, actor.tenantId, [acc.id])).get(acc.id)!;
  const available = withdrawableCents(locked.agg.balance, locked.agg.bonus);
  if (amount > available) {
    throw new InsufficientFundsError(
      `Amount exceeds the withdrawable balance ${fromCents(available)} (bonus cannot be withdrawn)`,
    );
  }
  const [row] = await tx
    .insert(withdrawRecord)
    .values({
      tenantId: actor.tenantId,
      clientId,
      accountId: acc.id,
      agentId: owner.agentId,
      currency: acc.currency,
      amount: fromCents(amount),
      status: 'pending',
      remark: input.remark ?? null,
      createdBy: actor.staff?.id ?? null,
    })
    .returning();
  const ref = { type: 'client', id: acc.id } as const;
  const { txnId } = await postTransaction(tx, {
    tenantId: actor.tenantId,
    kind: 'withdraw_freeze',
    refType: 'withdraw',
    refId: row.id,
    createdBy: actor.staff?.id,
    lines: [
      { accountRef: ref, currency: acc.currency, amount: -amount, effect: { balance: -amount } },
      { accountRef: ref, currency: acc.currency, amount, effect: { frozen: amount } },
    ],
  });
  const done = await linkTxn(tx, withdrawRecord, row.id, { freezeTxnId: txnId });
  await openIfNeeded(tx, actor, {
    kind: 'withdrawal',
    targetType: 'withdraw_record',
    targetId: row.id,
    clientId,
    amount,
    currency: acc.currency,
  });
  await recordLive(tx, withdrawRecord, done, 'created', actor);
  return presentWithdraw(done);
}

/**
 * Audits a pending withdrawal: approve (pay out the frozen amount) or reject (unfreeze). Maker-checker: see
 * approval/gate.ts auditGate (the maker cannot audit; two checkers above the tier).
 */
export async function auditWithdrawal(
  tx: Executor,
  actor: Actor,
  id: number,
  decision: 'approved' | 'rejected',
  remark?: string | null,
): Promise<WithdrawView> {
  await recordInScope(tx, withdrawRecord, 'Withdrawal', actor, id);
  // an emergency plan in effect freezes payouts (a rejection, which only unfreezes the client's money, stays allowed)
  if (decision === 'approved') await assertWithdrawalsOpen(tx, actor.tenantId);
  if ((await auditGate(tx, actor, 'withdraw_record', id, decision, remark)) === 'wait')
    return getWithdrawal(tx, actor, id);
  const row = await transition(
    tx,
    withdrawRecord,
    'Withdrawal',
    actor,
    id,
    ['pending'],
    auditPatch(actor, decision, remark),
    decision,
  );
  let txnId: number;
  if (decision === 'approved') {
    const amount = toCents(row.amount);
    ({ txnId } = await postTransaction(tx, {
      tenantId: actor.tenantId,
      kind: 'withdraw_payout',
      refType: 'withdraw',
      refId: row.id,
      createdBy: actor.staff?.id,
      lines: [
        {
          accountRef: { type: 'client', id: row.accountId },
          currency: row.currency,
          amount: -amount,
          effect: { frozen: -amount, withdrawal: amount },
        },
        { accountRef: { type: 'platform', kind: 'cash' }, currency: row.currency, amount },
      ],
    }));
  } else {
    ({ txnId } = await reverseTransaction(tx, {
      tenantId: actor.tenantId,
      txnId: row.freezeTxnId!,
      createdBy: actor.staff?.id,
      memo: 'withdrawal rejected',
    }));
  }
  const done = await linkTxn(tx, withdrawRecord, row.id, { resolveTxnId: txnId });
  return presentWithdraw(done);
}

/** Asks to roll back an approved withdrawal: at once, or a rollback approval under the tenant's tier (rollbackGate). */
export async function rollbackWithdrawal(
  tx: Executor,
  actor: Actor,
  id: number,
  remark?: string | null,
): Promise<WithdrawView> {
  const cur = await recordInScope(tx, withdrawRecord, 'Withdrawal', actor, id);
  if (cur.status === 'approved') {
    const target = {
      type: 'withdraw_record' as const,
      id,
      clientId: cur.clientId,
      amount: toCents(cur.amount),
      currency: cur.currency,
      kind: 'withdrawal',
    };
    if ((await rollbackGate(tx, actor, target, remark)) === 'pending') return presentWithdraw(cur);
  } else await assertNotFrozen(tx, 'withdraw_record', id);
  return executeWithdrawalRollback(tx, actor, id, remark);
}

/** Rolls back an approved (paid-out) withdrawal: the money returns to the balance (no approval asked). */
export async function executeWithdrawalRollback(
  tx: Executor,
  actor: Actor,
  id: number,
  remark?: string | null,
): Promise<WithdrawView> {
  const row = await transition(
    tx,
    withdrawRecord,
    'Withdrawal',
    actor,
    id,
    ['approved'],
    rollbackPatch(actor, remark),
    'rolled back',
  );
  const by = actor.staff?.id;
  const { txnId } = await reverseTransaction(tx, {
    tenantId: actor.tenantId,
    txnId: row.resolveTxnId!,
    createdBy: by,
    memo: 'withdrawal rollback',
  });
  await reverseTransaction(tx, {
    tenantId: actor.tenantId,
    txnId: row.freezeTxnId!,
    createdBy: by,
    memo: 'withdrawal rollback (unfreeze)',
  });
  const done = await linkTxn(tx, withdrawRecord, row.id, { reversalTxnId: txnId });
  return presentWithdraw(done);
}

/** One withdrawal record in the actor's scope. */
export async function getWithdrawal(tx: Executor, actor: Actor, id: number): Promise<WithdrawView> {
  return presentWithdraw(await recordInScope(tx, withdrawRecord, 'Withdrawal', actor, id));
}
