import type { FastifyPluginAsync } from 'fastify';
import { cryptoAddress, type CryptoAddressStatus } from '../../../domain/crypto-address';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { entityWrites } from '../../core/entity-writes';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { cryptoAddressRow, depositsQuery, depositsResponse, idParams, statusBody } from './schemas';
import { addressDeposits, addressOf, cryptoAddressListSpec, cryptoAddressWritesSpec, setActive } from './service';

const tags = ['crypto_address'];
const resource = cryptoAddress.resource;
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';

type Id = { Params: { id: number } };

/**
 * The platform's crypto receiving addresses (spec section 2 "crypto_address"; paths are ours). Administrators and
 * supervisors (the cryptoAddress grant). The client drawer's crypto deposit offers the active ones
 * (GET /deposit/admin/v1/options, `addresses`).
 */
export const cryptoAddressRoutes: FastifyPluginAsync = async (app) => {
  entityList(app, cryptoAddressListSpec);
  entityWrites(app, cryptoAddressWritesSpec);

  app.get<Id>(
    route(cryptoAddress.paths.one),
    {
      config: { permission: requires(resource, 'read') },
      schema: {
        tags,
        description:
          "One receiving address of the tenant with its deposit count; another tenant's or a missing one: 404.",
        params: idParams,
        response: { 200: cryptoAddressRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => addressOf(ctx(req).db, signedIn(ctx(req)).tenantId, req.params.id),
  );

  app.get<Id & { Querystring: { page?: number; page_size?: number; order?: 'asc' | 'desc' } }>(
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

  app.put<Id & { Body: CryptoAddressStatus }>(
    route(cryptoAddress.paths.status),
    {
      config: { permission: requires(resource, 'update') },
      schema: {
        tags,
        description:
          '`{ active }` activates or deactivates the address: only active addresses are offered in the crypto deposit ' +
          `dialog; the deposits already received on it keep naming it. Answers the address. ${AUDITED}`,
        params: idParams,
        body: statusBody,
        response: { 200: cryptoAddressRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: req.body.active ? 'crypto_address.activate' : 'crypto_address.deactivate',
        resource,
        targetId: req.params.id,
        before: (tx) => addressOf(tx, staff.tenantId, req.params.id),
        run: (tx) => setActive(tx, staff.tenantId, req.params.id, req.body.active),
      });
    },
  );
};
