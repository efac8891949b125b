import {
  appSettingDef,
  companySettingDef,
  localeSettingDef,
  productSettingDef,
  PRODUCT_TYPES,
} from '../../../domain/setting';
import { bodySchema, rowSchema } from '../../core/entity';

const str = { type: 'string' } as const;
const signedUrl = {
  type: ['string', 'null'],
  description: 'A short-lived signed URL an <img> loads (the stored image of this tenant), null without one',
} as const;

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

/** Response of GET /setting/v1/app and PUT /setting/admin/v1/app: the document and its images' read URLs. */
export const appResponse = rowSchema(appSettingDef, { web_logo_url: signedUrl, image_url: signedUrl });

/** Body of PUT /setting/admin/v1/app (the whole document). */
export const appBody = bodySchema(appSettingDef, {
  app_name: { minLength: 1, pattern: '\\S', description: 'Trimmed; 1 to 40 characters' },
  web_logo: { description: "'' (the name's initials) or a public_url from POST /s3/admin/presign/put" },
  image: { description: "'' or a public_url from POST /s3/admin/presign/put" },
  app_service: { description: "'' or an http(s) address" },
  timezone: { minLength: 1, description: 'An IANA time zone (Asia/Shanghai)' },
});

/** Response of GET /setting/v1/co and PUT /setting/admin/v1/co. */
export const companyResponse = rowSchema(companySettingDef);
/** Body of PUT /setting/admin/v1/co. */
export const companyBody = bodySchema(companySettingDef);

/** Response of GET and PUT /setting/admin/v1/product. */
export const productResponse = rowSchema(productSettingDef);
/** Body of PUT /setting/admin/v1/product. */
export const productBody = bodySchema(productSettingDef, {
  products: { description: `The product types the client app shows, among: ${PRODUCT_TYPES.join(', ')}` },
});

/** Response of GET /setting/admin/v1/locale. */
export const localeViewResponse = rowSchema(localeSettingDef);
