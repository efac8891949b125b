import type { FastifyPluginAsync } from 'fastify';
import { requires } from '../../core/access';
import { ctx } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { exchange, type ExchangeInput } from './service';
import { getRate } from './rates';
import { amountSchema, idempotencyHeader, moneyMutation } from '../records/http';
import { exchangeRecordSchema } from './schemas';

/** Rates and exchange (spec section 7 "Rates and exchange"). The client's accounts (GET /acc/admin/v1/list/{id}) are in the client module. */
export const exchangeRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { primary: string; secondary: string } }>(
    '/currency/admin/v1/rate',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags: ['currency'],
        description:
          'The rate from `primary` to `secondary` (1 primary = rate secondary), as a JSON number (spec: the response is a number); ' +
          'kept in the database with 8 decimals; the same currency is 1; a pair stored only the other way is inverted. 404 rate_unavailable.',
        querystring: {
          type: 'object',
          properties: { primary: { type: 'string', minLength: 1 }, secondary: { type: 'string', minLength: 1 } },
          required: ['primary', 'secondary'],
        },
        response: { 200: { type: 'number' }, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => Number(await getRate(ctx(req).db, ctx(req).tenantId, req.query.primary, req.query.secondary)),
  );

  app.post<{ Body: ExchangeInput }>(
    '/acc/admin/v1/exchange/:id',
    {
      config: { permission: requires('client', 'fund') },
      schema: {
        tags: ['client'],
        description:
          'Exchanges `amount` (source currency, > 0, at most 2 decimals, at most the source balance) between two accounts of ' +
          'client {id}. The server uses its current rate; a `rate` sent must equal it at 6 decimals, else 409 rate_changed. ' +
          'Target amount = amount × rate rounded half-even to cents. The locked bonus part moves with the money. Completed at once; ' +
          'answers the exchange record.',
        headers: idempotencyHeader,
        body: {
          type: 'object',
          properties: {
            from_account: { type: ['integer', 'string'] },
            to_account: { type: ['integer', 'string'] },
            amount: amountSchema,
            rate: { type: ['number', 'string', 'null'] },
          },
          required: ['from_account', 'to_account', 'amount'],
        },
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
