/** JSON schemas shared by the money routes. */

/** Query of the record lists: paging, sort, and the common filters (plus `extra`). */
export const listQuery = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    page_size: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
    sort: { type: 'string', enum: ['id', 'created_at', 'amount', 'status', 'resolved_at'], default: 'created_at' },
    order: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'], default: 'desc' },
    fake: { type: 'string', enum: ['true', 'false'], description: 'Robot (true) or real (false) clients' },
    status: { type: 'string' },
    currency: { type: 'string' },
    username: { type: 'string', description: 'Client username prefix' },
    client_id: { type: 'integer' },
    agent_id: { type: 'integer' },
    created_at_gte: { type: 'string', description: 'From this date/time (inclusive)' },
    created_at_lte: { type: 'string', description: 'Up to this date (inclusive, whole day) or date-time' },
    ...extra,
  },
  description: 'Answers { data, total }. total is counted up to 10,000 matches; beyond, the planner estimate.',
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
