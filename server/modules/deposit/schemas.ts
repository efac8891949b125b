/** JSON schemas of the deposit routes, derived from the deposit definitions (domain/records.ts). */
import { ADDRESS_PATTERN, CRYPTO_CHAINS, TX_HASH_PATTERN } from '../../../domain/crypto-chains';
import { cryptoDeposit, DEPOSIT_SUB_TYPES, deposit } from '../../../domain/records';
import type { Input } from '../../core/typed';
import { amountSchema } from '../records/http';
import { recordListQuery, recordSchema } from '../records/schemas';

/** A deposit record (list row, detail, mutation answer). */
export const depositRecordSchema = recordSchema(deposit, 'A deposit record');
/** A crypto deposit record: a deposit record of sub_type crypto (the same view). */
export const cryptoDepositRecordSchema = recordSchema(cryptoDeposit, 'A deposit record of sub_type crypto');

/** The deposit list's querystring. */
export const depositListQuery = recordListQuery(deposit);
/** The crypto deposit list's querystring: the deposit list's (sub_type is ignored), chain and tx_hash exact. */
export const cryptoDepositListQuery = recordListQuery(cryptoDeposit);

/** Body of POST /deposit/admin/v2/specialized/{id}: a deposit staff record for a client, with its proof image. */
export const specializedDepositBody = {
  type: 'object',
  properties: {
    account_id: { type: ['integer', 'string'] },
    amount: amountSchema,
    currency: { type: 'string', description: "Deposit currency; default the account's" },
    screenshot: {
      type: ['string', 'null'],
      maxLength: 2000,
      description:
        'Proof image: the public_url of an upload to this store (POST /s3/admin/presign/put) for this tenant; ' +
        'any other URL is 400 validation, errors.screenshot code own_image',
    },
    sub_type: { type: 'string', enum: [...DEPOSIT_SUB_TYPES], default: 'bank' },
    remark: { type: 'string', maxLength: 500 },
    chain: { type: 'string', enum: [...CRYPTO_CHAINS], description: 'Crypto deposits: the chain (network)' },
    address: {
      type: 'string',
      pattern: ADDRESS_PATTERN,
      description: "Crypto deposits: the platform's receiving address",
    },
    tx_hash: {
      type: 'string',
      pattern: TX_HASH_PATTERN,
      description: 'Crypto deposits: the on-chain transaction hash',
    },
  },
  required: ['account_id', 'amount'],
} as const;
/** A deposit to record, as the route's schema has checked it (the amount is checked by the service). */
export type DepositInput = Input<typeof specializedDepositBody>;
