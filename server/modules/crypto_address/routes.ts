import type { FastifyPluginAsync } from 'fastify';
import { cryptoAddress } from '../../../domain/crypto-address';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { entityWrites } from '../../core/entity-writes';
import { errorResponses } from '../../core/errors';
import { entityAction, entityDetail } from '../../core/entity-routes';
import { depositsQuery, depositsResponse, idParams, statusBody } from './schemas';
import { addressDeposits, cryptoAddressListSpec, cryptoAddressWritesSpec, setActive } from './service';
import { typed } from '../../core/typed';

const tags = ['crypto_address'];
const resource = cryptoAddress.resource;
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';

/**
 * The platform's crypto receiving addresses (spec section 2 "crypto_address"; paths are ours). Administrators and
 * supervisors (the cryptoAddress grant). The client drawer's crypto deposit offers the active ones
 * (GET /deposit/admin/v1/options, `addresses`).
 */
export const cryptoAddressRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, cryptoAddressListSpec);
  entityWrites(app, cryptoAddressWritesSpec);

  entityDetail(app, cryptoAddressListSpec, {
    path: cryptoAddress.paths.one!,
    description: "One receiving address of the tenant with its deposit count; another tenant's or a missing one: 404.",
  });

  app.get(
    route(cryptoAddress.paths.deposits),
    {
      config: { permission: requires(resource, 'read') },
      schema: {
        tags,
        description:
          'The deposit records received on the address: the crypto deposits of the tenant on its chain naming it ' +
          '(EVM and bech32 addresses compared without case, base58 ones exactly), newest first (order=asc: oldest), ' +
          "within the caller's data scope over deposits; { data, total } (an exact count).",
        params: idParams,
        querystring: depositsQuery,
        response: { 200: depositsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => addressDeposits(ctx(req).db, signedIn(ctx(req)), req.params.id, req.query),
  );

  entityAction<typeof statusBody>(app, cryptoAddressListSpec, {
    method: 'PUT',
    path: cryptoAddress.paths.status!,
    permission: 'update',
    action: (body) => (body.active ? 'crypto_address.activate' : 'crypto_address.deactivate'),
    description:
      '`{ active }` activates or deactivates the address: only active addresses are offered in the crypto deposit ' +
      `dialog; the deposits already received on it keep naming it. Answers the address. ${AUDITED}`,
    body: statusBody,
    run: (tx, staff, id, body) => setActive(tx, staff.tenantId, id, body.active),
  });
};
