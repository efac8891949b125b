/**
 * The settings documents of a tenant (spec sections 3 and 7), one row each in the `setting` table, read and saved
 * whole by the console's App settings page (`settings/app`, permission resource `settings`, menu parent `config`):
 *
 * - app (`GET /setting/v1/app`, public; `PUT /setting/admin/v1/app`): name, logo, version, template, customer-service
 *   link, default locale, language, currency and time zone of the platform.
 * - company (`GET /setting/v1/co`, public: the client app shows it; `PUT /setting/admin/v1/co`): three rich-text
 *   documents, about us, terms of service and privacy policy (HTML, sanitised by the API to a small tag whitelist).
 * - product (`GET` / `PUT /setting/admin/v1/product`): which product types the client app shows.
 * - locale (`GET /setting/admin/v1/locale`, read-only here): the tenant's locale settings and its time zone now.
 */
import { defineEntity, type Row } from './entity';

const both = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en }) as const;

/** The languages a tenant may choose (spec section 5: saved UI language only zh-CN or en-US). */
export const SETTING_LANGUAGES = ['zh-CN', 'en-US'] as const;
/** The currencies a tenant may choose as its default: the platform's three-letter currencies. */
export const SETTING_CURRENCIES = ['CNY', 'USD', 'HKD', 'EUR'] as const;
/** The product types the client app can show (spec section 3, label list "product types" without "all"). */
export const PRODUCT_TYPES = ['stock', 'ipo', 'block', 'fund', 'quant', 'saving', 'subscribe'] as const;
/** The longest app name (after trimming). */
export const APP_NAME_MAX = 40;
/** The longest rich-text document, in characters of sanitised HTML. */
export const RICHTEXT_MAX = 20_000;

const languageLabels = { 'zh-CN': both('简体中文', 'Simplified Chinese'), 'en-US': both('英语', 'English') };

/** The app settings (`setting` key `app`). */
export const appSettingDef = defineEntity({
  name: 'settings/app',
  resource: 'settings',
  parents: ['config'],
  paths: { one: '/setting/v1/app', update: '/setting/admin/v1/app' },
  fields: [
    { name: 'app_name', kind: 'text', maxLength: APP_NAME_MAX, label: both('应用名称', 'App name') },
    { name: 'web_logo', kind: 'image', maxLength: 2000, label: both('网站 Logo', 'Web logo') },
    { name: 'app_version', kind: 'text', maxLength: 40, label: both('应用版本', 'App version') },
    { name: 'app_template', kind: 'text', maxLength: 40, label: both('应用模板', 'App template') },
    { name: 'app_service', kind: 'text', maxLength: 500, label: both('客服链接', 'Customer service link') },
    {
      name: 'locale',
      kind: 'enum',
      values: SETTING_LANGUAGES,
      valueLabels: languageLabels,
      label: both('区域', 'Locale'),
    },
    {
      name: 'language',
      kind: 'enum',
      values: SETTING_LANGUAGES,
      valueLabels: languageLabels,
      label: both('语言', 'Language'),
    },
    { name: 'currency', kind: 'currency', values: SETTING_CURRENCIES, label: both('货币', 'Currency') },
    { name: 'timezone', kind: 'text', maxLength: 64, label: both('时区', 'Time zone') },
    { name: 'image', kind: 'image', maxLength: 2000, label: both('应用图片', 'App image') },
  ],
});

/** The company documents (`setting` key `company`): rich text, sanitised by the API. */
export const companySettingDef = defineEntity({
  name: 'settings/company',
  resource: 'settings',
  parents: ['config'],
  paths: { one: '/setting/v1/co', update: '/setting/admin/v1/co' },
  fields: [
    { name: 'about', kind: 'richtext', maxLength: RICHTEXT_MAX, label: both('关于我们', 'About us') },
    { name: 'terms', kind: 'richtext', maxLength: RICHTEXT_MAX, label: both('服务条款', 'Terms of service') },
    { name: 'privacy', kind: 'richtext', maxLength: RICHTEXT_MAX, label: both('隐私政策', 'Privacy policy') },
  ],
});

/** Which products the client app shows (`setting` key `product`). */
export const productSettingDef = defineEntity({
  name: 'settings/product',
  resource: 'settings',
  parents: ['config'],
  paths: { one: '/setting/admin/v1/product', update: '/setting/admin/v1/product' },
  fields: [
    {
      name: 'products',
      kind: 'enums',
      values: PRODUCT_TYPES,
      label: both('显示的产品', 'Products shown'),
      valueLabels: {
        stock: both('股票', 'Stocks'),
        ipo: both('新股', 'IPO'),
        block: both('大宗交易', 'Block trades'),
        fund: both('基金', 'Funds'),
        quant: both('量化', 'Quant'),
        saving: both('储蓄', 'Savings'),
        subscribe: both('AI 订阅', 'AI subscription'),
      },
    },
  ],
});

/** The tenant's locale settings and its time zone now (`GET /setting/admin/v1/locale`, read-only). */
export const localeSettingDef = defineEntity({
  name: 'settings/locale',
  resource: 'settings',
  parents: ['config'],
  paths: { one: '/setting/admin/v1/locale' },
  fields: [
    { name: 'name', kind: 'text', label: both('名称', 'Name') },
    { name: 'code', kind: 'text', label: both('地区代码', 'Region code') },
    { name: 'emoji', kind: 'text', label: both('旗帜', 'Flag') },
    { name: 'image', kind: 'text', label: both('图片', 'Image') },
    { name: 'locale', kind: 'text', label: both('区域', 'Locale') },
    { name: 'language', kind: 'text', label: both('语言', 'Language') },
    { name: 'currency', kind: 'text', label: both('货币', 'Currency') },
    { name: 'phoneCode', kind: 'text', label: both('电话区号', 'Phone code') },
    { name: 'timezone', kind: 'text', label: both('时区', 'Time zone') },
    { name: 'utc_offset', kind: 'text', label: both('UTC 偏移', 'UTC offset') },
    { name: 'now', kind: 'text', label: both('当地时间', 'Local time') },
  ],
});

export type AppSetting = Row<typeof appSettingDef>;
export type CompanySetting = Row<typeof companySettingDef>;
export type ProductSetting = Row<typeof productSettingDef>;
export type LocaleView = Row<typeof localeSettingDef>;
