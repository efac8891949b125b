/**
 * Display formatting of field values. Amounts are decimal strings and are formatted as text, never through
 * a float, so '12345678901234.57' shows as '12,345,678,901,234.57' to the last digit.
 */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** A decimal string or integer with thousands separators, digits kept as given; other text unchanged; '' for none. */
export function formatDecimal(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'bigint' ? value.toString() : String(value).trim();
  const m = DECIMAL.exec(text);
  if (!m) return text;
  const [, sign, int, frac] = m;
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign === '-' ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

/** The sign of a decimal string or number: -1, 0 or 1 (0 for zero and for what is not a number). */
export function decimalSign(value: unknown): -1 | 0 | 1 {
  if (value === null || value === undefined) return 0;
  const m = DECIMAL.exec(String(value).trim());
  if (!m || !/[1-9]/.test(m[2] + (m[3] ?? ''))) return 0;
  return m[1] === '-' ? -1 : 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A timestamp or date as `YYYY-MM-DD` (with `HH:mm:ss` when `withTime`) in local time; the text itself when unparseable. */
export function formatDateTime(value: unknown, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (!withTime && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : day;
}

/** A byte count for people: 512 B, 1.5 KB, 12.3 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let n = bytes / 1024;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(1)} ${units[i]}`;
}
