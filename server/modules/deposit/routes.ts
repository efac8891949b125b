import type { FastifyPluginAsync } from 'fastify';
import { CRYPTO_CHAINS } from '../../../domain/crypto-chains';
import { requires } from '../../core/access';
import { ctx } from '../../core/context';
import { activeAddresses } from '../crypto_address/service';
import { errorResponses } from '../../core/errors';
import { createStorage } from '../../storage';
import { originOf, requireOwnImages } from '../../storage/own';
import { auditDeposit, createDeposit, DEPOSIT_SUB_TYPES, rollbackDeposit } from './service';
import { depositDetail, exportCryptoDeposits, exportDeposits, listCryptoDeposits, listDeposits } from './lists';
import { idempotencyHeader, moneyMutation } from '../records/http';
import {
  cryptoDepositListQuery,
  cryptoDepositRecordSchema,
  depositListQuery,
  depositRecordSchema,
  specializedDepositBody,
} from './schemas';
import { recordAuditRoute, recordDetailRoute, recordListRoutes, recordRollbackRoute } from '../records/routes';
import { typed } from '../../core/typed';

const tags = ['deposit'];
const chain = ['deposit', 'funds'];
const cryptoChain = ['crypto_deposit', 'funds'];

const CRYPTO_FIELDS =
  `chain (one of ${CRYPTO_CHAINS.join(', ')}), address (the platform's receiving address, 20-120 letters and digits) ` +
  'and tx_hash (the on-chain transaction hash: 32-100 hex digits, optionally 0x-prefixed, or base58 characters; stored ' +
  'in its canonical spelling: hex in lower case, 0x-prefixed on ERC20, BEP20 and ETH and without the prefix on TRC20 ' +
  'and BTC; base58 as given)';
const CRYPTO =
  'Crypto deposit records: the deposit records whose sub_type is crypto (any sub_type asked is ignored), with the ' +
  `deposit record fields and ${CRYPTO_FIELDS}. A transaction hash is recorded once per chain.`;

const FLOW =
  'Status flow: pending -> approved (account balance and deposit statistic up by credit_amount) | rejected (nothing moves); ' +
  'approved -> rolled_back (a compensating ledger txn that names the approval; 409 insufficient_funds when the money is no ' +
  'longer in the balance). A record resolves once: any other transition is 409 invalid_state with nothing changed.';

/** Deposit records (spec section 7 "Deposit"). */
export const depositRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  const storage = createStorage(app.config);
  recordListRoutes(app, {
    path: '/deposit/admin/v1/list',
    chain,
    tags,
    description: `Deposit records in the caller's data scope, newest first. Requires deposit:read (or funds:read). ${FLOW}`,
    exportDescription: 'Deposit records as CSV. Requires deposit:export (or funds:export).',
    querystring: depositListQuery,
    record: depositRecordSchema,
    list: listDeposits,
    export: exportDeposits,
    filename: () => 'deposits.csv',
  });

  recordListRoutes(app, {
    path: '/deposit/admin/v1/crypto/list',
    chain: cryptoChain,
    tags,
    description: `${CRYPTO} The deposit list's paging, sort and filters, plus chain (exact) and tx_hash (exact, compared in its canonical spelling on each chain, or on chain when given). Requires crypto_deposit:read (or funds:read). ${FLOW}`,
    exportDescription: `${CRYPTO} As CSV (columns chain, address and tx_hash after the credited amount). Requires crypto_deposit:export (or funds:export).`,
    querystring: cryptoDepositListQuery,
    record: cryptoDepositRecordSchema,
    list: listCryptoDeposits,
    export: exportCryptoDeposits,
    filename: () => 'crypto-deposits.csv',
  });

  app.get(
    '/deposit/admin/v1/options',
    {
      config: { permission: requires('client', 'fund') },
      schema: {
        tags,
        description:
          'The sub_type options of the deposit dialog, the default (bank) first: { data: [{ value }] }, and the ' +
          "tenant's active crypto receiving addresses a crypto deposit names (addresses: [{ chain, address, label }], by " +
          'chain; managed in /crypto_address/admin/v1). Requires client:fund.',
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: { type: 'object', properties: { value: { type: 'string' } } } },
              addresses: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    chain: { type: 'string' },
                    address: { type: 'string' },
                    label: { type: ['string', 'null'] },
                  },
                  required: ['chain', 'address', 'label'],
                },
              },
            },
          },
          ...errorResponses(401, 403),
        },
      },
    },
    async (req) => ({
      data: DEPOSIT_SUB_TYPES.map((value) => ({ value })),
      addresses: await activeAddresses(ctx(req).db, req.tenantId),
    }),
  );

  recordDetailRoute(app, {
    path: '/deposit/admin/v1/detail/:id',
    chain,
    tags,
    description:
      'One deposit record with its client (username, full_name), agent_name and the staff names of who created, ' +
      'resolved and rolled it back (404 outside the scope). Requires deposit:read (or funds:read).',
    record: depositRecordSchema,
    get: depositDetail,
  });

  const mutation = {
    chain,
    tags,
    resource: 'deposit',
    action: 'deposit',
    record: depositRecordSchema,
    get: depositDetail,
  };
  recordAuditRoute(app, {
    ...mutation,
    path: '/deposit/admin/v1/audit/:id',
    description: `Audits a pending deposit: { status: "approved" | "rejected" }. Requires deposit:approve (or funds:approve). ${FLOW}`,
    audit: auditDeposit,
  });
  recordRollbackRoute(app, {
    ...mutation,
    path: '/deposit/admin/v1/rollback/:id',
    description: `Rolls back an approved deposit. Requires deposit:approve (or funds:approve). ${FLOW}`,
    rollback: rollbackDeposit,
  });

  app.post(
    '/deposit/admin/v2/specialized/:id',
    {
      config: { permission: requires('client', 'fund') },
      schema: {
        tags,
        description:
          'Specialized deposit (v2): a staff member records a deposit for client {id} with a proof image. It is created PENDING ' +
          '(credit_amount = amount × rate from `currency` to the account currency, half-even to cents, rate fixed now) and ' +
          `credits the account when audited. A crypto deposit (sub_type crypto) needs ${CRYPTO_FIELDS}; the other ` +
          'sub_types take none of them (400). A transaction hash already recorded on the same chain, in any status, is ' +
          `409 duplicate_tx_hash (errors.tx_hash): one on-chain transaction credits once. Answers the record (as the detail). ${FLOW}`,
        headers: idempotencyHeader,
        body: specializedDepositBody,
        response: { 200: depositRecordSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (req) => {
      requireOwnImages(req.body, ['screenshot'], { storage, tenantId: req.tenantId, origin: originOf(req) });
      return moneyMutation(req, {
        action: 'deposit.specialized',
        resource: 'client',
        run: async (tx, actor, clientId) => {
          const made = await createDeposit(tx, actor, clientId, {
            ...req.body,
            account_id: Number(req.body.account_id),
          });
          return depositDetail(tx, actor, made.id);
        },
      });
    },
  );
};
