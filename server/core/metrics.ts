/**
 * Prometheus metrics at GET /metrics (prom-client; docs/operations.md "Metrics and alerts"). Off unless METRICS_TOKEN
 * is set: then /metrics is 404 and nothing is measured. With it, a scrape must send `Authorization: Bearer
 * <METRICS_TOKEN>` (compared in constant time); a wrong or missing token is 401.
 *
 * What it reports, each series named `bo_...` (plus prom-client's process and Node.js defaults):
 * - `bo_http_requests_total` and `bo_http_request_duration_seconds` per method, route (the route's pattern, e.g.
 *   `/api/deposit/admin/v1/detail/:id`, never the URL a caller typed; `unmatched` for no route) and status;
 * - the database pool: `bo_db_pool_max`, `bo_db_pool_total`, `bo_db_pool_idle`, `bo_db_pool_waiting` (pg's Pool; a
 *   waiting count above 0 is a request queued for a connection) and `bo_db_pool_acquire_seconds`, how long each
 *   query or transaction waited for its connection. Embedded PGlite has one connection and no queue to read: only
 *   `bo_db_pool_max` and `bo_db_pool_total` (1);
 * - `bo_approvals_pending` and `bo_approvals_oldest_pending_seconds` per tenant and kind, read at scrape time
 *   (one indexed query per tenant, cached SCRAPE_CACHE_MS);
 * - `bo_check_ok` and `bo_check_timestamp_seconds` per check (`ledger_check`, `audit_verify`): the last result of
 *   `npm run ledger:check` and `npm run audit:verify`, which record it in `ops_check` (scripts/check-runner.ts);
 * - gauges other parts register: `app.metrics.registerGauge(name, help, read)` adds `bo_<name>`, read at each
 *   scrape (the live-queue stream registers `sse_connections`). Without METRICS_TOKEN it does nothing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Executor } from './db';
import { HttpError } from './errors';

/** How long a scrape reuses what it read from the database (approvals, checks). */
export const SCRAPE_CACHE_MS = 5_000;

