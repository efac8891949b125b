/**
 * Instants as a time zone's wall-clock time, fast enough for a million-row export: `localTime` (the CSV's
 * `YYYY-MM-DD HH:mm:ss`) and `wallClock` (the .xlsx's Excel date), both from the zone's offset per quarter hour.
 */
import { DEFAULT_TIME_ZONE, zoneDateTime } from '../../domain/time-zone';

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone, by the zone's formatter (the slow, always right way). */
function formatParts(d: Date, tz: string): string {
  try {
    return zoneDateTime(d, tz);
  } catch {
    return zoneDateTime(d, DEFAULT_TIME_ZONE);
  }
}

/** A zone's offset (ms) at an instant, read from its formatter. */
function offsetAt(ms: number, tz: string): number {
  const [date, time] = formatParts(new Date(ms), tz).split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return Date.UTC(y, mo - 1, d, h === 24 ? 0 : h, mi, s) + (h === 24 ? 86_400_000 : 0) - (ms - (ms % 1000));
}

/**
 * Offsets per zone and quarter hour (an export formats a million times in a few thousand quarters). A quarter whose
 * start and end have different offsets (a change of the zone's time inside it) is formatted the slow way.
 */
const QUARTER = 15 * 60_000;
const offsets = new Map<string, number | null>();
const plain = (n: number, w = 2) => String(n).padStart(w, '0');

/** The instant of a value (ms), or null when it is none. */
const instant = (value: string | Date | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(ms) ? null : ms;
};

/**
 * The wall-clock time of an instant in a time zone, whole seconds, as the UTC fields of a Date (how a spreadsheet
 * holds a time without a zone); null when the value is not an instant. An unknown zone falls back to Asia/Shanghai.
 */
export function wallClock(value: string | Date | null | undefined, tz: string): Date | null {
  const ms = instant(value);
  if (ms === null) return null;
  const q = Math.floor(ms / QUARTER);
  const key = `${tz}|${q}`;
  let off = offsets.get(key);
  if (off === undefined) {
    const start = offsetAt(q * QUARTER, tz);
    off = start === offsetAt((q + 1) * QUARTER - 1000, tz) ? start : null;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, off);
  }
  if (off !== null) return new Date(ms - (((ms % 1000) + 1000) % 1000) + off);
  const [y, mo, d, h, mi, s] = formatParts(new Date(ms), tz).split(/[- :]/).map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone (an unknown zone falls back to Asia/Shanghai). */
export function localTime(value: string | Date | null | undefined, tz: string): string {
  if (value === null || value === undefined || value === '') return '';
  const l = wallClock(value, tz);
  if (l === null) return String(value);
  const y = l.getUTCFullYear();
  if (y < 1000 || y > 9999) return formatParts(new Date(instant(value)!), tz);
  return `${y}-${plain(l.getUTCMonth() + 1)}-${plain(l.getUTCDate())} ${plain(l.getUTCHours())}:${plain(
    l.getUTCMinutes(),
  )}:${plain(l.getUTCSeconds())}`;
}
