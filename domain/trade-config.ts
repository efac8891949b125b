/**
 * Trade configuration (spec section 2 "trade_config", config group; administrators only: the `tradeConfig` grant).
 * Paths are ours (spec section 7 does not show them):
 * - per product (the trades menu's products: stock (limit-up stocks, resource fo), block, ipo, daily, ai, fund, quant,
 *   and saving): open or closed, trading hours (sessions in the tenant's time zone), buy and sell fee rates (exact
 *   decimals), the smallest and largest order amount, the leverage. A product never saved answers the defaults.
 *   Which products the client app shows is another document (GET /setting/admin/v1/product); a product closed here
 *   cannot be traded by anyone whatever the trading permissions (domain/trading-permission.ts).
 * - global configs: key, typed value (string, number, boolean, json, decimal), description.
 * The rules below are the API's and the console's (one code per field problem, `errors.field.<code>`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { defineEntity, type Labels, type Row, changedByField, changedAtField } from './entity';
import { parseSpreadUnits } from './exchange';

/** The tradable products, in menu order. */
export const TRADE_PRODUCTS = ['stock', 'block', 'ipo', 'daily', 'ai', 'fund', 'quant', 'saving'] as const;
export type TradeProduct = (typeof TRADE_PRODUCTS)[number];

/** Product labels (both languages). */
export const PRODUCT_LABELS: Readonly<Record<TradeProduct, Labels>> = {
  stock: { 'zh-CN': '涨停股票', 'en-US': 'Limit-up stocks' },
  block: { 'zh-CN': '大宗交易', 'en-US': 'Block trades' },
  ipo: { 'zh-CN': '新股申购', 'en-US': 'IPO' },
  daily: { 'zh-CN': '日内交易', 'en-US': 'Daily trades' },
  ai: { 'zh-CN': 'AI 交易', 'en-US': 'AI trading' },
  fund: { 'zh-CN': '基金', 'en-US': 'Funds' },
  quant: { 'zh-CN': '量化', 'en-US': 'Quant' },
  saving: { 'zh-CN': '储蓄', 'en-US': 'Savings' },
};

export const isTradeProduct = (v: unknown): v is TradeProduct =>
  typeof v === 'string' && (TRADE_PRODUCTS as readonly string[]).includes(v);

/** Limits of the product settings. */
export const TRADE_LIMITS = {
  /** Trading sessions per day. */
  sessions: 6,
  sessionsText: 120,
  /** Fee rates: 0 <= rate < 1, at most 6 decimals (0.0015 = 0.15 %). */
  feeDecimals: 6,
  /** Leverage: a whole number 1..100 (the client trade settings' max_leverage has the same bounds). */
  leverageMin: 1,
  leverageMax: 100,
  /** Amounts: money, at most 2 decimals, below 10^16. */
  amountDigits: 16,
} as const;

export const tradeProduct = defineEntity({
  name: 'trade_config_product',
  resource: 'tradeConfig',
  parents: ['config'],
  paths: {
    list: '/trade_config/admin/v1/list',
    one: '/trade_config/admin/v1/product/{id}',
    update: '/trade_config/admin/v1/product/{id}',
  },
  sort: { field: 'id', order: 'asc' },
  fields: [
    {
      name: 'id',
      kind: 'enum',
      values: TRADE_PRODUCTS,
      list: true,
      label: { 'zh-CN': '产品', 'en-US': 'Product' },
      valueLabels: PRODUCT_LABELS,
    },
    {
      name: 'enabled',
      kind: 'boolean',
      list: true,
      label: { 'zh-CN': '交易开关', 'en-US': 'Trading' },
      valueLabels: { true: { 'zh-CN': '开启', 'en-US': 'Open' }, false: { 'zh-CN': '关闭', 'en-US': 'Closed' } },
    },
    {
      name: 'sessions',
      kind: 'text',
      maxLength: TRADE_LIMITS.sessionsText,
      list: true,
      label: { 'zh-CN': '交易时段', 'en-US': 'Trading hours' },
    },
    {
      name: 'buy_fee',
      kind: 'decimal',
      decimals: 6,
      list: true,
      label: { 'zh-CN': '买入费率', 'en-US': 'Buy fee rate' },
    },
    {
      name: 'sell_fee',
      kind: 'decimal',
      decimals: 6,
      list: true,
      label: { 'zh-CN': '卖出费率', 'en-US': 'Sell fee rate' },
    },
    { name: 'min_amount', kind: 'money', list: true, label: { 'zh-CN': '最小金额', 'en-US': 'Minimum amount' } },
    { name: 'max_amount', kind: 'money', list: true, label: { 'zh-CN': '最大金额', 'en-US': 'Maximum amount' } },
    { name: 'leverage', kind: 'integer', list: true, label: { 'zh-CN': '杠杆倍数', 'en-US': 'Leverage' } },
    // Sanity bounds of trade results (docs/trading.md "Trade results"): a sale, close or settlement price within
    // ± price_band of the product's price; a period settlement's result ÷ amount within profit_rate_min..max.
    {
      name: 'price_band',
      kind: 'decimal',
      decimals: 6,
      list: true,
      label: { 'zh-CN': '价格偏离上限', 'en-US': 'Price band' },
    },
    {
      name: 'profit_rate_min',
      kind: 'decimal',
      decimals: 6,
      list: true,
      label: { 'zh-CN': '最低收益率', 'en-US': 'Min. return' },
    },
    {
      name: 'profit_rate_max',
      kind: 'decimal',
      decimals: 6,
      list: true,
      label: { 'zh-CN': '最高收益率', 'en-US': 'Max. return' },
    },
    changedByField,
    { ...changedAtField, nullable: true },
  ],
});

