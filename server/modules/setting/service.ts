import { and, eq, sql } from 'drizzle-orm';
import {
  APP_NAME_MAX,
  PRODUCT_TYPES,
  RICHTEXT_MAX,
  SETTING_LANGUAGES,
  companySettingDef,
  type AppSetting,
  type CompanySetting,
  type LocaleView,
  type ProductSetting,
} from '../../../domain/setting';
import type { Executor } from '../../core/db';
import { localTime } from '../../core/local-time';
import { ValidationError, type FieldIssue } from '../../core/errors';
import { setting, statZone } from '../../db/schema';
import { sqlState } from '../../core/retry';
import type { FileStorage } from '../../storage';
import { foreignImages, type ImagePlace } from '../../storage/own';
import { DEFAULT_SETTINGS } from './defaults';
import { safeHref, sanitizeHtml } from '../../../domain/html';
import { canonicalTimeZone, utcOffset, zoneOf } from '../../../domain/time-zone';
import { tenantTimeZone } from '../../core/time-zone';

export { tenantTimeZone };

/** A settings document's key. */
export type Key = keyof typeof DEFAULT_SETTINGS;
/** The settings document of a key. */
export type Doc<K extends Key> = (typeof DEFAULT_SETTINGS)[K];

/**
 * A tenant's settings document over the defaults, so a field added later always has a value; only the fields the
 * document has (a stored key it no longer has is not answered).
 */
export async function readSetting<K extends Key>(db: Executor, tenantId: string, key: K): Promise<Doc<K>> {
  const [row] = await db
    .select({ value: setting.value })
    .from(setting)
    .where(and(eq(setting.tenantId, tenantId), eq(setting.key, key)))
    .limit(1);
  const stored = (row?.value ?? {}) as Record<string, unknown>;
  const defaults = DEFAULT_SETTINGS[key] as Record<string, unknown>;
  const doc: Record<string, unknown> = {};
  for (const [field, fallback] of Object.entries(defaults)) {
    const v = stored[field];
    doc[field] = v !== undefined && v !== null && typeof v === typeof fallback ? v : fallback;
  }
  return doc as Doc<K>;
}

/** Replaces a tenant's settings document (inserted when the tenant has none yet). */
export async function saveSetting<K extends Key>(tx: Executor, tenantId: string, key: K, value: Doc<K>): Promise<void> {
  await tx
    .insert(setting)
    .values({ tenantId, key, value })
    .onConflictDoUpdate({ target: [setting.tenantId, setting.key], set: { value, updatedAt: sql`now()` } });
  if (key === 'locale') await setStatZone(tx, tenantId, zoneOf(value as Doc<'locale'>));
}

const LANGUAGE_OF: Record<string, AppSetting['language']> = { zh: 'zh-CN', en: 'en-US' };
const isLanguage = (v: string): v is AppSetting['language'] => (SETTING_LANGUAGES as readonly string[]).includes(v);
const language = (v: string): AppSetting['language'] => (isLanguage(v) ? v : (LANGUAGE_OF[v.slice(0, 2)] ?? 'zh-CN'));

/**
 * The app settings as answered: languages as zh-CN / en-US (older documents held 'zh'), and the time zone the one that
 * counts, the tenant's (its locale document's: `tenantTimeZone`), so the field the console edits is the zone in force.
 */
export async function readApp(db: Executor, tenantId: string): Promise<AppSetting> {
  const [doc, timezone] = await Promise.all([readSetting(db, tenantId, 'app'), tenantTimeZone(db, tenantId)]);
  return { ...doc, locale: language(doc.locale), language: language(doc.language), timezone };
}

/**
 * Saves the app settings; their time zone becomes the tenant's (the locale document's, through `saveSetting`, which
 * rebuilds the dashboard's kept sums in the new zone's days) when it is another one. In the caller's transaction.
 */
export async function saveApp(tx: Executor, tenantId: string, doc: AppSetting): Promise<AppSetting> {
  await saveSetting(tx, tenantId, 'app', doc);
  const locale = await readSetting(tx, tenantId, 'locale');
  if (zoneOf(locale) !== doc.timezone) await saveSetting(tx, tenantId, 'locale', { ...locale, timezone: doc.timezone });
  return readApp(tx, tenantId);
}