/** Request duration buckets, seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface Metrics {
  /** Whether /metrics is served (METRICS_TOKEN set). */
  enabled: boolean;
  /**
   * A gauge `bo_<name>` whose value `read` answers at each scrape (registering a name again replaces its reader).
   * A no-op when metrics are off.
   */
  registerGauge(name: string, help: string, read: () => number | Promise<number>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Whether the bearer of the request is the token (sha256 both sides: equal lengths for the constant-time compare). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

interface ScrapeState {
  approvals: { tenant: string; kind: string; n: number; oldest: number }[];
  checks: { name: string; ok: boolean; at: number }[];
}

/** Pending approvals per tenant and kind (the index on tenant and status, one tenant at a time) and the checks. */
async function readState(db: Executor): Promise<ScrapeState> {
  const approvals = await db.execute(sql`
    SELECT t.id AS tenant, a.kind, count(*)::int AS n,
      extract(epoch FROM now() - min(a.created_at))::float8 AS oldest
    FROM tenant t
    CROSS JOIN LATERAL (SELECT kind, created_at FROM approval WHERE tenant_id = t.id AND status = 'pending') a
    GROUP BY t.id, a.kind`);
  const checks = await db.execute(sql`SELECT name, ok, extract(epoch FROM at)::float8 AS at FROM ops_check`);
  return {
    approvals: (approvals.rows as ScrapeState['approvals']).map((r) => ({ ...r, n: Number(r.n) })),
    checks: (checks.rows as ScrapeState['checks']).map((r) => ({ ...r, at: Number(r.at) })),
  };
}

type Observe = (seconds: number) => void;
/** The observers of each pool's connection waits (one wrapper per pool, however many apps share it: tests). */
const acquireObservers = new WeakMap<pg.Pool, Set<Observe>>();

/**
 * Times every connection the pool hands out (`pool.query` and drizzle's transactions both go through `connect`, with
 * a callback or as a promise): the wait of a query for a free connection.
 */
function observeAcquire(pool: pg.Pool, observe: Observe): () => void {
  let observers = acquireObservers.get(pool);
  if (!observers) {
    const set = (observers = new Set<Observe>());
    acquireObservers.set(pool, set);
    type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, release: unknown) => void;
    const connect = pool.connect.bind(pool) as unknown as (cb?: Callback) => Promise<pg.PoolClient> | undefined;
    const wrapped = (cb?: Callback) => {
      const started = process.hrtime.bigint();
      const done = () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        for (const o of set) o(seconds);
      };
      if (typeof cb === 'function') {
        return connect((err, client, release) => {
          done();
          cb(err, client, release);
        });
      }
      return connect()!.then(
        (client) => {
          done();
          return client;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
    };
    (pool as unknown as { connect: typeof wrapped }).connect = wrapped;
  }
  observers.add(observe);
  return () => observers.delete(observe);
}

function dbPoolGauges(app: FastifyInstance, registry: Registry): void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name: `bo_db_pool_${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  if (app.database.kind !== 'pg') {
    gauge('max', 'Connections the pool may open (embedded PGlite: its one connection)', () => 1);
    gauge('total', 'Connections open', () => 1);
    return;
  }
  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
  gauge('max', 'Connections the pool may open (DATABASE_POOL_SIZE)', () => pool.options.max ?? 10);
  gauge('total', 'Connections open', () => pool.totalCount);
  gauge('idle', 'Connections open and idle', () => pool.idleCount);
  gauge('waiting', 'Queries waiting for a connection (the pool is exhausted while above 0)', () => pool.waitingCount);
  const waits = new Histogram({
    name: 'bo_db_pool_acquire_seconds',
    help: 'How long a query or transaction waited for a connection of the pool',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  const stop = observeAcquire(pool, (seconds) => waits.observe(seconds));
  app.addHook('onClose', async () => {
    stop();
  });
}

function scrapeGauges(app: FastifyInstance, registry: Registry): void {
  let cached: { at: number; state: Promise<ScrapeState> } | null = null;
  const state = () => {
    if (!cached || Date.now() - cached.at > SCRAPE_CACHE_MS) {
      const read = readState(app.db).catch((e: unknown) => {
        app.log.warn({ err: e }, 'metrics: database state not read');
        cached = null;
        return { approvals: [], checks: [] } as ScrapeState;
      });
      cached = { at: Date.now(), state: read };
    }
    return cached.state;
  };
  const labelled = (
    name: string,
    help: string,
    labelNames: string[],
    fill: (g: Gauge, s: ScrapeState) => void,
  ): Gauge =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const s = await state();
        this.reset();
        fill(this, s);
      },
    });
  labelled('bo_approvals_pending', 'Approvals waiting for a checker', ['tenant', 'kind'], (g, s) => {
    for (const a of s.approvals) g.set({ tenant: a.tenant, kind: a.kind }, a.n);
  });
  labelled(
    'bo_approvals_oldest_pending_seconds',
    'Age of the oldest approval waiting for a checker',
    ['tenant', 'kind'],
    (g, s) => {
      for (const a of s.approvals) g.set({ tenant: a.tenant, kind: a.kind }, a.oldest);
    },
  );
  labelled(
    'bo_check_ok',
    'Last result of npm run ledger:check / audit:verify (1 sound, 0 findings)',
    ['check'],
    (g, s) => {
      for (const c of s.checks) g.set({ check: c.name }, c.ok ? 1 : 0);
    },
  );
  labelled('bo_check_timestamp_seconds', 'When the check last ran (Unix time)', ['check'], (g, s) => {
    for (const c of s.checks) g.set({ check: c.name }, c.at);
  });
}

const OFF: Metrics = { enabled: false, registerGauge: () => {} };

/** Registers the metrics (when METRICS_TOKEN is set) and GET /metrics (404 when it is not). */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.metricsToken;
  const route = { config: { permission: 'public' as const }, schema: { hide: true } };
  if (!token) {
    app.decorate('metrics', OFF);
    app.get('/metrics', route, async () => {
      throw new HttpError(404, 'not_found', 'Not found: GET /metrics');
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'bo_http_requests_total',
    help: 'Requests answered, per method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'bo_http_request_duration_seconds',
    help: 'Time to answer, per method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  dbPoolGauges(app, registry);
  scrapeGauges(app, registry);

  const readers = new Map<string, () => number | Promise<number>>();
  app.decorate('metrics', {
    enabled: true,
    registerGauge(name, help, read) {
      const full = `bo_${name}`;
      if (!readers.has(full)) {
        new Gauge({
          name: full,
          help,
          registers: [registry],
          async collect() {
            this.set(await readers.get(full)!());
          },
        });
      }
      readers.set(full, read);
    },
  } satisfies Metrics);

  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', route, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'unauthorized', 'A valid metrics token is required');
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});
