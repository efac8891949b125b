/**
 * Currency rates kept in the database. `1 primary = rate secondary`, 8 decimals. The same currency is 1;
 * a pair stored only the other way round is answered as its inverse (half-even at 8 decimals).
 */
import { and, eq, sql } from 'drizzle-orm';
import { currencyRate } from '../../db/schema';
import { RateUnavailableError, ValidationError } from '../../core/errors';
import { fromRateUnits, invertRate, RATE_SCALE, toRateUnits } from '../../ledger/money';
import type { Executor } from '../../core/db';

/** Currencies of the demo data and the console's currency lists. */
export const CURRENCIES = ['CNY', 'USD', 'HKD', 'EUR', 'USDT'] as const;

const CODE = /^[A-Z]{3,5}$/;

/** Validates and normalises a currency code ("usd" -> "USD"). */
export function currencyCode(value: unknown, field = 'currency'): string {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!code) throw new ValidationError({ [field]: `${field} is required` });
  if (!CODE.test(code)) throw new ValidationError({ [field]: `${field} is invalid` });
  return code;
}

/** The rate in 1e-8 units; throws RateUnavailableError when the pair is unknown. */
export async function rateUnits(tx: Executor, tenantId: string, primary: string, secondary: string): Promise<bigint> {
  if (primary === secondary) return 10n ** BigInt(RATE_SCALE);
  const rows = await tx
    .select({ primary: currencyRate.primary, rate: currencyRate.rate })
    .from(currencyRate)
    .where(
      and(
        eq(currencyRate.tenantId, tenantId),
        sql`(${currencyRate.primary}, ${currencyRate.secondary}) IN ((${primary}, ${secondary}), (${secondary}, ${primary}))`,
      ),
    );
  const direct = rows.find((r) => r.primary === primary);
  if (direct) return toRateUnits(direct.rate);
  if (rows[0]) return invertRate(toRateUnits(rows[0].rate));
  throw new RateUnavailableError(primary, secondary);
}

/** The rate as a decimal string with 8 decimals (GET /currency/admin/v1/rate answers it as a number). */
export async function getRate(tx: Executor, tenantId: string, primary: string, secondary: string): Promise<string> {
  return fromRateUnits(
    await rateUnits(tx, tenantId, currencyCode(primary, 'primary'), currencyCode(secondary, 'secondary')),
  );
}

/** Stores (or replaces) the rate of a pair. */
export async function setRate(
  tx: Executor,
  tenantId: string,
  primary: string,
  secondary: string,
  rate: string,
): Promise<void> {
  const p = currencyCode(primary, 'primary');
  const s = currencyCode(secondary, 'secondary');
  if (p === s) throw new ValidationError({ secondary: 'The same currency is always 1' });
  const units = toRateUnits(rate);
  if (units <= 0n) throw new ValidationError({ rate: 'rate must be greater than 0' });
  await tx
    .insert(currencyRate)
    .values({ tenantId, primary: p, secondary: s, rate: fromRateUnits(units) })
    .onConflictDoUpdate({
      target: [currencyRate.tenantId, currencyRate.primary, currencyRate.secondary],
      set: { rate: fromRateUnits(units), updatedAt: sql`now()` },
    });
}
