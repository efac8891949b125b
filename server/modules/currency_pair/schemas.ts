/** JSON schemas of the currency pair routes; the row schema comes from the domain (domain/currency-pair.ts). */
import { PAIR_DECIMALS_MAX, currencyPair } from '../../../domain/currency-pair';
import { PLATFORM_CURRENCIES } from '../../../domain/exchange-config';
import { rowSchema } from '../../core/entity';

export const pairRow = rowSchema(currencyPair);

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

const common = {
  decimals: {
    type: 'integer',
    minimum: 0,
    maximum: PAIR_DECIMALS_MAX,
    description: 'Decimals of the rate shown, 0..8',
  },
  enabled: { type: 'boolean', description: 'Offered by the exchange dialog' },
  spread: {
    type: 'string',
    maxLength: 30,
    description:
      'A fraction 0..0.1 with at most 8 decimals (a string: never a float); exchanges between the two currencies run at the rate less this spread and the global fx.spread',
  },
} as const;

/** Body of POST create. */
export const createBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['base', 'quote', 'decimals', 'enabled', 'spread'] },
  properties: {
    base: { type: 'string', enum: [...PLATFORM_CURRENCIES] },
    quote: { type: 'string', enum: [...PLATFORM_CURRENCIES] },
    ...common,
  },
  required: ['base', 'quote', 'decimals', 'spread'],
} as const;

/** Body of PUT {id}. */
export const updateBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['decimals', 'enabled', 'spread'] },
  properties: common,
  required: ['decimals', 'enabled', 'spread'],
} as const;

/** The enabled pairs for the exchange dialog. */
export const enabledResponse = {
  type: 'object',
  additionalProperties: false,
  properties: {
    restricted: { type: 'boolean', description: 'The tenant has pairs: exchanges only between enabled ones' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          base: { type: 'string' },
          quote: { type: 'string' },
          decimals: { type: 'integer' },
        },
        required: ['base', 'quote', 'decimals'],
      },
    },
  },
  required: ['restricted', 'data'],
} as const;
