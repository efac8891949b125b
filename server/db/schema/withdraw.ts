/**
 * Withdrawals.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { money, ref } from './columns';
import { recordCommon } from './records';

/**
 * A withdrawal. Status: pending (amount frozen) -> approved (paid out) | rejected (unfrozen);
 * approved -> rolled_back (payout returned to the balance).
 */
export const withdrawRecord = pgTable(
  'withdraw_record',
  {
    ...recordCommon,
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    status: text('status').notNull().default('pending'),
    /** The freeze (balance -> frozen) made when requested. */
    freezeTxnId: ref('freeze_txn_id'),
    /** The payout on approval, or the unfreeze (reversal of the freeze) on rejection. */
    resolveTxnId: ref('resolve_txn_id'),
    reversalTxnId: ref('reversal_txn_id'),
  },
  (t) => [
    index('withdraw_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('withdraw_tenant_status_created').on(t.tenantId, t.status, t.createdAt, t.id),
    index('withdraw_client_created').on(t.clientId, t.createdAt, t.id),
    index('withdraw_tenant_agent_created').on(t.tenantId, t.agentId, t.createdAt, t.id),
    // Dashboard sums (server/modules/dashboard): paid-out withdrawals by approval time, index-only.
    index('withdraw_tenant_status_resolved').on(t.tenantId, t.status, t.resolvedAt, t.agentId, t.currency, t.amount),
    check('withdraw_status', sql`${t.status} IN ('pending','approved','rejected','rolled_back')`),
    check('withdraw_positive', sql`${t.amount} > 0`),
  ],
);
