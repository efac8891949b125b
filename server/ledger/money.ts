/**
 * Exact decimal arithmetic for money: amounts are integer cents (bigint), rates integer 1e-8 units.
 * Nothing here touches floating point; inputs are decimal strings (or JSON numbers turned into their
 * shortest decimal text, which is exact for anything a person types with 2 decimals).
 */
import { ValidationError } from '../core/errors';

export const MONEY_SCALE = 2;
export const RATE_SCALE = 8;
/** numeric(20,2): at most 18 integer digits. */
const MAX_CENTS = 10n ** 20n - 1n;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

/** Parses a decimal string/number into an integer at `scale` decimals; more decimals than `scale` are refused. */
export function parseScaled(value: unknown, scale: number, field = 'amount'): bigint {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ValidationError({ [field]: `${field} must be a number` });
    // Shortest round-trip text; exponent forms (1e21, 1e-7) are refused below as malformed.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else if (typeof value === 'bigint') {
    return value * 10n ** BigInt(scale);
  } else {
    throw new ValidationError({ [field]: `${field} is required` });
  }
  const m = DECIMAL.exec(text);
  if (!m) throw new ValidationError({ [field]: `${field} must be a decimal number` });
  const [, sign, int, frac = ''] = m;
  const trimmed = frac.replace(/0+$/, '');
  if (trimmed.length > scale) throw new ValidationError({ [field]: `${field} allows at most ${scale} decimals` });
  const units = BigInt(int + trimmed.padEnd(scale, '0'));
  return sign === '-' ? -units : units;
}

/** Formats an integer at `scale` decimals as a decimal string ("-12.30"). */
export function formatScaled(units: bigint, scale: number): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const s = abs.toString().padStart(scale + 1, '0');
  const out = scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
  return neg ? `-${out}` : out;
}

/** Decimal string -> cents. */
export const toCents = (value: unknown, field = 'amount'): bigint => {
  const c = parseScaled(value, MONEY_SCALE, field);
  if (c > MAX_CENTS || c < -MAX_CENTS) throw new ValidationError({ [field]: `${field} is too large` });
  return c;
};
/** Cents -> decimal string with 2 decimals. */
export const fromCents = (cents: bigint): string => formatScaled(cents, MONEY_SCALE);
/** Decimal string -> rate units (1e-8). */
export const toRateUnits = (value: unknown, field = 'rate'): bigint => parseScaled(value, RATE_SCALE, field);
/** Rate units -> decimal string with 8 decimals. */
export const fromRateUnits = (units: bigint): string => formatScaled(units, RATE_SCALE);

/** n / d rounded half to even (banker's rounding). d must be positive. */
export function divHalfEven(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const neg = n < 0n;
  const a = neg ? -n : n;
  let q = a / d;
  const r = a % d;
  const twice = r * 2n;
  if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
  return neg ? -q : q;
}

/** amount (cents) × rate (1e-8 units) -> cents, rounded half to even. */
export function convert(cents: bigint, rateUnits: bigint): bigint {
  return divHalfEven(cents * rateUnits, 10n ** BigInt(RATE_SCALE));
}

/** 1 / rate at 8 decimals, half to even. */
export function invertRate(rateUnits: bigint): bigint {
  return divHalfEven(10n ** BigInt(RATE_SCALE * 2), rateUnits);
}

/** Rounds a rate to `decimals` (< 8) decimals, half to even, still in 1e-8 units. */
export function roundRate(rateUnits: bigint, decimals: number): bigint {
  const f = 10n ** BigInt(RATE_SCALE - decimals);
  return divHalfEven(rateUnits, f) * f;
}

export const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
export const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);
