/**
 * Data exceptions: the findings of the per-tenant checks (server/modules/data_exception) and the runs that made them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenant } from './core';
import { staffUser } from './user';

/**
 * One finding: a check (`check_code`, and for the ledger check the rule) saw a problem with a subject. While it is not
 * resolved there is one row per (tenant, check, rule, subject): a later run that sees the problem again moves
 * `last_seen` (and clears `absent_since`); once resolved, the problem seen again opens a new finding.
 */
export const dataException = pgTable(
  'data_exception',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    checkCode: text('check_code').notNull(),
    /** The ledger check's rule text; '' for the other checks. */
    rule: text('rule').notNull().default(''),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The client the subject belongs to, when there is one (for the console's link). */
    clientId: bigint('client_id', { mode: 'number' }),
    severity: text('severity').notNull(),
    /** What the check saw, as it saw it last. */
    detail: jsonb('detail').notNull().default({}),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a completed run of the check no longer saw the problem; cleared when it is seen again. */
    absentSince: timestamp('absent_since', { withTimezone: true }),
    lastRunId: bigint('last_run_id', { mode: 'number' }),
    /** open | assigned | resolved */
    status: text('status').notNull().default('open'),
    assigneeId: bigint('assignee_id', { mode: 'number' }).references(() => staffUser.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => staffUser.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('data_exception_open_subject')
      .on(t.tenantId, t.checkCode, t.rule, t.subjectType, t.subjectId)
      .where(sql`${t.status} <> 'resolved'`),
    index('data_exception_tenant_id').on(t.tenantId, t.id),
    index('data_exception_tenant_first_seen').on(t.tenantId, t.firstSeen, t.id),
    index('data_exception_tenant_last_seen').on(t.tenantId, t.lastSeen, t.id),
    index('data_exception_tenant_status').on(t.tenantId, t.status, t.id),
    check('data_exception_status', sql`${t.status} IN ('open','assigned','resolved')`),
    check(
      'data_exception_resolved_note',
      sql`${t.status} <> 'resolved' OR (${t.resolutionNote} IS NOT NULL AND ${t.resolvedAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * One run of the checks for a tenant, with its progress. At most one is running per tenant (the partial unique
 * index): two API processes that want to start one at the same moment start one. `heartbeat_at` moves after each
 * check; a running row whose heartbeat is old belongs to a process that died and is marked failed.
 */
export const dataExceptionRun = pgTable(
  'data_exception_run',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    /** schedule | manual */
    trigger: text('trigger').notNull(),
    startedBy: bigint('started_by', { mode: 'number' }).references(() => staffUser.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** running | done | failed */
    status: text('status').notNull().default('running'),
    checksDone: integer('checks_done').notNull().default(0),
    checksTotal: integer('checks_total').notNull(),
    /** Per check: status, found, new (domain CheckResult). */
    results: jsonb('results').notNull().default([]),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('data_exception_run_one_running')
      .on(t.tenantId)
      .where(sql`${t.status} = 'running'`),
    index('data_exception_run_tenant_started').on(t.tenantId, t.startedAt),
  ],
);
