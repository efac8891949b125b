/**
 * Every /api route × every role (the four demo roles, and no token): the access guard lets through exactly the roles
 * whose grants in permissions/roles/*.json allow the route's declared permission, and refuses the others with 403
 * `forbidden`; without a token every route but the public ones is 401. Each request carries a NUL byte in its query,
 * which the input guard (core/input.ts, preValidation: after the access guard) refuses with 400, so a request let
 * through stops there: no handler runs and nothing changes. (The guard's own behaviour on fixture routes, its audit
 * rows and the permission declared on every route: access.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePermission } from '../../server/core/access';
import { login, makeTestApp, type TestApp } from './helpers';

/** The demo staff member of each role. */
const ROLES = { god: 'admin', angel: 'supervisor', superman: 'leader', hero: 'sales' } as const;
type Role = keyof typeof ROLES;

let t: TestApp;
const tokens: Partial<Record<Role, string>> = {};
beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  for (const [role, user] of Object.entries(ROLES)) tokens[role as Role] = (await login(t.app, user)).access_token;
});
afterAll(() => t?.close());

/** The expected answer, read from the role files themselves (not through the code under test). */
function grants(role: Role, permission: RoutePermission): boolean {
  if (permission === 'public' || permission === 'authenticated') return true;
  if (permission === 'mfa-pending') return false; // an access token is not a pending MFA token
  const file = JSON.parse(readFileSync(`permissions/roles/${role}.json`, 'utf8')) as {
    grants: { resource: string; actions: string[] }[];
  };
  return ([] as string[])
    .concat(permission.resource)
    .some((r) =>
      file.grants.some(
        (g) =>
          (g.resource === '*' || g.resource === r) &&
          (g.actions.includes('*') || g.actions.includes(permission.action)),
      ),
    );
}

/** The route's path with every parameter filled in, plus the NUL byte query. */
const urlOf = (url: string) => `${url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x')}?race=%00`;

describe('routes × roles', () => {
  it('each role reaches exactly the routes its grants allow; no token reaches only the public ones', async () => {
    const routes = t.app.routeTable;
    const wrong: string[] = [];
    let cells = 0;
    let refused = 0;
    for (const r of routes) {
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      const send = (token?: string) =>
        t.app.inject({
          method,
          url: urlOf(r.url),
          headers: { 'x-tenant-id': 'tr', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
      for (const role of Object.keys(ROLES) as Role[]) {
        const res = await send(tokens[role]);
        const want = grants(role, r.permission) ? 400 : r.permission === 'mfa-pending' ? 401 : 403;
        const code = want === 400 ? 'validation' : want === 403 ? 'forbidden' : 'unauthorized';
        cells++;
        if (want !== 400) refused++;
        if (res.statusCode !== want || res.json().code !== code)
          wrong.push(`${role} ${r.method} ${r.url}: ${res.statusCode} ${res.json().code}, expected ${want} ${code}`);
      }
      const anonymous = await send();
      const want = r.permission === 'public' ? 400 : 401;
      cells++;
      if (anonymous.statusCode !== want)
        wrong.push(`no token ${r.method} ${r.url}: ${anonymous.statusCode}, expected ${want}`);
    }
    console.log(
      `routes × roles: ${routes.length} routes × (4 roles + no token) = ${cells} requests, ${refused} refusals by role, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });
});
