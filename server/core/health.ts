/**
 * The load balancer's probes (docs/operations.md), outside /api, without a tenant or a token, answering a status word
 * and nothing else:
 * - `GET /health`: the process answers (200 `{ status: 'ok' }`); for a liveness probe (restart the process if not).
 * - `GET /ready`: the database answers within READY_TIMEOUT_MS and every migration this build carries is applied
 *   (200 `{ status: 'ready' }`, else 503 `{ status: 'unavailable' }`); for a readiness probe (send no traffic if
 *   not). While the process shuts down Fastify answers 503 to every new request, this one included.
 *
 * Not subject to the IP allow-list (it is per tenant and these carry none: the load balancer must reach them) nor to
 * the SPA fallback (they are routes). They say nothing about the data; restrict them at the proxy if wanted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../db/client';
import type { Executor } from './db';

/** How long /ready waits for the database. */
export const READY_TIMEOUT_MS = 2_000;

/** The time stamp drizzle records for the last migration of this build (its journal's last `when`). */
export const lastMigrationOfBuild = (): number => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.at(-1)!.when;
};

/** Whether the database answers and has every migration of this build (false on any failure or timeout). */
export async function databaseReady(db: Executor, lastMigration: number, timeoutMs = READY_TIMEOUT_MS) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const check = db
    .execute(sql`SELECT last_migration_applied() AS last`)
    .then((res) => Number((res.rows[0] as { last: unknown } | undefined)?.last ?? 0) >= lastMigration)
    .catch(() => false);
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Status words only: no version, no counts, nothing a caller could learn the deployment from. */
const statusSchema = {
  hide: true,
  response: {
    200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
    503: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
  },
};

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const lastMigration = lastMigrationOfBuild();
  const config = { permission: 'public' as const };
  app.route({
    method: ['GET', 'HEAD'],
    url: '/health',
    config,
    schema: statusSchema,
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/ready',
    config,
    schema: statusSchema,
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (await databaseReady(app.db, lastMigration)) return { status: 'ready' };
      req.log.warn('not ready: the database does not answer or lacks a migration of this build');
      return reply.status(503).send({ status: 'unavailable' });
    },
  });
}
