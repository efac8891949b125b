import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppSetting } from '../../../domain/setting';
import { requires } from '../../core/access';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { createStorage } from '../../storage';
import { originOf } from '../../storage/own';
import {
  appBody,
  appResponse,
  companyBody,
  companyResponse,
  localeResponse,
  localeViewResponse,
  productBody,
  productResponse,
} from './schemas';
import {
  checkApp,
  checkCompany,
  checkProduct,
  imageReadUrl,
  readApp,
  readLocaleView,
  readSetting,
  saveApp,
  saveSetting,
  type Doc,
  type Key,
} from './service';
import { typed } from '../../core/typed';

const tags = ['setting'];
const admin = (action: 'read' | 'update') => requires(['settings', 'config'], action);
const SAVE =
  'Replaces the whole document (every field required; an unknown field is 400 with errors.<field>) and audits before/after.';

/**
 * The tenant's settings documents (domain/setting.ts): the reads the console shell and the client app need before
 * sign-in (public: no secrets), and the App settings page's reads and saves (settings:read / settings:update, or the
 * config menu group).
 */
export const settingRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  const storage = createStorage(app.config);
  const appView = (doc: AppSetting, tenantId: string) => ({
    ...doc,
    web_logo_url: imageReadUrl(doc.web_logo, storage, tenantId),
    image_url: imageReadUrl(doc.image, storage, tenantId),
  });

  app.get(
    '/setting/app/v1/locale',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        description: "The tenant's locale settings (language, currency, phone code, time zone).",
        response: { 200: localeResponse, ...errorResponses(400) },
      },
    },
    (req) => readSetting(app.db, req.tenantId, 'locale'),
  );

  app.get(
    '/setting/v1/app',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        description:
          "The tenant's application settings (name, logo, version, defaults). An empty web_logo means: show the name's " +
          'initials; web_logo_url and image_url are signed read URLs of the stored images (valid a few minutes).',
        response: { 200: appResponse, ...errorResponses(400) },
      },
    },
    async (req) => appView(await readApp(app.db, req.tenantId), req.tenantId),
  );

  app.put(
    '/setting/admin/v1/app',
    {
      config: { permission: admin('update') },
      schema: {
        tags,
        description:
          `Saves the application settings. ${SAVE} app_name is trimmed (1 to 40 characters); web_logo and image are '' ` +
          "or an image uploaded to this site for this tenant (another site's URL, a javascript: URL... is 400); " +
          'app_service is empty or an http(s) address; locale and language zh-CN or en-US; currency one of the ' +
          "platform's; timezone an IANA zone, which becomes the tenant's: its days (dashboard statistics, daily " +
          'limits, day filters), typed times and the times the console shows are read in it; a change rebuilds the ' +
          "dashboard's kept sums in the new zone's days. Answers the saved document.",
        body: appBody,
        response: { 200: appResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const doc = checkApp(req.body, { storage, tenantId: req.tenantId, origin: originOf(req) });
      const saved = await write(req, {
        action: 'setting.app.update',
        resource: 'settings',
        targetId: 'app',
        before: (tx) => readApp(tx, req.tenantId),
        run: (tx) => saveApp(tx, req.tenantId, doc),
      });
      return appView(saved, req.tenantId);
    },
  );

  app.get(
    '/setting/v1/co',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        description:
          "The tenant's company documents (about us, terms of service, privacy policy) as sanitised HTML, for the " +
          'client app and the console.',
        response: { 200: companyResponse, ...errorResponses(400) },
      },
    },
    (req) => readSetting(app.db, req.tenantId, 'company'),
  );

  app.put(
    '/setting/admin/v1/co',
    {
      config: { permission: admin('update') },
      schema: {
        tags,
        description:
          `Saves the company documents. ${SAVE} Each is HTML sanitised here: only p, br, b, strong, i, em, u, ul, ol, ` +
          'li, h1-h4, blockquote and a (http, https or mailto href) are kept, without other attributes; scripts, ' +
          'styles and embedded content are dropped whole, other tags dropped with their text kept. At most 20000 ' +
          'characters each. Answers the saved (sanitised) documents.',
        body: companyBody,
        response: { 200: companyResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => saveDoc(req, 'company', checkCompany(req.body)),
  );

  app.get(
    '/setting/admin/v1/product',
    {
      config: { permission: admin('read') },
      schema: {
        tags,
        description: 'Which product types the client app shows.',
        response: { 200: productResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => readSetting(app.db, req.tenantId, 'product'),
  );

  app.put(
    '/setting/admin/v1/product',
    {
      config: { permission: admin('update') },
      schema: {
        tags,
        description: `Saves which product types the client app shows (each once, in the platform's order). ${SAVE}`,
        body: productBody,
        response: { 200: productResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => saveDoc(req, 'product', checkProduct(req.body)),
  );

  app.get(
    '/setting/admin/v1/locale',
    {
      config: { permission: admin('read') },
      schema: {
        tags,
        description:
          "The tenant's locale settings with its time zone: the UTC offset and the local time now (YYYY-MM-DD HH:mm:ss).",
        response: { 200: localeViewResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => readLocaleView(app.db, req.tenantId),
  );
};

/** Saves one document through the write path: one transaction with its audit row (before and after). */
function saveDoc<K extends Exclude<Key, 'locale' | 'app'>>(req: FastifyRequest, key: K, doc: Doc<K>): Promise<Doc<K>> {
  return write(req, {
    action: `setting.${key}.update`,
    resource: 'settings',
    targetId: key,
    before: (tx) => readSetting(tx, req.tenantId, key),
    run: async (tx) => {
      await saveSetting(tx, req.tenantId, key, doc);
      return doc;
    },
  });
}
