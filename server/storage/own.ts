/**
 * Images staff attach (app logos, deposit proofs, identity documents) are accepted only as files of our own store and
 * of the caller's tenant: never a `javascript:` URL, another site's image or another tenant's file.
 */
import type { FastifyRequest } from 'fastify';
import { ValidationError, type FieldIssue } from '../core/errors';
import type { FileStorage } from './types';

/** Where the file store and the caller are: to accept only this tenant's uploads of this store. */
export interface ImagePlace {
  storage: FileStorage;
  tenantId: string;
  /** The API's configured origin (local-store URLs are absolute on it). */
  origin: string;
}

/**
 * The API's origin for local-store URLs: the configured PUBLIC_ORIGIN (config.publicOrigin), never the request's Host
 * or X-Forwarded-Host header, which a caller chooses (a forged Host would send uploads and image reads elsewhere).
 */
export const originOf = (req: FastifyRequest) => req.server.config.publicOrigin;

/** The object key of an image URL of this store and tenant, or null (another site, scheme, tenant or shape). */
export function ownImageKey(url: string, place: ImagePlace): string | null {
  if (url.length > 2000 || /[\s\\?#]/.test(url)) return null;
  if (!url.startsWith('/') || url.startsWith('//')) {
    if (!URL.canParse(url)) return null;
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    if (u.username || u.password) return null;
    if (place.storage.kind === 'local' && (!URL.canParse(place.origin) || u.origin !== new URL(place.origin).origin)) {
      return null;
    }
  }
  const key = place.storage.keyOf(url);
  return key && key.startsWith(`${place.tenantId}/`) ? key : null;
}

/** The `own_image` issue of each named image field of `body` that is set and not one of this tenant's files. */
export function foreignImages<F extends string>(
  body: Partial<Record<F, string | null | undefined>>,
  fields: readonly F[],
  place: ImagePlace,
): Record<string, FieldIssue> {
  const errors: Record<string, FieldIssue> = {};
  for (const field of fields) {
    const v = body[field]?.trim();
    if (v && !ownImageKey(v, place))
      errors[field] = { code: 'own_image', message: 'Upload the image here (only images of this site are accepted)' };
  }
  return errors;
}

/** Refuses (400 validation, code own_image per field) image fields of `body` that are not this tenant's files. */
export function requireOwnImages<F extends string>(
  body: Partial<Record<F, string | null | undefined>>,
  fields: readonly F[],
  place: ImagePlace,
): void {
  const errors = foreignImages(body, fields, place);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}
