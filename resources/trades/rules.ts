/** The trades pages' form rules (the API's: domain/trading.ts scaled), each answering its problem as an i18n key. */
import { scaled } from '../../domain/trading';
import type { FormValues } from '../engine/types';

/** Messages shared by every trades page: `resources.trades.*`. */
export const t = (key: string) => `resources.trades.${key}`;

/** A form value as trimmed text ('' for none). */
export const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v));

/** A decimal with at most `decimals` places, above zero (or any sign with `signed`); the problem as an i18n key. */
export const decimalRule =
  (decimals: number, { signed = false, optional = false } = {}) =>
  (value: unknown): string | undefined => {
    const s = text(value);
    if (!s) return optional ? undefined : 'ra.validation.required';
    const v = scaled(s, decimals);
    if (v === null) return t(`problems.decimals${decimals}`);
    if (!signed && v <= 0n) return t('problems.positive');
    return undefined;
  };

/** A whole number of at least `min` (and at most `max`). */
export const wholeRule =
  (min = 1, max = Number.MAX_SAFE_INTEGER) =>
  (value: unknown): string | undefined => {
    const s = text(value);
    if (!s) return undefined;
    const n = Number(s);
    return /^\d+$/.test(s) && n >= min && n <= max && Number.isSafeInteger(n) ? undefined : t('problems.whole');
  };

/** A product code: 1-20 letters, digits, `.`, `_` or `-`, starting with a letter or digit (the API's pattern). */
export const codeRule = (value: unknown): string | undefined =>
  !text(value) || /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/.test(text(value)) ? undefined : t('problems.code');

/** The form's cross-field rule: an IPO offers whole lots (the API's). */
export function productFormProblems(values: FormValues): Record<string, string> | undefined {
  const offered = Number(values.offered);
  const lot = Number(values.lot_size);
  if (values.offered == null || values.offered === '' || !Number.isSafeInteger(offered)) return undefined;
  if (Number.isSafeInteger(lot) && lot > 0 && offered % lot !== 0) return { offered: t('problems.lots') };
  return undefined;
}

/** An order's quantity: a whole number of shares, a multiple of the product's lot (the API checks the lot). */
export const quantityRule = wholeRule(1);