/** A short-lived signed URL an <img> loads for a stored image of this tenant, or null. */
export function imageReadUrl(url: string, storage: FileStorage, tenantId: string): string | null {
  if (!url) return null;
  const key = storage.keyOf(url);
  return key && key.startsWith(`${tenantId}/`) ? storage.presignGet(key, '').url : null;
}

/** Checks and normalises an app settings document; ValidationError with a message per field. */
export function checkApp(input: AppSetting, place: ImagePlace): AppSetting {
  const errors: Record<string, FieldIssue> = {};
  const app_name = input.app_name.trim();
  if (!app_name) errors.app_name = 'App name is required';
  else if (app_name.length > APP_NAME_MAX)
    errors.app_name = {
      code: 'too_long',
      limit: APP_NAME_MAX,
      message: `App name must be at most ${APP_NAME_MAX} characters`,
    };
  Object.assign(errors, foreignImages(input, ['web_logo', 'image'], place));
  const app_service = input.app_service.trim();
  if (app_service && (!safeHref(app_service) || app_service.startsWith('mailto:'))) {
    errors.app_service = { code: 'http_url', message: 'Customer service link must be an http or https address' };
  }
  const timezone = canonicalTimeZone(input.timezone.trim());
  if (!timezone) errors.timezone = { code: 'time_zone', message: 'Time zone is not a known IANA time zone' };
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return {
    ...input,
    app_name,
    web_logo: input.web_logo.trim(),
    image: input.image.trim(),
    app_version: input.app_version.trim(),
    app_template: input.app_template.trim(),
    app_service,
    timezone: timezone!,
  };
}

/** Sanitises the company documents; ValidationError when one is still too long once sanitised. */
export function checkCompany(input: CompanySetting): CompanySetting {
  const out = { ...input };
  const errors: Record<string, FieldIssue> = {};
  for (const f of companySettingDef.fields) {
    out[f.name] = sanitizeHtml(input[f.name]);
    if (out[f.name].length > RICHTEXT_MAX)
      errors[f.name] = {
        code: 'too_long',
        limit: RICHTEXT_MAX,
        message: `The document is longer than ${RICHTEXT_MAX} characters`,
      };
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out;
}

/** The product display in the platform's order, each once. */
export const checkProduct = (input: ProductSetting): ProductSetting => ({
  products: PRODUCT_TYPES.filter((p) => input.products.includes(p)),
});

/**
 * Makes the dashboard statistics count the tenant's days in `zone` (stat_set_zone, migration 0026_statistics): a
 * change rebuilds them from the records, in the caller's transaction. 400 (timezone) for a zone the database does
 * not know.
 */
export async function setStatZone(db: Executor, tenantId: string, zone: string): Promise<void> {
  try {
    await db.execute(sql`SELECT stat_set_zone(${tenantId}, ${zone})`);
  } catch (e) {
    if (sqlState(e) !== '22023') throw e;
    throw new ValidationError({ timezone: { code: 'time_zone', message: 'Time zone is not known to the database' } });
  }
}

/** The tenant's time zone, with the statistics' days counted in it (set when they were not, e.g. after a migration). */
export async function statTimeZone(db: Executor, tenantId: string): Promise<string> {
  const zone = await tenantTimeZone(db, tenantId);
  const kept = await db.select({ zone: statZone.timeZone }).from(statZone).where(eq(statZone.tenantId, tenantId));
  if (kept[0]?.zone !== zone) await setStatZone(db, tenantId, zone);
  return zone;
}

/** The tenant's locale settings with its time zone's offset and local time now. */
export async function readLocaleView(db: Executor, tenantId: string, now = new Date()): Promise<LocaleView> {
  const doc = await readSetting(db, tenantId, 'locale');
  const zone = zoneOf(doc);
  return { ...doc, timezone: zone, utc_offset: utcOffset(now, zone), now: localTime(now, zone) };
}
