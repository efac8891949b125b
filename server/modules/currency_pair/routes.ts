import type { FastifyPluginAsync } from 'fastify';
import { currencyPair, type CurrencyPairBody, type CurrencyPairRow } from '../../../domain/currency-pair';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { createBody, enabledResponse, idParams, pairRow, updateBody } from './schemas';
import { createPair, deletePair, enabledPairs, pairListSpec, pairOf, updatePair } from './service';

const tags = ['currency_pair'];
const resource = currencyPair.resource;
const chain = [resource, ...(currencyPair.parents ?? [])];
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const RULE =
  'A pair covers both directions. When the tenant has pairs, the exchange between two accounts needs an enabled ' +
  'pair joining their currencies (409 pair_disabled otherwise); a tenant without pairs is not restricted. The exchange ' +
  "runs at the rate of /exchange_config less the spread (a fraction: the pair's plus the global config fx.spread).";

type Id = { Params: { id: number } };

/** Currency pairs (spec section 2 "currency pairs", config group; administrators: the currencyPair grant). */
export const currencyPairRoutes: FastifyPluginAsync = async (app) => {
  entityList(app, pairListSpec);

  app.get(
    currencyPair.paths.enabled,
    {
      config: { permission: requires('client', 'fund') },
      schema: {
        tags,
        description: `The enabled pairs (base, quote, decimals) for the client drawer's exchange dialog (client fund permission), and whether the tenant restricts exchanges to them. ${RULE}`,
        response: { 200: enabledResponse, ...errorResponses(401, 403) },
      },
    },
    (req) => enabledPairs(ctx(req).db, signedIn(ctx(req)).tenantId),
  );

  app.post<{ Body: CurrencyPairBody }>(
    route(currencyPair.paths.create),
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description:
          '`{ base, quote, decimals, enabled?, spread }` adds a pair (enabled unless `enabled: false`): two distinct currencies of the platform (400 ' +
          'same_currency), not already paired in either direction (400 duplicate), decimals 0..8 (400 ' +
          `decimals_range), spread a fraction 0..0.1 with at most 8 decimals (400 spread). ${RULE} ${AUDITED}`,
        body: createBody,
        response: { 200: pairRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'currency_pair.create',
        resource,
        targetId: (r: CurrencyPairRow) => r.id,
        run: (tx) => createPair(tx, staff, req.body),
      });
    },
  );

  app.put<Id & { Body: CurrencyPairBody }>(
    route(currencyPair.paths.update),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description: `\`{ decimals, enabled, spread }\` changes a pair (its currencies never change). ${RULE} ${AUDITED}`,
        params: idParams,
        body: updateBody,
        response: { 200: pairRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'currency_pair.update',
        resource,
        targetId: req.params.id,
        before: (tx) => pairOf(tx, staff.tenantId, req.params.id),
        run: (tx) => updatePair(tx, staff, req.params.id, req.body),
      });
    },
  );

  app.delete<Id>(
    route(currencyPair.paths.delete),
    {
      config: { permission: requires(chain, 'delete') },
      schema: {
        tags,
        description: `Deletes a pair; answers it. Another tenant's or a missing one: 404. ${RULE} ${AUDITED}`,
        params: idParams,
        response: { 200: pairRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'currency_pair.delete',
        resource,
        targetId: req.params.id,
        before: (tx) => pairOf(tx, staff.tenantId, req.params.id),
        run: (tx) => deletePair(tx, staff.tenantId, req.params.id),
        after: () => null,
      });
    },
  );
};
