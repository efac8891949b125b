import type { FastifyPluginAsync } from 'fastify';
import {
  currencyRateEntity,
  marketExchange,
  type CurrencyRateBody,
  type CurrencyRateRow,
  type MarketExchangeBody,
  type MarketExchangeRow,
} from '../../../domain/exchange-config';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { currentRatesResponse, exchangeBody, exchangeRow, idParams, rateBody, rateRow } from './schemas';
import {
  changeRate,
  createExchange,
  currentRates,
  deleteExchange,
  exchangeListSpec,
  exchangeOf,
  currentRateOf,
  rateHistorySpec,
  updateExchange,
} from './service';

const tags = ['exchange_config'];
const resource = marketExchange.resource;
const chain = [resource, ...(marketExchange.parents ?? [])];
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const EXCHANGE =
  'code: upper case letters, digits and _, 2-16, unique in the tenant (400 exchange_code, duplicate); time_zone: an ' +
  'IANA zone, stored in its canonical spelling (400 time_zone); sessions: HH:MM-HH:MM[,HH:MM-HH:MM] in that zone, in ' +
  'order, not overlapping, at most 6 (400 trading_hours, the trade configuration rule); holidays: YYYY-MM-DD days, ' +
  'comma separated, stored sorted and distinct (400 holidays).';
const RATES =
  'A rate is 1 primary = rate secondary, an exact decimal with 8 decimals (strings on the wire, never floats). Each ' +
  "change appends a row to the pair's history (never an update in place); the current rate of a pair is its row " +
  'with the latest valid_from <= now. GET /currency/admin/v1/rate, the exchange and the deposit conversion answer ' +
  'from it (a pair stored only the other way is inverted).';

type Id = { Params: { id: number } };

/**
 * Exchanges and rates (spec section 2 "exchange_config", config group; administrators: the exchangeConfig grant;
 * paths are ours).
 */
export const exchangeConfigRoutes: FastifyPluginAsync = async (app) => {
  entityList(app, exchangeListSpec);

  app.post<{ Body: MarketExchangeBody }>(
    route(marketExchange.paths.create),
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description: `\`{ code, name, time_zone, sessions, holidays? }\` adds an exchange. ${EXCHANGE} ${AUDITED}`,
        body: exchangeBody,
        response: { 200: exchangeRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'exchange_config.create',
        resource,
        targetId: (r: MarketExchangeRow) => r.id,
        run: (tx) => createExchange(tx, staff, req.body),
      });
    },
  );

  app.put<Id & { Body: MarketExchangeBody }>(
    route(marketExchange.paths.update),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description: `Saves every field of an exchange. ${EXCHANGE} ${AUDITED}`,
        params: idParams,
        body: exchangeBody,
        response: { 200: exchangeRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'exchange_config.update',
        resource,
        targetId: req.params.id,
        before: (tx) => exchangeOf(tx, staff.tenantId, req.params.id),
        run: (tx) => updateExchange(tx, staff, req.params.id, req.body),
      });
    },
  );

  app.delete<Id>(
    route(marketExchange.paths.delete),
    {
      config: { permission: requires(chain, 'delete') },
      schema: {
        tags,
        description: `Deletes an exchange; answers it. Another tenant's or a missing one: 404. ${AUDITED}`,
        params: idParams,
        response: { 200: exchangeRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'exchange_config.delete',
        resource,
        targetId: req.params.id,
        before: (tx) => exchangeOf(tx, staff.tenantId, req.params.id),
        run: (tx) => deleteExchange(tx, staff.tenantId, req.params.id),
        after: () => null,
      });
    },
  );

  app.get(
    currencyRateEntity.paths.current,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: `The current rate of every stored pair direction, by primary then secondary ({ data, total }, not paged: one row per direction). ${RATES}`,
        response: { 200: currentRatesResponse, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const data = await currentRates(ctx(req).db, signedIn(ctx(req)).tenantId);
      return { data, total: data.length };
    },
  );

  entityList(app, rateHistorySpec);

  app.post<{ Body: CurrencyRateBody }>(
    route(currencyRateEntity.paths.create),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          '`{ primary, secondary, rate, source, valid_from? }` changes a rate: two distinct currencies of the platform ' +
          '(400 same_currency), rate > 0 with at most 8 decimals (400 rate_format, positive), a source, valid_from ' +
          `now or later (400 valid_from_past). Answers the new history row. ${RATES} ${AUDITED}`,
        body: rateBody,
        response: { 200: rateRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'exchange_config.rate',
        resource,
        targetId: (r: CurrencyRateRow) => `${r.primary}/${r.secondary}`,
        before: (tx) => currentRateOf(tx, staff.tenantId, req.body.primary, req.body.secondary),
        run: (tx) => changeRate(tx, staff, req.body),
      });
    },
  );
};
