import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { readCachePlugin } from './core/read-cache';
import { livePlugin, sseConnections } from './core/events';
import { accessPlugin } from './core/access';
import { inputGuardPlugin } from './core/input';
import { auditPlugin } from './core/audit';
import './core/context';
import { errorSchema, frameworkErrors, registerErrorHandler } from './core/errors';
import { rateLimitPlugin } from './core/rate-limit';
import { authRoutes } from './modules/auth/routes';
import { settingRoutes } from './modules/setting/routes';
import { userRoutes } from './modules/user/routes';
import { clientRoutes } from './modules/client/routes';
import { kycRoutes } from './modules/kyc/routes';
import { exchangeRoutes } from './modules/exchange/routes';
import { depositRoutes } from './modules/deposit/routes';
import { overdrawnRoutes } from './modules/overdrawn/routes';
import { withdrawRoutes } from './modules/withdraw/routes';
import { s3Routes } from './modules/s3/routes';
import { ipAccessRoutes } from './modules/ip_access/routes';
import { dataExceptionRoutes } from './modules/data_exception/routes';
import { dataExceptionScheduler } from './modules/data_exception/scheduler';
import { messageRoutes } from './modules/message/routes';
import { serviceRoutes } from './modules/service/routes';
import { cryptoAddressRoutes } from './modules/crypto_address/routes';
import { tradeConfigRoutes } from './modules/trade_config/routes';
import { tradingPermissionRoutes } from './modules/trading_permission/routes';
import { exchangeConfigRoutes } from './modules/exchange_config/routes';
import { approvalRoutes } from './modules/approval/routes';
import { emergencyRoutes } from './modules/emergency/routes';
import { auditRoutes } from './modules/audit/routes';
import { ipAllowPlugin } from './core/ip-allow';
import { permissionRoutes } from './modules/permission/routes';
import { tradingRoutes } from './modules/trading/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { eventRoutes } from './modules/events/routes';
import { lazySchemas } from './core/lazy-schemas';
import { DECLARED_ENTITIES } from '../domain/entities';
import { answerRequestId, requestIdOptions } from './core/request-id';
import { metricsPlugin } from './core/metrics';
import { healthRoutes } from './core/health';

/**
 * The route plugins of the API, each a module of server/modules; all are mounted under /api, with those of the
 * declared entities (entityModules).
 */
const API_MODULES: FastifyPluginAsync[] = [
  authRoutes,
  userRoutes,
  settingRoutes,
  clientRoutes,
  kycRoutes,
  s3Routes,
  depositRoutes,
  withdrawRoutes,
  overdrawnRoutes,
  exchangeRoutes,
  ipAccessRoutes,
  dataExceptionRoutes,
  messageRoutes,
  serviceRoutes,
  cryptoAddressRoutes,
  tradeConfigRoutes,
  tradingPermissionRoutes,
  exchangeConfigRoutes,
  approvalRoutes,
  auditRoutes,
  emergencyRoutes,
  permissionRoutes,
  tradingRoutes,
  dashboardRoutes,
  eventRoutes,
];

/**
 * The API modules of the declared entities (domain/entities.ts), by convention: the plugins `server/modules/<name>/
 * routes.ts` exports under a name ending in `Routes` (esbuild bundles every file the template import can name).
 */
export async function entityModules(): Promise<FastifyPluginAsync[]> {
  const modules = await Promise.all(
    DECLARED_ENTITIES.map((d) => import(`./modules/${d.name}/routes.ts`) as Promise<Record<string, unknown>>),
  );
  return modules.flatMap((m) =>
    Object.entries(m)
      .filter(([name, value]) => name.endsWith('Routes') && typeof value === 'function')
      .map(([, plugin]) => plugin as FastifyPluginAsync),
  );
}

export interface BuildOptions {
  /** An already open database; the app then leaves closing it to the caller. */
  database?: Database;
  /** The clock the rules of time read (trading hours); tests pass their own. Default: the wall clock. */
  clock?: () => Date;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
}

const OPENAPI_DESCRIPTION = [
  'Reference API of the back-office console.',
  '',
  'Every /api request carries `X-Tenant-Id` (tr, pl, es, kun, sun3) and, except where a route says `public`,',
  '`Authorization: Bearer <access_token>`: an HS256 JWT (iss back-office, aud back-office-console, 15 min).',
  'Errors answer `{ message, code, errors? }`: 400 validation (errors per field) / tenant_required / tenant_unknown,',
  "401 unauthorized (no valid token), 403 forbidden (the role's grants in permissions/roles do not allow it; audited), 404 not_found.",
  'A staff member who must change the password (the first administrator of a production database) gets 403',
  '`password_change_required` from every route but `user/v1/change_pwd`, `auth/admin/v1/logout` and `auth/admin/v1/userinfo`.',
  'Each route states its permission: `resource:action`, `public`, `authenticated` (any signed-in staff) or',
  '`mfa-pending` (only the 5-minute token that login answers when MFA is on).',
].join('\n');

