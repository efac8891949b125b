/** JSON schemas of the emergency routes, derived from the plan's definition (domain/emergency.ts). */
import { closed } from '../../core/schema';
import { emergencyPlan, EMERGENCY_KINDS, EMERGENCY_MAX } from '../../../domain/emergency';
import { TRADE_PRODUCTS } from '../../../domain/trade-config';
import { ORDER_MODIFY } from '../../../domain/trading';
import { rowSchema } from '../../core/entity';
import { orderRow } from '../trading/schemas';
import type { Input } from '../../core/typed';

export const planRow = rowSchema(emergencyPlan);

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

/** Body of POST create: the plan and its reason (the kind's own fields: domain/emergency.ts emergencyProblems). */
export const createBody = closed(
  {
    kind: { type: 'string', enum: [...EMERGENCY_KINDS] },
    product: { type: ['string', 'null'], enum: [...TRADE_PRODUCTS, null], description: 'halt_trading: required' },
    message_zh: { type: ['string', 'null'], maxLength: EMERGENCY_MAX.message, description: 'banner: required' },
    message_en: { type: ['string', 'null'], maxLength: EMERGENCY_MAX.message, description: 'banner: required' },
    reason: { type: 'string', maxLength: EMERGENCY_MAX.reason, description: 'Required (not blank)' },
  },
  ['kind', 'reason'],
);

/** Body of PUT lift/{id}. */
export const liftBody = closed(
  { reason: { type: 'string', maxLength: EMERGENCY_MAX.reason, description: 'Required (not blank)' } },
  ['reason'],
);

/** GET active: the plans in effect. */
export const activeResponse = closed(
  {
    data: {
      type: 'array',
      items: closed(
        {
          id: { type: 'integer' },
          kind: { type: 'string', enum: [...EMERGENCY_KINDS] },
          product: { type: ['string', 'null'] },
          message_zh: { type: ['string', 'null'] },
          message_en: { type: ['string', 'null'] },
          activated_at: { type: ['string', 'null'], format: 'date-time' },
        },
        ['id', 'kind', 'product', 'message_zh', 'message_en', 'activated_at'],
      ),
    },
  },
  ['data'],
);

/** Body of PUT order/modify/{id}. */
export const modifyBody = closed(
  {
    price: { description: 'The corrected price (> 0, 4 decimals); absent: unchanged' },
    quantity: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 1e15,
      description: 'The corrected shares; absent: unchanged',
    },
    reason: { type: 'string', maxLength: ORDER_MODIFY.reasonMax, description: 'Required (not blank)' },
  },
  ['reason'],
);

const money = { type: 'string', description: 'Decimal, 2 places' } as const;

/** Answer of PUT order/modify/{id} (domain/trading.ts OrderModification). */
export const modifyResponse = {
  type: 'object',
  properties: {
    order: orderRow,
    reason: { type: 'string' },
    before: {
      type: 'object',
      properties: {
        price: { type: ['string', 'null'] },
        quantity: { type: ['integer', 'null'] },
        amount: money,
        fee: money,
        frozen: money,
      },
      required: ['price', 'quantity', 'amount', 'fee', 'frozen'],
    },
    balance_change: { ...money, description: "The client's balance change (negative: debited)" },
    frozen_change: { ...money, description: "The client's frozen change" },
  },
  required: ['order', 'reason', 'before', 'balance_change', 'frozen_change'],
} as const;

/** A modification of an order, as its route's schema has checked it (the price is checked by the service). */
export type OrderModifyBody = Input<typeof modifyBody>;
