import type { FastifyPluginAsync } from 'fastify';
import {
  currencyRateBody,
  currencyRateEntity,
  marketExchange,
  type CurrencyRateRow,
} from '../../../domain/exchange-config';
import { resourceChain } from '../../../domain/entity';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList, rowSchema } from '../../core/entity';
import { entityWrites } from '../../core/entity-writes';
import { errorResponses } from '../../core/errors';
import { listResponseSchema } from '../../core/list';
import { write } from '../../core/write';
import {
  changeRate,
  currentRateOf,
  currentRates,
  exchangeListSpec,
  exchangeWritesSpec,
  rateHistorySpec,
} from './service';
import { typed } from '../../core/typed';

const tags = ['exchange_config'];
const chain = resourceChain(marketExchange);
const rateRow = rowSchema(currencyRateEntity);
const RATES =
  'A rate is 1 primary = rate secondary, an exact decimal with 8 decimals (strings on the wire, never floats). Each ' +
  "change appends a row to the pair's history (never an update in place); the current rate of a pair is its row " +
  'with the latest valid_from <= now. GET /currency/admin/v1/rate, the exchange and the deposit conversion answer ' +
  'from it (a pair stored only the other way is inverted).';

/**
 * Exchanges and rates (spec section 2 "exchange_config", config group; administrators: the exchangeConfig grant;
 * paths are ours): the exchanges' list, create, edit and delete from the definition; the current rates, their
 * history and a rate change (two rows of the history, audited `exchange_config.rate`).
 */
export const exchangeConfigRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, exchangeListSpec);
  entityWrites(app, exchangeWritesSpec);

  app.get(
    currencyRateEntity.paths.current,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: `The current rate of every stored pair direction, by primary then secondary ({ data, total }, not paged: one row per direction). ${RATES}`,
        response: { 200: listResponseSchema(rateRow), ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const data = await currentRates(ctx(req).db, signedIn(ctx(req)).tenantId);
      return { data, total: data.length };
    },
  );

  entityList(app, rateHistorySpec);

  app.post(
    currencyRateEntity.paths.create,
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          '`{ primary, secondary, rate, source, valid_from? }` changes a rate: two distinct currencies of the platform ' +
          '(400 same_currency), rate > 0 with at most 8 decimals (400 rate_format, positive), a source, valid_from ' +
          `now or later (400 valid_from_past). Answers the new history row. ${RATES} Audited (who, before, after) in ` +
          'the same transaction.',
        body: currencyRateBody,
        response: { 200: rateRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'exchange_config.rate',
        resource: marketExchange.resource,
        targetId: (r: CurrencyRateRow) => `${r.primary}/${r.secondary}`,
        before: (tx) => currentRateOf(tx, staff.tenantId, req.body.primary, req.body.secondary),
        run: (tx) => changeRate(tx, staff, req.body),
      });
    },
  );
};
