/**
 * The dashboard statistics (spec sections 2 and 3 "Dashboard stat groups"): client counts, approved deposits and paid
 * withdrawals per currency in a date range, and the order exposure now, in the caller's data scope (core/scope.ts),
 * as a whole, per product kind, per team and per team × product kind.
 *
 * Every figure is read from the sums kept per agent (migration 0026_statistics: stat_client, stat_money,
 * stat_balance, stat_order, stat_order_day), which the records' own triggers move in their transactions; a range reads
 * the monthly rows of its whole months and the daily rows of the days around them, so a statistic sums a few hundred
 * rows whatever the number of clients, and each tab is one statement. ledger:check compares the kept sums with the
 * records. Amounts are summed by PostgreSQL over `numeric` columns and answered as exact decimal text; team totals are
 * SQL grouping sets over the agents' rows, never a sum made in JavaScript. Days are the tenant's (its locale setting's
 * zone, which the kept days follow: statTimeZone). An answer is reused for DASHBOARD_TTL_MS per caller and range
 * unless a write happens meanwhile (core/read-cache.ts).
 */
import { and, between, eq, gte, inArray, lt, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ARREARS_STATUSES, TRADE_PRODUCTS, type TradeProduct } from '../../../domain/trading';
import {
  EXPOSURE_KINDS,
  OPEN_STATUSES,
  type ClientCounts,
  type CurrencySum,
  type DayMoney,
  type ExposureRow,
  type KindRow,
  type ProductStats,
  type Summary,
  type TeamProductStats,
  type TeamStats,
} from '../../../domain/dashboard';
import { localDay } from '../../../domain/time-zone';
import type { Executor } from '../../core/db';
import { ValidationError } from '../../core/errors';
import { readCache } from '../../core/read-cache';
import { agentCondition, recordScope, type StaffScope } from '../../core/scope';
import { client, staffUser, statBalance, statClient, statMoney, statOrder, statOrderDay } from '../../db/schema';
import { statTimeZone } from '../setting/service';
import type { RangeQuery } from './schemas';

/** How long an answer is reused for the same caller and range (a write through the API drops it at once). */
export const DASHBOARD_TTL_MS = 10_000;

const ALL_OPEN = [...new Set([...Object.values(OPEN_STATUSES).flat(), ...ARREARS_STATUSES])];

/** A resolved date range: inclusive days in the tenant's zone. */
export interface Range {
  from: string;
  to: string;
  timeZone: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDay = (s: string) => {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

/**
 * The range of a query in the tenant's time zone (its locale setting): `from` defaults to the 1st of the current
 * month, `to` to today. 400 when a day does not exist or `to` is before `from`.
 */
export async function resolveRange(db: Executor, tenantId: string, q: RangeQuery, now = new Date()): Promise<Range> {
  const timeZone = await readCache(db).through(`dashboard:zone:${tenantId}`, DASHBOARD_TTL_MS, () =>
    statTimeZone(db, tenantId),
  );
  const today = localDay(now, timeZone);
  const from = q.from ?? `${today.slice(0, 8)}01`;
  const to = q.to ?? today;
  const errors: Record<string, string> = {};
  if (!isDay(from)) errors.from = 'from is not a day (YYYY-MM-DD)';
  if (!isDay(to)) errors.to = 'to is not a day (YYYY-MM-DD)';
  if (!Object.keys(errors).length && to < from) errors.to = 'to is before from';
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { from, to, timeZone };
}

/** A day (YYYY-MM-DD) moved by `n` days. */
const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/**
 * The kept rows of a dated sum that cover a range exactly once: the monthly rows of its whole months, the daily rows
 * of the days before and after them (or of every day, when no month is whole).
 */
export function spanRange(t: { span: AnyPgColumn; day: AnyPgColumn }, r: Pick<Range, 'from' | 'to'>): SQL {
  const months = r.from.endsWith('-01') ? r.from : firstOfMonth(addDays(firstOfMonth(r.from), 31));
  const monthsEnd = firstOfMonth(addDays(r.to, 1)); // exclusive
  if (months >= monthsEnd) return and(eq(t.span, 'day'), between(t.day, r.from, r.to))!;
  return or(
    and(eq(t.span, 'month'), gte(t.day, months), lt(t.day, monthsEnd)),
    and(eq(t.span, 'day'), gte(t.day, r.from), lt(t.day, months)),
    and(eq(t.span, 'day'), gte(t.day, monthsEnd), lte(t.day, r.to)),
  )!;
}

const sumText = (col: unknown, filter?: SQL) =>
  filter
    ? sql<string>`coalesce(sum(${col}) FILTER (WHERE ${filter}), 0.00)::text`
    : sql<string>`coalesce(sum(${col}), 0.00)::text`;
/** A sum of kept counts (clients, records, orders). */
const sumInt = (col: unknown, filter?: SQL) =>
  filter
    ? sql<number>`coalesce(sum(${col}) FILTER (WHERE ${filter}), 0)::int`
    : sql<number>`coalesce(sum(${col}), 0)::int`;

const byCurrency = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency);

/**
 * Several parts of an answer in one statement (one round trip): each part is a query whose rows come back as a JSON
 * array of objects named by its columns.
 */
async function together<K extends string>(db: Executor, parts: Record<K, SQLWrapper>): Promise<Record<K, unknown[]>> {
  const columns = Object.entries<SQLWrapper>(parts).map(
    ([name, q]) => sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (${q}) x) AS ${sql.identifier(name)}`,
  );
  const res = await db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`);
  const row = res.rows[0] as Record<K, unknown[] | string>;
  // A driver that leaves json as text (none of ours today) still answers arrays.
  return Object.fromEntries(
    Object.entries<unknown[] | string>(row).map(([k, v]) => [k, typeof v === 'string' ? JSON.parse(v) : v]),
  ) as Record<K, unknown[]>;
}

