import { PRODUCT_TYPES, type AppSetting, type CompanySetting, type ProductSetting } from '../../../domain/setting';

/** Locale settings of a tenant (GET /setting/app/v1/locale). */
export interface LocaleSetting {
  name: string;
  code: string;
  emoji: string;
  image: string;
  locale: string;
  language: string;
  currency: string;
  phoneCode: string;
  timezone: string;
}

export type { AppSetting, CompanySetting, ProductSetting };

/** Seeded locale settings: mainland China defaults (spec section 1). */
export const DEFAULT_LOCALE: LocaleSetting = {
  name: '简体中文',
  code: 'CN',
  emoji: '🇨🇳',
  image: '',
  locale: 'zh-CN',
  language: 'zh',
  currency: 'CNY',
  phoneCode: '+86',
  timezone: 'Asia/Shanghai',
};

/** Seeded application settings; `web_logo` empty makes the console show the app name's initials. */
export const DEFAULT_APP: AppSetting = {
  app_name: 'Admin',
  web_logo: '',
  app_version: '0.1.0',
  app_template: 'default',
  app_service: '',
  locale: 'zh-CN',
  language: 'zh-CN',
  currency: 'CNY',
  timezone: 'Asia/Shanghai',
  image: '',
};

/** Seeded company documents: empty until an administrator writes them. */
export const DEFAULT_COMPANY: CompanySetting = { about: '', terms: '', privacy: '' };

/** Seeded product display: every product type shown. */
export const DEFAULT_PRODUCT: ProductSetting = { products: [...PRODUCT_TYPES] };

/** The settings documents seeded in every tenant, by key. */
export const DEFAULT_SETTINGS = {
  app: DEFAULT_APP,
  locale: DEFAULT_LOCALE,
  company: DEFAULT_COMPANY,
  product: DEFAULT_PRODUCT,
} as const;
