/**
 * Emergency plans (domain/emergency.ts, server/modules/emergency): halt trading of a product, freeze withdrawals,
 * force all clients offline, a banner. Activation and lift go through maker-checker (approval kind `emergency`).
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, ref } from './columns';
import { tenant } from './core';
import { staffUser } from './user';

/** One plan: pending_activation → active → pending_lift → lifted, or rejected (its activation refused). */
export const emergencyPlan = pgTable(
  'emergency_plan',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    kind: text('kind').notNull(),
    /** halt_trading: the product halted. */
    product: text('product'),
    /** banner: the message in each language. */
    messageZh: text('message_zh'),
    messageEn: text('message_en'),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending_activation'),
    makerId: ref('maker_id').references(() => staffUser.id),
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    liftReason: text('lift_reason'),
    liftMakerId: ref('lift_maker_id').references(() => staffUser.id),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    index('emergency_plan_tenant_status').on(t.tenantId, t.status, t.id),
    check('emergency_plan_kind', sql`${t.kind} IN ('halt_trading','freeze_withdrawals','force_offline','banner')`),
    check(
      'emergency_plan_status',
      sql`${t.status} IN ('pending_activation','active','pending_lift','lifted','rejected')`,
    ),
  ],
);
