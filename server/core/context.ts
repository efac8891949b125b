import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { AuditEntry } from './audit';
import type { Staff } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The drizzle database. */
    db: Db;
    /** The opened database (driver kind, close). */
    database: Database;
    /** The clock the rules of time read (BuildOptions.clock; the wall clock unless a test passes its own). */
    clock: () => Date;
    /** Test builds only (nodeEnv 'test'): captcha id -> answer, so tests can solve captchas. */
    captchaStore?: Map<string, string>;
  }
}

/** What a service needs from the request: database, configuration, who, where, and the audit writer. */
export interface Ctx {
  db: Db;
  config: Config;
  tenantId: string;
  ip: string;
  userAgent: string | null;
  staff: Staff | null;
  audit(entry: AuditEntry): Promise<void>;
}

/** The service context of a request. */
export function ctx(req: FastifyRequest): Ctx {
  return {
    db: req.server.db,
    config: req.server.config,
    tenantId: req.tenantId,
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    staff: req.staff,
    audit: (entry) => req.audit(entry),
  };
}

/** The signed-in staff member; routes that reach a service have passed authentication. */
export function signedIn(c: Ctx): Staff {
  if (!c.staff) throw new Error('No signed-in staff member on an authenticated route');
  return c.staff;
}
