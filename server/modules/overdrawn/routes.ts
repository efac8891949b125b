import type { FastifyPluginAsync } from 'fastify';
import { authorize, requires } from '../../core/access';
import { errorResponses } from '../../core/errors';
import { exportOverdrawn, listOverdrawn, overdrawnDetail } from './lists';
import { auditLoan, creditOverdrawn, payFine, rollbackOverdrawn } from './service';
import { amountSchema, idempotencyHeader, moneyMutation } from '../records/http';
import { overdrawnListQuery, overdrawnRecordSchema } from './schemas';
import { recordAuditRoute, recordDetailRoute, recordListRoutes, recordRollbackRoute } from '../records/routes';
import { typed } from '../../core/typed';

const tags = ['overdrawn'];

const FLOW =
  'Loan: pending -> approved (balance, loan and outstanding up by the amount) | rejected; approved -> repaid through ' +
  'pay_fine (each repayment takes balance and outstanding down; the loan is repaid when nothing is owed). ' +
  'Compensation (bonus points) and bonus (reward) are credited at once and created approved: neither counts as a deposit; ' +
  'compensation is withdrawable, bonus is not (withdrawable = max(0, balance − bonus)). Compensation and bonus: approved -> ' +
  'rolled_back (a compensating ledger txn that names the credit; 409 insufficient_funds when the money is no longer in the ' +
  'balance, or for a bonus in the bonus). A record resolves once: a second audit or rollback is 409 invalid_state with ' +
  'nothing changed. Every record answers rate "1" and credit_amount = amount in credit_currency = currency (nothing is converted).';

/** The grant chain of an overdrawn sub_type: loans under loan, compensation, bonus and credit under compensation. */
const chainOf = (sub: string | undefined) =>
  sub === 'loan' ? ['loan', 'funds'] : sub ? ['compensation', 'funds'] : ['funds'];

const amountBody = {
  type: 'object',
  properties: { amount: amountSchema, remark: { type: 'string', maxLength: 500 } },
  required: ['amount'],
} as const;

/** Loans, compensations and bonuses (spec section 7 "Overdrawn"). */
export const overdrawnRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  recordListRoutes(app, {
    path: '/overdrawn/admin/v1/record/list',
    // The declared grant admits anyone who may read (export) some overdrawn records; chainOf checks the sub_type's.
    chain: ['loan', 'compensation', 'funds'],
    chainOf: (q) => chainOf(typeof q.sub_type === 'string' ? q.sub_type : undefined),
    tags,
    description: `Overdrawn records by sub_type in the caller's data scope. Requires loan:read for loans, compensation:read for compensation, bonus and credit (or funds:read; funds:read without sub_type). ${FLOW}`,
    exportDescription:
      'Overdrawn records by sub_type as CSV. Requires loan:export for loans, compensation:export for compensation, bonus and credit, funds:export without sub_type.',
    querystring: overdrawnListQuery,
    record: overdrawnRecordSchema,
    list: listOverdrawn,
    export: exportOverdrawn,
    filename: (q) => `${typeof q.sub_type === 'string' ? q.sub_type : 'overdrawn'}-records.csv`,
  });

  for (const subType of ['compensation', 'bonus'] as const) {
    app.post(
      `/overdrawn/admin/v1/${subType}/:id`,
      {
        config: { permission: requires('client', 'fund') },
        schema: {
          tags,
          description:
            `Credits a ${subType === 'bonus' ? 'bonus (reward)' : 'compensation (bonus points)'} of { amount } at once to ` +
            "account { account_id } of client {id}. The client must be in the caller's data scope and the account its own, " +
            `else 404 not_found and nothing moves. Requires client:fund. Answers the record (as the detail). ${FLOW}`,
          headers: idempotencyHeader,
          body: {
            type: 'object',
            properties: {
              account_id: { type: ['integer', 'string'], description: 'An account of client {id}' },
              amount: amountSchema,
              remark: { type: 'string', maxLength: 500 },
            },
            required: ['account_id', 'amount'],
          },
          response: { 200: overdrawnRecordSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (req) =>
        moneyMutation(req, {
          action: `overdrawn.${subType}`,
          resource: 'client',
          run: async (tx, actor, clientId) => {
            const made = await creditOverdrawn(tx, actor, subType, clientId, req.body);
            return overdrawnDetail(tx, actor, made.id);
          },
        }),
    );
  }

  recordDetailRoute(app, {
    path: '/overdrawn/admin/v1/detail/:id',
    chain: ['loan', 'compensation', 'funds'],
    tags,
    description:
      'One loan, compensation or bonus record with its client (username, full_name), agent_name and the staff names of ' +
      'who created, resolved and rolled it back (404 outside the scope). Requires loan:read for a loan, compensation:read ' +
      'for a compensation or bonus (or funds:read).',
    record: overdrawnRecordSchema,
    get: overdrawnDetail,
    check: (req, record: { sub_type: string }) => authorize(req, chainOf(record.sub_type), 'read'),
  });

  recordAuditRoute(app, {
    path: '/overdrawn/admin/v1/audit/:id',
    chain: ['loan', 'funds'],
    tags,
    description: `Audits a pending loan: { status: "approved" | "rejected" }. Requires loan:approve (or funds:approve). ${FLOW}`,
    resource: 'loan',
    action: 'loan',
    record: overdrawnRecordSchema,
    get: overdrawnDetail,
    audit: auditLoan,
  });

  recordRollbackRoute(app, {
    path: '/overdrawn/admin/v1/rollback/:id',
    chain: ['compensation', 'funds'],
    tags,
    description:
      'Rolls back an approved compensation or bonus (a loan: 404) with a compensating ledger txn; the record becomes ' +
      `rolled_back. Requires compensation:approve (or funds:approve). ${FLOW}`,
    resource: 'compensation',
    action: 'overdrawn',
    record: overdrawnRecordSchema,
    get: overdrawnDetail,
    rollback: rollbackOverdrawn,
  });

  app.post(
    '/overdrawn/admin/v1/loan/pay_fine/:id',
    {
      config: { permission: requires(['loan', 'funds'], 'settle') },
      schema: {
        tags,
        description: `Repays { amount } of approved loan {id} from the balance (at most what is still owed, else 409 amount_exceeds_owed with errors.amount; 409 insufficient_funds beyond the balance). Requires loan:settle (or funds:settle). ${FLOW}`,
        headers: idempotencyHeader,
        body: amountBody,
        response: { 200: overdrawnRecordSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (req) =>
      moneyMutation(req, {
        action: 'loan.pay_fine',
        resource: 'loan',
        before: overdrawnDetail,
        run: async (tx, actor, id) => {
          await payFine(tx, actor, id, req.body);
          return overdrawnDetail(tx, actor, id);
        },
      }),
  );
};
