/** Day ranges of the dashboard (inclusive YYYY-MM-DD days; the API reads them in the tenant's time zone). */
import { localDay } from '../../domain/time-zone';
import type { DayRange } from './api';

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as YYYY-MM-DD: in `zone` (the tenant's) when given, else in the browser's. */
export const dayOf = (d: Date, zone?: string): string =>
  zone ? localDay(d, zone) : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A UTC calendar date as YYYY-MM-DD (month arithmetic on days, whatever the zone). */
const utcDay = (y: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(y, monthIndex, day)).toISOString().slice(0, 10);

/** The 1st of this month to today (the default range), in `zone`'s calendar. */
export const thisMonth = (now = new Date(), zone?: string): DayRange => {
  const to = dayOf(now, zone);
  return { from: `${to.slice(0, 8)}01`, to };
};

/** The whole of last month, in `zone`'s calendar. */
export const lastMonth = (now = new Date(), zone?: string): DayRange => {
  const [y, m] = dayOf(now, zone).split('-').map(Number);
  return { from: utcDay(y, m - 2, 1), to: utcDay(y, m - 1, 0) };
};

/** Today only, in `zone`'s calendar. */
export const today = (now = new Date(), zone?: string): DayRange => {
  const day = dayOf(now, zone);
  return { from: day, to: day };
};

/** Whether a range can be asked for: two days, the end not before the start. */
export const validRange = (r: DayRange): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(r.from) && /^\d{4}-\d{2}-\d{2}$/.test(r.to) && r.from <= r.to;
