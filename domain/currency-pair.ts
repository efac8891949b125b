/**
 * Currency pairs (spec section 2 "currency pairs", config group; administrators only: the `currencyPair` grant).
 * Paths are ours. A pair is two distinct currencies of the platform (base, quote), the decimals its rate is shown
 * with (0..8), a switch and a spread (a fraction 0..0.1 with at most 8 decimals, e.g. 0.0015 = 0.15 %: an exchange
 * between the two currencies, either way, runs at the rate of exchange_config less this spread and the tenant's
 * global `fx.spread`, domain/exchange.ts exchangeRate). A pair
 * covers both directions. The client drawer's exchange dialog offers only the enabled pairs, and the exchange
 * between two accounts is refused (409 pair_disabled) when the tenant has pairs and none enabled joins the two
 * currencies. A tenant without any pair is not restricted (as before pairs existed).
 */
import { defineEntity, type Row, changedByField, changedAtField } from './entity';
import { CURRENCY_LABELS, PLATFORM_CURRENCIES } from './exchange-config';
import { parseSpreadUnits } from './exchange';

export const PAIR_DECIMALS_MAX = 8;
const SPREAD_PATTERN = '^\\d{1,12}(\\.\\d{1,8})?$';
const SPREAD = new RegExp(SPREAD_PATTERN);

export const currencyPair = defineEntity({
  name: 'currency_pair',
  resource: 'currencyPair',
  parents: ['config'],
  title: { 'zh-CN': '货币对', 'en-US': 'Currency pairs' },
  noun: { 'zh-CN': '货币对', 'en-US': 'Currency pair' },
  paths: {
    list: '/currency_pair/admin/v1/list',
    export: '/currency_pair/admin/v1/list/export',
    create: '/currency_pair/admin/v1/create',
    update: '/currency_pair/admin/v1/{id}',
    delete: '/currency_pair/admin/v1/{id}',
    enabled: '/currency_pair/admin/v1/enabled',
  },
  sort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'base',
      kind: 'enum',
      values: PLATFORM_CURRENCIES,
      list: true,
      filter: 'eq',
      create: true,
      required: true,
      label: { 'zh-CN': '基础货币', 'en-US': 'Base' },
      valueLabels: CURRENCY_LABELS,
    },
    {
      name: 'quote',
      kind: 'enum',
      values: PLATFORM_CURRENCIES,
      list: true,
      filter: 'eq',
      create: true,
      required: true,
      // either direction: the reverse pair is checked by currencyPairProblems' caller (server/modules/currency_pair)
      unique: ['base'],
      label: { 'zh-CN': '报价货币', 'en-US': 'Quote' },
      valueLabels: CURRENCY_LABELS,
    },
    {
      name: 'decimals',
      kind: 'integer',
      list: true,
      create: true,
      edit: true,
      required: true,
      min: 0,
      max: PAIR_DECIMALS_MAX,
      label: { 'zh-CN': '小数位数', 'en-US': 'Decimals' },
    },
    {
      name: 'enabled',
      kind: 'boolean',
      list: true,
      filter: 'eq',
      create: true,
      edit: true,
      default: true,
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      valueLabels: { true: { 'zh-CN': '启用', 'en-US': 'Enabled' }, false: { 'zh-CN': '停用', 'en-US': 'Disabled' } },
    },
    {
      name: 'spread',
      kind: 'text',
      list: true,
      create: true,
      edit: true,
      required: true,
      // its form (digits, at most 8 decimals) and range (0..0.1): currencyPairProblems, with the code `spread`
      maxLength: 30,
      label: { 'zh-CN': '点差', 'en-US': 'Spread' },
    },
    changedByField,
    changedAtField,
  ],
});
export type CurrencyPairRow = Row<typeof currencyPair>;

/** A spread's stored spelling (8 decimals), or null when it is not a fraction 0..0.1 of at most 8 places. */
export function spreadText(v: unknown): string | null {
  if (typeof v !== 'string' || !SPREAD.test(v.trim()) || parseSpreadUnits(v.trim()) === null) return null;
  const [whole, frac = ''] = v.trim().split('.');
  return `${BigInt(whole)}.${frac.padEnd(8, '0')}`;
}

/**
 * A pair's rules beyond its fields' own (domain/entity.ts writeProblems): two distinct currencies, a spread within
 * 0..0.1. The API and the console's forms both check them.
 */
export function currencyPairProblems(v: Readonly<Record<string, unknown>>) {
  const out: { quote?: 'same_currency'; spread?: 'spread' } = {};
  if (v.base !== undefined && v.base === v.quote) out.quote = 'same_currency';
  if (typeof v.spread === 'string' && v.spread.trim() && spreadText(v.spread) === null) out.spread = 'spread';
  return out;
}
