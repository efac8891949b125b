import type { FastifyPluginAsync } from 'fastify';
import { emergencyPlan, type EmergencyPlanRow } from '../../../domain/emergency';
import { ORDER_MODIFY, TRADE_PRODUCTS } from '../../../domain/trading';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { entityAction, entityDetail } from '../../core/entity-routes';
import { write } from '../../core/write';
import { byStaff } from '../records/common';
import { idempotencyHeader } from '../records/http';
import { idParams as orderIdParams } from '../trading/schemas';
import { modifyOrder } from '../trading/modification';
import { orderOf } from '../trading/orders';
import { activeResponse, createBody, liftBody, modifyBody, modifyResponse, planRow } from './schemas';
import { activePlans, planListSpec, requestLift, requestPlan } from './service';
import { typed } from '../../core/typed';

const tags = ['emergency'];
const chain = emergencyPlan.resource;
const paths = emergencyPlan.paths;
const route = (path: string) => path.replace('{id}', ':id');

const RULES =
  'Maker-checker: the request opens an approval of kind `emergency` (approvals queue, /approval/admin/v1/...); ' +
  'nothing changes until another staff member who may approve emergency plans (emergency:approve) approves it there ' +
  '(the maker: 409 maker_cannot_check; one rejection ends it). Effects while active or pending_lift: halt_trading: ' +
  'the product answers tradable=false in /trading_permission/admin/v1/effective; freeze_withdrawals: approving a ' +
  'withdrawal is 409 withdrawals_frozen; force_offline: every client of the tenant is forced offline when the plan ' +
  'is activated; banner: GET /emergency/admin/v1/active (console header, client app). Audited.';

/**
 * Emergency plans (spec section 2 "emergency"; paths are ours): list, one plan, request activation, request lift,
 * the plans in effect. Permission: the `emergency` resource of spec section 6 (administrators), scope: the tenant.
 */
export const emergencyRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, planListSpec);

  entityDetail(app, planListSpec, {
    path: paths.one,
    description: 'One plan of the tenant (another tenant\u2019s or a missing one: 404).',
  });

  app.post(
    paths.create,
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description:
          'Requests the activation of a plan: { kind, product (halt_trading), message_zh and message_en (banner), ' +
          `reason }. The plan is pending_activation until a checker approves. ${RULES}`,
        body: createBody,
        response: { 200: planRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'emergency.request',
        resource: chain,
        targetId: (r: EmergencyPlanRow) => r.id,
        run: (tx) => requestPlan(tx, byStaff(staff), req.body),
      });
    },
  );

  entityAction<typeof liftBody>(app, planListSpec, {
    method: 'PUT',
    path: paths.lift,
    permission: 'update',
    action: 'emergency.lift_request',
    description:
      'Requests the lift of an active plan with a reason: pending_lift (the effect holds) until a checker ' +
      `approves (lifted) or rejects (active again). Not active: 409 invalid_state. ${RULES}`,
    body: liftBody,
    conflict: true,
    run: (tx, staff, id, body) => requestLift(tx, byStaff(staff), id, body.reason),
  });

  app.put(
    route(ORDER_MODIFY.path),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          'Order modification (spec section 2 "emergency"; docs/trading.md): corrects the price and/or quantity of ' +
          "an open market order (stock, block, daily; pending or holding) in the caller's scope (else 404) with a " +
          'reason: `{ price?, quantity?, reason }`. amount = quantity × price, fee = amount × trade_config buy_fee ' +
          '(cent, half up). Only the difference moves, through the ledger in txns referencing the order: pending, ' +
          'frozen follows amount + fee (trade_freeze / trade_release); holding, buy and buy_fee take or give back the ' +
          'difference and the position is recomputed. Refusals: another status or kind: 409 invalid_transition; no ' +
          'change: 400 nothing_to_change; lot size, min..max amount: 400; balance short: 409 insufficient_funds; ' +
          'nothing changed. Not bound to trading hours or halts (it corrects a booking). Answers the order, the ' +
          'booking before, and the balance and frozen changes. Moves money: accepts `Idempotency-Key` (a repeat ' +
          'answers the first result; another body under the key: 422). Audited (who, before, after, reason).',
        params: orderIdParams,
        body: modifyBody,
        headers: idempotencyHeader,
        response: { 200: modifyResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const actor = byStaff(signedIn(ctx(req)));
      return write(req, {
        action: 'emergency.order.modify',
        resource: chain,
        targetId: req.params.id,
        idempotent: true,
        before: (tx) => orderOf(tx, actor, [...TRADE_PRODUCTS], req.params.id),
        run: (tx) => modifyOrder(tx, actor, req.params.id, req.body),
      });
    },
  );

  app.get(
    paths.active,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        description:
          'The plans in effect in the caller\u2019s tenant (active, or awaiting the check of their lift), oldest ' +
          'first: every signed-in staff member reads it (the console shows the banners at the top of every page); ' +
          'the client app reads the same (banners, halted products, frozen withdrawals).',
        response: { 200: activeResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({ data: await activePlans(ctx(req).db, signedIn(ctx(req)).tenantId) }),
  );
};
