/**
 * Currency rates kept in the database. `1 primary = rate secondary`, 8 decimals. The same currency is 1;
 * a pair stored only the other way round is answered as its reverse (1 / rate rounded down at 8 decimals, so that the
 * pair's round trip cannot gain: domain/exchange.ts reverseRate). Each pair's rates are its history (currency_rate,
 * append-only): the current one is the latest valid_from <= now. A rate change appends both directions (exchange_config).
 *
 * The exchange between accounts runs at exchangeQuote: the market rate less the spread (the tenant's global config
 * `fx.spread` plus the spread of the currency pair joining the two currencies), and is refused (409
 * rate_round_trip_gain) when a round trip through its leg and one or two other current rates would gain.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { PLATFORM_CURRENCIES } from '../../../domain/exchange-config';
import { exchangeRate, gainingCycle, parseSpreadUnits, reverseRate } from '../../../domain/exchange';
import { currencyRate, currencyPair, globalConfigEntry } from '../../db/schema';
import { RateUnavailableError, RoundTripGainError, ValidationError } from '../../core/errors';
import { fromRateUnits, RATE_SCALE, toRateUnits } from '../../ledger/money';
import type { Executor } from '../../core/db';

/** Currencies of the demo data and the console's currency lists (domain/exchange-config.ts). */
export const CURRENCIES = PLATFORM_CURRENCIES;

const CODE = /^[A-Z]{3,5}$/;

/** Validates and normalises a currency code ("usd" -> "USD"). */
export function currencyCode(value: unknown, field = 'currency'): string {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!code) throw new ValidationError({ [field]: `${field} is required` });
  if (!CODE.test(code)) throw new ValidationError({ [field]: `${field} is invalid` });
  return code;
}

/** The current row of the pair `primary -> secondary` (latest valid_from <= now, then latest id), if any. */
async function currentRow(tx: Executor, tenantId: string, primary: string, secondary: string) {
  const [row] = await tx
    .select({ rate: currencyRate.rate, source: currencyRate.source, validFrom: currencyRate.validFrom })
    .from(currencyRate)
    .where(
      and(
        eq(currencyRate.tenantId, tenantId),
        eq(currencyRate.primary, primary),
        eq(currencyRate.secondary, secondary),
        lte(currencyRate.validFrom, sql`now()`),
      ),
    )
    .orderBy(desc(currencyRate.validFrom), desc(currencyRate.id))
    .limit(1);
  return row;
}

/** The current rate of a pair with where it comes from (`inverted`: only the other direction is stored). */
export interface RateDetail {
  units: bigint;
  source: string | null;
  validFrom: Date | null;
  inverted: boolean;
}

/**
 * The current rate (1e-8 units) of a pair: its history's row with the latest valid_from <= now; a pair stored only
 * the other way is inverted (half-even at 8 decimals); the same currency is 1. Throws RateUnavailableError.
 */
export async function rateDetail(
  tx: Executor,
  tenantId: string,
  primary: string,
  secondary: string,
): Promise<RateDetail> {
  if (primary === secondary)
    return { units: 10n ** BigInt(RATE_SCALE), source: null, validFrom: null, inverted: false };
  const direct = await currentRow(tx, tenantId, primary, secondary);
  if (direct)
    return { units: toRateUnits(direct.rate), source: direct.source, validFrom: direct.validFrom, inverted: false };
  const other = await currentRow(tx, tenantId, secondary, primary);
  if (other) {
    return {
      units: reverseRate(toRateUnits(other.rate)),
      source: other.source,
      validFrom: other.validFrom,
      inverted: true,
    };
  }
  throw new RateUnavailableError(primary, secondary);
}

/** The rate in 1e-8 units; throws RateUnavailableError when the pair is unknown. */
export async function rateUnits(tx: Executor, tenantId: string, primary: string, secondary: string): Promise<bigint> {
  return (await rateDetail(tx, tenantId, primary, secondary)).units;
}

/** The rate as a decimal string with 8 decimals (GET /currency/admin/v1/rate answers it as a number). */
export async function getRate(tx: Executor, tenantId: string, primary: string, secondary: string): Promise<string> {
  return fromRateUnits(
    await rateUnits(tx, tenantId, currencyCode(primary, 'primary'), currencyCode(secondary, 'secondary')),
  );
}

/**
 * Appends a rate to the pair's history (never an update in place): valid from `validFrom` (default now), with its
 * source and author. Answers the new row's id.
 */
export async function setRate(
  tx: Executor,
  tenantId: string,
  primary: string,
  secondary: string,
  rate: string,
  options: { source?: string; validFrom?: Date; createdBy?: number | null } = {},
): Promise<number> {
  const p = currencyCode(primary, 'primary');
  const s = currencyCode(secondary, 'secondary');
  if (p === s) throw new ValidationError({ secondary: 'The same currency is always 1' });
  const units = toRateUnits(rate);
  if (units <= 0n) throw new ValidationError({ rate: 'rate must be greater than 0' });
  const [row] = await tx
    .insert(currencyRate)
    .values({
      tenantId,
      primary: p,
      secondary: s,
      rate: fromRateUnits(units),
      source: options.source ?? 'initial',
      createdBy: options.createdBy ?? null,
      ...(options.validFrom ? { validFrom: options.validFrom } : {}),
    })
    .returning({ id: currencyRate.id });
  return row.id;
}

