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
