import type { FastifyRequest } from 'fastify';
import type { ObjectRequest } from './schemas';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { authenticate } from '../../core/auth';
import { signedIn, type Ctx } from '../../core/context';
import type { Executor } from '../../core/db';
import { clientScope, recordScope, type StaffScope } from '../../core/scope';
import { client, clientIdentity, depositRecord, setting } from '../../db/schema';
import { HttpError, validationError } from '../../core/errors';
import {
  IMAGE_TYPES,
  LocalStorage,
  MAX_UPLOAD_BYTES,
  baseType,
  sniffImage,
  type FileStorage,
  type PresignedGet,
  type PresignedUpload,
} from '../../storage';

const notImage = () => new HttpError(415, 'unsupported_media_type', 'Only PNG, JPEG, WebP and GIF images are accepted');
const notFound = () => new HttpError(404, 'not_found', 'File not found');

/** Presigns the upload of one image (type and size checked here; bytes checked on upload by the local store). */
export async function presignUpload(
  c: Ctx,
  storage: FileStorage,
  origin: string,
  input: { filename: string; content_type: string; size: number },
): Promise<PresignedUpload> {
  const contentType = baseType(input.content_type);
  if (!IMAGE_TYPES[contentType]) {
    throw validationError({
      content_type: { code: 'not_image', message: 'Only PNG, JPEG, WebP and GIF images are accepted' },
    });
  }
  if (input.size > MAX_UPLOAD_BYTES) {
    throw validationError({
      size: {
        code: 'file_too_large',
        limit: MAX_UPLOAD_BYTES / 1024 / 1024,
        message: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
      },
    });
  }
  const presigned = storage.presignPut({ tenantId: c.tenantId, contentType, size: input.size, origin });
  await c.audit({
    action: 'file.presign',
    resource: 'file',
    targetId: presigned.key,
    after: { key: presigned.key, filename: input.filename.slice(0, 255), content_type: contentType, size: input.size },
    result: 'success',
  });
  return presigned;
}

/** A stored image reference (a public_url: `<origin>/api/s3/object/<key>`, or the S3 URL) that names `key`. */
const names = (column: AnyPgColumn, key: string): SQL => sql`right(${column}, ${key.length + 1}) = ${`/${key}`}`;

/**
 * Whether the file `key` belongs to a record the staff member may see: a deposit's proof in his data scope, an
 * identity document of a client in his scope, or the tenant's own app images (the logos every staff member sees). A
 * file of no such record (another salesman's client, an upload never attached) is not his to read.
 */
export async function fileInScope(db: Executor, staff: StaffScope, key: string): Promise<boolean> {
  if (!key.startsWith(`${staff.tenantId}/`)) return false;
  const [proof] = await db
    .select({ one: sql`1` })
    .from(depositRecord)
    .where(and(recordScope(staff, depositRecord), names(depositRecord.screenshot, key)))
    .limit(1);
  if (proof) return true;
  const [identity] = await db
    .select({ one: sql`1` })
    .from(clientIdentity)
    .innerJoin(client, eq(client.id, clientIdentity.clientId))
    .where(
      and(
        clientScope(staff),
        or(
          names(clientIdentity.frontImage, key),
          names(clientIdentity.backImage, key),
          names(clientIdentity.selfieImage, key),
        ),
      ),
    )
    .limit(1);
  if (identity) return true;
  const [app] = await db
    .select({ one: sql`1` })
    .from(setting)
    .where(and(eq(setting.tenantId, staff.tenantId), sql`position(${`/${key}"`} in ${setting.value}::text) > 0`))
    .limit(1);
  return !!app;
}

/**
 * A fresh signed read URL for a public_url of this tenant whose record the caller may see (fileInScope); any other
 * file of the store is 404, as a record outside the scope is.
 */
export async function presignRead(c: Ctx, storage: FileStorage, origin: string, url: string): Promise<PresignedGet> {
  const key = storage.keyOf(url);
  if (!key) throw validationError({ url: { code: 'own_image', message: 'Not a file of this store' } });
  if (!(await fileInScope(c.db, signedIn(c), key))) throw notFound();
  return storage.presignGet(key, origin);
}

/**
 * Stores an upload sent to a signed PUT URL: signature and expiry first, then size, declared type and magic bytes.
 * Each signed URL uploads once.
 */
export async function receiveUpload(
  store: LocalStorage,
  req: FastifyRequest,
  { params, query }: ObjectRequest,
): Promise<{ key: string; size: number; content_type: string }> {
  const key = `${params.tenant}/${params.file}`;
  const contentType = baseType(req.headers['content-type']);
  const { expires = NaN, signature, size = NaN } = query;
  checkSignature(store.verify({ method: 'PUT', key, contentType, size, expires }, signature));
  const body = req.body;
  if (!Buffer.isBuffer(body) || !IMAGE_TYPES[contentType]) throw notImage();
  if (body.length > size || body.length > MAX_UPLOAD_BYTES) {
    throw new HttpError(413, 'payload_too_large', 'The file is larger than the size it was signed for');
  }
  if (sniffImage(body) !== contentType) throw notImage();
  if (!(await store.save(key, body))) throw new HttpError(409, 'already_uploaded', 'This upload URL was already used');
  await req.audit({
    action: 'file.upload',
    resource: 'file',
    targetId: key,
    after: { key, size: body.length, content_type: contentType },
    result: 'success',
  });
  return { key, size: body.length, content_type: contentType };
}

/**
 * The object of a GET: allowed with a valid signed URL, or with a staff access token of the object's tenant when the
 * file belongs to a record that staff member may see (fileInScope; else 404).
 */
export async function readObject(
  store: LocalStorage,
  req: FastifyRequest,
  { params, query }: ObjectRequest,
): Promise<{ body: Buffer; contentType: string }> {
  const key = `${params.tenant}/${params.file}`;
  if (query.signature !== undefined) {
    checkSignature(store.verify({ method: 'GET', key, expires: query.expires ?? NaN }, query.signature));
  } else {
    const staff = await authenticate(req, 'access');
    if (staff.tenantId !== params.tenant || !(await fileInScope(req.server.db, staff, key))) throw notFound();
  }
  const body = await store.read(key).catch(() => null);
  if (!body) throw notFound();
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const contentType = Object.keys(IMAGE_TYPES).find((t) => IMAGE_TYPES[t] === ext) ?? 'application/octet-stream';
  return { body, contentType };
}

function checkSignature(result: 'ok' | 'expired' | 'invalid'): void {
  if (result === 'expired') throw new HttpError(403, 'url_expired', 'This signed URL has expired');
  if (result === 'invalid') throw new HttpError(403, 'signature_invalid', 'Invalid URL signature');
}
