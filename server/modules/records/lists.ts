/**
 * Scoped, paged lists of the money records (deposit, withdrawal, overdrawn) joined with their client.
 *
 * Paging, sorting, keyset cursors and totals: server/core/list.ts (listPage). The data scope reads the record's own
 * agent_id (scope.ts recordScope), so a salesman's list walks the (tenant_id, agent_id, created_at, id) index; the
 * client is joined only when a filter reads it, and for the page's rows.
 *
 * Detail: the same join for one record (recordDetail), plus the staff names of who created, resolved and rolled it back.
 * Every record view (list row, detail) is the kind's presenter plus the joined names (`withNames`).
 *
 * Export: the same WHERE (filters and data scope, built once by `recordWhere`) streamed as CSV in keyset batches of
 * EXPORT_BATCH by id; amounts are the stored decimal strings.
 */
import type { Readable } from 'node:stream';
import { and, asc, eq, getTableName, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { client, depositRecord, overdrawnRecord, withdrawRecord } from '../../db/schema';
import { staffUser } from '../../db/schema';
import type { FastifyReply } from 'fastify';
import {
  afterId,
  COUNT_CAP,
  csvStream,
  EXPORT_BATCH,
  listPage,
  listTotal,
  paging,
  sendCsv,
  startsWith,
  type CsvColumn,
  type ListParams,
  type SortSpec,
} from '../../core/list';
import { canonicalTxHash, CRYPTO_CHAINS, isCryptoChain } from '../../../domain/crypto-chains';
import { NotFoundError, ValidationError } from '../../core/errors';
import type { Executor } from '../../core/db';
import { presentDeposit } from '../deposit/service';
import type { Actor } from './common';
import { CREDIT_SUB_TYPES, presentOverdrawn } from '../overdrawn/service';
import { recordScope } from '../../core/scope';
import { presentWithdraw } from '../withdraw/service';

export type ListQuery = Record<string, unknown>;

const bool = (v: unknown, field: string): boolean | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 'true' || v === '1' || v === 'fake') return true;
  if (v === false || v === 'false' || v === '0' || v === 'real') return false;
  throw new ValidationError({ [field]: `${field} must be true or false` });
};

const date = (v: unknown, field: string): Date | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const d = new Date(String(v));
  if (Number.isNaN(d.getTime())) throw new ValidationError({ [field]: `${field} must be a date` });
  return d;
};

type DepositRow = typeof depositRecord.$inferSelect;
type WithdrawRow = typeof withdrawRecord.$inferSelect;
type OverdrawnRow = typeof overdrawnRecord.$inferSelect;

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
  _cursor: string;
}

/** One record list: its table, its own filters, how a row is answered and exported. */
interface RecordKind<R, V> {
  table: typeof depositRecord | typeof withdrawRecord | typeof overdrawnRecord;
  extra: (q: ListQuery) => SQL[];
  present: (r: R) => V;
  csv: CsvColumn<Joined<R>>[];
}

/** The sort keys of every record list. */
export const RECORD_SORT_KEYS = ['id', 'created_at', 'amount', 'status', 'resolved_at'] as const;