/** The client counts (all of them, and those registered in the range) over the kept client counts. */
const clientCountColumns = () => {
  const all = eq(statClient.span, 'all');
  const inRange = sql`${statClient.span} <> 'all'`;
  return {
    total: sumInt(statClient.clients, all).as('total'),
    robot: sumInt(statClient.clients, and(all, sql`${statClient.fake}`)).as('robot'),
    new: sumInt(statClient.clients, inRange).as('new'),
    newReal: sumInt(statClient.clients, and(inRange, sql`NOT ${statClient.fake}`)).as('newReal'),
  };
};
/** The kept client rows of a range, plus the all-time ones. */
const clientRows = (r: Range) => or(eq(statClient.span, 'all'), spanRange(statClient, r))!;
type Counts = { total: number; robot: number; new: number; newReal: number };
const presentCounts = (c: Counts | undefined): ClientCounts => ({
  total: c?.total ?? 0,
  real: (c?.total ?? 0) - (c?.robot ?? 0),
  robot: c?.robot ?? 0,
  new: c?.new ?? 0,
  new_real: c?.newReal ?? 0,
});

/** The condition "open order" of each kind (an OR over the kinds), optionally for some kinds only. */
const openOrder = (kinds: readonly TradeProduct[] = TRADE_PRODUCTS) =>
  or(...kinds.map((k) => and(eq(statOrder.kind, k), inArray(statOrder.status, [...OPEN_STATUSES[k]]))))!;
const arrears = () => inArray(statOrder.status, [...ARREARS_STATUSES]);
/** The kept orders that are open or owe, in the caller's scope. */
const openOrOwing = (staff: StaffScope) => and(recordScope(staff, statOrder), inArray(statOrder.status, ALL_OPEN))!;

/* --------------------------------------------------------------------------------------------------------------- */
/* Summary                                                                                                          */

/** Approved deposits (credited amount, in the account's currency) or paid withdrawals resolved in the range. */
const moneySums = (db: Executor, staff: StaffScope, r: Range, kind: 'deposit' | 'withdrawal') =>
  db
    .select({
      currency: statMoney.currency,
      amount: sumText(statMoney.amount).as('amount'),
      count: sumInt(statMoney.records).as('count'),
    })
    .from(statMoney)
    .where(and(recordScope(staff, statMoney), eq(statMoney.kind, kind), spanRange(statMoney, r)))
    .groupBy(statMoney.currency)
    .having(sql`sum(${statMoney.records}) <> 0`);

