import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_KEY_PATTERN, TRADE_PRODUCTS, tradeProduct, tradeProductBody } from '../../../domain/trade-config';
import { resourceChain } from '../../../domain/entity';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList, rowSchema } from '../../core/entity';
import { entityWrites } from '../../core/entity-writes';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { listQuerySchema, listResponseSchema } from '../../core/list';
import { globalListSpec, globalWritesSpec, readProduct, readProducts, saveProduct } from './service';
import { typed } from '../../core/typed';

const tags = ['trade_config'];
const resource = tradeProduct.resource;
const chain = resourceChain(tradeProduct);
const route = (path: string) => path.replace('{id}', ':id');
const productRow = rowSchema(tradeProduct);
/** `{id}` path parameter: a product code. */
const productParams = {
  type: 'object',
  properties: { id: { type: 'string', enum: TRADE_PRODUCTS, description: 'Product code' } },
  required: ['id'],
} as const;
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const PRODUCT =
  'Products: stock (limit-up stocks, the fo resource), block, ipo, daily, ai, fund, quant, saving. A product never ' +
  'saved answers the defaults (open, 09:30-11:30,13:00-15:00, fees 0, amounts 0.00 to 1000000.00, leverage 1) with ' +
  'updated_at null. A closed product cannot be traded by any client whatever the trading permissions. Which products ' +
  'the client app shows is GET /setting/admin/v1/product.';
const TYPES =
  'Types: string (any text), number (plain decimal number, up to 15 digits and 6 decimals, no exponent), boolean ' +
  '(true or false), json (any JSON text, stored compact), decimal (exact, up to 20 digits and 8 decimals, kept as ' +
  'written). A value invalid for its type: 400 field_codes.value config_number | config_boolean | config_json | ' +
  'config_decimal.';

/**
 * Trade configuration (spec section 2 "trade_config", config group; administrators: the tradeConfig grant; paths
 * are ours): per-product trade settings and the global configs.
 */
export const tradeConfigRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  app.get(
    tradeProduct.paths.list,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: `Every product's trade settings, in menu order ({ data, total }; paging parameters are accepted and ignored: eight rows). ${PRODUCT}`,
        // the usual list parameters, accepted and ignored (the list is the eight products)
        querystring: listQuerySchema(['id']),
        response: { 200: listResponseSchema(productRow), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const data = await readProducts(ctx(req).db, signedIn(ctx(req)).tenantId);
      return { data, total: data.length };
    },
  );

  app.get(
    route(tradeProduct.paths.one),
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: `One product's trade settings. ${PRODUCT}`,
        params: productParams,
        response: { 200: productRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => readProduct(ctx(req).db, signedIn(ctx(req)).tenantId, req.params.id),
  );

  app.put(
    route(tradeProduct.paths.update),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          'Saves every setting of a product: `{ enabled, sessions, buy_fee, sell_fee, min_amount, max_amount, leverage }`. ' +
          "sessions: HH:MM-HH:MM[,HH:MM-HH:MM] (24-hour, the tenant's time zone, in order, not overlapping, each " +
          'ending after it starts, at most 6; 400 trading_hours; 00:00-24:00 is all day). The trading orders hold to them ' +
          '(docs/trading.md "Trading hours": market orders are placed, approved, sold and closed only inside, start ' +
          'inclusive, end exclusive; else 409 market_closed). Fees are rates, exact decimals 0 <= rate < 1 with at ' +
          'most 6 decimals (0.0015 = 0.15 %; 400 fee_rate). Amounts: decimal strings (or numbers) with at most 2 ' +
          'decimals, max_amount > 0, min_amount <= max_amount (400 min_above_max), never rounded. leverage: whole ' +
          `number 1..100. Answers the settings. ${AUDITED} ${PRODUCT}`,
        params: productParams,
        body: tradeProductBody,
        response: { 200: productRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'trade_config.product',
        resource,
        targetId: req.params.id,
        before: (tx) => readProduct(tx, staff.tenantId, req.params.id),
        run: (tx) => saveProduct(tx, staff, req.params.id, req.body),
      });
    },
  );

  entityList(app, globalListSpec);
  entityWrites(app, { ...globalWritesSpec, description: `key: \`${CONFIG_KEY_PATTERN}\` (400 config_key). ${TYPES}` });
};
