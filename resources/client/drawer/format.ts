/** Whether a value counts as empty for display (hidden fields, '-' cells). */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A date-time value for display in the browser's time zone; the raw text when it is not a date. */
export function formatDateTime(value: unknown, locale?: string): string {
  if (isEmpty(value)) return '';
  const date = new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString(locale);
}

/** A date value (no time) for display; the raw text when it is not a date. */
export function formatDate(value: unknown, locale?: string): string {
  if (isEmpty(value)) return '';
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toLocaleDateString(locale);
}