/** The kept day rows of approved deposits and paid withdrawals in the range, per day, kind and currency. */
const dailySums = (db: Executor, staff: StaffScope, r: Range) =>
  db
    .select({
      day: sql<string>`${statMoney.day}::text`.as('day'),
      kind: statMoney.kind,
      currency: statMoney.currency,
      amount: sumText(statMoney.amount).as('amount'),
      count: sumInt(statMoney.records).as('count'),
    })
    .from(statMoney)
    .where(and(recordScope(staff, statMoney), eq(statMoney.span, 'day'), between(statMoney.day, r.from, r.to)))
    .groupBy(statMoney.day, statMoney.kind, statMoney.currency)
    .having(sql`sum(${statMoney.records}) <> 0`);

/** Folds (day, kind, currency) sums into one entry per day, in day order, currencies in order. */
function dayRows(rows: { day: string; kind: string; currency: string; amount: string; count: number }[]): DayMoney[] {
  const days = new Map<string, DayMoney>();
  for (const x of [...rows].sort((a, b) => a.day.localeCompare(b.day) || byCurrency(a, b))) {
    const entry = days.get(x.day) ?? { day: x.day, deposits: [], withdrawals: [] };
    days.set(x.day, entry);
    (x.kind === 'deposit' ? entry.deposits : entry.withdrawals).push({
      currency: x.currency,
      amount: x.amount,
      count: x.count,
    });
  }
  return [...days.values()];
}

const NO_EXPOSURE = {
  fo_amount: '0.00',
  otc_amount: '0.00',
  quant_amount: '0.00',
  ipo_amount: '0.00',
  funds_amount: '0.00',
  arrears_amount: '0.00',
  arrears_orders: 0,
};

/**
 * The summary: client counts, deposits, withdrawals (in the range, and per day of it) and exposure in the caller's
 * scope.
 */
export function summary(db: Executor, staff: StaffScope, r: Range): Promise<Summary> {
  return cached(db, 'summary', staff, r, async () => {
    const p = await together(db, {
      clients: db
        .select(clientCountColumns())
        .from(statClient)
        .where(and(recordScope(staff, statClient), clientRows(r))),
      deposits: moneySums(db, staff, r, 'deposit'),
      withdrawals: moneySums(db, staff, r, 'withdrawal'),
      daily: dailySums(db, staff, r),
      // Exposure, now: a currency with an account, or an open or owing order.
      balances: db
        .select({ currency: statBalance.currency, balance: sumText(statBalance.balance).as('balance') })
        .from(statBalance)
        .where(recordScope(staff, statBalance))
        .groupBy(statBalance.currency)
        .having(sql`sum(${statBalance.accounts}) > 0`),
      orders: db
        .select({
          currency: statOrder.currency,
          fo_amount: sumText(statOrder.amount, openOrder(EXPOSURE_KINDS.fo_amount)).as('fo_amount'),
          otc_amount: sumText(statOrder.amount, openOrder(EXPOSURE_KINDS.otc_amount)).as('otc_amount'),
          quant_amount: sumText(statOrder.amount, openOrder(EXPOSURE_KINDS.quant_amount)).as('quant_amount'),
          ipo_amount: sumText(statOrder.amount, openOrder(EXPOSURE_KINDS.ipo_amount)).as('ipo_amount'),
          funds_amount: sumText(statOrder.amount, openOrder(EXPOSURE_KINDS.funds_amount)).as('funds_amount'),
          arrears_amount: sumText(statOrder.owed, arrears()).as('arrears_amount'),
          arrears_orders: sumInt(statOrder.orders, arrears()).as('arrears_orders'),
        })
        .from(statOrder)
        .where(openOrOwing(staff))
        .groupBy(statOrder.currency)
        .having(sql`sum(${statOrder.orders}) > 0`),
    });
    const exposure = new Map<string, ExposureRow>();
    for (const b of p.balances as { currency: string; balance: string }[])
      exposure.set(b.currency, { ...b, ...NO_EXPOSURE });
    for (const o of p.orders as Omit<ExposureRow, 'balance'>[])
      exposure.set(o.currency, { balance: '0.00', ...exposure.get(o.currency), ...o });
    return {
      ...presentRange(r),
      clients: presentCounts((p.clients as Counts[])[0]),
      deposits: (p.deposits as CurrencySum[]).sort(byCurrency),
      withdrawals: (p.withdrawals as CurrencySum[]).sort(byCurrency),
      daily: dayRows(p.daily as Parameters<typeof dayRows>[0]),
      exposure: [...exposure.values()].sort(byCurrency),
    };
  });
}

