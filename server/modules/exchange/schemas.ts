/** JSON schemas of the rate and exchange routes. */
import type { Input } from '../../core/typed';
import { amountSchema } from '../records/http';
import { str, int, intOrNull, money } from '../records/schemas';

/** An exchange between two accounts of a client. */
export const exchangeRecordSchema = {
  type: 'object',
  properties: {
    id: int,
    client_id: int,
    from_account: int,
    to_account: int,
    from_currency: str,
    to_currency: str,
    amount: { ...money, description: 'Taken from from_account (from_currency)' },
    rate: { type: 'string', description: '1 from_currency = rate to_currency' },
    to_amount: { ...money, description: 'Given to to_account (to_currency)' },
    bonus_moved: { ...money, description: 'The non-withdrawable bonus part that moved with the money' },
    txn_id: intOrNull,
    status: {
      type: 'string',
      enum: ['completed', 'pending', 'rejected'],
      description:
        "completed: moved; pending: at or above the tenant's exchange tier, awaiting its checkers (nothing moved yet; " +
        'rate and to_amount are indicative, the exchange runs at the rate current when approved); rejected: nothing moved',
    },
    created_by: intOrNull,
    created_at: str,
  },
  required: ['id', 'client_id', 'from_account', 'to_account', 'amount', 'rate', 'to_amount'],
  additionalProperties: false,
} as const;

/** Body of POST /acc/admin/v1/exchange/{id} (the amount is checked by the service: records/http.ts amountSchema). */
export const exchangeBody = {
  type: 'object',
  properties: {
    from_account: { type: ['integer', 'string'] },
    to_account: { type: ['integer', 'string'] },
    amount: amountSchema,
    rate: { type: ['number', 'string', 'null'] },
  },
  required: ['from_account', 'to_account', 'amount'],
} as const;
/** An exchange to run, as the route's schema has checked it. */
export type ExchangeInput = Input<typeof exchangeBody>;
