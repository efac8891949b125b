import type { Input } from '../../core/typed';

const str = { type: 'string' } as const;

/** Body of POST /auth/admin/v1/login. */
export const loginBody = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 64, description: 'Staff username' },
    password: { type: 'string', minLength: 1, maxLength: 128, description: 'MD5 hex of the typed password' },
    captcha_id: { type: 'string', maxLength: 64, description: 'From GET /auth/admin/v1/captcha' },
    captcha: { type: 'string', maxLength: 16, description: 'The characters shown (case-insensitive)' },
  },
  required: ['username', 'password'],
} as const;
/** A sign-in, as its route's schema has checked it. */
export type LoginInput = Input<typeof loginBody>;

/** Access and refresh tokens; `mfa: true` means access_token is a 5-minute pending token for mfa/verify. */
export const tokenResponse = {
  type: 'object',
  properties: { access_token: str, refresh_token: str, mfa: { type: 'boolean' } },
  required: ['access_token', 'refresh_token', 'mfa'],
} as const;

/** Body of POST /auth/admin/v1/mfa/verify (and of /user/v1/mfa/disable): one of the two. */
export const secondFactorBody = {
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 6, description: '6-digit authenticator code' },
    recovery_code: { type: 'string', maxLength: 32, description: 'One unused recovery code (xxxx-xxxx)' },
  },
} as const;

/** Response of GET /auth/admin/v1/captcha. */
export const captchaResponse = {
  type: 'object',
  properties: {
    enabled: { type: 'boolean' },
    captcha_id: str,
    image: { type: 'string', description: 'data:image/svg+xml;base64,...' },
    expires_in: { type: 'integer', description: 'Seconds' },
  },
  required: ['enabled'],
} as const;

/** Response of GET /auth/admin/v1/userinfo. */
export const userInfoResponse = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: str,
    username: str,
    role: { type: 'string', enum: ['god', 'angel', 'superman', 'hero'] },
    mfa: { type: 'boolean' },
    last_login_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'The previous sign-in: the one before the current session (null when there was none)',
    },
    invitation_code: { type: ['string', 'null'] },
    tenant_id: str,
    must_change_password: {
      type: 'boolean',
      description:
        'true: change the password first (user/v1/change_pwd); other routes answer 403 password_change_required',
    },
  },
  required: [
    'id',
    'name',
    'username',
    'role',
    'mfa',
    'last_login_at',
    'invitation_code',
    'tenant_id',
    'must_change_password',
  ],
} as const;

/** Response of GET /auth/admin/v1/permissions. */
export const permissionsResponse = {
  type: 'object',
  properties: {
    userId: { type: 'integer' },
    roles: { type: 'array', items: str },
    grants: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          resource: str,
          actions: { type: 'array', items: str },
          deny: { type: 'boolean', description: "A tenant's narrowing: these actions are removed" },
        },
        required: ['resource', 'actions'],
      },
    },
    featureFlags: { type: 'object', additionalProperties: { type: 'boolean' } },
    version: str,
    tenantVersion: { type: 'integer', description: "The tenant's permission version (header x-permission-version)" },
  },
  required: ['userId', 'roles', 'grants', 'featureFlags', 'version'],
} as const;

/** An empty object: `{}`. */
export const emptyResponse = { type: 'object', properties: {}, additionalProperties: false } as const;
