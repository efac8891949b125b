/**
 * Scoped, paged lists of the money records (deposit, withdrawal, overdrawn) joined with their client.
 *
 * Paging, sorting, keyset cursors and totals: server/core/list.ts (listPage); the sort whitelist is the record
 * definition's (domain/records.ts). The data scope reads the record's own agent_id (scope.ts recordScope), so a
 * salesman's list walks the (tenant_id, agent_id, created_at, id) index; the client is joined only when a filter reads
 * it, and for the page's rows.
 *
 * Detail: the same join for one record (recordDetail), plus the staff names of who created, resolved and rolled it back.
 * Every record view (list row, detail) is the kind's presenter plus the joined names (`withNames`).
 *
 * Export: the same WHERE (filters and data scope, built once by `recordWhere`) streamed as CSV or .xlsx (`format`) in
 * the list's order (sort and order as the list takes them), in keyset batches of EXPORT_BATCH (OFFSET for a nullable
 * sort); the columns are the definition's (core/entity.ts csvColumns: headers in `lang`, labels, times in `tz`).
 *
 * Each kind (its table, own filters, presenter and CSV definition: RecordKind) is declared by the module that owns it
 * (deposit/lists.ts, withdraw/lists.ts, overdrawn/lists.ts): records/ imports none of the modules that use it.
 */
import type { Readable } from 'node:stream';
import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { client, depositRecord, overdrawnRecord, withdrawRecord } from '../../db/schema';
import { staffUser } from '../../db/schema';
import type { FastifyReply } from 'fastify';
import {
  COUNT_CAP,
  EXPORT_BATCH,
  exportStream,
  listPage,
  listTotal,
  paging,
  sendExport,
  startsWith,
  type ListParams,
  type PagePlan,
  type SortSpec,
} from '../../core/list';
import { csvColumns, dayOrTimeRange, sheetTitle, type ExportParams } from '../../core/entity';
import { sortFields, type EntityDef, type Language } from '../../../domain/entity';
import { deposit } from '../../../domain/records';
import type { ApprovalKind, RecordApprovalState } from '../../../domain/approval';
import { NotFoundError, ValidationError } from '../../core/errors';
import type { Executor } from '../../core/db';
import type { Actor } from './common';
import { recordScope } from '../../core/scope';
import { tenantTimeZone } from '../setting/service';

/** A record list's querystring as its route's schema (records/schemas.ts recordListQuery) has checked it. */
export type ListQuery = ListParams & Record<string, unknown>;

const bool = (v: unknown, field: string): boolean | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 'true' || v === '1' || v === 'fake') return true;
  if (v === false || v === 'false' || v === '0' || v === 'real') return false;
  throw new ValidationError({ [field]: `${field} must be true or false` });
};

/** A record joined with its client and agent, as the lists and exports read it. */
export interface Joined<R> {
  r: R;
  username: string;
  fullName: string | null;
  fake: boolean;
  agentName: string | null;
  /** Details only: the staff names behind created_by, resolved_by and rolled_back_by. */
  createdByName?: string | null;
  resolvedByName?: string | null;
  rolledBackByName?: string | null;
  /** The record's pending approval (maker-checker), if any. */
  approval: unknown;
  _cursor: string;
}

/** One record list: its table, its own filters, how a row is answered, and the definition of its CSV columns. */
export interface RecordKind<R, V> {
  table: typeof depositRecord | typeof withdrawRecord | typeof overdrawnRecord;
  extra: (q: ListQuery) => SQL[];
  present: (r: R) => V;
  /** The record definition whose exported fields are the CSV's columns (by the query: an overdrawn sub_type's). */
  def: (q: ListQuery) => EntityDef;
}

/** The sort keys of every record list: the record definitions' (the same for each). */
export const RECORD_SORT_KEYS = sortFields(deposit);

/** The sort column of each sort key; resolved_at is nullable (paged by OFFSET). */
function sortSpec(t: RecordKind<any, any>['table']): SortSpec {
  const columns: Record<string, PgColumn> = {
    id: t.id,
    created_at: t.createdAt,
    amount: t.amount,
    status: t.status,
    resolved_at: t.resolvedAt,
  };
  const { field, order } = deposit.sort;
  return {
    columns: Object.fromEntries(RECORD_SORT_KEYS.map((k) => [k, columns[k]])),
    defaultSort: field,
    defaultOrder: order,
    tiebreak: t.id,
    nullable: ['resolved_at'],
  };
}

