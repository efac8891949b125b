/**
 * Cross-cutting tables: tenants, the audit trail, Idempotency-Key bookkeeping.
 */
import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** A deployment tenant (spec: profile tenant id). */
export const tenant = pgTable('tenant', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Append-only audit trail: every sign-in, failure, mutation and denied request. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    tenantId: text('tenant_id'),
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username'),
    action: text('action').notNull(),
    resource: text('resource'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    result: text('result').notNull(),
    detail: text('detail'),
  },
  (t) => [index('audit_log_user_at').on(t.userId, t.at), index('audit_log_action_at').on(t.action, t.at)],
);

/** Idempotency-Key bookkeeping for money-moving requests (core/idempotency.ts). */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    tenantId: text('tenant_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** in_flight | done */
    status: text('status').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] }), index('idempotency_key_created').on(t.createdAt)],
);