/* --------------------------------------------------------------------------------------------------------------- */
/* Per product kind                                                                                                 */

type KindSums = { kind: string; currency: string; team?: number | null } & Record<
  'openAmount' | 'arrearsAmount' | 'placedAmount',
  string
> &
  Record<'openCount' | 'arrearsCount' | 'placedCount', number>;

/** Folds rows of (kind, currency) sums into one row per kind, every kind present, in the product order. */
function kindRows(rows: KindSums[]): KindRow[] {
  const pick = (kind: string, amount: 'open' | 'arrears' | 'placed') =>
    rows
      .filter((x) => x.kind === kind && x[`${amount}Count`] > 0)
      .map((x) => ({ currency: x.currency, amount: x[`${amount}Amount`], count: x[`${amount}Count`] }))
      .sort(byCurrency);
  return TRADE_PRODUCTS.map((kind) => ({
    kind,
    open: pick(kind, 'open'),
    placed: pick(kind, 'placed'),
    arrears: pick(kind, 'arrears'),
  }));
}

const NO_ORDER_SUMS = { openAmount: '0.00', openCount: 0, arrearsAmount: '0.00', arrearsCount: 0 };
const NO_PLACED_SUMS = { placedAmount: '0.00', placedCount: 0 };

/** The team of an agent (staff_user joined on the agent): a leader's own, a salesman's leader's; else null. */
const teamOf = sql<
  number | null
>`(CASE ${staffUser.role} WHEN 'superman' THEN ${staffUser.id} WHEN 'hero' THEN ${staffUser.leaderId} END)`;

/** The staff of the tenant (their names and teams), as a part of an answer. */
const staffPart = (db: Executor, staff: StaffScope) =>
  db
    .select({ id: staffUser.id, name: staffUser.name, role: staffUser.role, leaderId: staffUser.leaderId })
    .from(staffUser)
    .where(eq(staffUser.tenantId, staff.tenantId))
    .orderBy(staffUser.id);

/** The parts of (kind, currency[, team]) sums of open, owing and placed orders. */
function orderParts(db: Executor, staff: StaffScope, r: Range, perTeam: boolean) {
  const run = (t: typeof statOrder | typeof statOrderDay, columns: Record<string, SQLWrapper>, where: SQL) => {
    const fields = { kind: t.kind, currency: t.currency, ...columns };
    // Per team: through the agent to his team (none for agent 0, who is no staff member).
    if (perTeam)
      return db
        .select({ ...fields, team: teamOf.as('team') })
        .from(t)
        .leftJoin(staffUser, eq(staffUser.id, t.agentId))
        .where(where)
        .groupBy(t.kind, t.currency, teamOf);
    return db.select(fields).from(t).where(where).groupBy(t.kind, t.currency);
  };
  return {
    open: run(
      statOrder,
      {
        openAmount: sumText(statOrder.amount, openOrder()).as('openAmount'),
        openCount: sumInt(statOrder.orders, openOrder()).as('openCount'),
        arrearsAmount: sumText(statOrder.owed, arrears()).as('arrearsAmount'),
        arrearsCount: sumInt(statOrder.orders, arrears()).as('arrearsCount'),
      },
      openOrOwing(staff),
    ),
    placed: run(
      statOrderDay,
      {
        placedAmount: sumText(statOrderDay.amount).as('placedAmount'),
        placedCount: sumInt(statOrderDay.orders).as('placedCount'),
      },
      and(recordScope(staff, statOrderDay), spanRange(statOrderDay, r))!,
    ),
  };
}

