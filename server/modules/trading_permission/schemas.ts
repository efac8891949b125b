/** JSON schemas of the trading permission routes; the row schema comes from the domain (domain/trading-permission.ts). */
import { TRADE_PRODUCTS } from '../../../domain/trade-config';
import { PERMISSION_MAX, PERMISSION_SCOPES, tradingPermission } from '../../../domain/trading-permission';
import { rowSchema } from '../../core/entity';

/** A rule as the list and the writes answer it. */
export const ruleRow = rowSchema(tradingPermission);

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

const note = { type: ['string', 'null'], maxLength: PERMISSION_MAX.note, description: 'Why (blank: none)' } as const;

/** Body of POST create. */
export const createBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['scope', 'subject_id', 'product', 'allowed', 'note'] },
  properties: {
    scope: { type: 'string', enum: [...PERMISSION_SCOPES] },
    subject_id: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'client: the client id; team: the team leader id; vip: the level 0-99; default: none',
    },
    product: { type: 'string', enum: [...TRADE_PRODUCTS] },
    allowed: { type: 'boolean' },
    note,
  },
  required: ['scope', 'product', 'allowed'],
} as const;

/** Body of PUT {id}. */
export const updateBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['allowed', 'note'] },
  properties: { allowed: { type: 'boolean' }, note },
  required: ['allowed'],
} as const;

/** Body of PUT client/{id}: the client's own rules. */
export const clientRulesBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['rules'] },
  properties: {
    rules: {
      type: 'object',
      additionalProperties: false,
      propertyNames: { enum: [...TRADE_PRODUCTS] },
      properties: Object.fromEntries(
        TRADE_PRODUCTS.map((p) => [
          p,
          { type: ['boolean', 'null'], description: 'true allow, false deny, null: no own rule' },
        ]),
      ),
      minProperties: 1,
    },
  },
  required: ['rules'],
} as const;

/** A client's effective permissions. */
export const effectiveResponse = {
  type: 'object',
  additionalProperties: false,
  properties: {
    client_id: { type: 'integer' },
    vip: { type: 'integer' },
    team_id: { type: ['integer', 'null'], description: "The client's team: its leader's staff id" },
    products: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          product: { type: 'string', enum: [...TRADE_PRODUCTS] },
          allowed: { type: 'boolean', description: 'What the rules say' },
          source: { type: 'string', enum: [...PERMISSION_SCOPES, 'none'], description: 'The deciding level' },
          rule_id: { type: ['integer', 'null'] },
          own: { type: ['boolean', 'null'], description: "The client's own rule" },
          product_enabled: { type: 'boolean', description: 'Open in the trade configuration' },
          tradable: { type: 'boolean', description: 'product_enabled && allowed' },
        },
        required: ['product', 'allowed', 'source', 'rule_id', 'own', 'product_enabled', 'tradable'],
      },
    },
  },
  required: ['client_id', 'vip', 'team_id', 'products'],
} as const;
