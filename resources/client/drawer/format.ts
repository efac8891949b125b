import { formatLocaleDate, formatLocaleDateTime } from '../../engine/format';

/** Whether a value counts as empty for display (hidden fields, '-' cells). */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * A date-time in the UI locale's format, as the lists write it (`2026-11-23 14:05:09`), in `zone` (the tenant's,
 * `useTenantZone`); the raw text when not a date.
 */
export function formatDateTime(value: unknown, locale?: string, zone?: string): string {
  return isEmpty(value) ? '' : formatLocaleDateTime(value, locale, zone);
}

/** A date (no time) in the UI locale's format (`2026-11-23`, `11/23/2026`); the raw text when not a date. */
export function formatDate(value: unknown, locale?: string): string {
  return isEmpty(value) ? '' : formatLocaleDate(value, locale);
}
