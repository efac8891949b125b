/**
 * An operable service (docs/operations.md): /health and /ready for the load balancer, /metrics behind METRICS_TOKEN,
 * and the request id in answers, log lines and audit rows.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { approval, auditLog, ipAllowEntry, setting } from '../../server/db/schema';
import { verifyAuditChain, rowMac } from '../../server/core/audit-chain';
import { writeAudit } from '../../server/core/audit';
import { requires } from '../../server/core/access';
import { recordCheck } from '../../scripts/check-runner';
import { seed } from '../../server/db/seed';
import { freshDatabase } from './database';
import { call, login, loginBody, makeTestApp, type TestApp } from './helpers';

const TOKEN = 'metrics-token-0123456789abcdef';
const HEX16 = /^[0-9a-f]{16}$/;

let t: TestApp;
let admin: string;
let staticDir: string;
/** Log lines of the app, parsed (pino's JSON lines). */
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'bo-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
  t = await makeTestApp({ staticDir, metricsToken: TOKEN, captcha: false }, (app) => {
    app.register(
      async (api) => {
        api.get('/fixture/ops-boom', { config: { permission: 'public' } }, () => {
          throw new Error('connect ECONNREFUSED postgres://root:hunter2@db/internal');
        });
      },
      { prefix: '/api' },
    );
  });
  admin = (await login(t.app, 'admin')).access_token;
});
afterAll(() => t?.close());

