import type { FastifyPluginAsync } from 'fastify';
import { errorResponses } from '../../core/errors';
import { appResponse, localeResponse } from './schemas';
import { readSetting } from './service';

/** Settings reads the console shell needs before and after sign-in (public: they hold no secrets). */
export const settingRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/setting/app/v1/locale',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['setting'],
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
        tags: ['setting'],
        description:
          "The tenant's application settings (name, logo, version, defaults). An empty web_logo means: show the name's initials.",
        response: { 200: appResponse, ...errorResponses(400) },
      },
    },
    (req) => readSetting(app.db, req.tenantId, 'app'),
  );
};
