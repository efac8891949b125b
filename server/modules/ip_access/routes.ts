import type { FastifyPluginAsync } from 'fastify';
import type { PendingChangeAnswer } from '../../../domain/approval';
import { ipAccess } from '../../../domain/ip-access';
import { resourceChain } from '../../../domain/entity';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { entityAction } from '../../core/entity-routes';
import { write } from '../../core/write';
import { pendingChange } from '../approval/schemas';
import { createBody, idParams, statusBody, statusResponse, updateBody } from './schemas';
import {
  entryOf,
  ipAccessListSpec,
  proposeCreate,
  proposeDelete,
  proposeSwitch,
  readStatus,
  updateNote,
} from './service';
import { typed } from '../../core/typed';

const tags = ['ip_access'];
const chain = resourceChain(ipAccess);
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const REVIEWED =
  'A change of the controls: checked now, answered 202 with the pending approval (kind ip_access); nothing changes ' +
  'until another administrator approves it in the approvals queue (the maker cannot: 409 maker_cannot_check). While ' +
  "the list is on, a change after which no entry holds the caller's own address is refused (409 ip_self_lockout: the " +
  "maker when asking, the checker when approving), and at approval one that no longer holds the maker's address as " +
  'the API saw it when he asked (409 ip_maker_lockout); nothing changed.';

/**
 * The IP allow-list (spec section 2 "ip_access"; paths are ours): entries and the switch. When on, staff requests
 * and sign-in from other addresses answer 403 ip_not_allowed (server/core/ip-allow.ts). Adding, deleting and the
 * switch are control changes (202, applied by a second administrator: service.ts applyIpAccess); a note changes at
 * once.
 */
export const ipAccessRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, ipAccessListSpec);

  app.get(
    ipAccess.paths.status,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description:
          "Whether the tenant's allow-list is on, the caller's address as the API sees it (your_ip), whether an entry " +
          'holds it, and how many entries there are.',
        response: { 200: statusResponse, ...errorResponses(401, 403) },
      },
    },
    (req) => readStatus(ctx(req).db, signedIn(ctx(req)).tenantId, req.ip),
  );

  app.put(
    ipAccess.paths.status,
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          '`{ enabled }` asks to turn the allow-list on or off; when it already is, answers the status (200). ' +
          `${REVIEWED} ${AUDITED}`,
        body: statusBody,
        response: { 200: statusResponse, 202: pendingChange, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const staff = signedIn(ctx(req));
      const result = await write(req, {
        action: req.body.enabled ? 'ip_access.enable' : 'ip_access.disable',
        resource: ipAccess.resource,
        before: (tx) => readStatus(tx, staff.tenantId, req.ip),
        run: (tx) => proposeSwitch(tx, staff, req.ip, req.body.enabled),
      });
      return 'pending_approval' in result ? reply.code(202).send(result) : result;
    },
  );

  app.post(
    route(ipAccess.paths.create),
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description:
          '`{ cidr, note? }` asks to add an entry: an IPv4 or IPv6 address (its /32 or /128) or CIDR range, stored ' +
          'in canonical form (IPv4-mapped IPv6 as IPv4, IPv6 compressed). 400 errors.cidr: cidr_invalid (not an ' +
          'address or range), cidr_host_bits (bits set after the prefix, e.g. 10.1.2.3/8: refused, not cleared), ' +
          `duplicate (already listed, also when approved). ${REVIEWED} ${AUDITED}`,
        body: createBody,
        response: { 202: pendingChange, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const staff = signedIn(ctx(req));
      const result = await write(req, {
        action: 'ip_access.create',
        resource: ipAccess.resource,
        targetId: (r: PendingChangeAnswer) => r.pending_approval.id,
        run: (tx) => proposeCreate(tx, staff, req.ip, req.body),
      });
      return reply.code(202).send(result);
    },
  );

  entityAction<typeof updateBody>(app, ipAccessListSpec, {
    method: 'PUT',
    path: ipAccess.paths.update!,
    permission: 'update',
    action: 'ip_access.update',
    description:
      "`{ note }` changes an entry's note (blank: none); the range itself does not change (add a new entry and " +
      `delete this one). Answers the entry; another tenant's or a missing one: 404. ${AUDITED}`,
    body: updateBody,
    run: (tx, staff, id, body) => updateNote(tx, staff.tenantId, id, body.note),
  });

  app.delete(
    route(ipAccess.paths.delete),
    {
      config: { permission: requires(chain, 'delete') },
      schema: {
        tags,
        description: `Asks to delete an entry (another tenant's or a missing one: 404). ${REVIEWED} ${AUDITED}`,
        params: idParams,
        response: { 202: pendingChange, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const staff = signedIn(ctx(req));
      const result = await write(req, {
        action: 'ip_access.delete',
        resource: ipAccess.resource,
        targetId: req.params.id,
        run: (tx) => proposeDelete(tx, staff, req.ip, req.params.id),
        before: (tx) => entryOf(tx, staff.tenantId, req.params.id),
      });
      return reply.code(202).send(result);
    },
  );
};
