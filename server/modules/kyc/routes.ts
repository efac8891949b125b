import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { createStorage } from '../../storage';
import { originOf, requireOwnImages } from '../../storage/own';
import { auditBody, editBody, fillBody, idParams, kycDetailResponse, kycRow, type KycEdit } from './schemas';
import { auditKyc, auditView, clientKyc, editKyc, fillKyc, kycBefore, kycDetail, kycListSpec } from './service';
import { typed } from '../../core/typed';

const tags = ['kyc'];
const SCOPE =
  "Data scope: a salesman sees his own clients, a team leader his and his salesmen's, supervisors and administrators " +
  'all clients of the tenant; a client outside the scope answers 404.';
const AUDITED = 'Audited (who, before, after) in the same transaction.';

/** Real-name verification (spec section 7 "KYC"): the record id is the client id. */
export const kycRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  const storage = createStorage(app.config);
  /** Identity documents are files uploaded to this store for this tenant (400 own_image otherwise). */
  const ownDocuments = (req: FastifyRequest, body: KycEdit) =>
    requireOwnImages(body, ['front_image', 'back_image', 'selfie_image'], {
      storage,
      tenantId: req.tenantId,
      origin: originOf(req),
    });
  entityList(app, kycListSpec);

  app.get(
    '/identify/admin/v1/client_detail/:id',
    {
      config: { permission: requires('kyc', 'read') },
      schema: {
        tags,
        description: `The client's real-name (KYC) record: kyc_status and the identity fields (null until submitted). ${SCOPE}`,
        params: idParams,
        response: { 200: kycDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => clientKyc(ctx(req), req.params.id),
  );

  app.get(
    '/identify/admin/v1/detail/:id',
    {
      config: { permission: requires('kyc', 'read') },
      schema: {
        tags,
        description:
          'The KYC record of the client: status, client (username, name, agent), identity fields, the document images ' +
          `(stored reference and a short-lived URL an <img> loads), submitted and reviewed time, reviewer, remark. ${SCOPE}`,
        params: idParams,
        response: { 200: kycRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => kycDetail(ctx(req).db, signedIn(ctx(req)), req.params.id),
  );

  app.post(
    '/identify/admin/v1/fill/:id',
    {
      config: { permission: requires('kyc', 'update') },
      schema: {
        tags,
        description:
          'Staff submit the identity of the client (real_name, id_type, id_number required; images are public_urls of ' +
          'POST /s3/admin/presign/put): the record becomes pending, submitted now, any earlier decision cleared. Only ' +
          `for an unverified or rejected record; pending or approved: 409 invalid_state. Answers the record. ${AUDITED} ${SCOPE}`,
        params: idParams,
        body: fillBody,
        response: { 200: kycRow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      ownDocuments(req, req.body);
      return write(req, {
        action: 'kyc.fill',
        resource: 'kyc',
        targetId: req.params.id,
        before: (tx) => kycBefore(tx, staff, req.params.id),
        run: (tx) => fillKyc(tx, staff, req.params.id, req.body),
        after: auditView,
      });
    },
  );

  app.post(
    '/identify/admin/v1/audit/:id',
    {
      config: { permission: requires('kyc', 'approve') },
      schema: {
        tags,
        description:
          "`{ status: approved | rejected, remark }` decides a pending record once: the client's kyc_status becomes " +
          'the decision, reviewed_by and reviewed_at record who and when. Rejecting needs a non-blank remark (400 ' +
          `validation, errors.remark). A record that is not pending: 409 invalid_state, nothing changed. ${AUDITED} ${SCOPE}`,
        params: idParams,
        body: auditBody,
        response: { 200: kycRow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: req.body.status === 'approved' ? 'kyc.approve' : 'kyc.reject',
        resource: 'kyc',
        targetId: req.params.id,
        before: (tx) => kycBefore(tx, staff, req.params.id),
        run: (tx) => auditKyc(tx, staff, req.params.id, req.body),
        after: auditView,
      });
    },
  );

  app.put(
    '/identify/admin/v1/:id',
    {
      config: { permission: requires('kyc', 'update') },
      schema: {
        tags,
        description:
          'Staff correct the submitted identity fields (any of them, at least one; real_name and id_number cannot be ' +
          'cleared). The status and the decision stay. Nothing submitted yet (unverified): 409 invalid_state. Answers ' +
          `the record. ${AUDITED} ${SCOPE}`,
        params: idParams,
        body: editBody,
        response: { 200: kycRow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      ownDocuments(req, req.body);
      return write(req, {
        action: 'kyc.update',
        resource: 'kyc',
        targetId: req.params.id,
        before: (tx) => kycBefore(tx, staff, req.params.id),
        run: (tx) => editKyc(tx, staff, req.params.id, req.body),
        after: auditView,
      });
    },
  );
};
