/**
 * Currency rates kept in the database. `1 primary = rate secondary`, 8 decimals. The same currency is 1;
 * a pair stored only the other way round is answered as its inverse (half-even at 8 decimals). Each pair's rates are
 * its history (currency_rate, append-only): the current one is the latest valid_from <= now.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { PLATFORM_CURRENCIES } from '../../../domain/exchange-config';
import { currencyRate } from '../../db/schema';
import { RateUnavailableError, ValidationError } from '../../core/errors';
import { fromRateUnits, invertRate, RATE_SCALE, toRateUnits } from '../../ledger/money';
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
      units: invertRate(toRateUnits(other.rate)),
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
