/**
 * The tenant's IP allow-list, enforced (resources `ipAccess`, server/modules/ip_access/). When a tenant turns it on,
 * every authenticated staff route and sign-in (password sign-in and token refresh) from an address that no entry
 * holds answers 403 `ip_not_allowed`, audited as `access.denied` with the address. Public routes the console needs
 * before sign-in (captcha, settings reads, signed image URLs) stay open.
 *
 * The hook runs after the access guard (tenant, token, grant), so an unauthenticated call from outside gets its 401
 * first and writes no audit row. The tenant's list is read through the short read cache (IP_ALLOW_TTL_MS): a write
 * through the API drops it in this process and, on PostgreSQL, in every other API process (core/read-cache.ts); the
 * TTL bounds what is left (a process whose listening connection is down, changes made outside the API).
 */
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { cidrContains, parseCidr, parseIp, type Cidr } from '../../domain/cidr';
import { ipAllowEntry, setting } from '../db/schema';
import type { Executor } from './db';
import { HttpError } from './errors';
import { readCache } from './read-cache';

/** How long this process reuses a tenant's list. */
export const IP_ALLOW_TTL_MS = 5_000;

/** The setting document key of the switch: `{ enabled: boolean }`. */
export const IP_ACCESS_SETTING = 'ip_access';

/** Public routes that still count as staff access: they answer tokens. */
const SIGN_IN_ROUTES = new Set(['/api/auth/admin/v1/login', '/api/auth/admin/v1/token/refresh']);

/** A tenant's allow-list as enforced. */
export interface AllowList {
  enabled: boolean;
  ranges: Cidr[];
}

/** Whether the switch is on (a missing document: off). */
export async function allowListEnabled(db: Executor, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ value: setting.value })
    .from(setting)
    .where(and(eq(setting.tenantId, tenantId), eq(setting.key, IP_ACCESS_SETTING)))
    .limit(1);
  return (row?.value as { enabled?: unknown } | undefined)?.enabled === true;
}

/** The stored ranges of a tenant (canonical CIDR text). */
export async function allowListRanges(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ cidr: ipAllowEntry.cidr })
    .from(ipAllowEntry)
    .where(eq(ipAllowEntry.tenantId, tenantId));
  return rows.map((r) => r.cidr);
}

/** Parsed ranges (entries that no longer parse hold no address). */
export const parseRanges = (texts: readonly string[]): Cidr[] =>
  texts.flatMap((t) => {
    const p = parseCidr(t);
    return p.ok ? [p.cidr] : [];
  });

/** Whether any range holds the address (text as the socket reports it; an unparsable one is held by none). */
export function holds(ranges: readonly Cidr[], address: string): boolean {
  const ip = parseIp(address);
  return !!ip && ranges.some((r) => cidrContains(r, ip));
}

/** The tenant's list, through the read cache. */
export function allowListOf(db: Executor, tenantId: string): Promise<AllowList> {
  return readCache(db).through(`ip-allow:${tenantId}`, IP_ALLOW_TTL_MS, async () => {
    const enabled = await allowListEnabled(db, tenantId);
    return { enabled, ranges: enabled ? parseRanges(await allowListRanges(db, tenantId)) : [] };
  });
}

async function enforce(req: FastifyRequest): Promise<void> {
  const permission = req.routeOptions.config.permission;
  if (!permission || !req.tenantId) return;
  if (permission === 'public' && !SIGN_IN_ROUTES.has(req.routeOptions.url ?? '')) return;
  const list = await allowListOf(req.server.db, req.tenantId);
  if (!list.enabled || holds(list.ranges, req.ip)) return;
  await req.audit({
    action: 'access.denied',
    resource: 'ipAccess',
    result: 'denied',
    detail: `address ${req.ip} is not on the IP allow-list: ${req.method} ${req.routeOptions.url}`,
  });
  throw new HttpError(403, 'ip_not_allowed', 'Your address is not on the IP allow-list of this tenant');
}

/** Registers the check on every request; register it after the access plugin (its guard runs first). */
export const ipAllowPlugin = fp(async (app) => {
  app.addHook('onRequest', enforce);
});
