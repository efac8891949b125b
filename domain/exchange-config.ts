/**
 * Exchanges and rates (spec section 2 "exchange_config", config group; administrators only: the `exchangeConfig`
 * grant). Paths are ours (spec section 7 does not show them):
 * - exchanges (market venues): code (unique in the tenant), name, IANA time zone, trading sessions
 *   (`09:30-11:30,13:00-15:00`, the rule of domain/trade-config.ts parseSessions, in the exchange's time zone),
 *   holidays (calendar days `YYYY-MM-DD`, comma separated on the wire, stored sorted without duplicates);
 * - currency rates: 1 `primary` = `rate` `secondary`, an exact decimal > 0 with at most 8 decimals (a string: never a
 *   float), its source and the instant it is valid from (now when not given, never in the past). A change is a new
 *   row of the pair's history (never an update in place); the current rate is the row with the latest valid_from
 *   <= now. GET /currency/admin/v1/rate, the exchange and the deposit conversion answer from it.
 * The rules below are the API's and the console's (one code per field problem, `errors.field.<code>`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { defineEntity, type CreateBody, type Labels, type Row, changedByField, changedAtField } from './entity';
import { parseSessions, formatSessions, TRADE_LIMITS } from './trade-config';
import { canonicalTimeZone } from './time-zone';
import { reverseRate, roundTripGains } from './exchange';

export const EXCHANGE_MAX = { code: 16, name: 100, timeZone: 64, holidays: 100, source: 60 } as const;

/** The platform's currencies (the demo data's and the console's currency lists). */
export const PLATFORM_CURRENCIES = ['CNY', 'USD', 'HKD', 'EUR', 'USDT'] as const;
export type PlatformCurrency = (typeof PLATFORM_CURRENCIES)[number];
/** Currency labels (both languages): the code, with its name in Chinese. */
export const CURRENCY_LABELS: Readonly<Record<PlatformCurrency, Labels>> = {
  CNY: { 'zh-CN': 'CNY 人民币', 'en-US': 'CNY' },
  USD: { 'zh-CN': 'USD 美元', 'en-US': 'USD' },
  HKD: { 'zh-CN': 'HKD 港币', 'en-US': 'HKD' },
  EUR: { 'zh-CN': 'EUR 欧元', 'en-US': 'EUR' },
  USDT: { 'zh-CN': 'USDT 泰达币', 'en-US': 'USDT' },
};
export const isPlatformCurrency = (v: unknown): v is PlatformCurrency =>
  typeof v === 'string' && (PLATFORM_CURRENCIES as readonly string[]).includes(v);

/** Rates: at most 12 integer digits and 8 decimals (numeric(20,8)). */
export const RATE_PATTERN = '^\\d{1,12}(\\.\\d{1,8})?$';
const RATE = new RegExp(RATE_PATTERN);
const EXCHANGE_CODE = /^[A-Z][A-Z0-9_]{1,15}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const marketExchange = defineEntity({
  name: 'exchange_config',
  resource: 'exchangeConfig',
  parents: ['config'],
  paths: {
    list: '/exchange_config/admin/v1/list',
    export: '/exchange_config/admin/v1/list/export',
    create: '/exchange_config/admin/v1/create',
    update: '/exchange_config/admin/v1/{id}',
    delete: '/exchange_config/admin/v1/{id}',
  },
  sort: { field: 'code', order: 'asc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'code',
      kind: 'text',
      maxLength: EXCHANGE_MAX.code,
      list: true,
      sort: true,
      filter: 'prefix',
      create: true,
      edit: true,
      required: true,
      // in the tenant, upper case (beforeWrite spells it so before the check)
      unique: true,
      label: { 'zh-CN': '交易所代码', 'en-US': 'Code' },
    },
    {
      name: 'name',
      kind: 'text',
      maxLength: EXCHANGE_MAX.name,
      list: true,
      create: true,
      edit: true,
      required: true,
      label: { 'zh-CN': '交易所名称', 'en-US': 'Name' },
    },
    {
      name: 'time_zone',
      kind: 'text',
      maxLength: EXCHANGE_MAX.timeZone,
      list: true,
      create: true,
      edit: true,
      required: true,
      label: { 'zh-CN': '时区', 'en-US': 'Time zone' },
    },
    {
      name: 'sessions',
      kind: 'text',
      maxLength: TRADE_LIMITS.sessionsText,
      list: true,
      create: true,
      edit: true,
      required: true,
      label: { 'zh-CN': '交易时段', 'en-US': 'Sessions' },
    },
    {
      name: 'holidays',
      kind: 'text',
      // written: a comma list or null (none); answered: the comma list, '' for none
      nullable: true,
      maxLength: EXCHANGE_MAX.holidays * 11,
      list: true,
      create: true,
      edit: true,
      label: { 'zh-CN': '休市日', 'en-US': 'Holidays' },
    },
    changedByField,
    changedAtField,
  ],
});
export type MarketExchangeRow = Row<typeof marketExchange>;