/**
 * The current rate of every stored direction at `at` (default now): `P/S` -> 1e-8 units (latest valid_from <= at,
 * then latest id).
 */
export async function storedRates(tx: Executor, tenantId: string, at?: Date): Promise<Map<string, bigint>> {
  const until = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const rows = await tx
    .selectDistinctOn([currencyRate.primary, currencyRate.secondary], {
      primary: currencyRate.primary,
      secondary: currencyRate.secondary,
      rate: currencyRate.rate,
    })
    .from(currencyRate)
    .where(and(eq(currencyRate.tenantId, tenantId), lte(currencyRate.validFrom, until)))
    .orderBy(currencyRate.primary, currencyRate.secondary, desc(currencyRate.validFrom), desc(currencyRate.id));
  return new Map(rows.map((r) => [`${r.primary}/${r.secondary}`, toRateUnits(r.rate)]));
}

/** A rate lookup over stored rates as rateDetail answers: same currency 1, else stored, else the stored reverse. */
export function rateLookup(stored: Map<string, bigint>) {
  return (p: string, s: string): bigint | undefined => {
    if (p === s) return 10n ** BigInt(RATE_SCALE);
    const direct = stored.get(`${p}/${s}`);
    if (direct !== undefined) return direct;
    const other = stored.get(`${s}/${p}`);
    return other !== undefined && other > 0n ? reverseRate(other) : undefined;
  };
}

/** The currencies of the stored rates and the platform's. */
export function currenciesOf(stored: Map<string, bigint>): string[] {
  const all = new Set<string>(PLATFORM_CURRENCIES);
  for (const k of stored.keys()) for (const c of k.split('/')) all.add(c);
  return [...all].sort();
}

/** A spread setting (8-decimal fraction text) in 1e-8 units; a stored value that is not one counts as none. */
const spreadOf = (v: string | null | undefined): bigint => (v == null ? 0n : (parseSpreadUnits(v) ?? 0n));

/**
 * The spreads of the tenant: `(a, b)` -> the global config `fx.spread` plus the spread of the pair joining `a` and `b`
 * (either way), a fraction in 1e-8 units; 0 for the same currency.
 */
export async function spreads(tx: Executor, tenantId: string): Promise<(a: string, b: string) => bigint> {
  const [global] = await tx
    .select({ value: globalConfigEntry.value })
    .from(globalConfigEntry)
    .where(and(eq(globalConfigEntry.tenantId, tenantId), eq(globalConfigEntry.key, 'fx.spread')));
  const pairs = await tx
    .select({ base: currencyPair.base, quote: currencyPair.quote, spread: currencyPair.spread })
    .from(currencyPair)
    .where(eq(currencyPair.tenantId, tenantId));
  const base = spreadOf(global?.value);
  const byPair = new Map<string, bigint>();
  for (const p of pairs) {
    byPair.set(`${p.base}/${p.quote}`, spreadOf(p.spread));
    byPair.set(`${p.quote}/${p.base}`, spreadOf(p.spread));
  }
  return (a, b) => (a === b ? 0n : base + (byPair.get(`${a}/${b}`) ?? 0n));
}

/** What an exchange `from -> to` runs at now: the market rate, the spread (a fraction) and the rate less the spread. */
export interface ExchangeQuote {
  market: bigint;
  spread: bigint;
  rate: bigint;
}

/**
 * The rates the exchange between accounts runs at now (market rate less the spread, domain/exchange.ts
 * exchangeRate), as a lookup, and the currencies they join.
 */
export async function exchangeRates(tx: Executor, tenantId: string) {
  const stored = await storedRates(tx, tenantId);
  const market = rateLookup(stored);
  const spread = await spreads(tx, tenantId);
  const quote = (p: string, s: string): ExchangeQuote | undefined => {
    const m = market(p, s);
    if (m === undefined) return undefined;
    const sp = spread(p, s);
    return { market: m, spread: sp, rate: exchangeRate(m, sp) };
  };
  return { quote, rate: (p: string, s: string) => quote(p, s)?.rate, currencies: currenciesOf(stored) };
}

/**
 * The rate an exchange `from -> to` runs at: 404 rate_unavailable without a rate; 409 rate_round_trip_gain when the
 * rates the exchange runs at let a round trip through this leg and one or two other currencies gain (rate × reverse
 * > 1, or a triangle whose product is > 1).
 */
export async function exchangeQuote(tx: Executor, tenantId: string, from: string, to: string): Promise<ExchangeQuote> {
  if (from === to) return { market: 10n ** BigInt(RATE_SCALE), spread: 0n, rate: 10n ** BigInt(RATE_SCALE) };
  const rates = await exchangeRates(tx, tenantId);
  const q = rates.quote(from, to);
  if (!q) throw new RateUnavailableError(from, to);
  const cycle = gainingCycle(rates.rate, rates.currencies, from, to);
  if (cycle) throw new RoundTripGainError(cycle);
  return q;
}
