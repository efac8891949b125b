/** JSON schemas shared by the money routes. */
import { listQuerySchema, TOTAL_DESCRIPTION } from '../lib/list';
import { RECORD_SORT_KEYS } from '../services/funds-lists';

/** Query of the record lists: paging, sort, cursor (lib/list.ts), and the common filters (plus `extra`). */
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
