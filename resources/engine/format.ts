/**
 * Display formatting of field values. Amounts are decimal strings and are formatted as text, never through
 * a float, so '12345678901234.57' shows as '12,345,678,901,234.57' to the last digit.
 */
import { utcOffset, zoneParts } from '../../domain/time-zone';

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

/**
 * How a UI locale writes a calendar date: the order of its parts and the separator. zh-CN `yyyy-MM-dd`, en-US
 * `MM/dd/yyyy` (as the locale writes it); any other locale falls back to `yyyy-MM-dd`. Times are 24 h `HH:mm:ss`.
 */
interface DateStyle {
  order: 'ymd' | 'mdy';
  sep: string;
}
const DATE_STYLES: Record<string, DateStyle> = {
  'zh-CN': { order: 'ymd', sep: '-' },
  'en-US': { order: 'mdy', sep: '/' },
};
const styleOf = (locale: string | undefined): DateStyle => DATE_STYLES[locale ?? ''] ?? DATE_STYLES['zh-CN'];

/** The Date of a timestamp, a `YYYY-MM-DD` day (a local calendar day) or a Date; null when there is none. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const d = new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The calendar and clock parts of an instant or a day: year, month, day, hours, minutes, seconds (padded text). */
interface TimeParts {
  y: string;
  m: string;
  d: string;
  h: string;
  mi: string;
  s: string;
}

/** The parts of an instant in a zone (domain/time-zone.ts zoneParts), or null for a zone this browser does not know. */
function inZone(date: Date, zone: string): TimeParts | null {
  try {
    const p = zoneParts(date, zone);
    return { y: p.year, m: p.month, d: p.day, h: p.hour, mi: p.minute, s: p.second };
  } catch {
    return null;
  }
}

/**
 * The parts of a value as the tenant reads it: a timestamp in `zone` (the tenant's time zone; the browser's when none
 * is known yet), a `YYYY-MM-DD` day as that calendar day whatever the zone; null when there is none.
 */
function partsOf(value: unknown, zone: string | undefined): TimeParts | null {
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return { y: day[1], m: day[2], d: day[3], h: '00', mi: '00', s: '00' };
  }
  const date = toDate(value);
  if (!date) return null;
  const inTenantZone = zone ? inZone(date, zone) : null;
  if (inTenantZone) return inTenantZone;
  return {
    y: String(date.getFullYear()),
    m: pad(date.getMonth() + 1),
    d: pad(date.getDate()),
    h: pad(date.getHours()),
    mi: pad(date.getMinutes()),
    s: pad(date.getSeconds()),
  };
}

function dayText(p: TimeParts, locale: string | undefined, withYear = true): string {
  const { order, sep } = styleOf(locale);
  if (!withYear) return `${p.m}${sep}${p.d}`;
  return order === 'ymd' ? [p.y, p.m, p.d].join(sep) : [p.m, p.d, p.y].join(sep);
}

const unparsed = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A date in the UI locale's format (`2026-11-23`, `11/23/2026`), a timestamp's day in `zone`; '' for none. */
export function formatLocaleDate(value: unknown, locale: string | undefined, zone?: string): string {
  const p = partsOf(value, zone);
  return p ? dayText(p, locale) : unparsed(value);
}

/**
 * A timestamp in the UI locale's format with seconds (`2026-11-23 14:05:09`, `11/23/2026 14:05:09`), read in `zone`
 * (the tenant's time zone; the browser's when undefined); the text itself when unparseable, '' for none.
 */
export function formatLocaleDateTime(value: unknown, locale: string | undefined, zone?: string): string {
  const p = partsOf(value, zone);
  return p ? `${dayText(p, locale)} ${p.h}:${p.mi}:${p.s}` : unparsed(value);
}

/** A timestamp in full with the zone it is read in, for a tooltip: `2026-11-23 14:05:09 (Asia/Shanghai, UTC+08:00)`. */
export function formatFullDateTime(value: unknown, locale: string | undefined, zone?: string): string {
  const text = formatLocaleDateTime(value, locale, zone);
  const d = toDate(value);
  if (!d || !zone || !inZone(d, zone)) return text;
  return `${text} (${zone}, UTC${utcOffset(d, zone)})`;
}

let lastYear = { at: NaN, zone: undefined as string | undefined, year: '' };
/** The year of `now` in `zone`, kept for the last instant asked (a list's cells all ask for the same one). */
function yearOf(now: Date, zone: string | undefined): string {
  if (lastYear.at !== now.getTime() || lastYear.zone !== zone)
    lastYear = { at: now.getTime(), zone, year: partsOf(now, zone)!.y };
  return lastYear.year;
}

/**
 * A timestamp short enough for a list cell, in `zone`: month, day and minutes in the current year (`11-23 14:05`,
 * `11/23 14:05`), the date alone in another year (`2025-11-23`, `11/23/2025`). `now` fixes "the current year".
 */
export function formatShortDateTime(
  value: unknown,
  locale: string | undefined,
  now: Date = new Date(),
  zone?: string,
): string {
  const p = partsOf(value, zone);
  if (!p) return unparsed(value);
  if (p.y !== yearOf(now, zone)) return dayText(p, locale);
  return `${dayText(p, locale, false)} ${p.h}:${p.mi}`;
}

/** A moment as `YYYY-MM-DD HH:mm:ss` in `zone` (the browser's when undefined), e.g. for a file name. */
export function formatDateTimeIn(value: unknown, zone?: string): string {
  const p = partsOf(value, zone);
  return p ? `${p.y}-${p.m}-${p.d} ${p.h}:${p.mi}:${p.s}` : unparsed(value);
}

/** The placeholder of a date typed in the UI locale: `yyyy-mm-dd`, `mm/dd/yyyy`. */
export function datePattern(locale: string | undefined): string {
  const { order, sep } = styleOf(locale);
  return (order === 'ymd' ? ['yyyy', 'mm', 'dd'] : ['mm', 'dd', 'yyyy']).join(sep);
}

/**
 * A date typed in the UI locale's format (or as ISO `yyyy-mm-dd`, any of `-` `/` `.` as separator, one-digit month
 * and day allowed) as `YYYY-MM-DD`; null when it is not a real calendar day.
 */
export function parseLocaleDate(text: string, locale: string | undefined): string | null {
  const parts = text.trim().split(/[-/.]/);
  if (parts.length !== 3 || parts.some((p) => !/^\d{1,4}$/.test(p))) return null;
  const ymd = parts[0].length === 4;
  if (!ymd && !(styleOf(locale).order === 'mdy' && parts[2].length === 4)) return null;
  const [y, m, d] = ymd ? parts : [parts[2], parts[0], parts[1]];
  if (y.length !== 4 || m.length > 2 || d.length > 2) return null;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  if (date.getFullYear() !== Number(y) || date.getMonth() !== Number(m) - 1 || date.getDate() !== Number(d))
    return null;
  return `${y}-${pad(Number(m))}-${pad(Number(d))}`;
}
