/**
 * Data exceptions: recording what the checks (checks.ts) see, the runs and their progress, the per-tenant settings,
 * and the staff actions on a finding (assign, resolve with a note).
 *
 * - A run checks one tenant, check by check, each check's findings recorded in one transaction: a problem already
 *   open moves its `last_seen` (one row per open (tenant, check, rule, subject): the partial unique index), a new one
 *   opens a finding. An open finding that a complete run of its check no longer sees gets `absent_since` and stays
 *   open: a person resolves it with a note (what was done, or that it fixed itself), nothing is closed unseen.
 * - At most one run per tenant is running (partial unique index on the run table), whichever API process started it;
 *   a run whose process died (no heartbeat for STALE_MINUTES) is marked failed by the next claim.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DATA_CHECKS,
  DATA_EXCEPTION_LIMITS,
  dataException,
  type Assignee,
  type CheckResult,
  type DataCheck,
  type DataExceptionConfig,
  type DataExceptionDetail,
  type DataExceptionRow,
  type DataExceptionRun,
  type DataExceptionStatus,
} from '../../../domain/data-exception';
import type { Db } from '../../db/client';
import { client, dataException as finding, dataExceptionRun as run, setting, staffUser } from '../../db/schema';
import { allowed, requires, effectiveGrants, tenantPermissions } from '../../core/access';
import { writeAudit } from '../../core/audit';
import type { Executor, Tx } from '../../core/db';
import { tenantList } from '../../core/tenant-list';
import { NotFoundError, StateConflictError, ValidationError } from '../../core/errors';
import { withRetry } from '../../core/retry';
import type { CheckReport } from '../../ledger';
import { runCheck, type CheckOutcome, type Finding } from './checks';

/** The per-tenant settings document of the checks. */
export const SETTING_KEY = 'data_exception';
/** A running run without a heartbeat for this long belongs to a process that died. */
export const STALE_MINUTES = 15;
/** How many runs the status answers. */
const RUNS_SHOWN = 5;
const iso = (v: Date | string | null): string | null => (v == null ? null : new Date(v).toISOString());

// ---------------------------------------------------------------------------------------------------------------
// Findings: list, detail

const assignee = alias(staffUser, 'assignee');
const resolver = alias(staffUser, 'resolver');

const columns = {
  id: finding.id,
  checkCode: finding.checkCode,
  rule: finding.rule,
  severity: finding.severity,
  subjectType: finding.subjectType,
  subjectId: finding.subjectId,
  clientId: finding.clientId,
  clientUsername: client.username,
  status: finding.status,
  assigneeId: finding.assigneeId,
  assigneeName: assignee.name,
  firstSeen: finding.firstSeen,
  lastSeen: finding.lastSeen,
  absentSince: finding.absentSince,
  resolutionNote: finding.resolutionNote,
  resolvedBy: finding.resolvedBy,
  resolvedByName: resolver.name,
  resolvedAt: finding.resolvedAt,
};

/** Findings with the names of their client, assignee and resolver, and `_cursor`, open for WHERE. */
function selectFindings(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({ ...columns, detail: finding.detail, _cursor: cursor })
    .from(finding)
    .leftJoin(client, eq(client.id, finding.clientId))
    .leftJoin(assignee, eq(assignee.id, finding.assigneeId))
    .leftJoin(resolver, eq(resolver.id, finding.resolvedBy))
    .$dynamic();
}

type Raw = Awaited<ReturnType<typeof selectFindings>>[number];

/** A finding as the list answers it. */
export function presentFinding(r: Raw): DataExceptionRow {
  return {
    id: r.id,
    check: r.checkCode as DataExceptionRow['check'],
    rule: r.rule || null,
    severity: r.severity as DataExceptionRow['severity'],
    subject_type: r.subjectType as DataExceptionRow['subject_type'],
    subject_id: r.subjectId,
    client_id: r.clientId,
    client_username: r.clientUsername,
    status: r.status as DataExceptionRow['status'],
    assignee_id: r.assigneeId,
    assignee_name: r.assigneeName,
    first_seen: iso(r.firstSeen)!,
    last_seen: iso(r.lastSeen)!,
    absent_since: iso(r.absentSince),
    resolution_note: r.resolutionNote,
    resolved_by: r.resolvedBy,
    resolved_by_name: r.resolvedByName,
    resolved_at: iso(r.resolvedAt),
  };
}