describe('/health and /ready', () => {
  it('answer a status word without a tenant or token, JSON even where the console would take over', async () => {
    for (const accept of ['application/json', 'text/html,*/*']) {
      const health = await t.app.inject({ method: 'GET', url: '/health', headers: { accept } });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      expect(health.headers['cache-control']).toBe('no-store');
      expect(health.headers['x-content-type-options']).toBe('nosniff');
      const ready = await t.app.inject({ method: 'GET', url: '/ready', headers: { accept } });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/health' })).statusCode).toBe(200);
  });

  it('are declared public outside /api (not in the /api route table); an operations route needing a grant is refused', async () => {
    expect(t.app.publicRoutes).toEqual(expect.arrayContaining(['/health', '/ready', '/metrics']));
    expect(t.app.routeTable.map((r) => r.url)).not.toContain('/health');
    const bad = await buildApp(t.config, { database: t.database });
    await expect(
      (async () => {
        bad.get('/ops-secret', { config: { permission: requires('config', 'read') } }, async () => ({}));
        await bad.ready();
      })(),
    ).rejects.toThrow(/outside \/api: it can only be public/);
    await bad.close().catch(() => {});
  });

  it('/ready is 503 while the database lacks a migration of this build, 200 again once it has it', async () => {
    const [last] = await t.asOwner(async (owner) => {
      const res = await owner.execute(
        sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      );
      return res.rows as { id: number; hash: string; created_at: string }[];
    });
    await t.asOwner((owner) => owner.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last.id}`));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await t.asOwner((owner) =>
        owner.execute(
          sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
        ),
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });

  it('the IP allow-list does not apply (no tenant: the load balancer is never locked out); /ready is 503 once the database is down', async () => {
    const fresh = await freshDatabase('/tmp/bo-test-data');
    await seed(fresh.database.db, t.config);
    const app = await buildApp(t.config, { database: fresh.database });
    try {
      // tr's allow-list on, holding only 10.0.0.0/8
      await fresh.database.db.insert(setting).values({ tenantId: 'tr', key: 'ip_access', value: { enabled: true } });
      await fresh.database.db.insert(ipAllowEntry).values({ tenantId: 'tr', cidr: '10.0.0.0/8' });
      const outside = { remoteAddress: '203.0.113.9', headers: { 'x-tenant-id': 'tr' } };
      expect((await app.inject({ method: 'GET', url: '/health', ...outside })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/ready', ...outside })).statusCode).toBe(200);
      // ...while staff from there are refused
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/admin/v1/login',
        payload: await loginBody(app, 'admin'),
        ...outside,
      });
      expect(signIn.json().code).toBe('ip_not_allowed');
      await fresh.database.close();
      const down = await app.inject({ method: 'GET', url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => {});
      await fresh.drop();
    }
  });
});

describe('/metrics', () => {
  it('is 404 without METRICS_TOKEN, whatever is sent', async () => {
    const off = await buildApp({ ...t.config, metricsToken: undefined }, { database: t.database });
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { accept: 'text/html' }]) {
        const res = await off.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
      expect(off.metrics.enabled).toBe(false);
      off.metrics.registerGauge('sse_connections', 'ignored', () => 1);
    } finally {
      await off.close();
    }
  });

  it('is 401 without the token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, 'Bearer ']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().code).toBe('unauthorized');
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('bo_http');
    }
  });

  it('answers the text format: requests per route pattern and status, pool, approvals waiting, checks, registered gauges', async () => {
    // a request to a route with an id (the label is the pattern), one to no route, a pending approval, a check result
    await call(t.app, 'GET', '/api/audit/admin/v1/detail/987654321', { token: admin });
    await t.app.inject({ method: 'GET', url: '/no/such/path/5551234' });
    await t.database.db.insert(approval).values({
      tenantId: 'tr',
      kind: 'deposit',
      targetType: 'deposit_record',
      targetId: 424242,
      amount: '12.34',
      currency: 'USD',
      requiredCheckers: 1,
    });
    await recordCheck(t.database.db, 'ledger_check', true, 'ledger check: 0 violations\nOK');
    await recordCheck(t.database.db, 'audit_verify', false, 'audit chain: 3 rows, 1 problems\nTAMPERED');
    let open = 3;
    t.app.metrics.registerGauge('test_gauge', 'A gauge read at each scrape', () => open);

    const scrape = () =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE bo_http_requests_total counter');
    expect(text).toContain('# TYPE bo_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /bo_http_requests_total\{method="GET",route="\/api\/audit\/admin\/v1\/detail\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(
      /bo_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/health",status="200"\}/,
    );
    expect(text).toMatch(/bo_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('5551234');
    expect(text).toMatch(/bo_db_pool_max \d+/);
    expect(text).toMatch(/^bo_sse_connections \d+$/m);
    expect(text).toMatch(/bo_db_pool_total \d+/);
    if (t.database.kind === 'pg') {
      expect(text).toMatch(/bo_db_pool_waiting 0/);
      expect(text).toMatch(/bo_db_pool_idle \d+/);
      expect(Number(/bo_db_pool_acquire_seconds_count (\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
    }
    expect(text).toMatch(/bo_approvals_pending\{tenant="tr",kind="deposit"\} 1/);
    expect(text).toMatch(/bo_approvals_oldest_pending_seconds\{tenant="tr",kind="deposit"\} [\d.e-]+/);
    expect(text).toMatch(/bo_check_ok\{check="ledger_check"\} 1/);
    expect(text).toMatch(/bo_check_ok\{check="audit_verify"\} 0/);
    const at = Number(/bo_check_timestamp_seconds\{check="ledger_check"\} ([\d.e+]+)/.exec(text)?.[1]);
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(120);
    expect(text).toMatch(/bo_test_gauge 3/);
    expect(text).toContain('process_cpu_user_seconds_total');
    open = 5;
    expect((await scrape()).body).toMatch(/bo_test_gauge 5/);
  });
});

describe('the request id', () => {
  it('is in every answer: header, and request_id in error bodies (a 500 too, without internals)', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/health' });
    expect(ok.headers['x-request-id']).toMatch(HEX16);
    const cases = [
      await call(t.app, 'GET', '/api/auth/admin/v1/userinfo'), // 401
      await call(t.app, 'GET', '/api/nothing/here'), // 404
      await t.app.inject({ method: 'GET', url: '/api/auth/admin/v1/captcha' }), // 400 tenant_required
      await call(t.app, 'GET', '/api/fixture/ops-boom'), // 500
    ];
    for (const res of cases) {
      const id = res.headers['x-request-id'];
      expect(id, res.body).toMatch(HEX16);
      expect(res.json().request_id).toBe(id);
    }
    expect(cases[3].json()).toEqual({
      message: 'Internal server error',
      code: 'internal',
      request_id: expect.any(String),
    });
    expect(new Set(cases.map((r) => r.headers['x-request-id'])).size).toBe(cases.length);
  });

  it("keeps the proxy's X-Request-Id when it is a short safe token, replaces anything else", async () => {
    const sent = (id: string) => call(t.app, 'GET', '/api/nothing/here', { headers: { 'x-request-id': id } });
    const kept = await sent('6f1c2a9e4b7d8c3a6f1c2a9e4b7d8c3a');
    expect(kept.headers['x-request-id']).toBe('6f1c2a9e4b7d8c3a6f1c2a9e4b7d8c3a');
    expect(kept.json().request_id).toBe('6f1c2a9e4b7d8c3a6f1c2a9e4b7d8c3a');
    for (const bad of [
      'short',
      'x'.repeat(65),
      'has space 1234',
      '<script>alert(1)</script>',
      'a|b|c|d|e|f',
      'ключ-12345678',
    ]) {
      const res = await sent(bad);
      expect(res.headers['x-request-id'], bad).toMatch(HEX16);
      expect(res.json().request_id).toBe(res.headers['x-request-id']);
    }
  });

  it('is in every log line of the request', async () => {
    const logged = await buildApp(
      { ...t.config, logLevel: 'info' },
      {
        database: t.database,
        logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    );
    try {
      logged.get('/api/fixture/log-boom', { config: { permission: 'public' } }, () => {
        throw new Error('boom');
      });
      await logged.ready();
      const id = 'trace-0123456789abcdef';
      const res = await logged.inject({
        method: 'GET',
        url: '/api/fixture/log-boom',
        headers: { 'x-tenant-id': 'tr', 'x-request-id': id },
      });
      expect(res.statusCode).toBe(500);
      await logged.inject({ method: 'GET', url: '/health' });
    } finally {
      await logged.close();
    }
    const ofRequests = lines.filter((l) => 'req' in l || 'res' in l || 'err' in l);
    expect(ofRequests.length).toBeGreaterThanOrEqual(5); // incoming, failed, completed; incoming, completed
    for (const line of ofRequests) expect(line.request_id, JSON.stringify(line)).toEqual(expect.any(String));
    const mine = lines.filter((l) => l.request_id === 'trace-0123456789abcdef');
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request failed', 'request completed']);
    expect(JSON.stringify(mine)).not.toContain('hunter2');
  });

  it('is in the audit rows the request writes, signed and chained: audit:verify passes, the list filters by it', async () => {
    // a refusal (403: a salesman on the audit log) and a write (a sign-in)
    const sales = (await login(t.app, 'sales')).access_token;
    const refused = await call(t.app, 'GET', '/api/audit/admin/v1/list', { token: sales });
    expect(refused.statusCode).toBe(403);
    const refusedId = refused.json().request_id as string;
    const signIn = await call(t.app, 'POST', '/api/auth/admin/v1/login', {
      body: { username: 'leader', password: 'e10adc3949ba59abbe56e057f20f883e' },
      headers: { 'x-request-id': 'lb-signin-000000000001' },
    });
    expect(signIn.statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tenantId, 'tr'))
      .orderBy(desc(auditLog.id))
      .limit(20);
    const denied = rows.find((r) => r.requestId === refusedId);
    expect(denied).toMatchObject({ action: 'access.denied', username: 'sales', result: 'denied' });
    expect(rows.find((r) => r.requestId === 'lb-signin-000000000001')).toMatchObject({ action: 'auth.login' });
    // a row written outside any request has none, and is signed as before migration 0032
    await writeAudit(t.database.db, { tenantId: 'tr', action: 'audit.suppressed', result: 'denied', detail: 'x' });
    const [outside] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(outside.requestId).toBeNull();
    expect(outside.mac).toBe(rowMac(t.config.auditHmacKey, { ...outside, requestId: undefined }));
    expect(denied!.mac).not.toBe(rowMac(t.config.auditHmacKey, { ...denied!, requestId: null }));

    expect((await verifyAuditChain(t.database.db, { key: t.config.auditHmacKey })).problems).toEqual([]);

    const list = await call(t.app, 'GET', `/api/audit/admin/v1/list?request_id=${refusedId}`, { token: admin });
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { request_id: string; origin: string; action: string }[];
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ request_id: refusedId, origin: 'api', action: 'access.denied' });
  });

  it('is covered by the chain and the signature: a changed request id fails audit:verify', async () => {
    const [row] = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.requestId, 'lb-signin-000000000001'));
    await t.asOwner(async (owner) => {
      await owner.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
      try {
        await owner.execute(sql`UPDATE audit_log SET request_id = 'lb-signin-000000000002' WHERE id = ${row.id}`);
      } finally {
        await owner.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
      }
    });
    const report = await verifyAuditChain(t.database.db, { key: t.config.auditHmacKey });
    expect(report.problems.filter((p) => p.id === row.id).map((p) => p.problem)).toEqual([
      'hash_mismatch',
      'mac_mismatch',
    ]);
  });
});
