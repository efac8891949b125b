/**
 * What the other services ask of the emergency plans in effect (status active or pending_lift, domain/emergency.ts):
 * the products halted (trade_config's effective permission) and whether withdrawals are frozen (withdraw service).
 * It imports only the schema, so any service can use it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { EFFECTIVE_STATUSES } from '../../../domain/emergency';
import type { TradeProduct } from '../../../domain/trade-config';
import { emergencyPlan } from '../../db/schema';
import { DomainError } from '../../core/errors';
import type { Executor } from '../../core/db';

/** 409: an active emergency plan freezes the tenant's withdrawals. */
export class WithdrawalsFrozenError extends DomainError {
  constructor() {
    super(409, 'withdrawals_frozen', 'Withdrawals are frozen by an active emergency plan; lift the plan first');
  }
}

const inEffect = (tenantId: string) =>
  and(eq(emergencyPlan.tenantId, tenantId), inArray(emergencyPlan.status, [...EFFECTIVE_STATUSES]))!;

/** The products an emergency plan in effect halts in the tenant. */
export async function haltedProducts(db: Executor, tenantId: string): Promise<Set<TradeProduct>> {
  const rows = await db
    .select({ product: emergencyPlan.product })
    .from(emergencyPlan)
    .where(and(inEffect(tenantId), eq(emergencyPlan.kind, 'halt_trading')));
  return new Set(rows.map((r) => r.product as TradeProduct));
}

/** 409 withdrawals_frozen while a freeze_withdrawals plan is in effect in the tenant. */
export async function assertWithdrawalsOpen(db: Executor, tenantId: string): Promise<void> {
  const [row] = await db
    .select({ id: emergencyPlan.id })
    .from(emergencyPlan)
    .where(and(inEffect(tenantId), eq(emergencyPlan.kind, 'freeze_withdrawals')))
    .limit(1);
  if (row) throw new WithdrawalsFrozenError();
}
