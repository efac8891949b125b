import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { APP_ROLE, type Database, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { md5hex } from '../../server/security/password';
import { freshDatabase } from './database';

/** The demo password every seeded staff member has in tests. */
export const DEMO_PASSWORD = 'Demo@2026';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Its queries run as the app's role (bo_app), like the API's. */
  database: Database;
  /** Runs `fn` as the database's owner (what the API cannot do: corrupt a row on purpose, lift a trigger). */
  asOwner<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Runs `fn` as the owner of `database`: on PostgreSQL on a connection of `ownerUrl` (the URL the database was opened
 * with), on PGlite on its one connection, back to the app's role afterwards (run nothing else meanwhile).
 */
export async function asOwner<T>(
  database: Database,
  ownerUrl: string | undefined,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') {
    await database.db.execute(sql`RESET ROLE`);
    try {
      return await fn(database.db);
    } finally {
      await database.db.execute(sql.raw(`SET ROLE ${APP_ROLE}`));
    }
  }
  if (!ownerUrl) throw new Error('asOwner: the owner URL of a PostgreSQL database is required');
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  try {
    return await fn(drizzle(pool, { schema }));
  } finally {
    await pool.end();
  }
}

/**
 * A seeded app on a fresh database (captcha on, lenient rate limit unless overridden).
 * `extend` registers extra (fixture) routes before the app is ready; `clock` replaces the wall clock of the rules of
 * time (trading hours); `poolSize` is the number of PostgreSQL connections (1: as on PGlite).
 */
export async function makeTestApp(
  overrides: Partial<Config> = {},
  extend?: (app: FastifyInstance) => void | Promise<void>,
  { clock, poolSize }: { clock?: () => Date; poolSize?: number } = {},
): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', DEMO_PASSWORD, DATA_DIR: '/tmp/bo-test-data' },
    {
      jwtSecret: randomBytes(32).toString('base64url'),
      passwordPepper: randomBytes(32).toString('base64url'),
      loginRateLimitPerMin: 10_000,
      staticDir: undefined,
      ...overrides,
    },
  );
  const { database, url, drop } = await freshDatabase(config.dataDir, poolSize);
  await seed(database.db, config);
  const app = await buildApp(config, { database, clock });
  await extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    asOwner: (fn) => asOwner(database, url, fn),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** Headers for a tenant and, optionally, a bearer token. */
export function headers(token?: string, tenant = 'tr'): Record<string, string> {
  return token ? { 'x-tenant-id': tenant, authorization: `Bearer ${token}` } : { 'x-tenant-id': tenant };
}

/** app.inject with the tenant header and JSON body. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; tenant?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...headers(opts.token, opts.tenant), ...opts.headers },
    payload: opts.body as InjectOptions['payload'],
    remoteAddress: opts.ip,
  });
}

/** A fresh captcha and its answer (read from the test-only store). */
export async function solveCaptcha(
  app: FastifyInstance,
  tenant = 'tr',
): Promise<{ captcha_id: string; captcha: string }> {
  const res = await call(app, 'GET', '/api/auth/admin/v1/captcha', { tenant });
  const { captcha_id } = res.json();
  const answer = app.captchaStore?.get(captcha_id);
  if (!answer) throw new Error('captcha store is only available when nodeEnv is test');
  return { captcha_id, captcha: answer };
}

/** The login body for a user, captcha solved when the app uses one. */
export async function loginBody(app: FastifyInstance, username: string, password = DEMO_PASSWORD, tenant = 'tr') {
  const captcha = app.config.captcha ? await solveCaptcha(app, tenant) : {};
  return { username, password: md5hex(password), ...captcha };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  mfa: boolean;
}

/** Signs in (captcha solved); throws unless the answer is 200. */
export async function login(
  app: FastifyInstance,
  username: string,
  opts: { password?: string; tenant?: string } = {},
): Promise<Tokens> {
  const tenant = opts.tenant ?? 'tr';
  const res = await call(app, 'POST', '/api/auth/admin/v1/login', {
    tenant,
    body: await loginBody(app, username, opts.password, tenant),
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
