import type { FastifyPluginAsync } from 'fastify';
import { currencyPair } from '../../../domain/currency-pair';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { entityWrites } from '../../core/entity-writes';
import { errorResponses } from '../../core/errors';
import { enabledPairs, pairListSpec, pairWritesSpec, RULE } from './service';

/** The enabled pairs for the exchange dialog. */
const enabledResponse = {
  type: 'object',
  additionalProperties: false,
  properties: {
    restricted: { type: 'boolean', description: 'The tenant has pairs: exchanges only between enabled ones' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { base: { type: 'string' }, quote: { type: 'string' }, decimals: { type: 'integer' } },
        required: ['base', 'quote', 'decimals'],
      },
    },
  },
  required: ['restricted', 'data'],
} as const;

/**
 * Currency pairs (spec section 2 "currency pairs", config group; administrators: the currencyPair grant): the list,
 * create, edit and delete from the definition, and the enabled pairs the exchange dialog offers.
 */
export const currencyPairRoutes: FastifyPluginAsync = async (app) => {
  entityList(app, pairListSpec);
  entityWrites(app, pairWritesSpec);
  app.get(
    currencyPair.paths.enabled,
    {
      config: { permission: requires('client', 'fund') },
      schema: {
        tags: ['currency_pair'],
        description: `The enabled pairs (base, quote, decimals) for the client drawer's exchange dialog (client fund permission), and whether the tenant restricts exchanges to them. ${RULE}`,
        response: { 200: enabledResponse, ...errorResponses(401, 403) },
      },
    },
    (req) => enabledPairs(ctx(req).db, signedIn(ctx(req)).tenantId),
  );
};
