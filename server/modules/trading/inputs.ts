/** The values of a trading body (whole numbers, prices, decimals): checked exactly, refused with a field code (400). */
import { scaled, unscaled } from '../../../domain/trading';
import { ValidationError } from '../../core/errors';
import { toCents } from '../../ledger/money';

export const fieldIssue = (field: string, code: string, message: string, limit?: number) =>
  new ValidationError({ [field]: { code: code as never, message, ...(limit === undefined ? {} : { limit }) } });

/** A positive whole number of a body (ajv may have coerced it already). */
export function wholeNumber(v: unknown, field: string): bigint {
  if (v === undefined || v === null || v === '') throw new ValidationError({ [field]: `${field} is required` });
  const text = String(v);
  if (!/^\d{1,15}$/.test(text)) throw fieldIssue(field, 'invalid', `${field} must be a whole number`);
  const n = BigInt(text);
  if (n <= 0n) throw fieldIssue(field, 'positive', `${field} must be greater than 0`);
  return n;
}

/**
 * The text of a decimal of a trading body with at most `decimals` places: a string, or a JSON number whose scaled value
 * stays a safe integer (the money records' guard, records/common positiveCents: a larger number has already lost
 * digits when JSON.parse read it, so it is refused, not rounded: send it as a decimal string). Anything else: 400.
 */
export function decimalText(v: unknown, field: string, decimals: number): string {
  if (v === undefined || v === null || v === '') throw new ValidationError({ [field]: `${field} is required` });
  if (
    typeof v === 'number' &&
    !(Number.isFinite(v) && Math.abs(v) <= Math.floor(Number.MAX_SAFE_INTEGER / 10 ** decimals))
  )
    throw fieldIssue(field, 'too_large', `${field} is too large for a JSON number; send it as a decimal string`);
  if (typeof v !== 'string' && typeof v !== 'number') throw fieldIssue(field, 'invalid', `${field} must be a decimal`);
  return String(v);
}

/** A price of a body: > 0, at most 4 decimals. */
export function priceOf(v: unknown, field: string): string {
  const p = scaled(decimalText(v, field, 4), 4);
  if (p === null) {
    if (/^\d+\.\d{5,}$/.test(String(v).trim()))
      throw fieldIssue(field, 'decimals', `${field} allows at most 4 decimals`, 4);
    throw fieldIssue(field, 'invalid', `${field} must be a decimal number`);
  }
  if (p <= 0n) throw fieldIssue(field, 'positive', `${field} must be greater than 0`);
  return unscaled(p, 4);
}

/** A signed amount of 2 decimals (a period's result). */
export function signedCents(v: unknown, field: string): bigint {
  decimalText(v, field, 2);
  if (!/^-?\d{1,16}(\.\d{1,2})?$/.test(String(v).trim()))
    throw fieldIssue(field, 'decimals', `${field} must be a decimal with at most 2 decimals`, 2);
  return toCents(String(v).trim(), field);
}

/** Rounds n / d up (n ≥ 0, d > 0). */
export const ceilDiv = (n: bigint, d: bigint) => (n + d - 1n) / d;

export const given = (v: unknown) => v !== undefined && v !== null && v !== '';
