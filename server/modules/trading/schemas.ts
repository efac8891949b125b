/** JSON schemas of the trading routes; the row schemas come from the domain definitions (domain/trading.ts). */
import { closed } from '../../core/schema';
import { SUBTYPES, tradeOrder, tradeProduct } from '../../../domain/trading';
import { rowSchema } from '../../core/entity';
import { MAX_ID } from '../../core/params';
import type { Input } from '../../core/typed';

export const productRow = rowSchema(tradeProduct);
export const orderRow = rowSchema(tradeOrder);

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

/**
 * A decimal in a body: deliberately without `type` (Ajv would coerce arrays and booleans); the service checks it
 * (400 validation with field_codes: invalid, decimals, positive).
 */
const decimal = (description: string) => ({ description }) as const;

const productFields = [
  'subtype',
  'code',
  'name',
  'currency',
  'price',
  'lot_size',
  'period_days',
  'rate',
  'offered',
  'subscribe_start',
  'subscribe_end',
  'listing_date',
] as const;

/** Body of a product's create and edit (kind from the path). */
export const productBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: [...productFields] },
  properties: {
    subtype: { type: 'string', enum: [...SUBTYPES], description: "One of the kind's subtypes (default its first)" },
    code: { type: 'string', maxLength: 20, description: '1-20 letters, digits, . _ -; unique per tenant and kind' },
    name: { type: 'string', maxLength: 100 },
    currency: { type: 'string', maxLength: 3, description: 'ISO code, e.g. USD' },
    price: decimal('Price > 0, at most 4 decimals (market: current price; IPO: issue price; period: unit price)'),
    lot_size: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    period_days: { type: ['integer', 'null'], minimum: 1, maximum: 36_500, description: 'Period products: required' },
    rate: decimal('Expected return over the period (period products), at most 6 decimals; null: none'),
    offered: { type: ['integer', 'null'], minimum: 1, maximum: MAX_ID, description: 'IPO: shares offered, required' },
    subscribe_start: {
      type: ['string', 'null'],
      maxLength: 40,
      description:
        "IPO: start of subscription (date-time, or YYYY-MM-DD: from 00:00 of that day in the tenant's zone); none: from the issue",
    },
    subscribe_end: {
      type: ['string', 'null'],
      maxLength: 40,
      description: "IPO: end of subscription (date-time, or YYYY-MM-DD: through that whole day in the tenant's zone)",
    },
    listing_date: { type: ['string', 'null'], maxLength: 10, description: 'YYYY-MM-DD' },
  },
  required: ['code', 'name', 'currency', 'price'],
} as const;

/** Body of placing an order. */
export const placeBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['client_id', 'product_id', 'trade_type', 'quantity', 'price', 'amount', 'remark'] },
  properties: {
    client_id: { type: 'integer', minimum: 1, maximum: MAX_ID },
    product_id: { type: 'integer', minimum: 1, maximum: MAX_ID },
    trade_type: { type: 'string', enum: ['holding', 'review'], description: 'holding = Direct; IPO: review only' },
    quantity: { type: ['integer', 'null'], minimum: 1, maximum: 1e15, description: 'Market and IPO: shares' },
    price: decimal("Market: the price (4 decimals), default the product's; IPO: the issue price only"),
    amount: decimal('Period products: the amount (2 decimals)'),
    remark: { type: ['string', 'null'], maxLength: 500 },
  },
  required: ['client_id', 'product_id', 'trade_type'],
} as const;

/** Body of an order action. */
export const actionBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  propertyNames: { enum: ['remark', 'sell_price', 'profit'] },
  properties: {
    remark: { type: ['string', 'null'], maxLength: 500 },
    sell_price: decimal('sell, close: the sale price (> 0, 4 decimals)'),
    profit: decimal("settle of a period product: the period's gross result (2 decimals, may be negative)"),
  },
} as const;

/** Body of a bulk order action. */
export const bulkBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['ids', 'remark', 'profit'] },
  properties: {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1, maximum: MAX_ID },
    },
    remark: { type: ['string', 'null'], maxLength: 500 },
    profit: decimal('settle of period products: the same gross result for each'),
  },
  required: ['ids'],
} as const;

/** Answer of a bulk order action. */
export const bulkResponse = closed(
  {
    succeeded: { type: 'integer' },
    failed: { type: 'integer' },
    results: {
      type: 'array',
      items: closed(
        {
          id: { type: 'integer' },
          ok: { type: 'boolean' },
          status: { type: ['string', 'null'], description: 'The order status after (ok)' },
          code: {
            type: ['string', 'null'],
            description: 'The error code (not ok): invalid_transition, not_found, ...',
          },
          message: { type: ['string', 'null'] },
        },
        ['id', 'ok', 'status', 'code', 'message'],
      ),
    },
  },
  ['succeeded', 'failed', 'results'],
);

/** Body of the IPO allocation. */
export const allocateBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['method'] },
  properties: { method: { type: 'string', enum: ['ratio', 'lottery'] } },
  required: ['method'],
} as const;

const allocationResult = closed(
  {
    order_id: { type: 'integer' },
    client_id: { type: 'integer' },
    requested: { type: 'integer' },
    allocated: { type: 'integer' },
    amount: { type: 'string' },
    fee: { type: 'string' },
    released: { type: 'string' },
    owed: { type: 'string' },
    status: { type: 'string' },
  },
  ['order_id', 'client_id', 'requested', 'allocated', 'amount', 'fee', 'released', 'owed', 'status'],
);

/** Answer of the IPO allocation. */
export const allocateResponse = closed(
  {
    product: productRow,
    method: { type: 'string' },
    offered: { type: 'integer' },
    requested: { type: 'integer' },
    allocated: { type: 'integer' },
    allocations: { type: 'array', items: allocationResult },
  },
  ['product', 'method', 'offered', 'requested', 'allocated', 'allocations'],
);

/** Answer of go_public. */
export const goPublicResponse = closed({ product: productRow, listed_orders: { type: 'integer' } }, [
  'product',
  'listed_orders',
]);

/** Answer of `GET /trades/admin/v1/{kind}/market` (domain MarketStatus). */
export const marketResponse = {
  type: 'object',
  properties: {
    kind: { type: 'string' },
    sessions: { type: 'string' },
    time_zone: { type: 'string' },
    local_time: { type: 'string' },
    open: { type: 'boolean' },
    session_bound: { type: 'boolean' },
  },
  required: ['kind', 'sessions', 'time_zone', 'local_time', 'open', 'session_bound'],
} as const;

/** A product's create or edit, as its route's schema has checked it (the decimals are checked by the service). */
export type TradeProductBody = Input<typeof productBody>;
/** An order to place, as its route's schema has checked it. */
export type PlaceOrderBody = Input<typeof placeBody>;
/** The fields of an order action (none: an empty body). */
export type OrderActionBody = NonNullable<Input<typeof actionBody>>;
