/**
 * Cross-cutting tables: tenants, the audit trail, Idempotency-Key bookkeeping.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** The hash chain (server/core/audit-chain.ts), set by the database's insert trigger. */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /** The API's signature of the row (HMAC, core/audit-chain.ts rowMac; migration 0031); null when not the API's. */
    mac: text('mac'),
    /** The database role that inserted the row (set by a trigger, migration 0031; null on older rows). */
    dbRole: text('db_role'),
    /** The id of the request that wrote the row (core/request-id.ts; migration 0032); null outside a request. */
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_user_at').on(t.userId, t.at),
    index('audit_log_action_at').on(t.action, t.at),
    uniqueIndex('audit_log_tenant_seq').on(sql`coalesce(${t.tenantId}, '')`, t.seq),
    // The audit log page (migration 0016): newest first, a target's history, a record created under another target.
    index('audit_log_tenant_at').on(t.tenantId, t.at, t.id),
    index('audit_log_target').on(t.tenantId, t.resource, t.targetId, t.at),
    index('audit_log_after_id')
      .on(t.tenantId, sql`(${t.after} ->> 'id')`)
      .where(sql`(${t.after} ->> 'id') IS NOT NULL`),
    index('audit_log_request_id')
      .on(t.tenantId, t.requestId)
      .where(sql`${t.requestId} IS NOT NULL`),
    check('audit_log_request_id', sql`${t.requestId} ~ '^[A-Za-z0-9._-]{1,64}$'`),
  ],
);

/** The head of each tenant's audit chain (tenant '' for rows without one): its last sequence number and hash. */
export const auditChain = pgTable('audit_chain', {
  tenantKey: text('tenant_key').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  /** The first sequence number the API signs (rows before were written before migration 0031). */
  keyedFrom: bigint('keyed_from', { mode: 'number' }).notNull().default(1),
});

/**
 * Idempotency-Key bookkeeping for money-moving requests (core/idempotency.ts): one key per (tenant, staff member,
 * key), so two staff members using the same key do not see each other's results. `owner` names the request that holds
 * an in-flight claim and `lease_until` how long it holds it (renewed while it runs); an expired lease is taken over.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    tenantId: text('tenant_id').notNull(),
    /** The staff member who sent the key; 0 for a request without one. */
    userId: bigint('user_id', { mode: 'number' }).notNull().default(0),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** in_flight | done */
    status: text('status').notNull(),
    response: jsonb('response'),
    owner: text('owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.key] }), index('idempotency_key_created').on(t.createdAt)],
);

/**
 * The last result of each database check script (`npm run ledger:check`, `npm run audit:verify`; written by
 * scripts/check-runner.ts, read by /metrics, server/core/metrics.ts). Migration 0032.
 */
export const opsCheck = pgTable(
  'ops_check',
  {
    name: text('name').primaryKey(),
    ok: boolean('ok').notNull(),
    summary: text('summary').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ops_check_name', sql`${t.name} IN ('ledger_check', 'audit_verify')`)],
);
