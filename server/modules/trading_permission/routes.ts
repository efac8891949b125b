import type { FastifyPluginAsync } from 'fastify';
import {
  tradingPermission,
  type ClientPermissionsBody,
  type TradingPermissionCreate,
  type TradingPermissionRow,
  type TradingPermissionUpdate,
} from '../../../domain/trading-permission';
import { requires } from '../../core/access';
import { canAny } from '../../../permissions';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { clientRulesBody, createBody, effectiveResponse, idParams, ruleRow, updateBody } from './schemas';
import { createRule, deleteRule, effectiveOf, ruleListSpec, ruleOf, saveClientRules, updateRule } from './service';

const tags = ['trading_permission'];
const resource = tradingPermission.resource;
const chain = [resource, ...(tradingPermission.parents ?? [])];
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const PRECEDENCE =
  "Precedence: the most specific rule wins: the client's own rule, else his team's (the team of his agent: the agent " +
  "if a team leader, else the agent's leader), else his VIP level's, else the default rule; with no rule, allowed. " +
  'A product closed in the trade configuration (PUT /trade_config/admin/v1/product/{id}) is not tradable whatever ' +
  'the rules (tradable = product_enabled && allowed).';
const SCOPE =
  "Data scope: the client must be in the caller's scope (a salesman's own clients, a team leader's team's, " +
  'supervisors and administrators all); outside it: 404.';

type Id = { Params: { id: number } };

/**
 * Trading permissions (spec section 2 "trading permissions", config group; paths are ours): rules by client, team,
 * VIP level and default (administrators: the tradingPermission grant), a client's effective answer, and the client's
 * own rules as the client drawer's trade-settings tab edits them (client read / update, in scope).
 */
export const tradingPermissionRoutes: FastifyPluginAsync = async (app) => {
  entityList(app, ruleListSpec);

  app.post<{ Body: TradingPermissionCreate }>(
    route(tradingPermission.paths.create),
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description:
          '`{ scope, subject_id?, product, allowed, note? }` adds a rule. scope client: subject_id a client id in the ' +
          "caller's scope; team: a team leader's staff id (role superman) of the tenant; vip: a VIP level 0-99; " +
          'default: no subject. 400 field_codes.subject_id: required, invalid, subject_invalid; product: duplicate ' +
          `(a rule for that subject and product exists: change it). ${PRECEDENCE} ${AUDITED}`,
        body: createBody,
        response: { 200: ruleRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'trading_permission.create',
        resource,
        targetId: (r: TradingPermissionRow) => r.id,
        run: (tx) => createRule(tx, staff, req.body),
      });
    },
  );

  app.put<Id & { Body: TradingPermissionUpdate }>(
    route(tradingPermission.paths.update),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          '`{ allowed, note? }` changes a rule; its level, subject and product never change (another is a new rule). ' +
          `Answers the rule. ${AUDITED}`,
        params: idParams,
        body: updateBody,
        response: { 200: ruleRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'trading_permission.update',
        resource,
        targetId: req.params.id,
        before: (tx) => ruleOf(tx, staff, req.params.id),
        run: (tx) => updateRule(tx, staff, req.params.id, req.body),
      });
    },
  );

  app.delete<Id>(
    route(tradingPermission.paths.delete),
    {
      config: { permission: requires(chain, 'delete') },
      schema: {
        tags,
        description: `Deletes a rule (the next level then decides); answers it. ${AUDITED}`,
        params: idParams,
        response: { 200: ruleRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'trading_permission.delete',
        resource,
        targetId: req.params.id,
        before: (tx) => ruleOf(tx, staff, req.params.id),
        run: (tx) => deleteRule(tx, staff, req.params.id),
        after: () => null,
      });
    },
  );

  app.get<Id>(
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
        response: { 200: effectiveResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => effectiveOf(ctx(req).db, signedIn(ctx(req)), req.params.id),
  );

  app.put<Id & { Body: ClientPermissionsBody }>(
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
          `trading_override_not_allowed and nothing is saved. Answers the effective ` +
          `permissions. ${AUDITED} ${PRECEDENCE} ${SCOPE}`,
        params: idParams,
        body: clientRulesBody,
        response: { 200: effectiveResponse, ...errorResponses(400, 401, 403, 404) },
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