/** The findings list (and CSV export) of the tenant. */
export const dataExceptionListSpec = tenantList(finding, 'Finding', {
  def: dataException,
  columns: {
    id: finding.id,
    check: finding.checkCode,
    severity: finding.severity,
    subject_type: finding.subjectType,
    status: finding.status,
    assignee_id: finding.assigneeId,
    first_seen: finding.firstSeen,
    last_seen: finding.lastSeen,
  },
  select: selectFindings,
  present: presentFinding,
  description:
    "The tenant's data-exception findings (what the checks saw: check, ledger rule, severity, subject and its client, " +
    'status, assignee, first and last seen, absent_since when a later complete run no longer saw it, the resolution), ' +
    'newest first by default. Filters: check, severity, subject_type, status (comma lists), assignee_id, first_seen ' +
    "days (first_seen_from / first_seen_to, in the tenant's time zone).",
});

/** One finding of the tenant with its detail; else 404. */
export async function findingOf(db: Executor, tenantId: string, id: number): Promise<DataExceptionDetail> {
  const [row] = await selectFindings(db)
    .where(and(eq(finding.id, id), eq(finding.tenantId, tenantId)))
    .limit(1);
  if (!row) throw new NotFoundError('Finding');
  return { ...presentFinding(row), detail: (row.detail ?? {}) as Record<string, unknown> };
}

// ---------------------------------------------------------------------------------------------------------------
// Assign, resolve

/** Who may be given findings: active staff of the tenant whose role may read the page. */
export async function assignees(db: Executor, tenantId: string): Promise<Assignee[]> {
  const staff = await db
    .select({ id: staffUser.id, name: staffUser.name, username: staffUser.username, role: staffUser.role })
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, tenantId), eq(staffUser.active, true)))
    .orderBy(staffUser.name, staffUser.id);
  const mayRead = requires(dataException.resource, 'read');
  // The tenant's narrowed grants: a role whose read the tenant removed is not offered.
  const narrowed = await tenantPermissions(db, tenantId);
  return staff
    .filter((s) => {
      try {
        return allowed(effectiveGrants(s.role, narrowed), mayRead);
      } catch {
        return false; // a role without a permissions file
      }
    })
    .map(({ id, name, username }) => ({ id, name, username }));
}

/** The finding locked for a change; 404 outside the tenant, 409 once resolved. */
async function openFinding(tx: Tx, tenantId: string, id: number, action: string) {
  const [row] = await tx
    .select({ status: finding.status })
    .from(finding)
    .where(and(eq(finding.id, id), eq(finding.tenantId, tenantId)))
    .for('update');
  if (!row) throw new NotFoundError('Finding');
  if (row.status === 'resolved') throw new StateConflictError('The finding', 'resolved', action);
}

/** Gives a finding (not resolved) to a staff member who may read the page; it becomes assigned. */
export async function assignFinding(
  tx: Tx,
  tenantId: string,
  id: number,
  assigneeId: number,
): Promise<DataExceptionDetail> {
  await openFinding(tx, tenantId, id, 'assigned');
  if (!(await assignees(tx, tenantId)).some((a) => a.id === assigneeId)) {
    throw new ValidationError({
      assignee_id: {
        code: 'invalid',
        message: 'Assignee is not an active staff member of this tenant who may read data exceptions',
      },
    });
  }
  await tx
    .update(finding)
    .set({ status: 'assigned', assigneeId, assignedAt: sql`now()` })
    .where(and(eq(finding.id, id), eq(finding.tenantId, tenantId)));
  return findingOf(tx, tenantId, id);
}

/** Resolves a finding with a note (required after trimming). */
export async function resolveFinding(
  tx: Tx,
  staff: { id: number; tenantId: string },
  id: number,
  note: string,
): Promise<DataExceptionDetail> {
  const text = note.trim();
  if (!text) throw new ValidationError({ note: { code: 'required', message: 'Note is required' } });
  await openFinding(tx, staff.tenantId, id, 'resolved');
  await tx
    .update(finding)
    .set({ status: 'resolved', resolutionNote: text, resolvedBy: staff.id, resolvedAt: sql`now()` })
    .where(and(eq(finding.id, id), eq(finding.tenantId, staff.tenantId)));
  return findingOf(tx, staff.tenantId, id);
}

// ---------------------------------------------------------------------------------------------------------------
// Settings and status

/** The tenant's settings of the checks (defaults when never saved). */
export async function readConfig(db: Executor, tenantId: string): Promise<DataExceptionConfig> {
  const [row] = await db
    .select({ value: setting.value })
    .from(setting)
    .where(and(eq(setting.tenantId, tenantId), eq(setting.key, SETTING_KEY)));
  const hours = (row?.value as Partial<DataExceptionConfig> | undefined)?.pending_hours;
  const { min, max } = DATA_EXCEPTION_LIMITS.pendingHours;
  return {
    pending_hours:
      Number.isInteger(hours) && hours! >= min && hours! <= max ? hours! : DATA_EXCEPTION_LIMITS.pendingHours.default,
  };
}

