/**
 * The arithmetic of an exchange between two accounts of a client: one set of functions used by the server's exchange
 * (server/modules/exchange) and by the console's exchange dialog (its preview), so that what the dialog shows is what
 * is credited (DESIGN.md section 4: exact integers, BigInt, no floating point on money).
 *
 * - Amounts are integer cents, rates integer 1e-8 units (`1 from = rate / 1e8 to`).
 * - The rate an exchange runs at is the market rate less the spread: `market × (1 − spread)` rounded DOWN at 8
 *   decimals (spread: a fraction, 1e-8 units; the tenant's `fx.spread` plus the pair's spread).
 * - The credit is `amount × rate` rounded DOWN to the cent: the fraction of a cent stays with the platform, so that a
 *   round trip through any currencies never returns more than it started with when the product of its rates is at
 *   most 1 (each leg: floor(a × r) ≤ a × r).
 * - A reverse derived from a rate is `1 / rate` rounded DOWN at 8 decimals (rate × reverse ≤ 1: the pair's round
 *   trip cannot gain).
 */

/** 1 in rate units (8 decimals). */
export const RATE_ONE = 100_000_000n;
/** Largest spread (a fraction) a setting may hold: 10 %. */
export const SPREAD_MAX = 10_000_000n;

const floorDiv = (n: bigint, d: bigint): bigint => {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
};

/** What an exchange of `cents` at `rateUnits` credits, in cents, rounded down. */
export function exchangeCredit(cents: bigint, rateUnits: bigint): bigint {
  return floorDiv(cents * rateUnits, RATE_ONE);
}

/** The rate an exchange runs at: the market rate less `spreadUnits` (a fraction in 1e-8 units), rounded down. */
export function exchangeRate(marketUnits: bigint, spreadUnits: bigint = 0n): bigint {
  if (spreadUnits <= 0n) return marketUnits;
  return floorDiv(marketUnits * (RATE_ONE - spreadUnits), RATE_ONE);
}

/** The reverse of a rate: 1 / rate at 8 decimals, rounded down (rate × reverse ≤ 1). */
export function reverseRate(rateUnits: bigint): bigint {
  if (rateUnits <= 0n) throw new RangeError('rate must be positive');
  return (RATE_ONE * RATE_ONE) / rateUnits;
}

/** Whether a round trip through `rates` (1e-8 units each, the legs of a cycle) multiplies money by more than 1. */
export function roundTripGains(rates: readonly bigint[]): boolean {
  let product = 1n;
  let one = 1n;
  for (const r of rates) {
    product *= r;
    one *= RATE_ONE;
  }
  return product > one;
}

/**
 * A cycle through the leg `from -> to` whose rates multiply to more than 1 (`[from, to]` for the pair's round trip,
 * `[from, to, via]` for one through a third currency), or null. `rate(p, s)` answers the current rate or undefined.
 */
export function gainingCycle(
  rate: (p: string, s: string) => bigint | undefined,
  currencies: readonly string[],
  from: string,
  to: string,
): string[] | null {
  if (from === to) return null;
  const leg = rate(from, to);
  if (leg === undefined) return null;
  const back = rate(to, from);
  if (back !== undefined && roundTripGains([leg, back])) return [from, to];
  for (const via of currencies) {
    if (via === from || via === to) continue;
    const [a, b] = [rate(to, via), rate(via, from)];
    if (a !== undefined && b !== undefined && roundTripGains([leg, a, b])) return [from, to, via];
  }
  return null;
}

/** A rate (a decimal string or the JSON number the API answers) in 1e-8 units, or null when it is not one. */
export function parseRateUnits(value: number | string | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // The API writes an 8-decimal rate as a JSON number; toFixed(8) restores its 8 decimals (also 1e-7 forms).
    text = value.toFixed(8);
  } else text = value.trim();
  const m = /^(\d+)(?:\.(\d{0,8}))?$/.exec(text);
  if (!m) return null;
  return BigInt(m[1]) * RATE_ONE + BigInt((m[2] ?? '').padEnd(8, '0'));
}

/** A spread (a decimal fraction, at most 8 decimals, 0 ≤ spread ≤ 10 %) in 1e-8 units, or null when invalid. */
export function parseSpreadUnits(value: unknown): bigint | null {
  if (typeof value !== 'string') return null;
  const units = parseRateUnits(value);
  return units !== null && units <= SPREAD_MAX ? units : null;
}

/**
 * The console's preview of an exchange: `amount` (a decimal string of at most 2 decimals) at `rate` (the exchange
 * rate the API answered), as the 2-decimal string the server will credit; null when either is not a number.
 */
export function exchangePreview(amount: string, rate: number | string): string | null {
  const m = /^\s*(\d*)(?:\.(\d{0,2}))?\s*$/.exec(amount);
  const units = parseRateUnits(rate);
  if (!m || (m[1] === '' && !m[2]) || units === null) return null;
  const cents = BigInt(m[1] || '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  const credit = exchangeCredit(cents, units);
  return `${credit / 100n}.${(credit % 100n).toString().padStart(2, '0')}`;
}
