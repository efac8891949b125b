/** JSON schemas of the trade configuration routes; row schemas come from the domain (domain/trade-config.ts). */
import {
  CONFIG_MAX,
  CONFIG_TYPES,
  TRADE_LIMITS,
  TRADE_PRODUCTS,
  globalConfig,
  tradeProduct,
} from '../../../domain/trade-config';
import { rowSchema } from '../../core/entity';
import { listQuerySchema, listResponseSchema } from '../../core/list';

/** A product's settings as answered. */
export const productRow = rowSchema(tradeProduct);
/** The products' list: every product, in menu order. */
export const productList = listResponseSchema(productRow);
/** Its query: the usual list parameters, accepted and ignored (the list is the eight products). */
export const productListQuery = listQuerySchema(['id']);

/** `{id}` path parameter: a product code. */
export const productParams = {
  type: 'object',
  properties: { id: { type: 'string', enum: [...TRADE_PRODUCTS], description: 'Product code' } },
  required: ['id'],
} as const;

const decimal = (description: string) => ({ type: ['string', 'number'], maxLength: 30, description }) as const;

/** Body of PUT product/{id}: every setting. */
export const productBody = {
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

/** A global config as answered. */
export const globalRow = rowSchema(globalConfig);

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

const description = { type: ['string', 'null'], maxLength: CONFIG_MAX.description } as const;
const value = {
  type: 'string',
  maxLength: CONFIG_MAX.value,
  description: 'The value as text, valid for the type (see the route description)',
} as const;

/** Body of POST global/create. */
export const globalCreateBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['key', 'type', 'value', 'description'] },
  properties: {
    key: { type: 'string', minLength: 1, maxLength: CONFIG_MAX.key },
    type: { type: 'string', enum: [...CONFIG_TYPES] },
    value,
    description,
  },
  required: ['key', 'type', 'value'],
} as const;

/** Body of PUT global/{id}. */
export const globalUpdateBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['value', 'description'] },
  properties: { value, description },
  required: ['value'],
} as const;