/** Saves the tenant's settings of the checks. */
export async function saveConfig(tx: Tx, tenantId: string, body: DataExceptionConfig): Promise<DataExceptionConfig> {
  const value = { pending_hours: body.pending_hours };
  await tx
    .insert(setting)
    .values({ tenantId, key: SETTING_KEY, value })
    .onConflictDoUpdate({ target: [setting.tenantId, setting.key], set: { value, updatedAt: sql`now()` } });
  return readConfig(tx, tenantId);
}

const starter = alias(staffUser, 'starter');

/** A run as the API answers it. */
function presentRun(r: typeof run.$inferSelect & { startedByName: string | null }): DataExceptionRun {
  return {
    id: r.id,
    trigger: r.trigger as DataExceptionRun['trigger'],
    status: r.status as DataExceptionRun['status'],
    started_at: iso(r.startedAt)!,
    finished_at: iso(r.finishedAt),
    started_by_name: r.startedByName,
    checks_done: r.checksDone,
    checks_total: r.checksTotal,
    results: (r.results ?? []) as CheckResult[],
  };
}

/** The tenant's runs, newest first (`id`: that one only). */
async function runsOf(db: Executor, tenantId: string, id?: number): Promise<DataExceptionRun[]> {
  const rows = await db
    .select({ r: run, startedByName: starter.name })
    .from(run)
    .leftJoin(starter, eq(starter.id, run.startedBy))
    .where(and(eq(run.tenantId, tenantId), id === undefined ? undefined : eq(run.id, id)))
    .orderBy(desc(run.id))
    .limit(RUNS_SHOWN);
  return rows.map(({ r, startedByName }) => presentRun({ ...r, startedByName }));
}

/** The settings, the schedule and the latest runs. */
export async function readStatus(
  db: Executor,
  tenantId: string,
  scheduleMinutes: number,
): Promise<DataExceptionStatus> {
  const [config, runs] = await Promise.all([readConfig(db, tenantId), runsOf(db, tenantId)]);
  return { ...config, schedule_minutes: scheduleMinutes, runs };
}

// ---------------------------------------------------------------------------------------------------------------
// Runs

const pendingResults = (): CheckResult[] =>
  DATA_CHECKS.map((check) => ({ check, status: 'pending', found: 0, new: 0 }));

/**
 * Claims the tenant's next run: marks a dead running run failed, then inserts a running one unless one is running
 * (or, `gapMinutes` given, unless one started that recently). Answers the new run's id, or null.
 */
export async function claimRun(
  db: Executor,
  tenantId: string,
  trigger: 'schedule' | 'manual',
  startedBy: number | null,
  gapMinutes?: number,
): Promise<number | null> {
  await db
    .update(run)
    .set({ status: 'failed', finishedAt: sql`now()`, error: 'abandoned: no heartbeat' })
    .where(
      and(
        eq(run.tenantId, tenantId),
        eq(run.status, 'running'),
        sql`${run.heartbeatAt} < now() - make_interval(mins => ${STALE_MINUTES})`,
      ),
    );
  const recent =
    gapMinutes === undefined
      ? sql``
      : sql`WHERE NOT EXISTS (SELECT 1 FROM data_exception_run r WHERE r.tenant_id = ${tenantId}
          AND r.started_at > now() - make_interval(secs => ${Math.max(0, gapMinutes * 60 - 30)}))`;
  const res = await db.execute(
    sql`INSERT INTO data_exception_run (tenant_id, trigger, started_by, checks_total, results)
      SELECT ${tenantId}, ${trigger}, ${startedBy}, ${DATA_CHECKS.length}, ${JSON.stringify(pendingResults())}::jsonb
      ${recent}
      ON CONFLICT (tenant_id) WHERE status = 'running' DO NOTHING
      RETURNING id::text AS id`,
  );
  const row = res.rows[0] as { id: string } | undefined;
  return row ? Number(row.id) : null;
}

/**
 * Starts a run on demand inside the caller's transaction: answers the new run, or the one already running (which the
 * caller then only reports).
 */
export async function claimManualRun(
  tx: Tx,
  staff: { id: number; tenantId: string },
): Promise<{ run: DataExceptionRun; started: boolean }> {
  // The run that blocked the claim can end between the two statements (a small tenant's run takes milliseconds): then
  // there is none to report and the claim is tried again, which now starts one.
  for (;;) {
    const id = await claimRun(tx, staff.tenantId, 'manual', staff.id);
    if (id !== null) return { run: (await runsOf(tx, staff.tenantId, id))[0], started: true };
    const [running] = await tx
      .select({ id: run.id })
      .from(run)
      .where(and(eq(run.tenantId, staff.tenantId), eq(run.status, 'running')));
    if (running) return { run: (await runsOf(tx, staff.tenantId, running.id))[0], started: false };
  }
}

