import type { FastifyPluginAsync } from 'fastify';
import { AUDIT_HISTORY_LIMIT, AUDIT_MAX, auditLog } from '../../../domain/audit';
import { resourceChain } from '../../../domain/entity';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList, rowSchema } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { auditDetail, auditListSpec, targetHistory } from './service';
import { idParams } from '../../core/params';
import { typed } from '../../core/typed';

const tags = ['audit'];
const chain = resourceChain(auditLog);
const row = rowSchema(auditLog);
const json = { description: 'Any JSON value (null when none)' };

/** The history of a target: its rows oldest first. */
const historyResponse = {
  type: 'object',
  additionalProperties: false,
  properties: {
    data: { type: 'array', items: row },
    truncated: { type: 'boolean', description: `More than ${AUDIT_HISTORY_LIMIT} rows: the oldest are answered` },
  },
  required: ['data', 'truncated'],
} as const;

/** One row with what it changed, its chain position and its target's history. */
const detailResponse = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...row.properties,
    before: json,
    after: json,
    seq: { type: ['integer', 'null'], description: "Position in the tenant's hash chain" },
    hash: { type: ['string', 'null'], description: 'sha256(previous hash | the row), hex' },
    history: historyResponse.properties.data,
    history_truncated: historyResponse.properties.truncated,
  },
  required: [...row.required, 'before', 'after', 'seq', 'hash', 'history', 'history_truncated'],
} as const;

/**
 * The audit log (domain/audit.ts; administrators only, resource `auditLog` under the config group): the list and its
 * export, one row with its before/after and its target's history, and the history of any target (the record views'
 * history panel).
 */
export const auditRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, auditListSpec);

  app.get(
    auditLog.paths.one.replace('{id}', ':id'),
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description:
          "One audit row of the tenant: the list's fields, `before` and `after` (the record before and after a write, " +
          'as JSON), its place in the hash chain (seq, hash) and `history`: every row about the same target (resource ' +
          `and target_id), oldest first, at most ${AUDIT_HISTORY_LIMIT}. Another tenant's or a missing row: 404.`,
        params: idParams,
        response: { 200: detailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => auditDetail(ctx(req).db, signedIn(ctx(req)).tenantId, req.params.id),
  );

  app.get(
    auditLog.paths.history,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description:
          'The history of one target (`type`: the audit resource, e.g. client, deposit, users; `id`: its id), oldest ' +
          `first, at most ${AUDIT_HISTORY_LIMIT} rows: the rows naming it as their target and, for a record created ` +
          'under another target (a deposit is recorded on its client), the creation whose result is it. Empty when ' +
          'nothing is recorded.',
        querystring: {
          type: 'object',
          properties: {
            type: { type: 'string', minLength: 1, maxLength: AUDIT_MAX.resource, pattern: '^[A-Za-z_]+$' },
            id: { type: 'string', minLength: 1, maxLength: AUDIT_MAX.targetId },
          },
          required: ['type', 'id'],
        },
        response: { 200: historyResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => targetHistory(ctx(req).db, signedIn(ctx(req)).tenantId, req.query.type, req.query.id),
  );
};
