/**
 * Maker-checker (domain/approval.ts): the tenant's tiers, the approvals and each checker's decision.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { client } from './client';
import { createdAt, money, ref } from './columns';
import { tenant } from './core';
import { staffUser } from './user';

/** A tenant's tier of a kind and currency (`*`: every currency without a row of its own). */
export const approvalPolicy = pgTable(
  'approval_policy',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    oneCheckerFrom: money('one_checker_from').notNull(),
    twoCheckersFrom: money('two_checkers_from'),
    /** What one maker may make without a checker in a tenant's day (kind and currency); null: the built-in default. */
    makerDailyLimit: money('maker_daily_limit'),
    /** What one client may receive without a checker in a tenant's day (kind and currency); null: the default. */
    clientDailyLimit: money('client_daily_limit'),
    updatedBy: ref('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.kind, t.currency] }),
    check(
      'approval_policy_tiers',
      sql`${t.oneCheckerFrom} >= 0 AND (${t.twoCheckersFrom} IS NULL OR ${t.twoCheckersFrom} >= ${t.oneCheckerFrom})`,
    ),
    check(
      'approval_policy_limits',
      sql`(${t.makerDailyLimit} IS NULL OR ${t.makerDailyLimit} >= 0) AND (${t.clientDailyLimit} IS NULL OR ${t.clientDailyLimit} >= 0)`,
    ),
  ],
);

/**
 * One approval: a record awaiting its audit (target_type/target_id), a pending credit or exchange, or a requested
 * rollback. At most one pending approval per record (approval_pending_target): the record is frozen meanwhile.
 */
export const approval = pgTable(
  'approval',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    kind: text('kind').notNull(),
    /**
     * deposit_record | withdraw_record | overdrawn_record | exchange_record | emergency_plan, or control_change (a
     * change of the controls themselves, held in `payload`; target_id is the approval's own id).
     */
    targetType: text('target_type').notNull(),
    targetId: ref('target_id').notNull(),
    /** The client of the record; null for an emergency plan (a tenant-wide request). */
    clientId: ref('client_id').references(() => client.id),
    /** What the maker asked beyond the record (a rollback's remark). */
    payload: jsonb('payload'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** The staff member who made the request; null for a client's own request. */
    makerId: ref('maker_id').references(() => staffUser.id),
    requiredCheckers: smallint('required_checkers').notNull(),
    approvals: smallint('approvals').notNull().default(0),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('approval_pending_target')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'pending'`),
    index('approval_tenant_status_created').on(t.tenantId, t.status, t.createdAt, t.id),
    index('approval_target').on(t.targetType, t.targetId),
    check('approval_status', sql`${t.status} IN ('pending','approved','rejected','cancelled')`),
    check('approval_required', sql`${t.requiredCheckers} IN (1, 2) AND ${t.approvals} >= 0`),
  ],
);

/** A checker's decision; one per checker and approval. */
export const approvalDecision = pgTable(
  'approval_decision',
  {
    approvalId: ref('approval_id')
      .notNull()
      .references(() => approval.id),
    checkerId: ref('checker_id')
      .notNull()
      .references(() => staffUser.id),
    decision: text('decision').notNull(),
    remark: text('remark'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.approvalId, t.checkerId] }),
    check('approval_decision_value', sql`${t.decision} IN ('approved','rejected')`),
  ],
);
