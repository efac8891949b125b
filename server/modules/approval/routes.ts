import type { FastifyPluginAsync } from 'fastify';
import { approval, APPROVAL_VIEWS, type ApprovalView } from '../../../domain/approval';
import { resourceChain } from '../../../domain/entity';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { actorOf, idempotencyHeader, moneyMutation, pathId } from '../records/http';
import { approval as approvalTable } from '../../db/schema';
import {
  approvalCount,
  approvalDecisions,
  approvalDetail,
  approvalFrom,
  approvalScope,
  approvalSelect,
  decide,
  etagOf,
  listPolicy,
  presentApproval,
  putPolicy,
  viewWhere,
} from './service';
import {
  approvalDetailSchema,
  countSchema,
  decideBody,
  decisionList,
  pendingChange,
  policyBody,
  policyList,
} from './schemas';
import { typed } from '../../core/typed';

const tags = ['approval'];
const chain = resourceChain(approval);
/** The policy page's grant: administrators (config). */
const policyChain = ['approval_policy', 'config'];
const route = (path: string | undefined) => path!.replace('{id}', ':id');

const RULES =
  "Maker-checker: the tenant's policy (GET /approval/admin/v1/policy) gives per kind and currency the amount from which " +
  "one checker, and from which two, must approve; the maker (who recorded it; null for a client's own request) cannot " +
  'check his own record (409 maker_cannot_check), a checker decides once (409 already_decided), one rejection ends it. ' +
  'A staff member checks the kinds whose record resource he may approve (deposit, crypto_deposit, withdrawal, loan: ' +
  "their own; compensation and bonus: compensation; exchange: funds; a rollback: its record's), in his data scope.";

/** The approvals queue, one approval, a checker's decision, the menu badge's count and the tenant's policy. */
export const approvalRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, {
    def: approval,
    table: approvalFrom,
    id: approvalTable.id,
    columns: {
      id: approvalTable.id,
      kind: approvalTable.kind,
      status: approvalTable.status,
      client_id: approvalTable.clientId,
      currency: approvalTable.currency,
      created_at: approvalTable.createdAt,
    },
    scope: approvalScope,
    extra: {
      view: {
        type: 'string',
        enum: [...APPROVAL_VIEWS],
        default: 'queue',
        description:
          'queue (default): pending, of a kind the caller may check, not made by him and not yet decided by him; ' +
          'mine: those he made, any status; all: those he may check or made, any status (history)',
      },
    },
    where: (q, staff) => [viewWhere(staff, (q.view as ApprovalView | undefined) ?? 'queue')],
    select: approvalSelect,
    present: presentApproval,
    tags,
    description: `Approvals in the caller's data scope (on the client's agent), newest first; filters kind, status, client_id, currency and view. ${RULES}`,
  });

  app.get(
    route(approval.paths.one),
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description:
          'One approval (of a kind the caller may check, or made by him; else 404): maker, each checker with his ' +
          'decision, remark and time, the result, whether the caller may decide now (can_decide) and the record as ' +
          `its own detail answers it (null when outside the caller's scope). ${RULES}`,
        response: { 200: approvalDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (req) => approvalDetail(ctx(req).db, actorOf(req), pathId(req)),
  );

  app.get(
    route(approval.paths.decisions),
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: "The checkers' decisions on one approval, oldest first (the detail's `decisions` as a list).",
        response: { 200: decisionList, ...errorResponses(401, 403, 404) },
      },
    },
    (req) => approvalDecisions(ctx(req).db, actorOf(req), pathId(req)),
  );

  app.put(
    route(approval.paths.decide),
    {
      config: { permission: requires(chain, 'approve') },
      schema: {
        tags,
        description:
          "The caller's decision on a pending approval: { decision: approved | rejected, remark? }. The last approval " +
          "needed executes the movement through the record's own service (the same as its audit route: deposit, " +
          'withdrawal and loan audits, the pending credit or exchange, the rollback); before it, the approval and the ' +
          'record stay pending and nothing moves. Two checkers deciding at once run one after the other (the approval ' +
          'row is locked): one execution, the other sees the result (409 invalid_state or already counted). Money route: ' +
          `Idempotency-Key; audited. Answers the approval's detail. ${RULES}`,
        headers: idempotencyHeader,
        body: decideBody,
        response: { 200: approvalDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (req) =>
      moneyMutation(req, {
        action: `approval.${req.body.decision === 'approved' ? 'approve' : 'reject'}`,
        resource: approval.resource,
        before: approvalDetail,
        run: async (tx, actor, id) => {
          await decide(tx, actor, id, req.body.decision, req.body.remark, req.ip);
          return approvalDetail(tx, actor, id);
        },
      }),
  );

  app.get(
    approval.paths.count,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description:
          "What waits for the caller (the queue view's rows) in total and by kind: the menu badge. Answers a strong " +
          'ETag (also in the body as `etag`, for clients whose HTTP wrapper hides headers); a request whose ' +
          'If-None-Match holds it is answered 304 without a body (poll it cheaply).',
        response: { 200: countSchema, 304: { type: 'null', description: 'Not modified' }, ...errorResponses(401, 403) },
      },
    },
    async (req, reply) => {
      const count = await approvalCount(ctx(req).db, signedIn(ctx(req)));
      const etag = etagOf(count);
      reply.header('etag', etag);
      const inm = req.headers['if-none-match'];
      if (typeof inm === 'string' && inm.split(',').some((t) => t.trim() === etag)) return reply.code(304).send();
      return { ...count, etag };
    },
  );

  app.get(
    approval.paths.policy,
    {
      config: { permission: requires(policyChain, 'read') },
      schema: {
        tags,
        description:
          "The tenant's maker-checker policy: a tier per kind and currency (`*`: every currency without a row of its " +
          'own): enabled, one_checker_from (from this amount one checker; below it none: deposits, withdrawals and ' +
          'loans are then audited without the maker rule, credits and exchanges move at once), two_checkers_from ' +
          '(from this amount two; null never). Rows the tenant has not set are the built-in defaults (source default). ' +
          'Requires approval_policy:read (administrators).',
        response: { 200: policyList, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ data: await listPolicy(ctx(req).db, signedIn(ctx(req)).tenantId) }),
  );

  app.put(
    approval.paths.policy,
    {
      config: { permission: requires(policyChain, 'update') },
      schema: {
        tags,
        description:
          'Asks to set one tier of the tenant (kind and currency; `*` for every currency without its own row) with ' +
          "its cumulative limits per maker and per client and the tenant's day. A change of the controls: nothing " +
          'changes now; the answer is 202 with the pending approval (kind approval_policy), which another ' +
          'administrator approves in the queue, and the tier applies from then on to requests made after it; ' +
          'pending approvals keep the checkers they were opened with. Audited. Requires approval_policy:update ' +
          '(administrators).',
        body: policyBody,
        response: { 202: pendingChange, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const answer = await write(req, {
        action: 'approval.policy',
        resource: 'approval_policy',
        targetId: `${req.body.kind}:${req.body.currency}`,
        run: (tx) => putPolicy(tx, actor, req.body),
      });
      return reply.code(202).send(answer);
    },
  );
};
