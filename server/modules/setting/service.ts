import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { setting } from '../../db/schema';
import { DEFAULT_SETTINGS } from './defaults';

type Key = keyof typeof DEFAULT_SETTINGS;

/** A tenant's settings document, over the defaults so a field added later always has a value. */
export async function readSetting<K extends Key>(
  db: Db,
  tenantId: string,
  key: K,
): Promise<(typeof DEFAULT_SETTINGS)[K]> {
  const [row] = await db
    .select({ value: setting.value })
    .from(setting)
    .where(and(eq(setting.tenantId, tenantId), eq(setting.key, key)))
    .limit(1);
  return { ...DEFAULT_SETTINGS[key], ...(row?.value as object | undefined) };
}
