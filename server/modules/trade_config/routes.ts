import type { FastifyPluginAsync } from 'fastify';
import {
  CONFIG_KEY_PATTERN,
  globalConfig,
  tradeProduct,
  type GlobalConfigCreate,
  type GlobalConfigRow,
  type GlobalConfigUpdate,
  type TradeProduct,
  type TradeProductBody,
} from '../../../domain/trade-config';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import {
  globalCreateBody,
  globalRow,
  globalUpdateBody,
  idParams,
  productBody,
  productList,
  productListQuery,
  productParams,
  productRow,
} from './schemas';
import {
  createGlobal,
  deleteGlobal,
  globalListSpec,
  globalOf,
  readProduct,
  readProducts,
  saveProduct,
  updateGlobal,
} from './service';

const tags = ['trade_config'];
const resource = tradeProduct.resource;
const chain = [resource, ...(tradeProduct.parents ?? [])];
const route = (path: string | undefined) => path!.replace('{id}', ':id');
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

type Product = { Params: { id: TradeProduct } };
type Id = { Params: { id: number } };

/**
 * Trade configuration (spec section 2 "trade_config", config group; administrators: the tradeConfig grant; paths
 * are ours): per-product trade settings and the global configs.
 */
export const tradeConfigRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    tradeProduct.paths.list,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: `Every product's trade settings, in menu order ({ data, total }; paging parameters are accepted and ignored: eight rows). ${PRODUCT}`,
        querystring: productListQuery,
        response: { 200: productList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const data = await readProducts(ctx(req).db, signedIn(ctx(req)).tenantId);
      return { data, total: data.length };
    },
  );

  app.get<Product>(
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

  app.put<Product & { Body: TradeProductBody }>(
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
        body: productBody,
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

  app.post<{ Body: GlobalConfigCreate }>(
    route(globalConfig.paths.create),
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description:
          `\`{ key, type, value, description? }\` adds a global config. key: \`${CONFIG_KEY_PATTERN}\` (400 ` +
          `config_key), unique in the tenant (400 duplicate); the type never changes afterwards. ${TYPES} Answers ` +
          `the config. ${AUDITED}`,
        body: globalCreateBody,
        response: { 200: globalRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'trade_config.global.create',
        resource,
        targetId: (r: GlobalConfigRow) => r.id,
        run: (tx) => createGlobal(tx, staff, req.body),
      });
    },
  );

  app.put<Id & { Body: GlobalConfigUpdate }>(
    route(globalConfig.paths.update),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description: `\`{ value, description? }\` changes a global config's value (valid for its type) and description. ${TYPES} ${AUDITED}`,
        params: idParams,
        body: globalUpdateBody,
        response: { 200: globalRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'trade_config.global.update',
        resource,
        targetId: req.params.id,
        before: (tx) => globalOf(tx, staff.tenantId, req.params.id),
        run: (tx) => updateGlobal(tx, staff, req.params.id, req.body),
      });
    },
  );

  app.delete<Id>(
    route(globalConfig.paths.delete),
    {
      config: { permission: requires(chain, 'delete') },
      schema: {
        tags,
        description: `Deletes a global config; answers it. Another tenant's or a missing one: 404. ${AUDITED}`,
        params: idParams,
        response: { 200: globalRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'trade_config.global.delete',
        resource,
        targetId: req.params.id,
        before: (tx) => globalOf(tx, staff.tenantId, req.params.id),
        run: (tx) => deleteGlobal(tx, staff.tenantId, req.params.id),
        after: () => null,
      });
    },
  );
};
