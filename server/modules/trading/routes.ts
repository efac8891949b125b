import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  BULK_ORDER_ACTIONS,
  FAMILY,
  ORDER_ROUTE_ACTIONS,
  orderRouteActionExists,
  productActionAllowed,
  PRODUCT_ROUTE_ACTIONS,
  sessionBound,
  transitionOf,
  PRODUCT_STATUSES,
  tradesResource,
  trxResource,
  type OrderRouteAction,
  type TradeOrderRow,
  type TradeProductRow,
} from '../../../domain/trading';
import { TRADE_PRODUCTS, type TradeProduct } from '../../../domain/trade-config';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { errorResponses, HttpError } from '../../core/errors';
import { requestHash } from '../../core/idempotency';
import { idempotencyKeyOf, write, writeIn } from '../../core/write';
import { byStaff } from '../records/common';
import { idempotencyHeader } from '../records/http';
import { ipoAllocationList, ipoAllocationQuery, ipoAllocationResponse, tradingLists } from './lists';
import {
  clientTransactions,
  clientTransactionsQuery,
  clientTransactionsResponse,
  orderTransactions,
  orderTransactionsResponse,
} from './transactions';
import {
  actionBody,
  allocateBody,
  allocateResponse,
  bulkBody,
  bulkResponse,
  idParams,
  marketResponse,
  orderRow,
  placeBody,
  productBody,
  productRow,
} from './schemas';
import { allocateIpo, goPublic } from './ipo';
import { createProduct, productAction, productOf, updateProduct } from './products';
import { marketStatus } from './market';
import { orderAction } from './actions';
import { orderOf } from './orders';
import { placeOrder } from './placement';
import { typed, type TypedApp } from '../../core/typed';

const tags = ['trading'];
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const IDEMPOTENT =
  'Moves money: accepts `Idempotency-Key` (a repeat answers the first result; another body under the key: 422).';

/** The product kinds of the trx pages: each kind, and the AI orders again as trx/subscribe. */
const RECORD_PAGES: { name: string; kind: TradeProduct; resource: string }[] = [
  ...TRADE_PRODUCTS.map((kind) => ({ name: kind as string, kind, resource: trxResource(kind) })),
  { name: 'subscribe', kind: 'ai', resource: 'trx/subscribe' },
];

const ACTION_DOCS: Record<OrderRouteAction, string> = {
  approve:
    'pending → holding: the frozen amount and fee are spent (`buy` to the market, `buy_fee` to fee income), the position opens.',
  reject: 'pending → rejected: `{ remark? }`; the frozen money is released (`trade_release`).',
  sell:
    '`{ sell_price }` holding → sold (stock, block, listed IPO): proceeds = position quantity × sell_price (cent, half up), ' +
    "sell fee = proceeds × trade_config's sell_fee; `sell` credits the proceeds, `sell_fee` debits the fee; " +
    'profit = proceeds − amount − buy fee − sell fee; the position closes.',
  close:
    '`{ sell_price }` holding → unsettled (daily): the sale is fixed (proceeds, sell fee, profit on the order), no money moves.',
  settle:
    'daily: unsettled → completed, the fixed sale is paid (`sell`, `sell_fee`). Period products: `{ profit }` (the ' +
    "period's gross result, 2 decimals, may be negative, not below − amount) holding or awaiting → completed: " +
    'proceeds = amount + profit are paid, less the sell fee; the order profit is net of both fees.',
  redeem: 'period products: holding → awaiting (redeemed, waiting for settlement); no money moves.',
  overdue: 'IPO: waiting_payment → outstanding (arrears overdue); no money moves.',
  pay:
    'IPO: waiting_payment or outstanding → approved (holding when the IPO has already listed): the owed amount is ' +
    'debited from the balance (`buy`, and `buy_fee` for an owed part of the fee); 409 insufficient_funds when short.',
};

function idempotentHash(req: FastifyRequest) {
  return requestHash(req.method, req.routeOptions.url, req.params, req.body ?? null);
}

