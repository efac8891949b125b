/**
 * The forms of the App settings page, one per settings document (domain/setting.ts), as engine declarations: their
 * fields come from the definitions, with what only the console knows (inputs, hints, rules).
 */
import { appSettingDef, companySettingDef, productSettingDef } from '../../domain/setting';
import { enumOptions, fieldsFromEntity, type FieldOverrides } from '../engine/entityFields';
import type { FieldSpec, ResourceConfig } from '../engine/types';

/** The page's name: route, permission chain and i18n namespace `resources.settings/app`. */
export const SETTINGS = 'settings/app';
const t = (key: string) => `resources.${SETTINGS}.${key}`;

/** Whether `zone` is an IANA time zone this browser knows. */
export function isTimeZone(zone: unknown): boolean {
  if (typeof zone !== 'string' || !zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone.trim() });
    return true;
  } catch {
    return false;
  }
}

/** Every field of a definition editable, with the overrides. */
const editable = (fields: FieldSpec[]): FieldSpec[] => fields.map((f) => ({ edit: true, ...f }));

const appOverrides: FieldOverrides = {
  app_name: { required: true },
  web_logo: { helperText: t('hints.web_logo'), purpose: 'logo' },
  image: { purpose: 'logo' },
  app_service: { helperText: t('hints.app_service') },
  currency: {
    input: 'option',
    options: (appSettingDef.fields.find((f) => f.name === 'currency')?.values ?? []).map((c) => ({
      id: c,
      name: t(`currency_values.${c}`),
    })),
    required: true,
  },
  locale: { required: true },
  language: { required: true },
  timezone: {
    required: true,
    helperText: t('hints.timezone'),
    validate: (v) => (isTimeZone(v) ? undefined : t('invalidZone')),
  },
};

/** A document's form: an engine single-form declaration under the page's name (labels), its GET and PUT. */
const form = (
  fields: FieldSpec[],
  get: string,
  put: string,
  loadFailed = 'engine.form.loadFailed',
): ResourceConfig => ({
  name: SETTINGS,
  resource: 'settings',
  endpoints: {},
  fields: editable(fields),
  single: { get, put, loadFailed, emptyAs: 'empty' },
});

/** The app config tab. */
export const appForm = form(
  fieldsFromEntity(appSettingDef, appOverrides),
  appSettingDef.paths.one,
  appSettingDef.paths.update,
);

/** The company info tab: the rich-text documents. */
export const companyForm = form(
  fieldsFromEntity(companySettingDef),
  companySettingDef.paths.one,
  companySettingDef.paths.update,
  t('docsFailed'),
);

/** The product display tab. */
export const productForm = form(
  fieldsFromEntity(productSettingDef, {
    // labels in the page's namespace: `resources.settings/app.products_values.<type>`
    products: {
      helperText: t('hints.products'),
      options: enumOptions({ name: SETTINGS }, productSettingDef.fields[0]),
    },
  }),
  productSettingDef.paths.one,
  productSettingDef.paths.update,
);
