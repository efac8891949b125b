/**
 * App settings page texts (`resources.settings/app.*`): the labels of the settings documents' fields and values come
 * from their definitions (domain/setting.ts); the tabs, hints and load errors (spec section 8) are here.
 * `resources.settings/app.name` comes from the registry title.
 */
import { entityMessages, type EntityDef, type Language } from '../../domain/entity';
import { appSettingDef, companySettingDef, localeSettingDef, productSettingDef } from '../../domain/setting';
import type { MessageModule } from '../../i18n/core';

/** Field labels and `<field>_values` of the definitions, in one language. */
const labels = (defs: EntityDef[], lang: Language) => entityMessages(defs, lang);

const localeFields = (lang: Language) =>
  Object.fromEntries(localeSettingDef.fields.map((f) => [f.name, f.label?.[lang] ?? f.name]));

const docs = [appSettingDef, companySettingDef, productSettingDef];

export default {
  'zh-CN': {
    resources: {
      'settings/app': {
        ...labels(docs, 'zh-CN'),
        localeFields: localeFields('zh-CN'),
        tabs: { app: '应用配置', company: '公司信息', product: '产品展示', timezone: '时区' },
        hints: {
          web_logo: '不上传时显示应用名称的首字母',
          app_service: '以 http:// 或 https:// 开头的地址',
          timezone:
            '租户时区（IANA，例如 Asia/Shanghai）：统计的自然日、输入和显示的时间都按此时区；修改后重算仪表盘统计',
          products: '客户端显示的产品类型',
          locale: '平台当前的区域设置（只读；时区在“应用配置”中修改）',
        },
        currency_values: { CNY: 'CNY 人民币', USD: 'USD 美元', HKD: 'HKD 港币', EUR: 'EUR 欧元' },
        invalidZone: '不是有效的时区',
        docsFailed: '无法获取文档',
        localeFailed: '无法加载当前区域设置',
        empty: '未设置',
      },
    },
  },
  'en-US': {
    resources: {
      'settings/app': {
        ...labels(docs, 'en-US'),
        localeFields: localeFields('en-US'),
        tabs: { app: 'App config', company: 'Company info', product: 'Product display', timezone: 'Time zone' },
        hints: {
          web_logo: "Without a logo the app name's initials are shown",
          app_service: 'An address starting with http:// or https://',
          timezone:
            "The tenant's time zone (IANA, e.g. Asia/Shanghai): statistics' days and the times typed and shown are in it; a change recounts the dashboard",
          products: 'The product types the client app shows',
          locale: "The platform's current locale settings (read-only; the time zone is changed in App config)",
        },
        currency_values: {
          CNY: 'CNY Chinese yuan',
          USD: 'USD US dollar',
          HKD: 'HKD Hong Kong dollar',
          EUR: 'EUR Euro',
        },
        invalidZone: 'Not a valid time zone',
        docsFailed: 'Unable to get the documents',
        localeFailed: 'Unable to load the current locale',
        empty: 'Not set',
      },
    },
  },
} satisfies MessageModule;
