import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { canAny, loadRole, narrowGrants, type Action, type Grant, type Narrowing } from '../../permissions';
import { permissionNarrowing, permissionVersion } from '../db/schema';
import type { Executor } from './db';
import { readCache } from './read-cache';
import { authenticate } from './auth';
import { forbidden, HttpError } from './errors';
import { resolveTenant } from './tenant';
import { ctx, signedIn } from './context';

/**
 * What a route requires: a grant checked with can() — on one resource, or on a resource chain (leaf, then its menu
 * parent, e.g. ['deposit', 'funds']: allowed when any grants it, as the console's menu does) — or one of
 * 'public' (no token), 'authenticated' (any signed-in staff), 'mfa-pending' (only the pending MFA token).
 */
export type RoutePermission =
  { resource: string | readonly string[]; action: Action } | 'public' | 'authenticated' | 'mfa-pending';

/** One registered /api route and what it requires. */
export interface RouteEntry {
  method: string;
  url: string;
  permission: RoutePermission;
  /** The declared response schemas by status (what the contract tests check mocks and routes against). */
  response?: Record<string, unknown>;
  /** The declared input schemas (the fuzzing suite aims its hostile values at them). */
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: registration is refused without it. */
    permission?: RoutePermission;
    /** Answers a staff member who must change their password first (change_pwd, logout, userinfo); others 403. */
    beforePasswordChange?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its permission. */
    routeTable: RouteEntry[];
    /** The routes outside /api that declare themselves public (the operations routes: /health, /ready, /metrics). */
    publicRoutes: string[];
  }
}

/** A grant requirement: `permission: requires('users', 'update')` or `requires(['deposit', 'funds'], 'read')`. */
export const requires = (resource: string | readonly string[], action: Action): RoutePermission => ({
  resource,
  action,
});

const chainOf = (resource: string | readonly string[]) => ([] as string[]).concat(resource);
const describe = (p: RoutePermission) => (typeof p === 'string' ? p : `${chainOf(p.resource).join('|')}:${p.action}`);

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/** The response header naming the tenant's permission version (the console refetches its grants when it grows). */
export const PERMISSION_VERSION_HEADER = 'x-permission-version';
/** How long this process reuses a tenant's narrowings (a write through the API drops them at once, core/read-cache.ts). */
export const NARROWING_TTL_MS = 5_000;

/** A tenant's narrowings of the role grants (server/modules/permission) and its permission version (0: never changed). */
export interface TenantPermissions {
  version: number;
  removed: Record<string, Narrowing[]>;
}

/** Reads a tenant's narrowings and version from the database. */
export async function readTenantPermissions(db: Executor, tenantId: string): Promise<TenantPermissions> {
  const rows = await db
    .select({
      role: permissionNarrowing.role,
      resource: permissionNarrowing.resource,
      action: permissionNarrowing.action,
    })
    .from(permissionNarrowing)
    .where(eq(permissionNarrowing.tenantId, tenantId));
  const versions = await db
    .select({ version: permissionVersion.version })
    .from(permissionVersion)
    .where(eq(permissionVersion.tenantId, tenantId));
  const removed: Record<string, Narrowing[]> = {};
  for (const r of rows) (removed[r.role] ??= []).push({ resource: r.resource, action: r.action });
  return { version: versions.reduce((m, v) => Math.max(m, v.version), 0), removed };
}

/**
 * A tenant's narrowings through the read cache (every API process drops them when any process writes: NOTIFY,
 * core/read-cache.ts; the TTL bounds changes made outside the API).
 */
export function tenantPermissions(db: Executor, tenantId: string): Promise<TenantPermissions> {
  return readCache(db).through(`permission:${tenantId}`, NARROWING_TTL_MS, () => readTenantPermissions(db, tenantId));
}

/** A role's effective grants in a tenant: its JSON grants minus the tenant's narrowings (never more). */
export function effectiveGrants(role: string, state: TenantPermissions): Grant[] {
  const removed = state.removed[role];
  return removed?.length ? narrowGrants(loadRole(role).grants, removed) : loadRole(role).grants;
}

