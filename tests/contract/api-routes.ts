// The API's routes with their declared response and request schemas, read from the real route plugins (no database: the app is
// built on a stub that no route touches while registering). Used by the route-schema test and the unit suite's msw check.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { errorSchema } from '../../server/core/errors';
import type { ApiContract } from './validator';

export { successSchema, type ApiContract, type ApiRoute } from './validator';

/**
 * Builds the API on a stub database and answers every /api route with its declared response schemas and the schemas
 * of its path parameters, query string and body.
 */
export async function loadApiContract(): Promise<ApiContract> {
  const secret = randomBytes(32).toString('base64url');
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: '/tmp/bo-contract-data' },
    { jwtSecret: secret, passwordPepper: secret, staticDir: undefined },
  );
  const stub = { db: {}, close: async () => {} } as unknown as Database;
  const app = await buildApp(config, { database: stub });
  await app.ready();
  const routes = app.routeTable.map((r) => ({
    method: r.method,
    url: r.url,
    response: r.response ?? {},
    params: r.params,
    querystring: r.querystring,
    body: r.body,
  }));
  await app.close();
  // A JSON round trip: what the unit suite's workers receive (provide/inject) is exactly this.
  return JSON.parse(JSON.stringify({ routes, shared: [errorSchema] })) as ApiContract;
}