/** A row of a rate's history (and a current rate: its history's current row). */
export const currencyRateEntity = defineEntity({
  name: 'exchange_config_rate',
  title: { 'zh-CN': '汇率变更记录', 'en-US': 'Rate changes' },
  resource: 'exchangeConfig',
  parents: ['config'],
  paths: {
    list: '/exchange_config/admin/v1/rate/history',
    current: '/exchange_config/admin/v1/rate/list',
    create: '/exchange_config/admin/v1/rate',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'primary',
      kind: 'enum',
      values: PLATFORM_CURRENCIES,
      list: true,
      filter: 'eq',
      label: { 'zh-CN': '基准货币', 'en-US': 'Primary' },
      valueLabels: CURRENCY_LABELS,
    },
    {
      name: 'secondary',
      kind: 'enum',
      values: PLATFORM_CURRENCIES,
      list: true,
      filter: 'eq',
      label: { 'zh-CN': '目标货币', 'en-US': 'Secondary' },
      valueLabels: CURRENCY_LABELS,
    },
    { name: 'rate', kind: 'decimal', decimals: 8, list: true, label: { 'zh-CN': '汇率', 'en-US': 'Rate' } },
    {
      name: 'source',
      kind: 'text',
      maxLength: EXCHANGE_MAX.source,
      list: true,
      label: { 'zh-CN': '来源', 'en-US': 'Source' },
    },
    { name: 'valid_from', kind: 'datetime', list: true, label: { 'zh-CN': '生效时间', 'en-US': 'Valid from' } },
    {
      name: 'created_by_name',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '修改人', 'en-US': 'Changed by' },
    },
    { name: 'created_at', kind: 'datetime', list: true, label: { 'zh-CN': '录入时间', 'en-US': 'Entered' } },
  ],
});
export type CurrencyRateRow = Row<typeof currencyRateEntity>;

/** Body of a rate change: a new row of the pair's history (the API's schema; its type below). */
export const currencyRateBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['primary', 'secondary', 'rate', 'reverse_rate', 'source', 'valid_from'] },
  properties: {
    primary: { type: 'string', enum: PLATFORM_CURRENCIES },
    secondary: { type: 'string', enum: PLATFORM_CURRENCIES },
    rate: {
      type: 'string',
      maxLength: 30,
      description: `1 primary = rate secondary: an exact decimal > 0, at most 8 decimals, as a string (\`${RATE_PATTERN}\`)`,
    },
    reverse_rate: {
      type: ['string', 'null'],
      maxLength: 30,
      description:
        '1 secondary = reverse_rate primary, saved with the rate (same source and valid_from): missing, 1 / rate ' +
        'rounded down at 8 decimals; given, rate × reverse_rate may not exceed 1 (400 round_trip)',
    },
    source: { type: 'string', maxLength: EXCHANGE_MAX.source, description: 'Where the rate comes from' },
    valid_from: {
      type: ['string', 'null'],
      maxLength: 40,
      description: 'ISO instant the rate applies from; now when missing; never more than a minute in the past',
    },
  },
  required: ['primary', 'secondary', 'rate', 'source'],
} as const;
export type CurrencyRateBody = FromSchema<typeof currencyRateBody>;

/** How far in the past a valid_from may be (clock skew). */
export const VALID_FROM_SLACK_MS = 60_000;

export type ExchangeFieldCode =
  | 'required'
  | 'invalid'
  | 'too_long'
  | 'exchange_code'
  | 'time_zone'
  | 'trading_hours'
  | 'holidays'
  | 'rate_format'
  | 'positive'
  | 'same_currency'
  | 'currency'
  | 'valid_from_past'
  | 'round_trip';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The holidays of a comma list of `YYYY-MM-DD` days, sorted and distinct; null when one is not a real day. */
