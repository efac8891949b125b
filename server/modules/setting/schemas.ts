const str = { type: 'string' } as const;

/** Response of GET /setting/app/v1/locale. */
export const localeResponse = {
  type: 'object',
  properties: {
    name: str,
    code: str,
    emoji: str,
    image: str,
    locale: str,
    language: str,
    currency: str,
    phoneCode: str,
    timezone: str,
  },
  required: ['name', 'code', 'locale', 'language', 'currency', 'timezone'],
} as const;

/** Response of GET /setting/v1/app. */
export const appResponse = {
  type: 'object',
  properties: {
    app_name: str,
    web_logo: str,
    app_version: str,
    app_template: str,
    app_service: str,
    locale: str,
    language: str,
    currency: str,
    timezone: str,
    image: str,
  },
  required: ['app_name', 'locale', 'currency', 'timezone'],
} as const;
