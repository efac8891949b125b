/**
 * Loans, compensations (bonus points) and bonuses.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { money, ref, zero } from './columns';
import { recordCommon } from './records';

/**
 * Loans, compensations (bonus points) and bonuses (rewards).
 * loan: pending -> approved (balance and outstanding up) | rejected; approved -> repaid (pay_fine until nothing is owed).
 * compensation, bonus: credited at once, created approved; approved -> rolled_back (a compensating txn).
 */
export const overdrawnRecord = pgTable(
  'overdrawn_record',
  {
    ...recordCommon,
    subType: text('sub_type').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    repaid: zero('repaid'),
    status: text('status').notNull(),
    txnId: ref('txn_id'),
    /** The compensating txn of a rolled-back compensation or bonus. */
    reversalTxnId: ref('reversal_txn_id'),
  },
  (t) => [
    index('overdrawn_tenant_sub_created').on(t.tenantId, t.subType, t.createdAt, t.id),
    index('overdrawn_tenant_sub_status_created').on(t.tenantId, t.subType, t.status, t.createdAt, t.id),
    index('overdrawn_client_created').on(t.clientId, t.createdAt, t.id),
    index('overdrawn_tenant_sub_agent_created').on(t.tenantId, t.subType, t.agentId, t.createdAt, t.id),
    check('overdrawn_sub_type', sql`${t.subType} IN ('loan','compensation','bonus')`),
    check('overdrawn_status', sql`${t.status} IN ('pending','approved','rejected','repaid','rolled_back')`),
    check('overdrawn_amounts', sql`${t.amount} > 0 AND ${t.repaid} >= 0 AND ${t.repaid} <= ${t.amount}`),
  ],
);
