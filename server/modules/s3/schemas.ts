import type { Input } from '../../core/typed';
import { MAX_UPLOAD_BYTES } from '../../storage';

/** Body of POST /s3/admin/presign/put. */
export const presignPutBody = {
  type: 'object',
  properties: {
    filename: { type: 'string', minLength: 1, maxLength: 255 },
    content_type: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'image/png, image/jpeg, image/webp or image/gif',
    },
    size: { type: 'integer', minimum: 1, description: `Bytes, at most ${MAX_UPLOAD_BYTES}` },
    purpose: {
      type: 'string',
      enum: ['proof', 'kyc', 'logo'],
      description:
        'What the image is for, which decides the grant: proof (deposit proof, default) client:fund; kyc (identity ' +
        'documents) kyc:update; logo (app settings images) settings:update (or config:update)',
    },
  },
  required: ['filename', 'content_type', 'size'],
} as const;

/** Response of POST /s3/admin/presign/put. */
export const presignPutResponse = {
  type: 'object',
  properties: {
    url: { type: 'string', description: 'Send the file here with `method` and exactly `headers`' },
    method: { type: 'string', enum: ['PUT'] },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    public_url: { type: 'string', description: "The object's stable URL: what a record stores (deposit screenshot)" },
    read_url: { type: 'string', description: 'A signed URL to read the object until it expires (preview)' },
    key: { type: 'string' },
    expires_in: { type: 'integer', description: 'Seconds the signed URLs stay valid' },
  },
  required: ['url', 'method', 'headers', 'public_url', 'expires_in'],
} as const;

/** Body of POST /s3/admin/presign/get. */
export const presignGetBody = {
  type: 'object',
  properties: {
    url: { type: 'string', minLength: 1, maxLength: 2000, description: 'A public_url issued by presign/put' },
  },
  required: ['url'],
} as const;

/** Response of POST /s3/admin/presign/get. */
export const presignGetResponse = {
  type: 'object',
  properties: { url: { type: 'string' }, method: { type: 'string', enum: ['GET'] }, expires_in: { type: 'integer' } },
  required: ['url', 'method', 'expires_in'],
} as const;

/** Path parameters of the local store's object routes. */
export const objectParams = {
  type: 'object',
  properties: { tenant: { type: 'string', maxLength: 40 }, file: { type: 'string', maxLength: 60 } },
  required: ['tenant', 'file'],
} as const;

/** Query of the local store's signed object URLs. */
export const objectQuery = {
  type: 'object',
  properties: {
    expires: { type: 'integer', description: 'Unix time (seconds) after which the URL is refused' },
    signature: { type: 'string', maxLength: 100, description: 'HMAC-SHA256 (base64url) issued by the API' },
    size: { type: 'integer', description: 'PUT only: the signed maximum size in bytes' },
  },
} as const;

/** The path and query of a request to a signed object URL, as the route's schemas have checked them. */
export interface ObjectRequest {
  params: Input<typeof objectParams>;
  query: Input<typeof objectQuery>;
}

/** Headers of the local store's object routes: none required (the path names the tenant; <img> cannot send headers). */
export const objectHeaders = {
  type: 'object',
  properties: { 'x-tenant-id': { type: 'string', description: 'Optional: the tenant is the first path segment' } },
} as const;

/** 200 of a signed object read: the image bytes (PNG, JPEG, WebP or GIF as the key's extension says). */
export const objectReadResponse = {
  description: 'The image bytes; Content-Type image/png, image/jpeg, image/webp or image/gif',
  type: 'string',
  format: 'binary',
} as const;