/** The signed-in staff member's effective grants (and the tenant's permission version). */
export async function grantsOf(req: FastifyRequest): Promise<{ grants: Grant[]; version: number }> {
  const staff = signedIn(ctx(req));
  const state = await tenantPermissions(req.server.db, staff.tenantId);
  return { grants: effectiveGrants(staff.role, state), version: state.version };
}

/** Whether the grants (or a role's own JSON grants, not narrowed by any tenant) allow the permission. */
export function allowed(grants: string | readonly Grant[], permission: RoutePermission): boolean {
  if (typeof permission === 'string') return true;
  return canAny(
    typeof grants === 'string' ? loadRole(grants).grants : grants,
    chainOf(permission.resource),
    permission.action,
  );
}

async function guard(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const permission = req.routeOptions.config.permission;
  if (!permission) return; // not an /api route (docs, static files, not found)
  if (!isApi(req.routeOptions.url ?? '')) return; // the operations routes (/health, /ready, /metrics): public
  await resolveTenant(req);
  if (permission === 'public') return;
  const staff = await authenticate(req, permission === 'mfa-pending' ? 'mfa' : 'access');
  if (staff.mustChangePassword && permission !== 'mfa-pending' && !req.routeOptions.config.beforePasswordChange) {
    throw new HttpError(403, 'password_change_required', 'Change your password before doing anything else');
  }
  const state = await tenantPermissions(req.server.db, staff.tenantId);
  reply.header(PERMISSION_VERSION_HEADER, String(state.version));
  // Services that decide by grant (e.g. which approvals a checker sees) read the same narrowed grants.
  staff.grants = effectiveGrants(staff.role, state);
  if (!allowed(staff.grants, permission)) {
    await req.audit({
      action: 'access.denied',
      resource: typeof permission === 'string' ? undefined : chainOf(permission.resource)[0],
      result: 'denied',
      detail: `${req.method} ${req.routeOptions.url} requires ${describe(permission)}`,
    });
    throw forbidden('You do not have permission to do this');
  }
}

/**
 * Denied by default: refuses to register an /api route without `config.permission`, documents each
 * route's requirement in OpenAPI, keeps `app.routeTable`, and checks tenant, token and grant on every request.
 */
export const accessPlugin = fp(async (app) => {
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorate('publicRoutes', [] as string[]);
  app.decorateRequest('staff', null);
  app.decorateRequest('tenantId', '');
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!isApi(route.url)) {
      // Outside /api there is no tenant and no staff token: a route there that declares anything but public is a bug.
      if (permission && permission !== 'public') {
        throw new Error(`Route ${route.url} is outside /api: it can only be public (tenants and tokens are /api's)`);
      }
      if (permission) app.publicRoutes.push(route.url);
      return;
    }
    const methods = ([] as string[]).concat(route.method);
    if (!permission) throw new Error(`Route ${methods.join(',')} ${route.url} declares no config.permission`);
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    const response = schema.response as Record<string, unknown> | undefined;
    const inputs = { params: schema.params, querystring: schema.querystring, body: schema.body };
    for (const method of methods) app.routeTable.push({ method, url: route.url, permission, response, ...inputs });
    schema.description = `${schema.description ?? ''}\n\nPermission: \`${describe(permission)}\`.`.trim();
    schema.headers ??= {
      type: 'object',
      properties: { 'x-tenant-id': { type: 'string', description: 'Tenant id (tr, pl, es, kun, sun3)' } },
      required: ['x-tenant-id'],
    };
    if (permission !== 'public') schema.security = [{ bearerAuth: [] }];
  });
  app.addHook('onRequest', guard);
});

/**
 * Checks `action` on the first resource of a chain that grants it (leaf, then its menu parent: e.g. deposit, funds),
 * as the console's menu does. Routes using it declare a wider permission (or `'authenticated'`) and call this first; denial is
 * audited and answered 403 like the access plugin's.
 */
export async function authorize(req: FastifyRequest, resources: string[], action: Action): Promise<void> {
  if (canAny((await grantsOf(req)).grants, resources, action)) return;
  await req.audit({
    action: 'access.denied',
    resource: resources[0],
    result: 'denied',
    detail: `${req.method} ${req.routeOptions.url} requires ${resources.join('|')}:${action}`,
  });
  throw forbidden('You do not have permission to do this');
}
