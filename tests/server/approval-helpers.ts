/**
 * Maker-checker switches for the suites that test ledger semantics rather than approvals (the approvals themselves:
 * tests/server/approval.test.ts): a tenant's policy rows for every kind and currency (`*`).
 */
import { APPROVAL_KINDS, type ApprovalKind } from '../../domain/approval';
import { approvalPolicy } from '../../server/db/schema';
import type { Database } from '../../server/db/client';

/** Sets the `*` tier of `kinds` (default every kind) for a tenant. */
export async function setTier(
  db: Database['db'],
  tenantId: string,
  tier: { enabled: boolean; one?: string; two?: string | null },
  kinds: readonly ApprovalKind[] = APPROVAL_KINDS,
  currency = '*',
): Promise<void> {
  for (const kind of kinds) {
    const values = {
      enabled: tier.enabled,
      oneCheckerFrom: tier.one ?? '0',
      twoCheckersFrom: tier.two === undefined ? null : tier.two,
    };
    await db
      .insert(approvalPolicy)
      .values({ tenantId, kind, currency, ...values })
      .onConflictDoUpdate({
        target: [approvalPolicy.tenantId, approvalPolicy.kind, approvalPolicy.currency],
        set: values,
      });
  }
}

/** Turns maker-checker off for a tenant: records are audited by anyone with the grant, credits move at once. */
export const makerCheckerOff = (db: Database['db'], tenantId: string) => setTier(db, tenantId, { enabled: false });
