import type { Grant } from '../../permissions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authSession, staffUser } from '../db/schema';
import { verifyToken, type TokenType } from '../security/jwt';
import { readCache } from './read-cache';
import { unauthorized } from './errors';

/**
 * How long a session check (not revoked, user active, role) is reused by this process. A write through the API
 * (sign-out, user disabled, role changed) applies at once in this process and, on PostgreSQL, in every other API
 * process too (LISTEN/NOTIFY, core/read-cache.ts); this time bounds what is left: a process whose listening connection
 * is down, and changes made outside the API.
 */
export const SESSION_CHECK_TTL_MS = 3_000;

/** The signed-in staff member of a request. */
export interface Staff {
  id: number;
  username: string;
  name: string;
  role: string;
  tenantId: string;
  sessionId: string;
  /** The salesmen led by this staff member (a team leader's data scope). */
  team?: number[];
  /** Must change the password first: only routes with `config.beforePasswordChange` answer (core/access.ts). */
  mustChangePassword?: boolean;
  /** The effective grants in the tenant, set by the access guard (core/access.ts). */
  grants?: readonly Grant[];
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: Staff | null;
  }
}

/** The bearer token of the request, or null. */
export function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1] : null;
}

/**
 * Verifies the bearer JWT (HS256, iss, aud, exp), its type, its tenant against X-Tenant-Id, and with one
 * indexed query (reused for SESSION_CHECK_TTL_MS) that its session is not revoked and its user is active. Sets `req.staff`; 401 otherwise.
 * The role is read from the database, so a role change applies at once.
 */
export async function authenticate(req: FastifyRequest, typ: TokenType): Promise<Staff> {
  const token = bearer(req);
  if (!token) throw unauthorized('missing access token');
  const claims = await verifyToken(req.server.config.jwtSecret, token);
  if (!claims || claims.typ !== typ) throw unauthorized('Invalid or expired token');
  if (claims.tid !== req.tenantId) throw unauthorized('Token does not belong to this tenant');
  const db = req.server.db;
  const [row] = await readCache(db).through(`session:${claims.sid}`, SESSION_CHECK_TTL_MS, () =>
    db
      .select({
        id: staffUser.id,
        username: staffUser.username,
        name: staffUser.name,
        role: staffUser.role,
        active: staffUser.active,
        mustChangePassword: staffUser.mustChangePassword,
        tenantId: authSession.tenantId,
        revokedAt: authSession.revokedAt,
        team: sql<number[]>`(SELECT coalesce(array_agg(s.id::int ORDER BY s.id), '{}') FROM ${staffUser} s
          WHERE s.leader_id = ${staffUser.id} AND s.tenant_id = ${authSession.tenantId})`,
      })
      .from(authSession)
      .innerJoin(staffUser, eq(staffUser.id, authSession.userId))
      .where(eq(authSession.id, claims.sid))
      .limit(1),
  );
  if (!row || row.revokedAt || !row.active || String(row.id) !== claims.sub || row.tenantId !== claims.tid) {
    throw unauthorized('Session has ended');
  }
  const staff: Staff = {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    tenantId: row.tenantId,
    sessionId: claims.sid,
    team: row.team,
    mustChangePassword: row.mustChangePassword,
  };
  req.staff = staff;
  return staff;
}