export function parseHolidays(text: string | null | undefined): string[] | null {
  const parts = (text ?? '')
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > EXCHANGE_MAX.holidays) return null;
  for (const p of parts) {
    if (!DAY.test(p)) return null;
    const d = new Date(`${p}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== p) return null;
  }
  return [...new Set(parts)].sort();
}

/** An exchange's written fields (create and edit bodies). */
type ExchangeValues = Partial<Record<keyof CreateBody<typeof marketExchange>, unknown>>;

/** The problems of an exchange's fields (an empty object when it may be saved). */
export function marketExchangeProblems(v: ExchangeValues) {
  const out: Partial<Record<keyof ExchangeValues, ExchangeFieldCode>> = {};
  if (blank(v.code)) out.code = 'required';
  else if (typeof v.code !== 'string' || !EXCHANGE_CODE.test(v.code.trim().toUpperCase())) out.code = 'exchange_code';
  if (blank(v.name)) out.name = 'required';
  else if (typeof v.name !== 'string' || v.name.trim().length > EXCHANGE_MAX.name) out.name = 'too_long';
  if (blank(v.time_zone)) out.time_zone = 'required';
  else if (typeof v.time_zone !== 'string' || !canonicalTimeZone(v.time_zone.trim())) out.time_zone = 'time_zone';
  if (blank(v.sessions)) out.sessions = 'required';
  else if (typeof v.sessions !== 'string' || !parseSessions(v.sessions)) out.sessions = 'trading_hours';
  if (v.holidays != null && (typeof v.holidays !== 'string' || !parseHolidays(v.holidays))) out.holidays = 'holidays';
  return out;
}

/** The stored spelling of an exchange's written (valid) fields: code upper case, the zone's and sessions' canonical. */
export function canonicalExchange(v: ExchangeValues): Record<string, unknown> {
  const out: Record<string, unknown> = { ...v };
  if (typeof v.code === 'string') out.code = v.code.trim().toUpperCase();
  if (typeof v.time_zone === 'string') out.time_zone = canonicalTimeZone(v.time_zone.trim());
  if (typeof v.sessions === 'string') out.sessions = formatSessions(parseSessions(v.sessions)!);
  if (v.holidays !== undefined) out.holidays = parseHolidays(v.holidays as string | null) ?? [];
  return out;
}

/** A rate as 1e-8 units (exact), or null when it is not a decimal of at most 8 places. */
export function rateUnitsOf(v: unknown): bigint | null {
  if (typeof v !== 'string' || !RATE.test(v.trim())) return null;
  const [whole, frac = ''] = v.trim().split('.');
  return BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, '0'));
}

/** The 8-decimal spelling of 1e-8 units. */
export const rateText = (units: bigint) =>
  `${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, '0')}`;

/** The reverse saved with a valid rate change: the one entered, else 1 / rate rounded down (domain/exchange.ts). */
export function reverseOf(v: Pick<CurrencyRateBody, 'rate' | 'reverse_rate'>): bigint {
  return blank(v.reverse_rate) ? reverseRate(rateUnitsOf(v.rate)!) : rateUnitsOf(v.reverse_rate)!;
}

/** The problems of a rate change (`now` in ms, for valid_from). */
export function currencyRateProblems(v: Partial<Record<keyof CurrencyRateBody, unknown>>, now = Date.now()) {
  const out: Partial<Record<keyof CurrencyRateBody, ExchangeFieldCode>> = {};
  for (const k of ['primary', 'secondary'] as const) {
    if (blank(v[k])) out[k] = 'required';
    else if (!isPlatformCurrency(v[k])) out[k] = 'currency';
  }
  if (!out.primary && !out.secondary && v.primary === v.secondary) out.secondary = 'same_currency';
  if (blank(v.rate)) out.rate = 'required';
  else {
    const units = rateUnitsOf(v.rate);
    if (units === null) out.rate = 'rate_format';
    else if (units <= 0n) out.rate = 'positive';
  }
  if (!blank(v.reverse_rate)) {
    const reverse = rateUnitsOf(v.reverse_rate);
    const units = rateUnitsOf(v.rate);
    if (reverse === null) out.reverse_rate = 'rate_format';
    else if (reverse <= 0n) out.reverse_rate = 'positive';
    else if (!out.rate && units !== null && roundTripGains([units, reverse])) out.reverse_rate = 'round_trip';
  }
  if (blank(v.source)) out.source = 'required';
  else if (typeof v.source !== 'string' || v.source.trim().length > EXCHANGE_MAX.source) out.source = 'too_long';
  if (!blank(v.valid_from)) {
    const t = typeof v.valid_from === 'string' ? Date.parse(v.valid_from) : NaN;
    if (Number.isNaN(t)) out.valid_from = 'invalid';
    else if (t < now - VALID_FROM_SLACK_MS) out.valid_from = 'valid_from_past';
  }
  return out;
}
