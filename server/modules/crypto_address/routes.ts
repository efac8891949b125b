import type { FastifyPluginAsync } from 'fastify';
import {
  cryptoAddress,
  type CryptoAddressCreate,
  type CryptoAddressRow,
  type CryptoAddressStatus,
  type CryptoAddressUpdate,
} from '../../../domain/crypto-address';
import { CHAIN_ADDRESS_PATTERNS } from '../../../domain/crypto-chains';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import {
  createBody,
  cryptoAddressRow,
  depositsQuery,
  depositsResponse,
  idParams,
  statusBody,
  updateBody,
} from './schemas';
import {
  addressDeposits,
  addressOf,
  createAddress,
  cryptoAddressListSpec,
  deleteAddress,
  setActive,
  updateLabel,
} from './service';

const tags = ['crypto_address'];
const resource = cryptoAddress.resource;
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const FORMATS = Object.entries(CHAIN_ADDRESS_PATTERNS)
  .map(([chain, pattern]) => `${chain} \`${pattern}\``)
  .join('; ');

type Id = { Params: { id: number } };

/**
 * The platform's crypto receiving addresses (spec section 2 "crypto_address"; paths are ours). Administrators and
 * supervisors (the cryptoAddress grant). The client drawer's crypto deposit offers the active ones
 * (GET /deposit/admin/v1/options, `addresses`).
 */
export const cryptoAddressRoutes: FastifyPluginAsync = async (app) => {
  entityList(app, cryptoAddressListSpec);

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

  app.post<{ Body: CryptoAddressCreate }>(
    route(cryptoAddress.paths.create),
    {
      config: { permission: requires(resource, 'create') },
      schema: {
        tags,
        description:
          '`{ chain, address, label?, active? }` adds a receiving address (active unless said). The address is ' +
          "trimmed and must have the chain's shape (the rules of crypto deposits, domain/crypto-chains.ts): " +
          `${FORMATS}. 400 field_codes.address: required, invalid (not 20-120 letters and digits), address_chain ` +
          "(not the chain's format), duplicate (already an address of the tenant on that chain; EVM and bech32 " +
          `compared without case). Answers the address. ${AUDITED}`,
        body: createBody,
        response: { 200: cryptoAddressRow, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'crypto_address.create',
        resource,
        targetId: (r: CryptoAddressRow) => r.id,
        run: (tx) => createAddress(tx, staff, req.body),
      });
    },
  );

  app.put<Id & { Body: CryptoAddressUpdate }>(
    route(cryptoAddress.paths.update),
    {
      config: { permission: requires(resource, 'update') },
      schema: {
        tags,
        description:
          '`{ label }` changes the label (blank: none); the chain and the address never change (add another address and ' +
          `deactivate this one). Answers the address. ${AUDITED}`,
        params: idParams,
        body: updateBody,
        response: { 200: cryptoAddressRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'crypto_address.update',
        resource,
        targetId: req.params.id,
        before: (tx) => addressOf(tx, staff.tenantId, req.params.id),
        run: (tx) => updateLabel(tx, staff.tenantId, req.params.id, req.body.label),
      });
    },
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

  app.delete<Id>(
    route(cryptoAddress.paths.delete),
    {
      config: { permission: requires(resource, 'delete') },
      schema: {
        tags,
        description:
          'Deletes an address that no deposit record names; answers it. Once a deposit names it: 409 address_in_use, ' +
          `nothing changed (deactivate it instead). Another tenant's or a missing one: 404. ${AUDITED}`,
        params: idParams,
        response: { 200: cryptoAddressRow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'crypto_address.delete',
        resource,
        targetId: req.params.id,
        before: (tx) => addressOf(tx, staff.tenantId, req.params.id),
        run: (tx) => deleteAddress(tx, staff.tenantId, req.params.id),
        after: () => null,
      });
    },
  );
};
