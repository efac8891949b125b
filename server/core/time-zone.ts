/**
 * The tenant's time zone (its locale settings document): what its days are counted in (dashboard ranges, daily limits,
 * list date filters, CSV times). Here in core, not in the setting module, so that core's list helpers (entity.ts) need
 * no module; the setting module edits the document and re-exports this.
 */
import { and, eq } from 'drizzle-orm';
import { zoneOf } from '../../domain/time-zone';
import { setting } from '../db/schema';
import type { Executor } from './db';

/** The tenant's time zone (its locale setting's, canonical; Asia/Shanghai when it names none or an unknown one). */
export async function tenantTimeZone(db: Executor, tenantId: string): Promise<string> {
  const [row] = await db
    .select({ value: setting.value })
    .from(setting)
    .where(and(eq(setting.tenantId, tenantId), eq(setting.key, 'locale')))
    .limit(1);
  return zoneOf((row?.value ?? {}) as { timezone?: unknown });
}
