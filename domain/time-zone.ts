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
