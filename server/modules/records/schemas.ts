/** JSON schemas shared by the money record routes (each area adds its record schema in its own schemas.ts). */
import { listQuerySchema, TOTAL_DESCRIPTION } from '../../core/list';
import { RECORD_SORT_KEYS } from './lists';

/** Query of the record lists: paging, sort, cursor (core/list.ts), and the common filters (plus `extra`). */
export const listQuery = (extra: Record<string, object> = {}) => ({
  ...listQuerySchema(RECORD_SORT_KEYS, {
    fake: { type: 'string', enum: ['true', 'false'], description: 'Robot (true) or real (false) clients' },
    status: { type: 'string' },
    currency: { type: 'string' },
    username: { type: 'string', description: 'Client username prefix' },
    client_id: { type: 'integer' },
    agent_id: { type: 'integer' },
    created_at_gte: { type: 'string', description: 'From this date/time (inclusive)' },
    created_at_lte: { type: 'string', description: 'Up to this date (inclusive, whole day) or date-time' },
    ...extra,
  }),
  description: TOTAL_DESCRIPTION,
});

/** Body of the audit routes. */
export const auditBody = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['approved', 'rejected'] },
    remark: { type: 'string', maxLength: 500 },
  },
  required: ['status'],
} as const;

/** Optional body of the rollback routes. */
export const remarkBody = {
  type: ['object', 'null'],
  properties: { remark: { type: 'string', maxLength: 500 } },
} as const;

/** JSON schema atoms of the record views. */
export const str = { type: 'string' } as const;
export const strOrNull = { type: ['string', 'null'] } as const;
export const int = { type: 'integer' } as const;
export const intOrNull = { type: ['integer', 'null'] } as const;
export const money = { type: 'string', description: 'Decimal string with 2 decimals' } as const;
const when = { type: ['string', 'null'], description: 'ISO date-time, null when not yet' } as const;
const staffName = { type: ['string', 'null'], description: 'Staff name (details only; null when none)' } as const;

/** Fields of every money record view (deposit, withdrawal, overdrawn): the record, its client and agent. */
const recordFields = {
  id: int,
  client_id: int,
  account_id: int,
  currency: { type: 'string', description: 'Currency of the requested amount' },
  amount: { ...money, description: 'Requested amount (in `currency`)' },
  rate: {
    type: 'string',
    description: 'Rate from currency to credit_currency (decimal string; 1 when nothing is converted)',
  },
  credit_currency: { type: 'string', description: "The account's currency" },
  credit_amount: { ...money, description: 'What the account actually moves (in credit_currency)' },
  status: str,
  remark: strOrNull,
  created_by: intOrNull,
  resolved_by: intOrNull,
  resolved_at: when,
  rolled_back_by: intOrNull,
  rolled_back_at: when,
  reversal_txn_id: intOrNull,
  created_at: { type: 'string', description: 'ISO date-time' },
  username: { type: 'string', description: "The client's username" },
  full_name: { type: ['string', 'null'], description: "The client's name" },
  fake: { type: 'boolean', description: 'Robot client' },
  agent_id: intOrNull,
  agent_name: { type: ['string', 'null'], description: "The client's agent (salesman) name" },
  created_by_name: staffName,
  resolved_by_name: staffName,
  rolled_back_by_name: staffName,
} as const;

const recordRequired = Object.keys(recordFields).filter((k) => !k.endsWith('_by_name'));

/** A record view of `extra` fields besides the common ones; the `_by_name` fields are answered by details only. */
export const recordSchema = (description: string, extra: Record<string, object>) => ({
  type: 'object',
  description,
  properties: { ...recordFields, ...extra },
  required: [...recordRequired, ...Object.keys(extra).filter((k) => k !== 'screenshot_url')],
  additionalProperties: false,
});