const sortSpec = (t: RecordKind<any, any>['table']): SortSpec => ({
  columns: { id: t.id, created_at: t.createdAt, amount: t.amount, status: t.status, resolved_at: t.resolvedAt },
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  tiebreak: t.id,
  nullable: ['resolved_at'],
});

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
  const from = date(q.created_at_gte ?? q.start, 'created_at_gte');
  const toRaw = q.created_at_lte ?? q.end;
  const to = date(toRaw, 'created_at_lte');
  if (from) conds.push(gte(t.createdAt, from));
  // A bare date includes that whole day.
  if (to)
    conds.push(lt(t.createdAt, new Date(to.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(String(toRaw)) ? 86_400_000 : 1))));
  return and(...conds, ...kind.extra(q));
}

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
async function recordDetail<R, V>(tx: Executor, actor: Actor, kind: RecordKind<R, V>, id: number, what: string) {
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

async function listRecords<R, V>(tx: Executor, actor: Actor, kind: RecordKind<R, V>, q: ListQuery) {
  const plan = paging(q as ListParams, sortSpec(kind.table));
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
  "CSV (UTF-8 with BOM, header row first) of every record the list's filters match in the caller's data scope, " +
  `streamed in keyset batches of ${EXPORT_BATCH} by id (paging and sort are ignored); amounts are the stored decimal ` +
  `strings. \`X-Total-Count\` announces the row count when it is exact (at most ${COUNT_CAP} matches).`;

/** A streamed CSV export and, when exactly known (at most COUNT_CAP), the number of rows it will hold. */
export interface RecordExport {
  csv: Readable;
  total: number | null;
}

/** Sends an export as a CSV attachment, with `X-Total-Count` (the console's progress) when the total is exact. */
export function sendRecordExport(reply: FastifyReply, filename: string, exp: RecordExport): FastifyReply {
  if (exp.total !== null) reply.header('x-total-count', String(exp.total));
  return sendCsv(reply, filename, exp.csv);
}

async function exportRecords<R>(
  tx: Executor,
  actor: Actor,
  kind: RecordKind<R, unknown>,
  q: ListQuery,
): Promise<RecordExport> {
  const where = recordWhere(actor, kind, q);
  const { total, total_is_estimate: estimate } = await listTotal(tx, recordFrom(kind, q), where);
  const batch = (last: Joined<R> | null): Promise<Joined<R>[]> =>
    selectJoined(tx, kind, afterId(where, kind.table.id, last ? (last.r as { id: number }).id : null))
      .orderBy(asc(kind.table.id))
      .limit(EXPORT_BATCH);
  return { csv: csvStream(kind.csv, batch), total: estimate ? null : total };
}

/** A CSV column reading a field of the record itself. */
const field = <R>(header: string, get: (r: R) => unknown): CsvColumn<Joined<R>> => ({
  header,
  value: (x) => get(x.r),
});

/** The leading columns of every record export: the record id and its client. */
function clientColumns<R extends { id: number; clientId: number }>(): CsvColumn<Joined<R>>[] {
  return [
    field('id', (r) => r.id),
    field('client_id', (r) => r.clientId),
    { header: 'username', value: (x) => x.username },
    { header: 'full_name', value: (x) => x.fullName },
    { header: 'type', value: (x) => (x.fake ? 'robot' : 'real') },
    { header: 'agent_name', value: (x) => x.agentName },
  ];
}

const subTypeFilter = (column: PgColumn) => (q: ListQuery) => (q.sub_type ? [eq(column, String(q.sub_type))] : []);

const DEPOSITS: RecordKind<DepositRow, ReturnType<typeof presentDeposit>> = {
  table: depositRecord,
  extra: subTypeFilter(depositRecord.subType),
  present: presentDeposit,
  csv: [
    ...clientColumns<DepositRow>(),
    field('account_id', (r) => r.accountId),
    field('currency', (r) => r.currency),
    field('amount', (r) => r.amount),
    field('rate', (r) => r.rate),
    field('credit_currency', (r) => r.creditCurrency),
    field('credit_amount', (r) => r.creditAmount),
    field('sub_type', (r) => r.subType),
    field('chain', (r) => r.chain),
    field('address', (r) => r.address),
    field('tx_hash', (r) => r.txHash),
    field('source', (r) => r.source),
    field('status', (r) => r.status),
    field('remark', (r) => r.remark),
    field('created_at', (r) => r.createdAt),
    field('resolved_at', (r) => r.resolvedAt),
    field('rolled_back_at', (r) => r.rolledBackAt),
  ],
};

const WITHDRAWALS: RecordKind<WithdrawRow, ReturnType<typeof presentWithdraw>> = {
  table: withdrawRecord,
  extra: () => [],
  present: presentWithdraw,
  csv: [
    ...clientColumns<WithdrawRow>(),
    field('account_id', (r) => r.accountId),
    field('currency', (r) => r.currency),
    field('amount', (r) => r.amount),
    field('status', (r) => r.status),
    field('remark', (r) => r.remark),
    field('created_at', (r) => r.createdAt),
    field('resolved_at', (r) => r.resolvedAt),
    field('rolled_back_at', (r) => r.rolledBackAt),
  ],
};

const OVERDRAWN: RecordKind<OverdrawnRow, ReturnType<typeof presentOverdrawn>> = {
  table: overdrawnRecord,
  // sub_type `credit`: compensation and bonus together (the bonus-point records page).
  extra: (q) =>
    q.sub_type === 'credit'
      ? [inArray(overdrawnRecord.subType, [...CREDIT_SUB_TYPES])]
      : subTypeFilter(overdrawnRecord.subType)(q),
  present: presentOverdrawn,
  csv: [
    ...clientColumns<OverdrawnRow>(),
    field('account_id', (r) => r.accountId),
    field('sub_type', (r) => r.subType),
    field('currency', (r) => r.currency),
    field('amount', (r) => r.amount),
    field('repaid', (r) => r.repaid),
    field('owed', (r) => presentOverdrawn(r).owed),
    field('status', (r) => r.status),
    field('remark', (r) => r.remark),
    field('created_at', (r) => r.createdAt),
    field('resolved_at', (r) => r.resolvedAt),
    field('rolled_back_at', (r) => r.rolledBackAt),
  ],
};

/** Header rows of the record exports, by list. */
export const RECORD_CSV_HEADERS = {
  deposit: DEPOSITS.csv.map((c) => c.header),
  withdraw: WITHDRAWALS.csv.map((c) => c.header),
  overdrawn: OVERDRAWN.csv.map((c) => c.header),
};

/**
 * The crypto list's own filters: `chain` (exact), `tx_hash` (exact, in its canonical spelling on each chain asked).
 * A hash without a chain is looked up on every chain, (chain, hash) pair by pair, so the unique
 * (tenant_id, chain, tx_hash) index answers it.
 */
function cryptoFilters(q: ListQuery): SQL[] {
  const conds: SQL[] = [eq(depositRecord.subType, 'crypto')];
  const chain = q.chain === undefined || q.chain === null || q.chain === '' ? undefined : String(q.chain);
  if (chain !== undefined && !isCryptoChain(chain))
    throw new ValidationError({ chain: `chain must be one of ${CRYPTO_CHAINS.join(', ')}` });
  const hash = typeof q.tx_hash === 'string' && q.tx_hash.trim() ? q.tx_hash : undefined;
  if (hash === undefined) return chain ? [...conds, eq(depositRecord.chain, chain)] : conds;
  const pairs = (chain ? [chain] : CRYPTO_CHAINS).map((c) =>
    and(eq(depositRecord.chain, c), eq(depositRecord.txHash, canonicalTxHash(c, hash))),
  );
  return [...conds, or(...pairs)!];
}

/** The deposit list limited to sub_type crypto (whatever sub_type is asked), with the crypto filters. */
const CRYPTO_DEPOSITS: RecordKind<DepositRow, ReturnType<typeof presentDeposit>> = {
  ...DEPOSITS,
  extra: cryptoFilters,
};

/** GET /deposit/admin/v1/list: filters fake, status, currency, sub_type, username (prefix), client_id, agent_id, created_at range. */
export const listDeposits = (tx: Executor, actor: Actor, q: ListQuery) => listRecords(tx, actor, DEPOSITS, q);
/** GET /deposit/admin/v1/list/export: every deposit the list's filters and scope match, as CSV. */
export const exportDeposits = (tx: Executor, actor: Actor, q: ListQuery) => exportRecords(tx, actor, DEPOSITS, q);
/** GET /deposit/admin/v1/crypto/list: the deposit list limited to sub_type crypto, plus filters chain and tx_hash. */
export const listCryptoDeposits = (tx: Executor, actor: Actor, q: ListQuery) =>
  listRecords(tx, actor, CRYPTO_DEPOSITS, q);
/** GET /deposit/admin/v1/crypto/list/export: the crypto list's records (same filters) as CSV. */
export const exportCryptoDeposits = (tx: Executor, actor: Actor, q: ListQuery) =>
  exportRecords(tx, actor, CRYPTO_DEPOSITS, q);

/** GET /withdraw/admin/v1/list: the same filters as deposits (without sub_type). */
export const listWithdrawals = (tx: Executor, actor: Actor, q: ListQuery) => listRecords(tx, actor, WITHDRAWALS, q);
/** GET /withdraw/admin/v1/list/export: every withdrawal the list's filters and scope match, as CSV. */
export const exportWithdrawals = (tx: Executor, actor: Actor, q: ListQuery) => exportRecords(tx, actor, WITHDRAWALS, q);

/** GET /overdrawn/admin/v1/record/list: `sub_type` loan | compensation | bonus | credit (compensation and bonus; all when absent) plus the common filters. */
export const listOverdrawn = (tx: Executor, actor: Actor, q: ListQuery) => listRecords(tx, actor, OVERDRAWN, q);
/** GET /overdrawn/admin/v1/record/list/export: every overdrawn record the list's filters and scope match, as CSV. */
export const exportOverdrawn = (tx: Executor, actor: Actor, q: ListQuery) => exportRecords(tx, actor, OVERDRAWN, q);

/** GET /deposit/admin/v1/detail/{id}: one deposit with its names (404 outside the scope). */
export const depositDetail = (tx: Executor, actor: Actor, id: number) =>
  recordDetail(tx, actor, DEPOSITS, id, 'Deposit');
/** GET /withdraw/admin/v1/detail/{id}: one withdrawal with its names (404 outside the scope). */
export const withdrawalDetail = (tx: Executor, actor: Actor, id: number) =>
  recordDetail(tx, actor, WITHDRAWALS, id, 'Withdrawal');
/** GET /overdrawn/admin/v1/detail/{id}: one loan, compensation or bonus with its names (404 outside the scope). */
export const overdrawnDetail = (tx: Executor, actor: Actor, id: number) =>
  recordDetail(tx, actor, OVERDRAWN, id, 'Record');
