import type { FastifyPluginAsync } from 'fastify';
import type { Action } from '../../../permissions';
import { authorize, requires } from '../../core/access';
import { ctx } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { createStorage, LocalStorage, MAX_UPLOAD_BYTES, setProofStore, URL_TTL_SEC } from '../../storage';
import {
  objectHeaders,
  objectParams,
  objectQuery,
  objectReadResponse,
  presignGetBody,
  presignGetResponse,
  presignPutBody,
  presignPutResponse,
} from './schemas';
import { presignRead, presignUpload, readObject, receiveUpload } from './service';
import { originOf } from '../../storage/own';
import { typed, type Input } from '../../core/typed';

const tags = ['s3'];

/** What an uploaded image is for, and the grant that allows it. */
type UploadPurpose = NonNullable<Input<typeof presignPutBody>['purpose']>;
const UPLOAD_GRANTS: Record<UploadPurpose, { chain: string[]; action: Action }> = {
  proof: { chain: ['client'], action: 'fund' },
  kyc: { chain: ['kyc'], action: 'update' },
  logo: { chain: ['settings', 'config'], action: 'update' },
};

// Why the object routes are 'public': the browser sends the file straight to the URL presign/put answered,
// and <img> tags read without a bearer token. The URL itself is the credential: an HMAC over method, key,
// content type, size and expiry with a server-side key, valid for URL_TTL_SEC. Anything else is refused.
const OBJECT_ROUTES_DESCRIPTION =
  `Declared \`public\` because browsers reach it directly (the upload of a presigned URL, <img> reads) without a bearer ` +
  `token; the URL is the credential: an HMAC-SHA256 signature over method, key, content type, size and expiry, valid ` +
  `${URL_TTL_SEC} s. Permission: the signature (no X-Tenant-Id header: the tenant is the path's first segment, covered by ` +
  `the signature). Forged or altered: 403 signature_invalid; expired: 403 url_expired.`;

/** Presigned uploads (proof images) and, for the embedded local store, the signed object routes. */
export const s3Routes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  const storage = createStorage(app.config);
  setProofStore(storage);

  app.post(
    '/s3/admin/presign/put',
    {
      // Any signed-in staff member may ask; the purpose's own grant is checked first (403, audited).
      config: { permission: 'authenticated' },
      schema: {
        tags,
        description:
          `A URL to upload one image to (PNG, JPEG, WebP or GIF, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB), valid ` +
          `${URL_TTL_SEC} s. Send the file with \`method\` and exactly \`headers\`; store \`public_url\` in the record. ` +
          `Embedded default: local disk (DATA_DIR/uploads) behind URLs the API signs and serves, where the bytes must also ` +
          `be an image of the declared type (magic numbers). With S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY: ` +
          `an S3-compatible store through SigV4-presigned URLs (content type and length signed). 400 validation when the ` +
          `type is not an accepted image or the size is over the limit.`,
        body: presignPutBody,
        response: { 200: presignPutResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { chain, action } = UPLOAD_GRANTS[req.body.purpose ?? 'proof'];
      await authorize(req, chain, action);
      return presignUpload(ctx(req), storage, originOf(req), req.body);
    },
  );

  app.post(
    '/s3/admin/presign/get',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description:
          `A signed read URL (valid ${URL_TTL_SEC} s) for a stored public_url of this tenant, for <img> tags: only a ` +
          "file of a record the caller may see (a deposit's proof or a client's identity document in the caller's data " +
          "scope, the tenant's app images); any other is 404.",
        body: presignGetBody,
        response: { 200: presignGetResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({ ...(await presignRead(ctx(req), storage, originOf(req), req.body.url)), method: 'GET' as const }),
  );

  if (!(storage instanceof LocalStorage)) return;
  const store = storage;

  // Uploads arrive as raw bytes of any type; the handler decides (an unsigned type never gets past the signature).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  app.put(
    '/s3/object/:tenant/:file',
    {
      config: { permission: 'public' },
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        tags,
        description:
          `Upload to the local store through a URL from presign/put. ${OBJECT_ROUTES_DESCRIPTION} The body must be ` +
          'an image of the signed content type (magic numbers checked, else 415) and no larger than the signed size (413). ' +
          'A URL uploads once (409 already_uploaded).',
        headers: objectHeaders,
        params: objectParams,
        querystring: objectQuery,
        response: {
          200: {
            type: 'object',
            properties: { key: { type: 'string' }, size: { type: 'integer' }, content_type: { type: 'string' } },
          },
          ...errorResponses(403, 409, 413, 415),
        },
      },
    },
    (req) => receiveUpload(store, req, { params: req.params, query: req.query }),
  );

  app.get(
    '/s3/object/:tenant/:file',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        description:
          `Read a local-store object. ${OBJECT_ROUTES_DESCRIPTION} Without a signature, a staff access token of ` +
          "the object's tenant is accepted instead, for a file of a record that staff member may see (a deposit's " +
          "proof or a client's identity document in his data scope, the tenant's app images); any other is 404.",
        headers: objectHeaders,
        params: objectParams,
        querystring: objectQuery,
        response: { 200: objectReadResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { body, contentType } = await readObject(store, req, { params: req.params, query: req.query });
      return reply
        .type(contentType)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(body);
    },
  );
};