/** A product's settings as answered. */
export type TradeProductRow = Row<typeof tradeProduct>;

const decimal = (description: string) => ({ type: ['string', 'number'], maxLength: 30, description }) as const;

/** The body of a product's PUT: every setting (the trade results' bounds: absent, kept). */
export const tradeProductBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: {
    enum: [
      'enabled',
      'sessions',
      'buy_fee',
      'sell_fee',
      'min_amount',
      'max_amount',
      'leverage',
      'price_band',
      'profit_rate_min',
      'profit_rate_max',
    ],
  },
  properties: {
    enabled: { type: 'boolean', description: 'Open for trading' },
    sessions: {
      type: 'string',
      maxLength: TRADE_LIMITS.sessionsText,
      description: "HH:MM-HH:MM sessions, comma separated, in order, in the tenant's time zone",
    },
    buy_fee: decimal('Fee rate on buys: 0 <= rate < 1, at most 6 decimals (0.0015 = 0.15 %)'),
    sell_fee: decimal('Fee rate on sells: 0 <= rate < 1, at most 6 decimals'),
    min_amount: decimal('Smallest order amount: decimal, at most 2 decimals, >= 0, <= max_amount'),
    max_amount: decimal('Largest order amount: decimal, at most 2 decimals, > 0'),
    leverage: {
      type: 'integer',
      minimum: TRADE_LIMITS.leverageMin,
      maximum: TRADE_LIMITS.leverageMax,
      description: 'Leverage 1..100',
    },
    price_band: decimal(
      "Trade results: a sale, close or settlement price at most this fraction from the product's price (0 < band <= 1, 0.2 = ± 20 %); absent: kept",
    ),
    profit_rate_min: decimal("Trade results: a period settlement's lowest result ÷ amount (-1..0); absent: kept"),
    profit_rate_max: decimal("Trade results: a period settlement's highest result ÷ amount (>= 0); absent: kept"),
  },
  required: ['enabled', 'sessions', 'buy_fee', 'sell_fee', 'min_amount', 'max_amount', 'leverage'],
} as const;
export type TradeProductBody = FromSchema<typeof tradeProductBody>;

/** What a product never saved answers. */
export const DEFAULT_TRADE_PRODUCT = {
  enabled: true,
  sessions: '09:30-11:30,13:00-15:00',
  buy_fee: '0',
  sell_fee: '0',
  min_amount: '0.00',
  max_amount: '1000000.00',
  leverage: 1,
  price_band: '0.2',
  profit_rate_min: '-0.2',
  profit_rate_max: '0.2',
} satisfies Required<TradeProductBody>;

/** A bound rate: a decimal of at most 6 places and 6 whole digits (the stored spelling has no trailing zeros). */
const BOUND = /^-?\d{1,6}(?:\.\d{1,6})?$/;

/** A bound rate in millionths (exact), or null when it is not one. */
export function boundMicros(v: unknown): bigint | null {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!BOUND.test(text)) return null;
  const neg = text.startsWith('-');
  const [whole, frac = ''] = (neg ? text.slice(1) : text).split('.');
  const m = BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  return neg ? -m : m;
}