/** Open, owing and placed sums as rows of one shape. */
const orderSums = (p: { open: unknown[]; placed: unknown[] }): KindSums[] => [
  ...p.open.map((o) => ({ ...(o as object), ...NO_PLACED_SUMS }) as KindSums),
  ...p.placed.map((x) => ({ ...(x as object), ...NO_ORDER_SUMS }) as KindSums),
];

/** Per product kind: open orders now, orders placed in the range, orders owing now. */
export function product(db: Executor, staff: StaffScope, r: Range): Promise<ProductStats> {
  return cached(db, 'product', staff, r, async () => ({
    ...presentRange(r),
    kinds: kindRows(orderSums(await together(db, orderParts(db, staff, r, false)))),
  }));
}

/* --------------------------------------------------------------------------------------------------------------- */
/* Per team                                                                                                         */

interface StaffRow {
  id: number;
  name: string;
  role: string;
  leaderId: number | null;
}

/** The teams the caller sees: every leader's for those who see everything, else his own (a leader). */
function teamsOf(all: StaffRow[], staff: StaffScope): { leaders: StaffRow[]; members: StaffRow[] } {
  const everyone = agentCondition(staff, client.agentId) === undefined;
  const leaders = all.filter((s) => s.role === 'superman' && (everyone || s.id === staff.id));
  return { leaders, members: all };
}

/** The team id of a staff member's clients (null: none). */
const teamIdOf = (s: StaffRow | undefined): number | null =>
  !s ? null : s.role === 'superman' ? s.id : s.role === 'hero' ? s.leaderId : null;

type Grouped<T> = T & { team: number | null; agent: number | null; isTeam: number };

/** The parts of per-agent and per-team (grouping sets) client counts, deposits and withdrawals. */
function agentParts(db: Executor, staff: StaffScope, r: Range) {
  const sets = (agent: AnyPgColumn, currency?: AnyPgColumn) =>
    currency
      ? sql`GROUPING SETS ((${teamOf}, ${agent}, ${currency}), (${teamOf}, ${currency}))`
      : sql`GROUPING SETS ((${teamOf}, ${agent}), (${teamOf}))`;
  // Agent 0 (kept for "no agent") is answered as null.
  const grouped = (agent: AnyPgColumn) => ({
    team: teamOf.as('team'),
    agent: sql<number | null>`nullif(${agent}, 0)`.as('agent'),
    isTeam: sql<number>`GROUPING(${agent})::int`.as('isTeam'),
  });
  const money = (kind: 'deposit' | 'withdrawal') =>
    db
      .select({
        ...grouped(statMoney.agentId),
        currency: statMoney.currency,
        amount: sumText(statMoney.amount).as('amount'),
        count: sumInt(statMoney.records).as('count'),
      })
      .from(statMoney)
      .leftJoin(staffUser, eq(staffUser.id, statMoney.agentId))
      .where(and(recordScope(staff, statMoney), eq(statMoney.kind, kind), spanRange(statMoney, r)))
      .groupBy(sets(statMoney.agentId, statMoney.currency))
      .having(sql`sum(${statMoney.records}) <> 0`);
  return {
    counts: db
      .select({ ...grouped(statClient.agentId), ...clientCountColumns() })
      .from(statClient)
      .leftJoin(staffUser, eq(staffUser.id, statClient.agentId))
      .where(and(recordScope(staff, statClient), clientRows(r)))
      .groupBy(sets(statClient.agentId))
      .having(sql`sum(${statClient.clients}) FILTER (WHERE ${statClient.span} = 'all') <> 0`),
    deposits: money('deposit'),
    withdrawals: money('withdrawal'),
  };
}

const idOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const sumsOf = (rows: Grouped<CurrencySum>[], pick: (r: Grouped<CurrencySum>) => boolean): CurrencySum[] =>
  rows
    .filter(pick)
    .map((x) => ({ currency: x.currency, amount: x.amount, count: x.count }))
    .sort(byCurrency);

/**
 * Per team (a leader, his own clients and his salesmen's) and per agent in it: client counts, deposits and
 * withdrawals. Those who see every client also get the clients of staff in no team (administrators, supervisors,
 * a salesman without a leader) and of no agent, as one team with leader_id null, when there are any.
 */
