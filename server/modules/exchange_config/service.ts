/**
 * Exchanges and rates of a tenant (rules: domain/exchange-config.ts). Rates are the append-only history of
 * currency_rate (server/modules/exchange/rates.ts reads the current one); a change appends a row.
 */
import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import {
  canonicalExchange,
  currencyRateEntity,
  currencyRateProblems,
  marketExchange,
  rateText,
  rateUnitsOf,
  reverseOf,
  type CurrencyRateBody,
  type CurrencyRateRow,
  type MarketExchangeBody,
  type MarketExchangeRow,
  marketExchangeProblems,
} from '../../../domain/exchange-config';
import { currencyRate, marketExchange as exchangeTable, staffUser } from '../../db/schema';
import type { EntityListSpec } from '../../core/entity';
import type { Executor, Tx } from '../../core/db';
import { NotFoundError } from '../../core/errors';
import type { StaffScope } from '../../core/scope';
import { iso } from '../records/common';
import { setRate } from '../exchange/rates';
import { refuse } from '../../core/entity-writes';

// ---------------------------------------------------------------------------------------------------------------
// Exchanges

function selectExchanges(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({ row: exchangeTable, updatedByName: staffUser.name, _cursor: cursor })
    .from(exchangeTable)
    .leftJoin(staffUser, eq(staffUser.id, exchangeTable.updatedBy))
    .$dynamic();
}
type ExchangeRaw = Awaited<ReturnType<typeof selectExchanges>>[number];

function presentExchange(r: ExchangeRaw): MarketExchangeRow {
  return {
    id: r.row.id,
    code: r.row.code,
    name: r.row.name,
    time_zone: r.row.timeZone,
    sessions: r.row.sessions,
    holidays: r.row.holidays.join(','),
    updated_by_name: r.updatedByName,
    updated_at: iso(r.row.updatedAt)!,
  };
}

export const exchangeListSpec: EntityListSpec<typeof marketExchange, ExchangeRaw> = {
  def: marketExchange,
  table: exchangeTable,
  id: exchangeTable.id,
  columns: { id: exchangeTable.id, code: exchangeTable.code },
  scope: (staff: StaffScope) => eq(exchangeTable.tenantId, staff.tenantId),
  select: (db, cursor) => selectExchanges(db, cursor),
  present: presentExchange,
  tags: ['exchange_config'],
  description:
    "The tenant's exchanges (code, name, IANA time zone, sessions in that zone, holidays as a comma list of " +
    'YYYY-MM-DD), by code. Filter: code prefix.',
};

/** One exchange of the tenant; else 404. */
export async function exchangeOf(db: Executor, tenantId: string, id: number): Promise<MarketExchangeRow> {
  const [row] = await selectExchanges(db)
    .where(and(eq(exchangeTable.id, id), eq(exchangeTable.tenantId, tenantId)))
    .limit(1);
  if (!row) throw new NotFoundError('Exchange');
  return presentExchange(row);
}

async function codeTaken(tx: Executor, tenantId: string, code: string, except = 0) {
  const [row] = await tx
    .select({ id: exchangeTable.id })
    .from(exchangeTable)
    .where(and(eq(exchangeTable.tenantId, tenantId), eq(exchangeTable.code, code)))
    .limit(1);
  return !!row && row.id !== except;
}

/** Adds an exchange (code unique in the tenant: 400 duplicate). */
export async function createExchange(tx: Tx, staff: StaffScope & { id: number }, body: MarketExchangeBody) {
  const problems = marketExchangeProblems(body);
  if (Object.keys(problems).length) refuse(problems);
  const values = canonicalExchange(body);
  if (await codeTaken(tx, staff.tenantId, values.code)) refuse({ code: 'duplicate' });
  const [row] = await tx
    .insert(exchangeTable)
    .values({ tenantId: staff.tenantId, ...values, updatedBy: staff.id })
    .returning({ id: exchangeTable.id });
  return exchangeOf(tx, staff.tenantId, row.id);
}

/** Changes every field of an exchange. */
export async function updateExchange(tx: Tx, staff: StaffScope & { id: number }, id: number, body: MarketExchangeBody) {
  await exchangeOf(tx, staff.tenantId, id);
  const problems = marketExchangeProblems(body);
  if (Object.keys(problems).length) refuse(problems);
  const values = canonicalExchange(body);
  if (await codeTaken(tx, staff.tenantId, values.code, id)) refuse({ code: 'duplicate' });
  await tx
    .update(exchangeTable)
    .set({ ...values, updatedBy: staff.id, updatedAt: sql`now()` })
    .where(and(eq(exchangeTable.id, id), eq(exchangeTable.tenantId, staff.tenantId)));
  return exchangeOf(tx, staff.tenantId, id);
}