const HHMM = '(?:[01]\\d|2[0-3]):[0-5]\\d';
const SESSION = new RegExp(`^(${HHMM})-(${HHMM}|24:00)$`);
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The trading sessions of a text `HH:MM-HH:MM[,HH:MM-HH:MM...]` (24-hour, the tenant's time zone), or null when it
 * is not one: each session ends after it starts (no session across midnight: split it in two), sessions in order
 * and not overlapping, 1 to TRADE_LIMITS.sessions of them. Spaces around the commas are allowed.
 */
export function parseSessions(text: string): { start: string; end: string }[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (!text.trim() || parts.length > TRADE_LIMITS.sessions) return null;
  const out: { start: string; end: string }[] = [];
  let last = -1;
  for (const part of parts) {
    const m = SESSION.exec(part);
    if (!m) return null;
    const [start, end] = [minutes(m[1]), minutes(m[2])];
    if (end <= start || start < last) return null;
    last = end;
    out.push({ start: m[1], end: m[2] });
  }
  return out;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The local time of day of `at` in `zone` (an IANA zone), in minutes since midnight, and its `HH:MM`. */
export function localMinutes(at: Date, zone: string): { minutes: number; hhmm: string } {
  let fmt = clockFormats.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(zone, fmt);
  }
  const parts = Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value]));
  const hhmm = `${parts.hour}:${parts.minute}`;
  return { minutes: minutes(hhmm), hhmm };
}

/**
 * Whether trading is open at `at` under `sessions` (parseSessions' text) in the tenant's `zone`: each session holds
 * from its start (inclusive, to the minute) to its end (exclusive): `09:30-11:30` is open at 09:30:00 and at
 * 11:29:59, closed at 11:30:00; `00:00-24:00` is always open. Unparsable sessions: closed.
 */
export function sessionOpen(sessions: string, at: Date, zone: string): boolean {
  const now = localMinutes(at, zone).minutes;
  return (parseSessions(sessions) ?? []).some((s) => minutes(s.start) <= now && now < minutes(s.end));
}

/**
 * The first instant at or after `from` (to the minute) at which `sessions` are open in `zone`, within a day; null
 * when there is none (unparsable sessions).
 */
export function nextOpen(sessions: string, zone: string, from: Date): Date | null {
  const start = Math.floor(from.getTime() / 60_000) * 60_000;
  for (let m = 0; m <= 24 * 60; m++) {
    const at = new Date(start + m * 60_000);
    if (sessionOpen(sessions, at < from ? from : at, zone)) return at < from ? from : at;
  }
  return null;
}

/** The stored spelling of sessions: `09:30-11:30,13:00-15:00` (no spaces). */
export const formatSessions = (s: { start: string; end: string }[]) => s.map((x) => `${x.start}-${x.end}`).join(',');

const FEE = new RegExp(`^(?:0|0\\.\\d{1,${TRADE_LIMITS.feeDecimals}})$`);
const AMOUNT = new RegExp(`^\\d{1,${TRADE_LIMITS.amountDigits}}(?:\\.\\d{1,2})?$`);

/** An amount in cents (exact), or null when it is not a decimal of at most 2 places. */
export function amountCents(v: unknown): bigint | null {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!AMOUNT.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
}

/** The codes of product-setting problems (each an `errors.field.<code>` text). */
export type TradeFieldCode =
  | 'required'
  | 'trading_hours'
  | 'fee_rate'
  | 'invalid'
  | 'decimals'
  | 'positive'
  | 'min_above_max'
  | 'too_small'
  | 'too_large';

