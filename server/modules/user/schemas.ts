import { closed } from '../../core/schema';
import type { FromSchema } from 'json-schema-to-ts';
import { NAME_MAX, STAFF_ROLES, USERNAME_MAX, USERNAME_PATTERN } from '../../../domain/user';

const md5 = { type: 'string', pattern: '^[0-9a-fA-F]{32}$', description: 'MD5 hex of the typed password' } as const;

/** Body of POST /user/v1/change_pwd. */
export const changePasswordBody = {
  type: 'object',
  properties: {
    old_password: { type: 'string', minLength: 1, maxLength: 128, description: 'MD5 hex of the current password' },
    new_password: { ...md5, minLength: 1 },
  },
  required: ['old_password', 'new_password'],
} as const;

/** Body of POST /user/v1/mfa/bind/verify. */
export const codeBody = {
  type: 'object',
  properties: {
    code: { type: 'string', minLength: 1, pattern: '^\\d{6}$', description: '6-digit authenticator code' },
  },
  required: ['code'],
} as const;

/** Response of POST /user/v1/mfa/bind/start. */
export const bindStartResponse = {
  type: 'object',
  properties: {
    otpauth_uri: { type: 'string', description: 'otpauth://totp/<app name>:<username>?secret=...' },
    qrcode_data_url: { type: 'string', description: 'PNG data URL of the QR code of otpauth_uri' },
  },
  required: ['otpauth_uri', 'qrcode_data_url'],
} as const;

/** Response of POST /user/v1/mfa/recovery_codes. */
export const recoveryCodesResponse = {
  type: 'object',
  properties: { recovery_codes: { type: 'array', items: { type: 'string' }, minItems: 10, maxItems: 10 } },
  required: ['recovery_codes'],
} as const;

/** `{id}` of a staff member: the one id schema every route shares (server/core/params.ts). */
export { idParams as userIdParams } from '../../core/params';

const name = {
  type: 'string',
  minLength: 1,
  maxLength: NAME_MAX,
  pattern: '\\S',
  description: 'Display name (leading and trailing spaces are dropped)',
} as const;
const role = {
  type: 'string',
  enum: STAFF_ROLES,
  description: 'One of the roles GET /user/v1/role answers',
} as const;
const leaderId = {
  type: ['integer', 'null'],
  minimum: 1,
  maximum: 2 ** 53 - 1,
  description: "A salesman's team leader: an active team leader (superman) of the tenant; null for other roles",
} as const;

/** Body of POST /user/v1/create. */
export const createUserBody = closed(
  {
    username: {
      type: 'string',
      pattern: USERNAME_PATTERN,
      description: `3 to ${USERNAME_MAX} letters, digits or _ . @ -, unique in the tenant`,
    },
    name,
    role,
    leader_id: leaderId,
    password: { ...md5, minLength: 1 },
  },
  ['username', 'name', 'role', 'password'],
);
/** The body of a create (password: MD5 hex of the typed one). */
export type UserCreate = FromSchema<typeof createUserBody>;

/** Body of PUT /user/v1/{id}: what changes; `password` only when a new one is set. */
export const updateUserBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name, role, leader_id: leaderId, password: { ...md5, minLength: 1 } },
} as const;
/** The body of an edit: what changes (a new password only when given). */
export type UserUpdate = FromSchema<typeof updateUserBody>;

/** Body of PUT /user/v1/status/{id}. */
export const statusBody = closed(
  { active: { type: 'boolean', description: 'false disables the user and ends his sessions at once' } },
  ['active'],
);

/** Response of PUT /user/v1/code/{id}. */
export const invitationCodeResponse = closed({ invitation_code: { type: 'string', pattern: '^[A-Z2-9]{8}$' } }, [
  'invitation_code',
]);

const labels = closed({ 'zh-CN': { type: 'string' }, 'en-US': { type: 'string' } }, ['zh-CN', 'en-US']);

/** Response of GET /user/v1/role: the roles the caller may give, highest first. */
export const rolesResponse = closed(
  {
    data: {
      type: 'array',
      items: closed(
        {
          id: { type: 'string', enum: [...STAFF_ROLES] },
          name: { type: 'string', description: "The role's English label" },
          labels,
        },
        ['id', 'name', 'labels'],
      ),
    },
  },
  ['data'],
);