/** Tenant, data scope (the record's agent) and every filter of the list, built once for list, count and export. */
function recordWhere(actor: Actor, kind: RecordKind<any, any>, q: ListQuery): SQL | undefined {
  const t = kind.table;
  const conds: SQL[] = [actor.staff ? recordScope(actor.staff, t) : eq(t.tenantId, actor.tenantId)];
  const fake = bool(q.fake, 'fake');
  if (fake !== undefined) conds.push(eq(client.fake, fake));
  if (q.status) conds.push(eq(t.status, String(q.status)));
  if (q.currency) conds.push(eq(t.currency, String(q.currency).toUpperCase()));
  if (q.client_id) conds.push(eq(t.clientId, Number(q.client_id)));
  if (q.username) conds.push(startsWith(client.username, String(q.username)));
  if (q.agent_id) conds.push(eq(t.agentId, Number(q.agent_id)));
  // created_at: when the record was made; resolved_at: when it was decided (the dashboard's day of a figure)
  conds.push(...dayOrTimeRange(t.createdAt, q, 'created_at', actor.tenantId));
  conds.push(...dayOrTimeRange(t.resolvedAt, q, 'resolved_at', actor.tenantId));
  return and(...conds, ...kind.extra(q));
}

/**
 * The pending approval of each record of a list (`approval` of a record view: id, kind, checkers needed, approvals so
 * far), as a correlated subquery on the partial unique index approval_pending_target (at most one per record).
 */
const pendingApprovalJson = (targetType: string, idColumn: unknown) =>
  sql<{
    id: number;
    kind: ApprovalKind;
    required_checkers: number;
    approvals: number;
  } | null>`(SELECT json_build_object('id', a.id, 'kind', a.kind, 'required_checkers', a.required_checkers, 'approvals', a.approvals)
    FROM approval a WHERE a.target_type = ${targetType} AND a.target_id = ${idColumn} AND a.status = 'pending')`;

const creator = alias(staffUser, 'creator');
const resolver = alias(staffUser, 'resolver');
const roller = alias(staffUser, 'roller');

/** The records of `where` joined with their client and agent (`detail`: and the staff names of a detail). */
function selectJoined(
  tx: Executor,
  kind: RecordKind<any, any>,
  where: SQL | undefined,
  cursorKey = sql<string>`''`,
  detail = false,
) {
  const t = kind.table;
  const names = detail
    ? { createdByName: creator.name, resolvedByName: resolver.name, rolledBackByName: roller.name }
    : {};
  const q = (tx as any)
    .select({
      r: t,
      username: client.username,
      fullName: client.fullName,
      fake: client.fake,
      agentName: staffUser.name,
      approval: pendingApprovalJson(getTableName(t), t.id),
      ...names,
      _cursor: cursorKey,
    })
    .from(t)
    .innerJoin(client, eq(client.id, t.clientId))
    .leftJoin(staffUser, eq(staffUser.id, t.agentId));
  return (
    detail
      ? q
          .leftJoin(creator, eq(creator.id, t.createdBy))
          .leftJoin(resolver, eq(resolver.id, t.resolvedBy))
          .leftJoin(roller, eq(roller.id, t.rolledBackBy))
      : q
  ).where(where);
}

/** A record view: the kind's presenter plus its client's and agent's names (a list row; `withNames(.., true)`: a detail). */
function withNames<R, V>(kind: RecordKind<R, V>, x: Joined<R>, detail = false) {
  // Object.assign onto the presented record (not a spread copy of its ~25 fields: a tenth of a list's CPU).
  return Object.assign(
    kind.present(x.r) as V & object,
    {
      username: x.username,
      full_name: x.fullName,
      fake: x.fake,
      agent_id: (x.r as { agentId: number | null }).agentId,
      agent_name: x.agentName,
      approval: (x.approval ?? null) as RecordApprovalState | null,
    },
    detail
      ? {
          created_by_name: x.createdByName ?? null,
          resolved_by_name: x.resolvedByName ?? null,
          rolled_back_by_name: x.rolledBackByName ?? null,
        }
      : {},
  );
}

/** One record in the actor's tenant and scope with its names (withNames, detail); else NotFoundError(`what`). */
export async function recordDetail<R, V>(tx: Executor, actor: Actor, kind: RecordKind<R, V>, id: number, what: string) {
  const t = kind.table;
  const scope = actor.staff ? recordScope(actor.staff, t) : eq(t.tenantId, actor.tenantId);
  const [x] = (await selectJoined(tx, kind, and(eq(t.id, id), scope), undefined, true)) as Joined<R>[];
  if (!x) throw new NotFoundError(what);
  return withNames(kind, x, true);
}

/** Whether a filter of `q` reads the client's columns (else the records table alone answers the WHERE). */
const readsClient = (q: ListQuery) => [q.fake, q.username].some((v) => v !== undefined && v !== null && v !== '');

/** The table, or the join with the client when a filter reads it, that the WHERE of `q` reads. */
const recordFrom = (kind: RecordKind<any, any>, q: ListQuery) =>
  readsClient(q)
    ? sql`${kind.table as PgTable} JOIN ${client} ON ${client.id} = ${kind.table.clientId}`
    : (kind.table as PgTable);

export async function listRecords<R, V>(tx: Executor, actor: Actor, kind: RecordKind<R, V>, q: ListQuery) {
  const plan = paging(q, sortSpec(kind.table));
  const { rows, ...page } = await listPage(
    tx,
    recordFrom(kind, q),
    recordWhere(actor, kind, q),
    plan,
    (inPage, key) => selectJoined(tx, kind, inPage, key).orderBy(...plan.orderBy),
    { name: getTableName(kind.table), search: !!q.username },
  );
  return { data: (rows as Joined<R>[]).map((x) => withNames(kind, x)), ...page };
}

