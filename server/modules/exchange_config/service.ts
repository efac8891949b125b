/**
 * Exchanges and rates of a tenant (rules: domain/exchange-config.ts). Rates are the append-only history of
 * currency_rate (server/modules/exchange/rates.ts reads the current one); a change appends a row.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
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
  type MarketExchangeRow,
  marketExchangeProblems,
} from '../../../domain/exchange-config';
import { currencyRate, marketExchange as exchangeTable } from '../../db/schema';
import { staffNamed, tenantList, type StaffNamed } from '../../core/tenant-list';
import type { Executor, Tx } from '../../core/db';
import { refuse, type EntityWritesSpec } from '../../core/entity-writes';
import type { StaffScope } from '../../core/scope';
import { iso } from '../records/common';
import { setRate } from '../exchange/rates';

// ---------------------------------------------------------------------------------------------------------------
// Exchanges

const exchangeFields = { row: exchangeTable };
/** The exchanges with who changed each last (`staffName`), `_cursor`, open for WHERE. */
const selectExchanges = staffNamed(exchangeTable, exchangeFields, exchangeTable.updatedBy);
type ExchangeRaw = StaffNamed<typeof exchangeFields>;

function presentExchange(r: ExchangeRaw): MarketExchangeRow {
  return {
    id: r.row.id,
    code: r.row.code,
    name: r.row.name,
    time_zone: r.row.timeZone,
    sessions: r.row.sessions,
    holidays: r.row.holidays.join(','),
    updated_by_name: r.staffName,
    updated_at: iso(r.row.updatedAt)!,
  };
}

export const exchangeListSpec = tenantList(exchangeTable, 'Exchange', {
  def: marketExchange,
  columns: { id: exchangeTable.id, code: exchangeTable.code },
  select: selectExchanges,
  present: presentExchange,
  description:
    "The tenant's exchanges (code, name, IANA time zone, sessions in that zone, holidays as a comma list of " +
    'YYYY-MM-DD), by code. Filter: code prefix.',
});

/**
 * Create, edit, delete from the definition: code 2-16 upper case letters, digits and _ (400 exchange_code), unique
 * in the tenant once upper-cased (409 duplicate); an IANA zone stored in its canonical spelling (400 time_zone);
 * sessions in that zone (400 trading_hours); holidays as YYYY-MM-DD days, stored sorted and distinct (400 holidays).
 */
export const exchangeWritesSpec: EntityWritesSpec<typeof marketExchange, ExchangeRaw> = {
  list: exchangeListSpec,
  table: exchangeTable,
  columns: {
    name: exchangeTable.name,
    time_zone: exchangeTable.timeZone,
    sessions: exchangeTable.sessions,
    holidays: exchangeTable.holidays,
  },
  validate: (values, { current }) => marketExchangeProblems({ ...current, ...values }),
  beforeWrite: (values) => canonicalExchange(values),
  description:
    'code: upper case letters, digits and _, 2-16, unique in the tenant (400 exchange_code, 409 duplicate); ' +
    'time_zone: an IANA zone, stored in its canonical spelling (400 time_zone); sessions: HH:MM-HH:MM[,HH:MM-HH:MM] ' +
    'in that zone, in order, not overlapping, at most 6 (400 trading_hours, the trade configuration rule); holidays: ' +
    'YYYY-MM-DD days, comma separated, stored sorted and distinct (400 holidays).',
};

// ---------------------------------------------------------------------------------------------------------------
// Rates

const rateFields = { row: currencyRate };
/** The rates with who entered each (`staffName`), `_cursor`, open for WHERE. */
const selectRates = staffNamed(currencyRate, rateFields, currencyRate.createdBy);

function presentRate(r: StaffNamed<typeof rateFields>): CurrencyRateRow {
  return {
    id: r.row.id,
    primary: r.row.primary as CurrencyRateRow['primary'],
    secondary: r.row.secondary as CurrencyRateRow['secondary'],
    rate: rateText(rateUnitsOf(r.row.rate)!),
    source: r.row.source,
    valid_from: iso(r.row.validFrom)!,
    created_by_name: r.staffName,
    created_at: iso(r.row.createdAt)!,
  };
}

/** The history of the rates (every change, newest first; filter a pair with primary and secondary). */
export const rateHistorySpec = tenantList(currencyRate, 'Rate', {
  def: currencyRateEntity,
  columns: { id: currencyRate.id, primary: currencyRate.primary, secondary: currencyRate.secondary },
  select: selectRates,
  present: presentRate,
  tags: ['exchange_config'],
  description:
    "The history of the tenant's rates: every change as it was entered (1 primary = rate secondary, 8 decimals as a " +
    'string, source, valid_from, who and when), newest first; rows are never changed nor deleted. Filters: ' +
    'primary, secondary.',
});

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
export const rateRowOf = rateHistorySpec.one;

/**
 * Appends a rate change to its pair's history in both directions (validated by currencyRateProblems): the rate and
 * its reverse (entered, with rate × reverse <= 1, or derived: 1 / rate rounded down), same source and valid_from, so
 * that a pair's round trip can never gain. Answers the new row of `primary -> secondary`.
 */
export async function changeRate(tx: Tx, staff: StaffScope & { id: number }, body: CurrencyRateBody) {
  refuse(currencyRateProblems(body));
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
