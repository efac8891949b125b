/** Day ranges of the dashboard (inclusive YYYY-MM-DD days; the API reads them in the tenant's time zone). */
import type { DayRange } from './api';

const pad = (n: number) => String(n).padStart(2, '0');
/** A local date as YYYY-MM-DD. */
export const dayOf = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The 1st of this month to today (the default range). */
export const thisMonth = (now = new Date()): DayRange => ({
  from: dayOf(new Date(now.getFullYear(), now.getMonth(), 1)),
  to: dayOf(now),
});

/** The whole of last month. */
export const lastMonth = (now = new Date()): DayRange => ({
  from: dayOf(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
  to: dayOf(new Date(now.getFullYear(), now.getMonth(), 0)),
});

/** Today only. */
export const today = (now = new Date()): DayRange => ({ from: dayOf(now), to: dayOf(now) });

/** Whether a range can be asked for: two days, the end not before the start. */
export const validRange = (r: DayRange): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(r.from) && /^\d{4}-\d{2}-\d{2}$/.test(r.to) && r.from <= r.to;
