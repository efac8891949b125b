/** The canonical name of an IANA time zone ('asia/shanghai' -> 'Asia/Shanghai'), or null when there is none. */
export function canonicalTimeZone(zone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A tenant's zone when its locale settings name none or an unknown one (spec section 1: mainland China). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The time zone a locale document names (canonical), DEFAULT_TIME_ZONE when it names none or an unknown one. */
export const zoneOf = (doc: { timezone?: unknown }): string =>
  (typeof doc.timezone === 'string' ? canonicalTimeZone(doc.timezone) : null) ?? DEFAULT_TIME_ZONE;

/** The calendar and 24 h clock of an instant in a time zone, each part as padded text (`hour` 00-23). */
export interface ZoneParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting (a million-row export). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter of a zone's calendar (en-CA: `YYYY-MM-DD` order) and 24 h clock, kept per zone; throws RangeError for
 * a zone this runtime does not know.
 */
export function zoneFormat(zone: string): Intl.DateTimeFormat {
  let fmt = zoneFormats.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (zoneFormats.size < 1000) zoneFormats.set(zone, fmt);
  }
  return fmt;
}

/** The calendar and clock parts of an instant in a zone (zoneFormat: throws RangeError for an unknown zone). */
export function zoneParts(at: Date, zone: string): ZoneParts {
  const p: Record<string, string> = {};
  for (const x of zoneFormat(zone).formatToParts(at)) p[x.type] = x.value;
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/** The day (`YYYY-MM-DD`) of an instant in a time zone (throws RangeError for an unknown zone). */
export function localDay(at: Date, zone: string): string {
  const p = zoneParts(at, zone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone (throws RangeError for an unknown zone). */
export function zoneDateTime(at: Date, zone: string): string {
  const p = zoneParts(at, zone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** One offset formatter per zone, as zoneFormat keeps its own (bounded: the zone may come from a request). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** `+08:00` of a zone at an instant (`+00:00` for a zone this runtime does not know). */
export function utcOffset(at: Date, zone: string): string {
  try {
    let fmt = offsetFormats.get(zone);
    if (!fmt) {
      fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
      if (offsetFormats.size < 1000) offsetFormats.set(zone, fmt);
    }
    const name = fmt.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-]\d{2}:\d{2})/.exec(name ?? '');
    return m ? m[1] : '+00:00';
  } catch {
    return '+00:00';
  }
}
