/**
 * Money as decimal strings, computed on integer cents with BigInt (DESIGN.md section 4: no floating point on money).
 * Pure functions, no React.
 */

/** A money value as the console receives or produces it: a decimal string (or a number the API sent). */
export type MoneyInput = string | number | bigint | null | undefined;

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;
const EXPONENT = /^([+-])?(\d+)(?:\.(\d*))?e([+-]?\d+)$/i;

/** Expands a number or exponent notation to a plain decimal string ('1e-7' -> '0.0000001'). */
function plainDecimal(value: string | number): string | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim().replace(/,/g, '');
  const exp = EXPONENT.exec(text);
  if (!exp) return text;
  const [, sign = '', int, frac = '', power] = exp;
  const digits = int + frac;
  const point = int.length + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Parses a decimal value to integer cents, or null when it is not a number.
 * `strict` (user input): exponent notation ('1e3') and more than 2 decimals are invalid;
 * otherwise exponent notation is expanded and extra decimals round half away from zero (API values).
 */
export function toCents(value: MoneyInput, strict = false): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value * 100n;
  if (strict && typeof value === 'string' && /e/i.test(value)) return null;
  const text = plainDecimal(value);
  if (text === null) return null;
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] === undefined || m[3] === ''))) return null;
  const [, sign, int, frac = ''] = m;
  if (strict && frac.length > 2) return null;
  let cents = BigInt(int || '0') * 100n + BigInt((frac + '00').slice(0, 2));
  if (frac.length > 2 && Number(frac[2]) >= 5) cents += 1n;
  return sign === '-' ? -cents : cents;
}

/** Integer cents back to a plain decimal string with exactly 2 decimals ('-1234.50'). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** The value rounded to cents as a 2-decimal string (the wire format of amounts), or null when not a number. */
export function toFixed2(value: MoneyInput): string | null {
  const cents = toCents(value);
  return cents === null ? null : fromCents(cents);
}

/** Whether `input` is a valid amount to move: a number greater than 0 with at most 2 decimals (step 0.01, min 0). */
export function isValidAmount(input: MoneyInput): boolean {
  const cents = toCents(input, true);
  return cents !== null && cents > 0n;
}

/** The sum of two values, exact to the cent ('0.1' + '0.2' = '0.30'); a value that is not a number counts as 0. */
export function addMoney(a: MoneyInput, b: MoneyInput): string {
  return fromCents((toCents(a) ?? 0n) + (toCents(b) ?? 0n));
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b` (values that are not numbers count as 0). */
export function compareMoney(a: MoneyInput, b: MoneyInput): -1 | 0 | 1 {
  const x = toCents(a) ?? 0n;
  const y = toCents(b) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The sign of a value: -1, 0 or 1 (0 when it is not a number). */
export function signOf(value: MoneyInput): -1 | 0 | 1 {
  return compareMoney(value, 0);
}

/** Whether a value is exactly zero (or missing). */
export function isZero(value: MoneyInput): boolean {
  return signOf(value) === 0;
}

/** `value` limited to at most `max`, as a 2-decimal string; the input itself when it is not above `max`. */
export function clampMoney(value: string, max: MoneyInput): string {
  const cents = toCents(value);
  const limit = toCents(max);
  if (cents === null || limit === null || cents <= limit) return value;
  return fromCents(limit);
}

/** A value for display: thousands separators, 2 decimals, leading minus ('-1,234,567.80'); '-' when not a number. */
export function formatMoney(value: MoneyInput): string {
  const cents = toCents(value);
  if (cents === null) return '-';
  const [int, frac] = fromCents(cents).split('.');
  const negative = int.startsWith('-');
  const digits = negative ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${frac}`;
}

/** A rate for display with 6 decimals ('7.123457'); '-' when missing. */
export function formatRate(rate: number | string | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return '-';
  const n = typeof rate === 'number' ? rate : Number(rate);
  return Number.isFinite(n) ? n.toFixed(6) : '-';
}

/** The amount converted at `rate`, rounded half away from zero to cents, as a 2-decimal string (display only). */
export function convertMoney(amount: MoneyInput, rate: number | string): string | null {
  const cents = toCents(amount);
  const text = plainDecimal(typeof rate === 'number' ? rate : String(rate));
  const m = text === null ? null : DECIMAL.exec(text);
  if (cents === null || !m) return null;
  const [, sign, int, frac = ''] = m;
  const scale = 10n ** BigInt(frac.length);
  const rateUnits = BigInt((int || '0') + frac) * (sign === '-' ? -1n : 1n);
  const product = cents * rateUnits;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  let result = abs / scale;
  if ((abs % scale) * 2n >= scale) result += 1n;
  return fromCents(negative ? -result : result);
}
