import type { FastifyPluginAsync } from 'fastify';
import { requires } from '../../core/access';
import { ctx } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { exchange } from './service';
import { currencyCode, exchangeQuote, getRate, rateDetail } from './rates';
import { fromRateUnits } from '../../ledger/money';
import { idempotencyHeader, moneyMutation } from '../records/http';
import { exchangeBody, exchangeRecordSchema } from './schemas';
import { typed } from '../../core/typed';

/** Rates and exchange (spec section 7 "Rates and exchange"). The client's accounts (GET /acc/admin/v1/list/{id}) are in the client module. */
export const exchangeRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  app.get(
    '/currency/admin/v1/rate',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags: ['currency'],
        description:
          'The rate from `primary` to `secondary` (1 primary = rate secondary), as a JSON number (spec: the response is a number); ' +
          'kept in the database with 8 decimals; the same currency is 1; a pair stored only the other way is its reverse ' +
          '(1 / rate rounded down). `purpose=exchange` (the exchange dialog): the rate the exchange between accounts ' +
          "runs at, i.e. less the spread (global config fx.spread plus the pair's spread, rounded down at 8 decimals), " +
          '409 rate_round_trip_gain when the current rates let a round trip through this leg gain. Default ' +
          '`conversion`: the market rate (deposit conversion). 404 rate_unavailable.',
        querystring: {
          type: 'object',
          properties: {
            primary: { type: 'string', minLength: 1 },
            secondary: { type: 'string', minLength: 1 },
            purpose: { type: 'string', enum: ['conversion', 'exchange'] },
          },
          required: ['primary', 'secondary'],
        },
        response: { 200: { type: 'number' }, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req) => {
      const { db, tenantId } = ctx(req);
      if (req.query.purpose !== 'exchange')
        return Number(await getRate(db, tenantId, req.query.primary, req.query.secondary));
      const q = await exchangeQuote(
        db,
        tenantId,
        currencyCode(req.query.primary, 'primary'),
        currencyCode(req.query.secondary, 'secondary'),
      );
      return Number(fromRateUnits(q.rate));
    },
  );

  app.get(
    '/currency/admin/v1/rate/detail',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags: ['currency'],
        description:
          'The current rate from `primary` to `secondary` as GET /currency/admin/v1/rate answers it, with where it ' +
          'comes from: `rate` (8 decimals, a string), `source` and `valid_from` of the history row it comes from ' +
          "(null for the same currency), `inverted` when only the other direction is stored. Rates' history: " +
          '/exchange_config/admin/v1/rate/history. 404 rate_unavailable.',
        querystring: {
          type: 'object',
          properties: { primary: { type: 'string', minLength: 1 }, secondary: { type: 'string', minLength: 1 } },
          required: ['primary', 'secondary'],
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            properties: {
              rate: { type: 'string' },
              source: { type: ['string', 'null'] },
              valid_from: { type: ['string', 'null'], format: 'date-time' },
              inverted: { type: 'boolean' },
            },
            required: ['rate', 'source', 'valid_from', 'inverted'],
          },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req) => {
      const d = await rateDetail(
        ctx(req).db,
        ctx(req).tenantId,
        currencyCode(req.query.primary, 'primary'),
        currencyCode(req.query.secondary, 'secondary'),
      );
      return {
        rate: fromRateUnits(d.units),
        source: d.source,
        valid_from: d.validFrom ? d.validFrom.toISOString() : null,
        inverted: d.inverted,
      };
    },
  );

  app.post(
    '/acc/admin/v1/exchange/:id',
    {
      config: { permission: requires('client', 'fund') },
      schema: {
        tags: ['client'],
        description:
          'Exchanges `amount` (source currency, > 0, at most 2 decimals, at most the source balance) between two accounts of ' +
          'client {id}. The server uses its current rate; a `rate` sent must equal it at 6 decimals, else 409 rate_changed. ' +
          'Target amount = amount × rate rounded half-even to cents. The locked bonus part moves with the money. Completed at once ' +
          "below the tenant's exchange tier (maker-checker, GET /approval/admin/v1/policy); at or above it the record is " +
          'answered with status pending and an approval waits for its checkers (PUT /approval/admin/v1/decide/{id}); nothing ' +
          'moves until then, and it runs at the rate current at approval. Answers the exchange record.',
        headers: idempotencyHeader,
        body: exchangeBody,
        response: { 200: exchangeRecordSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (req) =>
      moneyMutation(req, {
        action: 'client.exchange',
        resource: 'client',
        run: (tx, actor, clientId) => exchange(tx, actor, clientId, req.body),
      }),
  );
};
