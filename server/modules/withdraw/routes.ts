import type { FastifyPluginAsync } from 'fastify';
import { requires } from '../../plugins/access';
import { ctx } from '../../plugins/context';
import { errorResponses } from '../../plugins/errors';
import {
  EXPORT_DESCRIPTION,
  exportWithdrawals,
  listWithdrawals,
  sendRecordExport,
  type ListQuery,
} from '../../services/funds-lists';
import { auditWithdrawal, getWithdrawal, rollbackWithdrawal } from '../../services/withdraw';
import { actorOf, idempotencyHeader, moneyMutation, pathId } from '../money-http';
import { auditBody, listQuery, remarkBody } from '../money-schemas';

const tags = ['withdraw'];
const chain = ['withdrawal', 'funds'];

const FLOW =
  'Status flow: a request (client app) freezes the amount (balance -> frozen; at most the withdrawable amount = ' +
  'max(0, balance − bonus): bonus cannot be withdrawn, profit can) and is pending; pending -> approved (paid out: frozen ' +
  'down, withdrawal statistic up) | rejected (unfrozen: back to the balance); approved -> rolled_back (the payout returns ' +
  'to the balance). A record resolves once: any other transition is 409 invalid_state with nothing changed.';

/** Withdrawal records (spec section 7 "Withdraw"). */
export const withdrawRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/withdraw/admin/v1/list',
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: `Withdrawal records in the caller's data scope. Requires withdrawal:read (or funds:read). ${FLOW}`,
        querystring: listQuery(),
        response: errorResponses(400, 401, 403),
      },
    },
    async (req) => listWithdrawals(ctx(req).db, actorOf(req), req.query as ListQuery),
  );

  app.get(
    '/withdraw/admin/v1/list/export',
    {
      config: { permission: requires(chain, 'export') },
      schema: {
        tags,
        description: `Withdrawal records as CSV. Requires withdrawal:export (or funds:export). ${EXPORT_DESCRIPTION}`,
        querystring: listQuery(),
        response: { 200: { type: 'string', description: 'text/csv' }, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) =>
      sendRecordExport(
        reply,
        'withdrawals.csv',
        await exportWithdrawals(ctx(req).db, actorOf(req), req.query as ListQuery),
      ),
  );

  app.get(
    '/withdraw/admin/v1/detail/:id',
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: 'One withdrawal record. Requires withdrawal:read (or funds:read).',
        response: errorResponses(401, 403, 404),
      },
    },
    async (req) => {
      return getWithdrawal(ctx(req).db, actorOf(req), pathId(req));
    },
  );

  app.post<{ Body: { status: 'approved' | 'rejected'; remark?: string } }>(
    '/withdraw/admin/v1/audit/:id',
    {
      config: { permission: requires(chain, 'approve') },
      schema: {
        tags,
        description: `Audits a pending withdrawal: { status: "approved" | "rejected" }. Requires withdrawal:approve (or funds:approve). ${FLOW}`,
        headers: idempotencyHeader,
        body: auditBody,
        response: errorResponses(400, 401, 403, 404, 409, 422),
      },
    },
    async (req) => {
      const id = pathId(req);
      const actor = actorOf(req);
      return moneyMutation(req, {
        action: `withdraw.${req.body.status === 'approved' ? 'approve' : 'reject'}`,
        resource: 'withdrawal',
        targetId: id,
        before: (tx) => getWithdrawal(tx, actor, id),
        run: (tx) => auditWithdrawal(tx, actor, id, req.body.status, req.body.remark),
      });
    },
  );

  app.put<{ Body: { remark?: string } | undefined }>(
    '/withdraw/admin/v1/rollback/:id',
    {
      config: { permission: requires(chain, 'approve') },
      schema: {
        tags,
        description: `Rolls back an approved (paid-out) withdrawal. Requires withdrawal:approve (or funds:approve). ${FLOW}`,
        headers: idempotencyHeader,
        body: remarkBody,
        response: errorResponses(400, 401, 403, 404, 409, 422),
      },
    },
    async (req) => {
      const id = pathId(req);
      const actor = actorOf(req);
      return moneyMutation(req, {
        action: 'withdraw.rollback',
        resource: 'withdrawal',
        targetId: id,
        before: (tx) => getWithdrawal(tx, actor, id),
        run: (tx) => rollbackWithdrawal(tx, actor, id, req.body?.remark),
      });
    },
  );
};
