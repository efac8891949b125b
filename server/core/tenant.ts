import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenant } from '../db/schema';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of the request (X-Tenant-Id), set on every /api route. */
    tenantId: string;
  }
}

/** Tenant ids seen in the database; tenants are never deleted, so a hit needs no query. */
const known = new WeakMap<FastifyInstance, Set<string>>();

/**
 * Reads X-Tenant-Id: required, and the tenant must exist (400 otherwise). A route whose path names the tenant
 * (`/s3/object/:tenant/...`, reached by <img> tags that cannot send headers) takes it from the path instead.
 */
export async function resolveTenant(req: FastifyRequest): Promise<string> {
  const id = req.headers['x-tenant-id'] ?? (req.params as { tenant?: string } | undefined)?.tenant;
  if (typeof id !== 'string' || !id) throw new HttpError(400, 'tenant_required', 'X-Tenant-Id header is required');
  let seen = known.get(req.server);
  if (!seen) known.set(req.server, (seen = new Set()));
  if (!seen.has(id)) {
    const [row] = await req.server.db.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, id)).limit(1);
    if (!row) throw new HttpError(400, 'tenant_unknown', `Unknown tenant "${id.slice(0, 40)}"`);
    seen.add(id);
  }
  req.tenantId = id;
  return id;
}
