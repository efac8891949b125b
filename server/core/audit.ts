import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Executor } from './db';
import { auditLog } from '../db/schema';

/** One audit row; who/tenant/ip default to the request's. */
export interface AuditEntry {
  action: string;
  resource?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  result: 'success' | 'failure' | 'denied' | 'pending';
  detail?: string;
  /** For requests without a signed-in staff member (sign-in itself). */
  userId?: number | null;
  username?: string | null;
  tenantId?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Appends an audit row for this request (append-only table). */
    audit(entry: AuditEntry): Promise<void>;
  }
}

/** Writes one audit row. */
export async function writeAudit(db: Executor, entry: AuditEntry & { ip?: string | null }): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: entry.tenantId ?? null,
    userId: entry.userId ?? null,
    username: entry.username ?? null,
    action: entry.action,
    resource: entry.resource ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
    result: entry.result,
    detail: entry.detail ?? null,
  });
}

/** Decorates `req.audit(...)`, filling in user, tenant and ip. */
export const auditPlugin = fp(async (app) => {
  app.decorateRequest('audit', function (this: FastifyRequest, entry: AuditEntry) {
    return writeAudit(this.server.db, {
      ...entry,
      userId: entry.userId !== undefined ? entry.userId : (this.staff?.id ?? null),
      username: entry.username !== undefined ? entry.username : (this.staff?.username ?? null),
      tenantId: entry.tenantId ?? this.staff?.tenantId ?? (this.tenantId || null),
      ip: this.ip,
    });
  });
});