/**
 * Trading (docs/trading.md): products and orders per kind (trades pages), trade records (trx pages), IPO
 * allocation and listing, client transactions. Paths are ours where spec section 7 does not show them.
 */
export const tradingRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  tradingLists(app, TRADE_PRODUCTS);

  app.get(
    '/trades/admin/v1/ipo_allocation/list',
    {
      config: { permission: requires(['trades/ipo_allocation', 'trades/go_public', 'trades/ipo', 'trades'], 'read') },
      schema: {
        tags,
        description:
          'The IPO products to allocate or list (pages trades/ipo_allocation and trades/go_public): status in ' +
          '`status` (default order_locked,listing), code prefix; newest first; each with its subscription totals ' +
          '(subscriptions, pending, requested_quantity, requested_amount, frozen, allocated_quantity, ' +
          'allocated_amount, owed, approved). Allocate with POST /trades/admin/v1/ipo/product/allocate/{id}, list ' +
          'with PUT /trades/admin/v1/ipo/product/go_public/{id}. { data, total } (exact).',
        querystring: ipoAllocationQuery,
        response: { 200: ipoAllocationResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => ipoAllocationList(ctx(req).db, signedIn(ctx(req)), req.query),
  );

  app.get(
    '/trx/admin/v1/transaction/list',
    {
      config: { permission: requires(['trx/transaction', 'trx'], 'read') },
      schema: {
        tags,
        description:
          "A client's transactions in the spec's kinds (client_id required, in the caller's data scope, else 404): " +
          'buy, sell, buy_fee, sell_fee (the trade ledger txns), exchange (exchange txns), bank and crypto (approved ' +
          'deposits of that type; a rolled-back deposit is not listed), repay (loan repayments). One row per client ' +
          'ledger line (an exchange has one per account), newest first; `kind` filters (comma list), currency, ' +
          "created_at_from/_to (days in the tenant's time zone). `totals`: per currency and kind, count and signed sum.",
        querystring: clientTransactionsQuery,
        response: { 200: clientTransactionsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => clientTransactions(ctx(req).db, signedIn(ctx(req)), req.query),
  );

  for (const page of RECORD_PAGES) {
    const chain = [page.resource, 'trx'];
    app.get(
      `/trx/admin/v1/${page.name}/:id`,
      {
        config: { permission: requires(chain, 'read') },
        schema: {
          tags,
          description: `One ${page.kind} order (the list's row plus account_id and remark) in the caller's data scope; else 404.`,
          params: idParams,
          response: { 200: orderRow, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (req) => orderOf(ctx(req).db, byStaff(signedIn(ctx(req))), page.kind, req.params.id),
    );
    app.get(
      `/trx/admin/v1/${page.name}/:id/transactions`,
      {
        config: { permission: requires(chain, 'read') },
        schema: {
          tags,
          description:
            `The ledger lines of the ${page.kind} order's account, oldest first: ledger_kind (trade_freeze, ` +
            'trade_release, buy, buy_fee, sell, sell_fee), the spec kind (null for freeze and release), signed ' +
            "amount, balance, frozen and profit changes. The order in the caller's data scope; else 404.",
          params: idParams,
          response: { 200: orderTransactionsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (req) => orderTransactions(ctx(req).db, signedIn(ctx(req)), page.kind, req.params.id),
    );
  }

  for (const kind of TRADE_PRODUCTS) kindRoutes(app, kind);
};

function kindRoutes(app: TypedApp, kind: TradeProduct) {
  const chain = [tradesResource(kind), 'trades'];
  const base = `/trades/admin/v1/${kind}`;
  const family = FAMILY[kind];

  app.get(
    `${base}/product/:id`,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: `One ${kind} product of the tenant with its order count; else 404.`,
        params: idParams,
        response: { 200: productRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => productOf(ctx(req).db, signedIn(ctx(req)).tenantId, kind, req.params.id),
  );

  const rules =
    "Rules (400, field_codes): subtype one of the kind's (domain KIND_SUBTYPES; default the first), code required " +
    '(1-20 letters, digits, . _ -) and unique per tenant and kind (duplicate), name required (≤ 100), currency ' +
    '(3 capitals), price > 0 with at most 4 decimals (positive, decimals), lot_size ≥ 1' +
    (family === 'period' ? ', period_days required (1-36500), rate at most 6 decimals' : '') +
    (family === 'ipo'
      ? ', offered required (a multiple of lot_size), subscribe_end required, subscribe_start optional (not after ' +
        "the end; a day YYYY-MM-DD is the tenant's whole day)"
      : '') +
    ', a JSON number for price or rate within the safe range (else too_large: send a string)' +
    '.';
  app.post(
    `${base}/product/create`,
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description: `Adds a ${kind} product (status ${family === 'ipo' ? 'available' : 'enable'}). ${rules} ${AUDITED}`,
        body: productBody,
        response: { 200: productRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: `trading.${kind}.product.create`,
        resource: tradesResource(kind),
        targetId: (r: TradeProductRow) => r.id,
        run: (tx) => createProduct(tx, staff, kind, req.body),
      });
    },
  );

  app.put(
    `${base}/product/:id`,
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          `Edits a ${kind} product (the whole body, as create). Once it has orders its code is fixed (400 invalid), ` +
          'and what the orders were booked on: currency, lot size' +
          (family === 'ipo' ? ' and the issue price' : '') +
          ' (409 product_has_orders, errors naming each field; checked under the product lock).' +
          ` The status changes only by its actions. ${rules} ${AUDITED}`,
        response: { 200: productRow, ...errorResponses(400, 401, 403, 404, 409) },
        params: idParams,
        body: productBody,
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: `trading.${kind}.product.update`,
        resource: tradesResource(kind),
        targetId: req.params.id,
        before: (tx) => productOf(tx, staff.tenantId, kind, req.params.id),
        run: (tx) => updateProduct(tx, staff, kind, req.params.id, req.body),
      });
    },
  );

  for (const action of PRODUCT_ROUTE_ACTIONS) {
    if (!PRODUCT_STATUSES.some((s) => productActionAllowed(kind, s, action))) continue;
    const goPublicRoute = action === 'go_public';
    app.put(
      `${base}/product/${action}/:id`,
      {
        config: {
          permission: goPublicRoute
            ? requires(['trades/go_public', 'trades/ipo', 'trades'], 'approve')
            : requires(chain, 'update'),
        },
        schema: {
          tags,
          description: goPublicRoute
            ? 'The IPO lists (listing → listed): every allotted and paid subscription (approved) becomes a holding, ' +
              'its position opens at the issue price; subscriptions still owing open theirs when paid. Answers the ' +
              `product. Any other status: 409 invalid_transition. ${AUDITED}`
            : `${action}: ${
                action === 'enable'
                  ? 'disabled → enable'
                  : action === 'disable'
                    ? 'enable → disabled (takes no more orders; open orders go on)'
                    : 'available → order_locked (the IPO subscription closes)'
              }; any other status: 409 invalid_transition, nothing changed. Answers the product. ${AUDITED}`,
          params: idParams,
          response: { 200: productRow, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (req) => {
        const staff = signedIn(ctx(req));
        return write(req, {
          action: `trading.${kind}.product.${action}`,
          resource: tradesResource(kind),
          targetId: req.params.id,
          idempotent: goPublicRoute,
          before: (tx) => productOf(tx, staff.tenantId, kind, req.params.id),
          run: async (tx) =>
            goPublicRoute
              ? (await goPublic(tx, byStaff(staff), req.params.id)).product
              : productAction(tx, staff.tenantId, kind, action as 'enable' | 'disable' | 'lock', req.params.id),
        });
      },
    );
  }

  if (family === 'ipo') {
    app.post(
      `${base}/product/allocate/:id`,
      {
        config: { permission: requires(['trades/ipo_allocation', 'trades/ipo', 'trades'], 'approve') },
        schema: {
          tags,
          description:
            '`{ method: ratio | lottery }` allocates the IPO once (order_locked → listing; else 409 ' +
            'invalid_transition): ratio = pro rata in whole lots, the rest lot by lot to the largest subscriptions ' +
            '(exact); lottery = lots drawn at random. Each pending subscription: nothing allotted → fund_released ' +
            '(all frozen released); allotted amount + fee covered by its frozen money → approved (`buy`, `buy_fee` ' +
            'out of frozen, the rest released); else → waiting_payment with `owed` (arrears; pay with ' +
            'PUT order/pay/{id}). Writes one trade_allocation row per subscription; answers the totals and each ' +
            `allocation. ${IDEMPOTENT} ${AUDITED}`,
          params: idParams,
          body: allocateBody,
          headers: idempotencyHeader,
          response: { 200: allocateResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (req) => {
        const staff = signedIn(ctx(req));
        return write(req, {
          action: 'trading.ipo.allocate',
          resource: 'trades/ipo_allocation',
          targetId: req.params.id,
          idempotent: true,
          run: (tx) => allocateIpo(tx, byStaff(staff), req.params.id, req.body.method),
        });
      },
    );
  }

  app.get(
    `${base}/market`,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description:
          `The ${kind} trading hours: trade_config's sessions in the tenant's time zone (its locale setting), the ` +
          "tenant's local time now (HH:MM) and whether they are open (start inclusive, end exclusive). " +
          (FAMILY[kind] === 'period'
            ? 'session_bound false: period products are subscribed, redeemed and settled at any hour.'
            : FAMILY[kind] === 'ipo'
              ? 'session_bound true: a listed IPO holding is sold only in them (subscriptions, allocation and payment at any hour).'
              : 'session_bound true: orders are placed, approved, sold and closed only in them (409 market_closed).'),
        response: { 200: marketResponse, ...errorResponses(401, 403) },
      },
    },
    (req) => marketStatus(ctx(req).db, signedIn(ctx(req)).tenantId, kind, req.server.clock()),
  );

  app.post(
    `${base}/order/create`,
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description:
          `Places a ${kind} order for a client: \`{ client_id, product_id, trade_type, ` +
          (family === 'period' ? 'amount' : 'quantity') +
          (family === 'market' ? ', price?' : '') +
          ', remark? }`. ' +
          (family === 'period'
            ? 'amount: 2 decimals > 0. '
            : `quantity: a multiple of the product's lot size; amount = quantity × ${family === 'ipo' ? 'the issue price' : "price (default the product's)"}, cent half up. `) +
          "Fee = amount × trade_config's buy_fee (cent, half up). Refusals: client not in the caller's scope or " +
          'product not of this kind: 404; product not open (enable/available): 409 product_closed; kind closed in ' +
          'trade_config: 409 product_closed; halted by an emergency plan: 409 trading_halted; ' +
          (family === 'market'
            ? "outside the kind's trading sessions (trade_config, the tenant's time zone, GET market): 409 market_closed; "
            : '') +
          (family === 'ipo'
            ? "outside the subscription window (subscribe_start..subscribe_end, the tenant's zone): 409 subscription_closed; "
            : '') +
          `a field of another kind's orders with a value (${family === 'period' ? 'quantity, price' : 'amount'}): 400 unknown_field; ` +
          'trading permissions: ' +
          "409 trading_not_allowed; amount outside trade_config's min..max: 400 (too_small / too_large); no " +
          "account in the product's currency: 409 account_missing; balance short: 409 insufficient_funds. " +
          (family === 'ipo'
            ? 'IPO: trade_type review only; (amount + fee) ÷ trade_config leverage (rounded up) is frozen (`trade_freeze`), status pending.'
            : 'review: amount + fee frozen (`trade_freeze`), status pending; holding (Direct): `buy` and `buy_fee` from the balance, status holding, the position opens.') +
          ` Answers the order. ${IDEMPOTENT} ${AUDITED}`,
        body: placeBody,
        headers: idempotencyHeader,
        response: { 200: orderRow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: `trading.${kind}.order.place`,
        resource: tradesResource(kind),
        targetId: (r: TradeOrderRow) => r.id,
        idempotent: true,
        run: (tx) => placeOrder(tx, byStaff(staff), kind, req.body, req.server.clock()),
      });
    },
  );

  for (const action of Object.keys(ORDER_ROUTE_ACTIONS) as OrderRouteAction[]) {
    if (!orderRouteActionExists(kind, action)) continue;
    const permission = requires(chain, ORDER_ROUTE_ACTIONS[action]);
    app.put(
      `${base}/order/${action}/:id`,
      {
        config: { permission },
        schema: {
          tags,
          description:
            `${action} a ${kind} order: ${ACTION_DOCS[action]} Any other status: 409 invalid_transition, nothing ` +
            `changed (parallel requests on one order execute once). A body field the action does not take (sell_price ` +
            'beyond sell and close, profit beyond a period settlement) with a value: 400 unknown_field. ' +
            (sessionBound(kind, transitionOf(kind, action))
              ? "Outside the kind's trading sessions (GET market): 409 market_closed, nothing changed. "
              : '') +
            `Answers the order. ${IDEMPOTENT} ${AUDITED}`,
          params: idParams,
          body: actionBody,
          headers: idempotencyHeader,
          response: { 200: orderRow, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (req) => {
        const actor = byStaff(signedIn(ctx(req)));
        return write(req, {
          action: `trading.${kind}.order.${action}`,
          resource: tradesResource(kind),
          targetId: req.params.id,
          idempotent: true,
          before: (tx) => orderOf(tx, actor, kind, req.params.id),
          run: (tx) => orderAction(tx, actor, kind, action, req.params.id, req.body ?? {}, req.server.clock()),
        });
      },
    );
  }

  for (const action of BULK_ORDER_ACTIONS) {
    if (!orderRouteActionExists(kind, action)) continue;
    app.put(
      `${base}/order/${action}`,
      {
        config: { permission: requires(chain, ORDER_ROUTE_ACTIONS[action]) },
        schema: {
          tags,
          description:
            `${action} many ${kind} orders: \`{ ids, remark?${action === 'settle' ? ', profit?' : ''} }\` (1-200 ids); each ` +
            `in its own transaction and audit row, as PUT order/${action}/{id}. Answers { succeeded, failed, results: ` +
            '[{ id, ok, status, code, message }] } in the order of ids (a refused one: its code, e.g. ' +
            'invalid_transition, market_closed or not_found; the others still run). With an Idempotency-Key each id is idempotent ' +
            'under `<key>#<id>`: a repeat answers the same results.',
          body: bulkBody,
          headers: idempotencyHeader,
          response: { 200: bulkResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => {
        const c = ctx(req);
        const actor = byStaff(signedIn(c));
        const key = idempotencyKeyOf(req);
        const hash = idempotentHash(req);
        const { ids, ...rest } = req.body;
        const results = [];
        for (const id of ids) {
          try {
            const row = await writeIn(
              c,
              {
                action: `trading.${kind}.order.${action}`,
                resource: tradesResource(kind),
                targetId: id,
                before: (tx) => orderOf(tx, actor, kind, id),
                run: (tx) => orderAction(tx, actor, kind, action, id, rest, req.server.clock()),
              },
              { key: key ? `${key}#${id}` : undefined, hash },
            );
            results.push({ id, ok: true, status: row.status, code: null, message: null });
          } catch (e) {
            if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
            results.push({ id, ok: false, status: null, code: e.code, message: e.message });
          }
        }
        const succeeded = results.filter((r) => r.ok).length;
        return { succeeded, failed: results.length - succeeded, results };
      },
    );
  }
}