/** A field's problem with its limit where the code has one. */
export interface TradeProblem {
  code: TradeFieldCode;
  limit?: number;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The problem of an amount text (money, 2 decimals), or undefined. */
function amountProblem(v: unknown): TradeProblem | undefined {
  if (blank(v)) return { code: 'required' };
  if (amountCents(v) !== null) return undefined;
  return /^\d+\.\d{3,}$/.test(String(v).trim()) ? { code: 'decimals', limit: 2 } : { code: 'invalid' };
}

/**
 * The problems of a product's settings (an empty object when they may be saved): sessions as parseSessions takes
 * them, fee rates 0 <= rate < 1 with at most 6 decimals, amounts of at most 2 decimals with max > 0 and
 * min <= max, leverage a whole number 1..100.
 */
export function tradeProductProblems(v: Partial<Record<keyof TradeProductBody, unknown>>) {
  const out: Partial<Record<keyof TradeProductBody, TradeProblem>> = {};
  if (blank(v.sessions)) out.sessions = { code: 'required' };
  else if (typeof v.sessions !== 'string' || !parseSessions(v.sessions)) out.sessions = { code: 'trading_hours' };
  for (const k of ['buy_fee', 'sell_fee'] as const) {
    const fee = v[k];
    if (blank(fee)) out[k] = { code: 'required' };
    else if (!FEE.test(String(fee).trim())) out[k] = { code: 'fee_rate' };
  }
  const min = amountProblem(v.min_amount);
  const max = amountProblem(v.max_amount);
  if (min) out.min_amount = min;
  if (max) out.max_amount = max;
  if (!min && !max) {
    const [lo, hi] = [amountCents(v.min_amount)!, amountCents(v.max_amount)!];
    if (hi <= 0n) out.max_amount = { code: 'positive' };
    else if (lo > hi) out.min_amount = { code: 'min_above_max' };
  }
  const lev = typeof v.leverage === 'string' && /^\d+$/.test(v.leverage.trim()) ? Number(v.leverage) : v.leverage;
  if (blank(lev)) out.leverage = { code: 'required' };
  else if (typeof lev !== 'number' || !Number.isInteger(lev)) out.leverage = { code: 'invalid' };
  else if (lev < TRADE_LIMITS.leverageMin) out.leverage = { code: 'too_small', limit: TRADE_LIMITS.leverageMin };
  else if (lev > TRADE_LIMITS.leverageMax) out.leverage = { code: 'too_large', limit: TRADE_LIMITS.leverageMax };
  // the trade results' bounds (optional in a body: absent keeps them): 0 < band ≤ 1, -1 ≤ min ≤ 0 ≤ max
  const band = blank(v.price_band) ? undefined : boundMicros(v.price_band);
  if (band === null || (band !== undefined && (band <= 0n || band > 1_000_000n))) out.price_band = { code: 'invalid' };
  const rMin = blank(v.profit_rate_min) ? undefined : boundMicros(v.profit_rate_min);
  const rMax = blank(v.profit_rate_max) ? undefined : boundMicros(v.profit_rate_max);
  if (rMin === null || (rMin !== undefined && (rMin < -1_000_000n || rMin > 0n)))
    out.profit_rate_min = { code: 'invalid' };
  if (rMax === null || (rMax !== undefined && rMax < 0n)) out.profit_rate_max = { code: 'invalid' };
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Global configs

/** The types a global config's value may have. */
export const CONFIG_TYPES = ['string', 'number', 'boolean', 'json', 'decimal'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

export const CONFIG_MAX = { key: 64, value: 4000, description: 300 } as const;

/** A key: lower case letters, digits, `_` and `.`, starting with a letter (e.g. `withdraw.daily_count`). */
export const CONFIG_KEY_PATTERN = '^[a-z][a-z0-9_.]{1,63}$';
const KEY = new RegExp(CONFIG_KEY_PATTERN);
const NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d{1,6})?$/;
const DECIMAL = /^-?(?:0|[1-9]\d{0,19})(?:\.\d{1,8})?$/;

export const globalConfig = defineEntity({
  name: 'trade_config',
  resource: 'tradeConfig',
  parents: ['config'],
  paths: {
    list: '/trade_config/admin/v1/global/list',
    export: '/trade_config/admin/v1/global/list/export',
    create: '/trade_config/admin/v1/global/create',
    update: '/trade_config/admin/v1/global/{id}',
    delete: '/trade_config/admin/v1/global/{id}',
  },
  sort: { field: 'key', order: 'asc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'key',
      kind: 'text',
      maxLength: CONFIG_MAX.key,
      list: true,
      sort: true,
      filter: 'prefix',
      // its form: globalConfigProblems (config_key); the type never changes afterwards (a new type is a new key)
      create: true,
      required: true,
      unique: true,
      label: { 'zh-CN': '配置键', 'en-US': 'Key' },
    },
    {
      name: 'type',
      kind: 'enum',
      values: CONFIG_TYPES,
      list: true,
      filter: 'eq',
      create: true,
      required: true,
      label: { 'zh-CN': '类型', 'en-US': 'Type' },
      valueLabels: {
        string: { 'zh-CN': '文本', 'en-US': 'Text' },
        number: { 'zh-CN': '数字', 'en-US': 'Number' },
        boolean: { 'zh-CN': '布尔', 'en-US': 'Boolean' },
        json: { 'zh-CN': 'JSON', 'en-US': 'JSON' },
        decimal: { 'zh-CN': '精确小数', 'en-US': 'Decimal' },
      },
    },
    {
      name: 'value',
      kind: 'textarea',
      maxLength: CONFIG_MAX.value,
      list: true,
      // valid for the type (globalConfigProblems; a text may be empty), a text kept as written
      create: true,
      edit: true,
      trim: false,
      label: { 'zh-CN': '值', 'en-US': 'Value' },
    },
    {
      name: 'description',
      kind: 'text',
      nullable: true,
      maxLength: CONFIG_MAX.description,
      list: true,
      create: true,
      edit: true,
      label: { 'zh-CN': '说明', 'en-US': 'Description' },
    },
    changedByField,
    changedAtField,
  ],
});

/** A global config as answered. */
export type GlobalConfigRow = Row<typeof globalConfig>;

/** Codes of a global config's problems. */
export type ConfigFieldCode =
  | 'required'
  | 'invalid'
  | 'too_long'
  | 'config_key'
  | 'config_number'
  | 'config_boolean'
  | 'config_json'
  | 'config_decimal'
  | 'config_type_fixed'
  | 'config_daily_count'
  | 'config_spread';

/**
 * The problem of a value for its type, or undefined: string any text (up to CONFIG_MAX.value); number a plain
 * decimal number (up to 15 digits and 6 decimals, no exponent, so it reads the same everywhere); boolean `true` or
 * `false`; json any JSON text; decimal an exact decimal (up to 20 digits and 8 decimals, kept as written).
 */
export function configValueProblem(type: unknown, value: unknown): ConfigFieldCode | undefined {
  if (typeof value !== 'string') return 'required';
  if (value.length > CONFIG_MAX.value) return 'too_long';
  const v = value.trim();
  switch (type) {
    case 'string':
      return undefined;
    case 'number':
      return NUMBER.test(v) ? undefined : 'config_number';
    case 'boolean':
      return v === 'true' || v === 'false' ? undefined : 'config_boolean';
    case 'decimal':
      return DECIMAL.test(v) ? undefined : 'config_decimal';
    case 'json':
      try {
        JSON.parse(v);
        return v ? undefined : 'config_json';
      } catch {
        return 'config_json';
      }
    default:
      return undefined; // the type's own problem is reported on `type`
  }
}

/** The stored spelling of a valid value: strings as given, JSON compact, the others trimmed. */
export function canonicalConfigValue(type: ConfigType, value: string): string {
  if (type === 'string') return value;
  if (type === 'json') return JSON.stringify(JSON.parse(value.trim()));
  return value.trim();
}

/**
 * The global configs the platform reads: their type is fixed and their value bounded (any other key is a note the
 * platform does not read). `withdraw.daily_count`: the withdrawals a client may request in the tenant's day (0..1000;
 * 0: none), counted under the client's lock. `fx.spread`: a fraction 0..0.1 taken off the rate of every exchange
 * between accounts, with the pair's own spread (domain/exchange.ts exchangeRate).
 */
export const PLATFORM_CONFIGS: Readonly<
  Record<string, { type: ConfigType; problem: (value: string) => ConfigFieldCode | null }>
> = {
  'withdraw.daily_count': {
    type: 'number',
    problem: (v) => (/^\d{1,4}$/.test(v.trim()) && Number(v) <= 1000 ? null : 'config_daily_count'),
  },
  'fx.spread': { type: 'decimal', problem: (v) => (parseSpreadUnits(v.trim()) === null ? 'config_spread' : null) },
};

/** The problems of a global config's fields (key and type only when `creating`). */
export function globalConfigProblems(v: Record<string, unknown>, creating: boolean) {
  const out: Partial<Record<'key' | 'type' | 'value' | 'description', ConfigFieldCode>> = {};
  if (creating) {
    if (blank(v.key)) out.key = 'required';
    else if (typeof v.key !== 'string' || !KEY.test(v.key.trim())) out.key = 'config_key';
    if (blank(v.type)) out.type = 'required';
    else if (!(CONFIG_TYPES as readonly unknown[]).includes(v.type)) out.type = 'invalid';
  }
  const value = configValueProblem(v.type, v.value);
  if (value) out.value = value;
  const known = typeof v.key === 'string' ? PLATFORM_CONFIGS[v.key.trim()] : undefined;
  if (known && !out.type && v.type !== known.type) out.type = 'config_type_fixed';
  else if (known && !out.value && typeof v.value === 'string') {
    const problem = known.problem(v.value);
    if (problem) out.value = problem;
  }
  if (typeof v.description === 'string' && v.description.trim().length > CONFIG_MAX.description) {
    out.description = 'too_long';
  }
  return out;
}