/** What the OpenAPI description of a record export says. */
export const EXPORT_DESCRIPTION =
  "CSV (UTF-8 with BOM, header row first; .xlsx with `format=xlsx`) of every record the list's filters match in the caller's data scope, in " +
  `the list's order (\`sort\`, \`order\`; default newest first), streamed in batches of ${EXPORT_BATCH}. Headers, ` +
  'enum values (status, type...) and the client type in `lang` (default zh-CN), times as `YYYY-MM-DD HH:mm:ss` in `tz` ' +
  `(default the tenant's time zone); amounts are the stored decimal strings. \`X-Total-Count\` announces the row count when it ` +
  `is exact (at most ${COUNT_CAP} matches).`;

/** The file's format, language and time zone, as an export's querystring gives them. */
export type CsvOptions = ExportParams;

/** A streamed export (CSV or .xlsx) and, when exactly known (at most COUNT_CAP), the number of rows it will hold. */
export interface RecordExport {
  stream: Readable;
  format: ExportParams['format'];
  total: number | null;
}

/** Sends an export as an attachment, with `X-Total-Count` (the console's progress) when the total is exact. */
export function sendRecordExport(reply: FastifyReply, filename: string, exp: RecordExport): FastifyReply {
  if (exp.total !== null) reply.header('x-total-count', String(exp.total));
  return sendExport(reply, filename, exp.stream, exp.format);
}

/**
 * The CSV columns of a record definition (core/entity.ts csvColumns): headers in `lang`, enum values and the client
 * type as their labels, times as `YYYY-MM-DD HH:mm:ss` in `tz`.
 */
export const recordCsvColumns = (def: EntityDef, lang: Language = 'zh-CN', tz = 'Asia/Shanghai') =>
  csvColumns<Record<string, unknown>>(def, lang, tz);

/** The keyset condition after a row in the plan's order (its sort value as text and its id). */
function after(plan: PagePlan, key: string, id: number): SQL {
  const cmp = sql.raw(plan.order === 'asc' ? '>' : '<');
  return plan.column === plan.tiebreak
    ? sql`${plan.tiebreak} ${cmp} ${id}`
    : sql`(${plan.column}, ${plan.tiebreak}) ${cmp} (${key}, ${id})`;
}

export async function exportRecords<R>(
  tx: Executor,
  actor: Actor,
  kind: RecordKind<R, unknown>,
  q: ListQuery & CsvOptions,
): Promise<RecordExport> {
  const where = recordWhere(actor, kind, q);
  const { total, total_is_estimate: estimate } = await listTotal(tx, recordFrom(kind, q), where);
  const plan = paging({ sort: q.sort, order: q.order }, sortSpec(kind.table));
  const cursorKey = sql<string>`json_build_array((${plan.column})::text, ${plan.tiebreak})::text`;
  let last: [string, number] | null = null;
  let offset = 0;
  const batch = async (previous: Record<string, unknown> | null): Promise<Record<string, unknown>[]> => {
    if (previous === null) [last, offset] = [null, 0];
    const cond = last && plan.keyset ? and(where, after(plan, ...last)) : where;
    const query = selectJoined(tx, kind, cond, cursorKey)
      .orderBy(...plan.orderBy)
      .limit(EXPORT_BATCH);
    const rows = (await (plan.keyset ? query : query.offset(offset))) as Joined<R>[];
    offset += rows.length;
    const end = rows[rows.length - 1];
    last = end ? (JSON.parse(end._cursor) as [string, number]) : null;
    return rows.map((x) => withNames(kind, x) as Record<string, unknown>);
  };
  const def = kind.def(q);
  const columns = recordCsvColumns(def, q.lang, q.tz ?? (await tenantTimeZone(tx, actor.tenantId)));
  return {
    stream: exportStream(q.format, columns, batch, sheetTitle(def, q.lang ?? 'zh-CN')),
    format: q.format,
    total: estimate ? null : total,
  };
}

/** The filter on a record's sub_type, when the query asks one. */
export const subTypeFilter = (column: PgColumn) => (q: ListQuery) =>
  q.sub_type ? [eq(column, String(q.sub_type))] : [];

/**
 * One record kind's reads, as its module exports them: the list, the list's CSV export and one record's detail
 * (404 `<what> not found` outside the scope).
 */
export const recordReads = <R, V>(kind: RecordKind<R, V>, what: string) => ({
  list: (tx: Executor, actor: Actor, q: ListQuery) => listRecords(tx, actor, kind, q),
  export: (tx: Executor, actor: Actor, q: ListQuery & CsvOptions) => exportRecords(tx, actor, kind, q),
  detail: (tx: Executor, actor: Actor, id: number) => recordDetail(tx, actor, kind, id, what),
});
