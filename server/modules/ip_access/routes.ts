import type { FastifyPluginAsync } from 'fastify';
import { ipAccess, type IpAccessCreate, type IpAccessRow } from '../../../domain/ip-access';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { createBody, idParams, ipAccessRow, statusBody, statusResponse, updateBody } from './schemas';
import { createEntry, deleteEntry, entryOf, ipAccessListSpec, readStatus, setEnabled, updateNote } from './service';

const tags = ['ip_access'];
const chain = [ipAccess.resource, ...(ipAccess.parents ?? [])];
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const LOCKOUT =
  "While the list is on, a change after which no entry holds the caller's own address is refused: 409 ip_self_lockout, " +
  'nothing changed.';

type Id = { Params: { id: number } };

/**
 * The IP allow-list (spec section 2 "ip_access"; paths are ours): entries and the switch. When on, staff requests
 * and sign-in from other addresses answer 403 ip_not_allowed (server/core/ip-allow.ts).
 */
export const ipAccessRoutes: FastifyPluginAsync = async (app) => {
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

  app.put<{ Body: { enabled: boolean } }>(
    ipAccess.paths.status,
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          '`{ enabled }` turns the allow-list on or off; answers the status. Turning it on is refused (409 ' +
          `ip_self_lockout) unless an entry holds the caller's own address. ${AUDITED}`,
        body: statusBody,
        response: { 200: statusResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: req.body.enabled ? 'ip_access.enable' : 'ip_access.disable',
        resource: ipAccess.resource,
        before: (tx) => readStatus(tx, staff.tenantId, req.ip),
        run: (tx) => setEnabled(tx, staff.tenantId, req.ip, req.body.enabled),
      });
    },
  );

  app.post<{ Body: IpAccessCreate }>(
    route(ipAccess.paths.create),
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description:
          '`{ cidr, note? }` adds an entry: an IPv4 or IPv6 address (its /32 or /128) or CIDR range, stored in ' +
          'canonical form (IPv4-mapped IPv6 as IPv4, IPv6 compressed). 400 errors.cidr: cidr_invalid (not an address ' +
          'or range), cidr_host_bits (bits set after the prefix, e.g. 10.1.2.3/8: refused, not cleared), duplicate ' +
          `(already listed). Answers the entry. ${AUDITED}`,
        body: createBody,
        response: { 200: ipAccessRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'ip_access.create',
        resource: ipAccess.resource,
        targetId: (r: IpAccessRow) => r.id,
        run: (tx) => createEntry(tx, staff, req.body),
      });
    },
  );

  app.put<Id & { Body: { note: string | null } }>(
    route(ipAccess.paths.update),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          "`{ note }` changes an entry's note (blank: none); the range itself does not change (add a new entry and " +
          `delete this one). Answers the entry; another tenant's or a missing one: 404. ${AUDITED}`,
        params: idParams,
        body: updateBody,
        response: { 200: ipAccessRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'ip_access.update',
        resource: ipAccess.resource,
        targetId: req.params.id,
        before: (tx) => entryOf(tx, staff.tenantId, req.params.id),
        run: (tx) => updateNote(tx, staff.tenantId, req.params.id, req.body.note),
      });
    },
  );

  app.delete<Id>(
    route(ipAccess.paths.delete),
    {
      config: { permission: requires(chain, 'delete') },
      schema: {
        tags,
        description: `Deletes an entry; answers it. ${LOCKOUT} Another tenant's or a missing one: 404. ${AUDITED}`,
        params: idParams,
        response: { 200: ipAccessRow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'ip_access.delete',
        resource: ipAccess.resource,
        targetId: req.params.id,
        run: (tx) => deleteEntry(tx, staff.tenantId, req.ip, req.params.id),
        after: () => null,
        before: (tx) => entryOf(tx, staff.tenantId, req.params.id),
      });
    },
  );
};
