/** JSON schemas of the KYC routes (spec section 7 "KYC"); the row schema comes from the domain definition. */
import { closed } from '../../core/schema';
import { ID_TYPES, KYC_DECISIONS, KYC_MAX, kyc } from '../../../domain/kyc';
import { rowSchema } from '../../core/entity';
import { DAY_PATTERN } from '../../core/params';
import type { Input } from '../../core/typed';

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

/** A KYC record as the list, the detail and the writes answer it. */
export const kycRow = rowSchema(kyc);

/** Response of GET /identify/admin/v1/client_detail/{id} (the client drawer's KYC tab). */
export const kycDetailResponse = {
  type: 'object',
  properties: {
    client_id: { type: 'integer' },
    username: str,
    kyc_status: str,
    real_name: strOrNull,
    id_type: strOrNull,
    id_number: strOrNull,
    nationality: strOrNull,
    dob: strOrNull,
    address: strOrNull,
    front_image: strOrNull,
    back_image: strOrNull,
    selfie_image: strOrNull,
    front_image_url: { ...strOrNull, description: 'A short-lived URL an <img> loads (null when no image)' },
    back_image_url: strOrNull,
    selfie_image_url: strOrNull,
    submitted_at: strOrNull,
    reviewed_at: strOrNull,
    remark: strOrNull,
  },
} as const;

/** A stored image reference: the `public_url` of POST /s3/admin/presign/put (or an http(s) URL). */
const image = {
  type: ['string', 'null'],
  maxLength: KYC_MAX.image,
  pattern: '^(/|https?://)',
  description: 'Document image: the public_url POST /s3/admin/presign/put answered; null clears it',
} as const;

const text = (max: number, description?: string) =>
  ({ type: ['string', 'null'], maxLength: max, ...(description ? { description } : {}) }) as const;

/** The identity fields (fill and edit bodies). */
const identityProperties = {
  real_name: { type: 'string', minLength: 1, maxLength: KYC_MAX.real_name, pattern: '\\S' },
  id_type: { type: 'string', enum: [...ID_TYPES] },
  id_number: { type: 'string', minLength: 1, maxLength: KYC_MAX.id_number, pattern: '\\S' },
  nationality: text(KYC_MAX.nationality),
  dob: {
    type: ['string', 'null'],
    pattern: DAY_PATTERN,
    format: 'date',
    description: 'Date of birth, YYYY-MM-DD',
  },
  address: text(KYC_MAX.address),
  front_image: image,
  back_image: image,
  selfie_image: image,
} as const;

/** Body of POST /identify/admin/v1/fill/{id}: the identity a client submits, entered by staff. */
export const fillBody = {
  type: 'object',
  additionalProperties: false,
  properties: identityProperties,
  required: ['real_name', 'id_type', 'id_number'],
} as const;

/** Body of PUT /identify/admin/v1/{id}: the fields to correct (at least one). */
export const editBody = {
  type: 'object',
  additionalProperties: false,
  properties: identityProperties,
  minProperties: 1,
} as const;

/** Body of POST /identify/admin/v1/audit/{id}. */
export const auditBody = closed(
  {
    status: { type: 'string', enum: [...KYC_DECISIONS] },
    remark: { type: 'string', maxLength: KYC_MAX.remark, description: 'Required (non-blank) to reject' },
  },
  ['status'],
);

/** The identity a fill submits, as its route's schema has checked it. */
export type KycIdentity = Input<typeof fillBody>;
/** The fields an edit corrects. */
export type KycEdit = Input<typeof editBody>;
/** The decision of an audit: reject needs a remark. */
export type KycAuditBody = Input<typeof auditBody>;
