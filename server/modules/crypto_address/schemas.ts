/** JSON schemas of the crypto receiving-address routes; the row schema comes from the domain (domain/crypto-address.ts). */
import { closed } from '../../core/schema';
import { cryptoAddress } from '../../../domain/crypto-address';
import { rowSchema } from '../../core/entity';
import { listQuerySchema, listResponseSchema } from '../../core/list';

/** An address as the list, the detail and the writes answer it. */
export const cryptoAddressRow = rowSchema(cryptoAddress);

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

/** Body of PUT status/{id}. */
export const statusBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['active'] },
  properties: { active: { type: 'boolean' } },
  required: ['active'],
} as const;

/** One deposit received on an address. */
export const addressDepositRow = closed(
  {
    id: { type: 'integer' },
    client_id: { type: 'integer' },
    username: { type: 'string' },
    amount: { type: 'string', description: 'Decimal string, in currency' },
    currency: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'approved', 'rejected', 'rolled_back'] },
    tx_hash: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
  },
  ['id', 'client_id', 'username', 'amount', 'currency', 'status', 'tx_hash', 'created_at'],
);

/** Query of the deposits list: paging only (newest first). */
export const depositsQuery = listQuerySchema(['id']);

/** Answer of the deposits list. */
export const depositsResponse = listResponseSchema(addressDepositRow);
