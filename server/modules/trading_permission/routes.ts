import type { FastifyPluginAsync } from 'fastify';
import { resourceChain } from '../../../domain/entity';
import { clientRulesBody, effectivePermissionsSchema, tradingPermission } from '../../../domain/trading-permission';
import { canAny } from '../../../permissions';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { entityWrites } from '../../core/entity-writes';
import { errorResponses } from '../../core/errors';
import { idParams } from '../../core/params';
import { write } from '../../core/write';
import { effectiveOf, ruleListSpec, ruleWritesSpec, saveClientRules } from './service';
import { typed } from '../../core/typed';

const tags = ['trading_permission'];
const chain = resourceChain(tradingPermission);
const route = (path: string) => path.replace('{id}', ':id');
const PRECEDENCE =
  "Precedence: the most specific rule wins: the client's own rule, else his team's (the team of his agent: the agent " +
  "if a team leader, else the agent's leader), else his VIP level's, else the default rule; with no rule, allowed. " +
  'A product closed in the trade configuration (PUT /trade_config/admin/v1/product/{id}) is not tradable whatever ' +
  'the rules (tradable = product_enabled && allowed).';
const SCOPE =
  "Data scope: the client must be in the caller's scope (a salesman's own clients, a team leader's team's, " +
  'supervisors and administrators all); outside it: 404.';

/**
 * Trading permissions (spec section 2 "trading permissions", config group; paths are ours): rules by client, team,
 * VIP level and default (administrators: the tradingPermission grant; list, create, edit, delete from the
 * definition), a client's effective answer, and the client's own rules as the client drawer's trade-settings tab
 * edits them (client read / update, in scope).
 */
export const tradingPermissionRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, ruleListSpec);
  entityWrites(app, { ...ruleWritesSpec, description: `${ruleWritesSpec.description} ${PRECEDENCE}` });

  app.get(
    route(tradingPermission.paths.effective),
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description:
          "A client's effective trading permissions, per product: allowed, the deciding level (source: client, team, " +
          'vip, default, none) and rule, his own rule (own), whether the product is open (product_enabled) and ' +
          `tradable. Requires client:read (the client drawer shows it). ${PRECEDENCE} ${SCOPE}`,
        params: idParams,
        response: { 200: effectivePermissionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => effectiveOf(ctx(req).db, signedIn(ctx(req)), req.params.id),
  );

  app.put(
    route(tradingPermission.paths.client),
    {
      config: { permission: requires('client', 'update') },
      schema: {
        tags,
        description:
          "`{ rules: { <product>: true | false | null } }` sets the client's own rules, as the client drawer's " +
          'trade-settings tab does: true allows, false denies, null removes his own rule (the team, VIP or default rule ' +
          `then decides). Requires client:update, like the drawer's other trade settings; allowing a product the ` +
          'client may not trade before the change (his own rule or the team, VIP or default rule denies it) also ' +
          'needs the trading permission grant (tradingPermission update: the rules are config), else 403 ' +
          `trading_override_not_allowed and nothing is saved. Answers the effective permissions. Audited (who, ` +
          `before, after) in the same transaction. ${PRECEDENCE} ${SCOPE}`,
        params: idParams,
        body: clientRulesBody,
        response: { 200: effectivePermissionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'trading_permission.client',
        resource: 'client',
        targetId: req.params.id,
        before: (tx) => effectiveOf(tx, staff, req.params.id),
        run: (tx) => saveClientRules(tx, staff, req.params.id, req.body, canAny(staff.grants ?? [], chain, 'update')),
      });
    },
  );
};
