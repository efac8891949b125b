import type { FastifyPluginAsync } from 'fastify';
import { requires } from '../../plugins/access';
import { ctx } from '../../plugins/context';
import { errorResponses } from '../../plugins/errors';
import {
  EXPORT_DESCRIPTION,
  exportOverdrawn,
  listOverdrawn,
  sendRecordExport,
  type ListQuery,
} from '../../services/funds-lists';
import { auditLoan, creditOverdrawn, getOverdrawn, payFine } from '../../services/overdrawn';
import { actorOf, amountSchema, authorize, idempotencyHeader, moneyMutation, pathId } from '../money-http';
import { listQuery } from '../money-schemas';
import { recordAuditRoute } from '../record-routes';

const tags = ['overdrawn'];

const FLOW =
  'Loan: pending -> approved (balance, loan and outstanding up by the amount) | rejected; approved -> repaid through ' +
  'pay_fine (each repayment takes balance and outstanding down; the loan is repaid when nothing is owed). ' +
  'Compensation (bonus points) and bonus (reward) are credited at once and created approved: neither counts as a deposit; ' +
  'compensation is withdrawable, bonus is not (withdrawable = max(0, balance − bonus)). A loan resolves once: a second audit ' +
  'is 409 invalid_state with nothing changed.';

const subTypeQuery = listQuery({ sub_type: { type: 'string', enum: ['loan', 'compensation', 'bonus'] } });
/** The grant chain of an overdrawn sub_type: loans under loan, compensation and bonus under compensation. */
const chainOf = (sub: string | undefined) =>
  sub === 'loan' ? ['loan', 'funds'] : sub ? ['compensation', 'funds'] : ['funds'];

const amountBody = {
  type: 'object',
  properties: { amount: amountSchema, remark: { type: 'string', maxLength: 500 } },
  required: ['amount'],
} as const;

/** Loans, compensations and bonuses (spec section 7 "Overdrawn"). */
export const overdrawnRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { sub_type?: string } }>(
    '/overdrawn/admin/v1/record/list',
    {
      // The declared grant admits anyone who may read some overdrawn records; the sub_type is checked below.
      config: { permission: requires(['loan', 'compensation', 'funds'], 'read') },
      schema: {
        tags,
        description: `Overdrawn records by sub_type in the caller's data scope. Requires loan:read for loans, compensation:read for compensation and bonus (or funds:read). ${FLOW}`,
        querystring: subTypeQuery,
        response: errorResponses(400, 401, 403),
      },
    },
    async (req) => {
      await authorize(req, chainOf(req.query.sub_type), 'read');
      return listOverdrawn(ctx(req).db, actorOf(req), req.query as ListQuery);
    },
  );

  app.get<{ Querystring: { sub_type?: string } }>(
    '/overdrawn/admin/v1/record/list/export',
    {
      // As the list: the declared grant admits anyone who may export some overdrawn records; the sub_type is checked below.
      config: { permission: requires(['loan', 'compensation', 'funds'], 'export') },
      schema: {
        tags,
        description: `Overdrawn records by sub_type as CSV. Requires loan:export for loans, compensation:export for compensation and bonus, funds:export without sub_type. ${EXPORT_DESCRIPTION}`,
        querystring: subTypeQuery,
        response: { 200: { type: 'string', description: 'text/csv' }, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      await authorize(req, chainOf(req.query.sub_type), 'export');
      const exp = await exportOverdrawn(ctx(req).db, actorOf(req), req.query as ListQuery);
      return sendRecordExport(reply, `${req.query.sub_type ?? 'overdrawn'}-records.csv`, exp);
    },
  );

  for (const subType of ['compensation', 'bonus'] as const) {
    app.post<{ Body: { amount: string | number; remark?: string } }>(
      `/overdrawn/admin/v1/${subType}/:id`,
      {
        config: { permission: requires('client', 'fund') },
        schema: {
          tags,
          description: `Credits a ${subType === 'bonus' ? 'bonus (reward)' : 'compensation (bonus points)'} of { amount } to account {id} at once. ${FLOW}`,
          headers: idempotencyHeader,
          body: amountBody,
          response: errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
      async (req) => {
        const accountId = pathId(req);
        const actor = actorOf(req);
        return moneyMutation(req, {
          action: `overdrawn.${subType}`,
          resource: 'client',
          targetId: accountId,
          run: (tx) => creditOverdrawn(tx, actor, subType, accountId, req.body),
        });
      },
    );
  }

  recordAuditRoute(app, {
    path: '/overdrawn/admin/v1/audit/:id',
    chain: ['loan', 'funds'],
    tags,
    description: `Audits a pending loan: { status: "approved" | "rejected" }. Requires loan:approve (or funds:approve). ${FLOW}`,
    resource: 'loan',
    action: 'loan',
    get: getOverdrawn,
    audit: auditLoan,
  });

  app.post<{ Body: { amount: string | number } }>(
    '/overdrawn/admin/v1/loan/pay_fine/:id',
    {
      config: { permission: requires(['loan', 'funds'], 'settle') },
      schema: {
        tags,
        description: `Repays { amount } of approved loan {id} from the balance (at most what is still owed; 409 insufficient_funds beyond the balance). Requires loan:settle (or funds:settle). ${FLOW}`,
        headers: idempotencyHeader,
        body: amountBody,
        response: errorResponses(400, 401, 403, 404, 409, 422),
      },
    },
    async (req) => {
      const id = pathId(req);
      const actor = actorOf(req);
      return moneyMutation(req, {
        action: 'loan.pay_fine',
        resource: 'loan',
        targetId: id,
        before: (tx) => getOverdrawn(tx, actor, id),
        run: (tx) => payFine(tx, actor, id, req.body),
      });
    },
  );
};