/**
 * The Content-Security-Policy of every response: scripts only from the console's own files (Vite emits module
 * scripts, no inline code); styles also inline (MUI and Emotion inject style elements); images also from data: and
 * blob: URLs (captcha, QR code, picked files) and the S3 store, which with connect-src also takes presigned uploads.
 */
export function contentSecurityPolicy(config: Pick<Config, 's3Origins'>): string {
  const s3 = config.s3Origins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${s3}`,
    "font-src 'self' data:",
    `connect-src 'self'${s3}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response carries; a route's own Content-Security-Policy (stricter, e.g. a served file) is kept. */
function securityHeaders(app: FastifyInstance, config: Config): void {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    reply.header('cross-origin-opener-policy', 'same-origin');
    // Tokens, profiles and client data: never kept by a browser or a shared cache.
    if (isApiPath(req.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count trusts that many addresses nearest the API, starting with the
 * connecting peer (Fastify 5 no longer takes a number itself), so it suits an API reachable only through its proxies.
 */
function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
const isDocsPath = (url: string) => url === '/docs' || url.startsWith('/docs/');

/** The API (and the built console when config.staticDir exists) as a Fastify instance, not listening. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const schemas = lazySchemas();
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, stream: opts.logStream },
    // Every log line of a request, its answer's X-Request-Id and error body and its audit rows carry its id.
    ...requestIdOptions(),
    // a malformed URL answered as every error is (code, request_id)
    frameworkErrors,
    exposeHeadRoutes: false,
    // Behind a reverse proxy (TRUST_PROXY), req.ip is the client's address: rate limits and audit rows see it.
    trustProxy: trustProxyOption(config.trustProxy),
    // Money fields accept a number or a decimal string (DESIGN section 3): union types are intended.
    ajv: { customOptions: { allErrors: true, allowUnionTypes: true } },
    // each route's schemas compiled at first use (core/lazy-schemas.ts): the API answers within a second of starting
    schemaController: schemas.schemaController,
  });
  app.addHook('onListen', async () => schemas.warmUp());
  const database =
    opts.database ??
    (await openDatabase(config.databaseUrl, config.dataDir, config.databasePoolSize, {
      ownerUrl: config.databaseOwnerUrl,
      appPassword: config.databaseAppPassword,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', opts.clock ?? (() => new Date()));
  if (config.nodeEnv === 'test') app.decorate('captchaStore', new Map<string, string>());
  if (!opts.database) app.addHook('onClose', () => database.close());
  try {
    await register(app, config);
  } catch (error) {
    if (!opts.database) await database.close();
    throw error;
  }
  return app;
}

async function register(app: FastifyInstance, config: Config): Promise<void> {
  registerErrorHandler(app);
  securityHeaders(app, config);
  // A write drops the short-lived read cache (sessions, allow-lists, list totals) before its answer leaves, in this
  // process and, on PostgreSQL, in every other API process of the database (LISTEN/NOTIFY, core/read-cache.ts).
  await app.register(readCachePlugin);
  // Live events to the consoles' streams, on the same LISTEN connection (core/events.ts).
  await app.register(livePlugin);
  app.addSchema(errorSchema);
  await app.register(rateLimitPlugin);
  await app.register(auditPlugin);
  await app.register(accessPlugin);
  await app.register(inputGuardPlugin);
  await app.register(ipAllowPlugin);
  // Operations (docs/operations.md): the request id on every answer, /metrics (METRICS_TOKEN), /health and /ready.
  answerRequestId(app);
  await app.register(metricsPlugin);
  app.metrics.registerGauge('sse_connections', 'Open live event streams of this process', sseConnections);
  await app.register(healthRoutes);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Back-office API', version: '0.1.0', description: OPENAPI_DESCRIPTION },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  // Outside development/test the API description is served only with DOCS_PUBLIC=true; otherwise /docs is 404.
  if (config.docs) await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(
    async (api) => {
      for (const routes of [...API_MODULES, ...(await entityModules())]) await api.register(routes);
    },
    { prefix: '/api' },
  );
  // The data-exception checks' schedule (every API process ticks; one run per tenant and interval).
  await app.register(dataExceptionScheduler);

  const staticDir = config.staticDir ? resolve(config.staticDir) : undefined;
  const spa = !!staticDir && existsSync(join(staticDir, 'index.html'));
  if (spa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      schemaHide: true,
      // Brotli or gzip files written beside each asset at build time (vite.config.ts precompress), per Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite's hashed assets never change; index.html must always be revalidated.
        reply.header(
          'cache-control',
          path.includes(join('assets', '')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    if (spa && req.method === 'GET' && wantsHtml && !isApiPath(req.url) && !isDocsPath(req.url)) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    const message = `Not found: ${req.method} ${req.url.split('?')[0]}`;
    return reply.status(404).send({ message, code: 'not_found', request_id: req.id });
  });
}