/** Deletes an exchange. */
export async function deleteExchange(tx: Tx, tenantId: string, id: number) {
  const current = await exchangeOf(tx, tenantId, id);
  await tx.delete(exchangeTable).where(and(eq(exchangeTable.id, id), eq(exchangeTable.tenantId, tenantId)));
  return current;
}

// ---------------------------------------------------------------------------------------------------------------
// Rates

function selectRates(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({ row: currencyRate, createdByName: staffUser.name, _cursor: cursor })
    .from(currencyRate)
    .leftJoin(staffUser, eq(staffUser.id, currencyRate.createdBy))
    .$dynamic();
}
type RateRaw = Awaited<ReturnType<typeof selectRates>>[number];

function presentRate(r: RateRaw): CurrencyRateRow {
  return {
    id: r.row.id,
    primary: r.row.primary as CurrencyRateRow['primary'],
    secondary: r.row.secondary as CurrencyRateRow['secondary'],
    rate: rateText(rateUnitsOf(r.row.rate)!),
    source: r.row.source,
    valid_from: iso(r.row.validFrom)!,
    created_by_name: r.createdByName,
    created_at: iso(r.row.createdAt)!,
  };
}

/** The history of the rates (every change, newest first; filter a pair with primary and secondary). */
export const rateHistorySpec: EntityListSpec<typeof currencyRateEntity, RateRaw> = {
  def: currencyRateEntity,
  table: currencyRate,
  id: currencyRate.id,
  columns: { id: currencyRate.id, primary: currencyRate.primary, secondary: currencyRate.secondary },
  scope: (staff: StaffScope) => eq(currencyRate.tenantId, staff.tenantId),
  select: (db, cursor) => selectRates(db, cursor),
  present: presentRate,
  tags: ['exchange_config'],
  description:
    "The history of the tenant's rates: every change as it was entered (1 primary = rate secondary, 8 decimals as a " +
    'string, source, valid_from, who and when), newest first; rows are never changed nor deleted. Filters: ' +
    'primary, secondary.',
};

/** The current rate of every stored pair direction (latest valid_from <= now), by primary then secondary. */
export async function currentRates(db: Executor, tenantId: string): Promise<CurrencyRateRow[]> {
  const latest = db
    .selectDistinctOn([currencyRate.primary, currencyRate.secondary], { id: currencyRate.id })
    .from(currencyRate)
    .where(and(eq(currencyRate.tenantId, tenantId), lte(currencyRate.validFrom, sql`now()`)))
    .orderBy(currencyRate.primary, currencyRate.secondary, desc(currencyRate.validFrom), desc(currencyRate.id));
  const rows = await selectRates(db)
    .where(sql`${currencyRate.id} IN (${latest})`)
    .orderBy(currencyRate.primary, currencyRate.secondary);
  return rows.map(presentRate);
}

/** One row of the tenant's rate history; else 404. */
export async function rateRowOf(db: Executor, tenantId: string, id: number): Promise<CurrencyRateRow> {
  const [row] = await selectRates(db)
    .where(and(eq(currencyRate.id, id), eq(currencyRate.tenantId, tenantId)))
    .limit(1);
  if (!row) throw new NotFoundError('Rate');
  return presentRate(row);
}

/**
 * Appends a rate change to its pair's history in both directions (validated by currencyRateProblems): the rate and
 * its reverse (entered, with rate × reverse <= 1, or derived: 1 / rate rounded down), same source and valid_from, so
 * that a pair's round trip can never gain. Answers the new row of `primary -> secondary`.
 */
export async function changeRate(tx: Tx, staff: StaffScope & { id: number }, body: CurrencyRateBody) {
  const problems = currencyRateProblems(body);
  if (Object.keys(problems).length) refuse(problems);
  const options = {
    source: body.source.trim(),
    validFrom: body.valid_from ? new Date(body.valid_from) : undefined,
    createdBy: staff.id,
  };
  const id = await setRate(tx, staff.tenantId, body.primary, body.secondary, body.rate.trim(), options);
  await setRate(tx, staff.tenantId, body.secondary, body.primary, rateText(reverseOf(body)), options);
  return rateRowOf(tx, staff.tenantId, id);
}

/** The pair's current rate as stored in this direction, or null (a rate change's audit `before`). */
export async function currentRateOf(db: Executor, tenantId: string, primary: string, secondary: string) {
  return (await currentRates(db, tenantId)).find((r) => r.primary === primary && r.secondary === secondary) ?? null;
}