/** Findings keyed by subject (one per key; the first wins), so one statement never touches a row twice. */
function unique(findings: Finding[]): Finding[] {
  const byKey = new Map<string, Finding>();
  for (const f of findings) {
    const key = `${f.rule}\u0000${f.subjectType}\u0000${f.subjectId}`;
    if (!byKey.has(key)) byKey.set(key, f);
  }
  return [...byKey.values()];
}

const BATCH = 200;

/** Records one check's outcome for a tenant in one transaction; answers how many findings it opened. */
export async function recordOutcome(
  tx: Tx,
  tenantId: string,
  runId: number,
  check: DataCheck,
  outcome: CheckOutcome,
): Promise<number> {
  let opened = 0;
  const all = unique(outcome.findings);
  for (let i = 0; i < all.length; i += BATCH) {
    const rows = await tx
      .insert(finding)
      .values(
        all.slice(i, i + BATCH).map((f) => ({
          tenantId,
          checkCode: check,
          rule: f.rule,
          subjectType: f.subjectType,
          subjectId: f.subjectId,
          clientId: f.clientId,
          severity: f.severity,
          detail: f.detail,
          lastRunId: runId,
        })),
      )
      .onConflictDoUpdate({
        target: [finding.tenantId, finding.checkCode, finding.rule, finding.subjectType, finding.subjectId],
        targetWhere: sql`status <> 'resolved'`,
        set: {
          lastSeen: sql`now()`,
          detail: sql`excluded.detail`,
          severity: sql`excluded.severity`,
          clientId: sql`excluded.client_id`,
          absentSince: null,
          lastRunId: runId,
        },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    opened += rows.filter((r) => r.inserted === true || String(r.inserted) === 'true').length;
  }
  // Open findings of this check that this run did not see (where it saw everything) are marked absent.
  await tx
    .update(finding)
    .set({ absentSince: sql`now()` })
    .where(
      and(
        eq(finding.tenantId, tenantId),
        eq(finding.checkCode, check),
        sql`${finding.status} <> 'resolved'`,
        sql`${finding.absentSince} IS NULL`,
        sql`${finding.lastRunId} IS DISTINCT FROM ${runId}`,
        outcome.partial.length
          ? sql`NOT (${finding.rule} = ANY (${`{${outcome.partial.map(pgText).join(',')}}`}::text[]))`
          : undefined,
      ),
    );
  return opened;
}

/** An element of a PostgreSQL text array literal. */
const pgText = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Performs a claimed run: each check in turn, its findings recorded, the progress saved after each; then the run's
 * outcome and its audit row (who started it, the counts per check). A failing check fails the run but not the others.
 */
export async function executeRun(
  db: Db,
  runId: number,
  tenantId: string,
  ledger: () => Promise<CheckReport>,
): Promise<DataExceptionRun> {
  const { pending_hours: pendingHours } = await readConfig(db, tenantId);
  const results = pendingResults();
  const errors: string[] = [];
  for (const [i, check] of DATA_CHECKS.entries()) {
    try {
      const outcome = await runCheck(db, check, { tenantId, pendingHours, ledger });
      const opened = await withRetry(db, (tx) => recordOutcome(tx, tenantId, runId, check, outcome));
      results[i] = { check, status: 'done', found: outcome.findings.length, new: opened };
    } catch (e) {
      results[i] = { check, status: 'failed', found: 0, new: 0 };
      errors.push(`${check}: ${(e as Error).message}`.slice(0, 500));
    }
    await db
      .update(run)
      .set({ checksDone: i + 1, results, heartbeatAt: sql`now()` })
      .where(eq(run.id, runId));
  }
  const status = errors.length ? 'failed' : 'done';
  const [done] = await db
    .update(run)
    .set({ status, finishedAt: sql`now()`, error: errors.length ? errors.join('\n') : null })
    .where(eq(run.id, runId))
    .returning({ trigger: run.trigger, startedBy: run.startedBy });
  const [who] = done?.startedBy
    ? await db.select({ username: staffUser.username }).from(staffUser).where(eq(staffUser.id, done.startedBy))
    : [];
  await writeAudit(db, {
    action: 'data_exception.run_done',
    resource: dataException.resource,
    targetId: runId,
    result: status === 'done' ? 'success' : 'failure',
    tenantId,
    userId: done?.startedBy ?? null,
    username: who?.username ?? (done?.trigger === 'schedule' ? 'system:schedule' : null),
    after: { trigger: done?.trigger, results },
    detail: errors.length ? errors.join('\n').slice(0, 1000) : undefined,
  });
  return (await runsOf(db, tenantId, runId))[0];
}