export function team(db: Executor, staff: StaffScope, r: Range): Promise<TeamStats> {
  return cached(db, 'team', staff, r, async () => {
    const p = await together(db, { staff: staffPart(db, staff), ...agentParts(db, staff, r) });
    const { leaders, members } = teamsOf(p.staff as StaffRow[], staff);
    const counts = p.counts as Grouped<Counts>[];
    const deposits = p.deposits as Grouped<CurrencySum>[];
    const withdrawals = p.withdrawals as Grouped<CurrencySum>[];
    const staffById = new Map(members.map((m) => [m.id, m]));
    const teamIds: (number | null)[] = leaders.map((l) => l.id);
    const seen = [...counts, ...deposits, ...withdrawals].map((x) => idOf(x.team));
    if (seen.includes(null) && agentCondition(staff, client.agentId) === undefined) teamIds.push(null);
    const teams = teamIds.map((teamId) => {
      const inTeam = (x: { team: unknown }) => idOf(x.team) === teamId;
      // Members: the leader and his salesmen (even without figures), then anyone else with figures in the team.
      const agentIds: (number | null)[] =
        teamId === null ? [] : members.filter((m) => teamIdOf(m) === teamId).map((m) => m.id);
      for (const x of [...counts, ...deposits, ...withdrawals])
        if (inTeam(x) && !x.isTeam && !agentIds.includes(idOf(x.agent))) agentIds.push(idOf(x.agent));
      const leader = teamId === null ? undefined : staffById.get(teamId);
      return {
        leader_id: teamId,
        leader_name: leader?.name ?? null,
        clients: presentCounts(counts.find((x) => inTeam(x) && x.isTeam)),
        deposits: sumsOf(deposits, (x) => inTeam(x) && !!x.isTeam),
        withdrawals: sumsOf(withdrawals, (x) => inTeam(x) && !!x.isTeam),
        agents: agentIds.map((agentId) => {
          const mine = (x: Grouped<unknown>) => inTeam(x) && !x.isTeam && idOf(x.agent) === agentId;
          const s = agentId === null ? undefined : staffById.get(agentId);
          return {
            agent_id: agentId,
            agent_name: s?.name ?? null,
            role: s?.role ?? null,
            clients: presentCounts(counts.find(mine)),
            deposits: sumsOf(deposits, mine),
            withdrawals: sumsOf(withdrawals, mine),
          };
        }),
      };
    });
    return { ...presentRange(r), teams };
  });
}

/** Per team and product kind: open orders now, orders placed in the range, orders owing now. */
export function teamProduct(db: Executor, staff: StaffScope, r: Range): Promise<TeamProductStats> {
  return cached(db, 'team_product', staff, r, async () => {
    const p = await together(db, { staff: staffPart(db, staff), ...orderParts(db, staff, r, true) });
    const { leaders, members } = teamsOf(p.staff as StaffRow[], staff);
    const rows = orderSums(p);
    const staffById = new Map(members.map((m) => [m.id, m]));
    const teamIds: (number | null)[] = leaders.map((l) => l.id);
    if (rows.some((x) => idOf(x.team) === null) && agentCondition(staff, client.agentId) === undefined)
      teamIds.push(null);
    return {
      ...presentRange(r),
      teams: teamIds.map((teamId) => ({
        leader_id: teamId,
        leader_name: teamId === null ? null : (staffById.get(teamId)?.name ?? null),
        kinds: kindRows(rows.filter((x) => idOf(x.team) === teamId)),
      })),
    };
  });
}

/* --------------------------------------------------------------------------------------------------------------- */

const presentRange = (r: Range) => ({ from: r.from, to: r.to, time_zone: r.timeZone });

/** An answer through the read cache, per part, caller's scope and range. */
function cached<T>(db: Executor, part: string, staff: StaffScope, r: Range, compute: () => Promise<T>): Promise<T> {
  const who = agentCondition(staff, client.agentId) === undefined ? 'all' : `${staff.role}:${staff.id}`;
  return readCache(db).through(
    `dashboard:${part}:${staff.tenantId}:${who}:${r.from}:${r.to}:${r.timeZone}`,
    DASHBOARD_TTL_MS,
    compute,
  );
}
