import type { FastifyPluginAsync } from 'fastify';
import { PERMISSION_CHAIN, permissionPaths } from '../../../domain/permission';
import { PERMISSION_VERSION_HEADER, requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { pendingChange } from '../approval/schemas';
import { historyQuery, historyResponse, listResponse, roleBody, roleParams } from './schemas';
import { permissionList, replaceNarrowings, roleNarrowings, versionHistory } from './service';
import { typed } from '../../core/typed';

const tags = ['permission'];
const chain = [...PERMISSION_CHAIN];
const route = (path: string) => path.replace('{role}', ':role');

/**
 * Permissions (spec section 2 "permission"): the role grants of permissions/roles/*.json and the tenant's narrowings.
 * The access guard enforces the narrowed grants on every request (server/core/access.ts).
 */
export const permissionRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  app.get(
    permissionPaths.list,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description:
          "Every role's grants from permissions/roles/<role>.json ('*' stands for every resource or action), the " +
          "tenant's narrowings of each (actions removed in this tenant) and the tenant's permission version. Feature " +
          'flags are per role and read-only (permissions/roles.ts).',
        response: { 200: listResponse, ...errorResponses(401, 403) },
      },
    },
    (req) => permissionList(ctx(req).db, signedIn(ctx(req)).tenantId),
  );

  app.get(
    permissionPaths.history,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description:
          "The tenant's permission versions, newest first: the role changed, narrowings added and lifted, who and when.",
        querystring: historyQuery,
        response: { 200: historyResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => versionHistory(ctx(req).db, signedIn(ctx(req)).tenantId, req.query.limit),
  );

  app.put(
    route(permissionPaths.role),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          "`{ removed, version }` replaces the role's narrowings in this tenant: each `{ resource, action }` removes " +
          'that action from the role (a removed menu group removes its pages). Never widens: an action the role does ' +
          'not hold in its JSON file is refused (400 permission_not_granted, errors.removed/<i>). The administrator ' +
          'role cannot be narrowed on `permission` or `config` (409 permission_self_lockout). `version` is the version ' +
          'the caller saw: another change since answers 409 permission_version_conflict. A change bumps the ' +
          "tenant's version (header x-permission-version on every answer; the console refetches its grants when it " +
          'grows) and applies at once on every API process. Audited (before, after) in the same transaction. A change ' +
          'that adds or lifts a narrowing on a money resource (deposit, withdrawal, loan, compensation, funds, ' +
          'exchange, approval, trades...: domain/approval.ts MONEY_RESOURCES) is a change of the controls: checked ' +
          'now, answered 202 with the pending approval (kind role_grants), applied only when another administrator ' +
          'approves it in the approvals queue.',
        params: roleParams,
        body: roleBody,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            properties: {
              role: { type: 'string' },
              removed: roleBody.properties.removed,
              version: { type: 'integer' },
            },
            required: ['role', 'removed', 'version'],
          },
          202: pendingChange,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (req, reply) => {
      const staff = signedIn(ctx(req));
      const { role } = req.params;
      const result = await write(req, {
        action: 'permission.narrow',
        resource: 'permission',
        targetId: role,
        before: async (tx) => ({ role, removed: await roleNarrowings(tx, staff.tenantId, role) }),
        run: (tx) => replaceNarrowings(tx, staff, role, req.body.removed, req.body.version),
      });
      // a change of a money resource's grants waits for a second administrator (202 with the pending approval)
      if ('pending_approval' in result) return reply.code(202).send(result);
      reply.header(PERMISSION_VERSION_HEADER, String(result.version));
      return result;
    },
  );
};
