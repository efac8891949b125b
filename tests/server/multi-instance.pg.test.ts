/**
 * Three real API processes (`node --import tsx server/main.ts` on three ports) on one fresh PostgreSQL database: the
 * rate limit, the lockout, the captcha and session revocation hold across them. Runs only with DATABASE_URL
 * (vitest.server.config.ts). The processes (tests/server/api-processes.ts startApiCluster) start together on the empty
 * database (migrations under the start-up lock), then the demo staff are seeded. TRUST_PROXY=loopback lets each part
 * of the test sign in from its own address (X-Forwarded-For), so the per-address counts of one part do not touch
 * another's.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5hex } from '../../server/security/password';
import { keyedHash } from '../../server/security/tokens';
import { ROOT, startApiCluster, type ApiCluster } from './api-processes';
import { DEMO_PASSWORD } from './helpers';

const BASE = process.env.DATABASE_URL!;
const RATE_LIMIT = 8;
const LOCKOUT_THRESHOLD = 3;
const GRACE_SEC = 1;

const LOGIN = '/api/auth/admin/v1/login';
const REFRESH = '/api/auth/admin/v1/token/refresh';
const LOGOUT = '/api/auth/admin/v1/logout';
const USERINFO = '/api/auth/admin/v1/userinfo';
const CAPTCHA = '/api/auth/admin/v1/captcha';

let cluster: ApiCluster;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A request to instance `n` (0, 1, 2) of tenant tr from address `ip`. */
async function api(
  n: number,
  method: string,
  path: string,
  opts: { ip: string; token?: string; body?: unknown },
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-tenant-id': 'tr', 'x-forwarded-for': opts.ip };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${cluster.processes[n].url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

const credentials = (username: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) => ({
  username,
  password: md5hex(password),
  ...extra,
});

async function signIn(n: number, username: string, ip: string) {
  const res = await api(n, 'POST', LOGIN, { ip, body: credentials(username) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

const userinfo = (n: number, token: string, ip: string) => api(n, 'GET', USERINFO, { ip, token });

const exec = (query: ReturnType<typeof sql>) => cluster.database.db.execute(query);

beforeAll(async () => {
  // Started together on the empty database (migrated by the processes, one at a time); the demo staff seeded after.
  cluster = await startApiCluster(BASE, {
    count: 3,
    prefix: 'bo_mi',
    env: {
      TRUST_PROXY: 'loopback',
      LOGIN_RATE_LIMIT: String(RATE_LIMIT),
      LOCKOUT_THRESHOLD: String(LOCKOUT_THRESHOLD),
      LOCKOUT_SECONDS: '60',
      REFRESH_GRACE_SECONDS: String(GRACE_SEC),
    },
  });
});

afterAll(async () => {
  await cluster?.close();
});

/**
 * The status `userinfo` answers on instance `n` once the change has reached it: asked again every 20 ms for up to
 * 1 s. The notification of another process's write travels asynchronously (about a millisecond on an idle machine,
 * more on a loaded one); 1 s is well inside the 3 s the session check stays cached without it, so a 401 here proves
 * the notification.
 */
async function statusSoon(n: number, token: string, ip: string, want: number): Promise<number> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const status = (await userinfo(n, token, ip)).status;
    if (status === want || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('three API processes on one PostgreSQL database', () => {
  it('start together on an empty database: migrations applied once, each listening for invalidations', async () => {
    const journal = JSON.parse(readFileSync(`${ROOT}server/db/migrations/meta/_journal.json`, 'utf8'));
    const owner = new pg.Client({ connectionString: cluster.dbUrl });
    await owner.connect();
    try {
      const applied = await owner.query(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
      expect(applied.rows[0].n).toBe(journal.entries.length);
      const listeners = await owner.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'bo-cache-listener'`,
        [cluster.dbName],
      );
      expect(listeners.rows[0].n).toBe(3);
    } finally {
      await owner.end();
    }
  });

  it('count one rate limit: hits spread round-robin get 429 at the limit on every process', async () => {
    const ip = '10.1.0.1';
    for (let k = 0; k < RATE_LIMIT; k++) {
      const res = await api(k % 3, 'POST', LOGIN, { ip, body: credentials(`nobody${k}`, 'Wrong#2026') });
      expect(res.status, `hit ${k + 1}`).toBe(401);
    }
    for (let n = 0; n < 3; n++) {
      const res = await api(n, 'POST', LOGIN, { ip, body: credentials('admin') });
      expect(res.status, `instance ${n}`).toBe(429);
      expect(res.body.code).toBe('rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address, and another bucket of the same address, are not affected.
    expect((await api(0, 'POST', LOGIN, { ip: '10.1.0.2', body: credentials('nobody', 'Wrong#2026') })).status).toBe(
      401,
    );
    expect((await api(1, 'GET', CAPTCHA, { ip })).status).toBe(200);
    const rows = await exec(sql`SELECT prev_hits + hits AS n FROM rate_limit WHERE bucket = 'login' AND key = ${ip}`);
    expect(rows.rows).toEqual([{ n: RATE_LIMIT }]);
  });

  it('share the lockout, and a captcha issued by one is accepted by another, once', async () => {
    const attacker = '10.2.0.1';
    const owner = '10.2.0.2';
    for (let k = 0; k < LOCKOUT_THRESHOLD; k++) {
      const res = await api(k % 3, 'POST', LOGIN, { ip: attacker, body: credentials('sales', 'Wrong#2026') });
      expect(res.status, `failure ${k + 1}`).toBe(k + 1 < LOCKOUT_THRESHOLD ? 401 : 423);
    }
    // Failures from every address reached the threshold: a captcha is required for this username on every process.
    const without = await api(1, 'POST', LOGIN, { ip: owner, body: credentials('sales') });
    expect(without.status).toBe(400);
    expect(without.body.code).toBe('captcha_required');
    const issued = await api(0, 'GET', `${CAPTCHA}?force=true`, { ip: owner });
    expect(issued.status).toBe(200);
    const id = issued.body.captcha_id as string;
    // The answer is drawn in an image: the test gives the issued captcha a known answer (it knows the pepper).
    await exec(
      sql`UPDATE captcha SET answer_hash = ${keyedHash(cluster.secrets.PASSWORD_PEPPER, 'captcha:k7pq')} WHERE id = ${id}`,
    );
    const withCaptcha = credentials('sales', DEMO_PASSWORD, { captcha_id: id, captcha: 'K7PQ' });
    expect((await api(1, 'POST', LOGIN, { ip: owner, body: withCaptcha })).status).toBe(200);
    const again = await api(2, 'POST', LOGIN, { ip: owner, body: withCaptcha });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('captcha_invalid');
    // The attacker's address stays locked out everywhere, even with the right password and a good captcha.
    for (let n = 0; n < 3; n++) {
      const fresh = await api(n, 'GET', `${CAPTCHA}?force=true`, { ip: attacker });
      const cid = fresh.body.captcha_id as string;
      await exec(
        sql`UPDATE captcha SET answer_hash = ${keyedHash(cluster.secrets.PASSWORD_PEPPER, 'captcha:k7pq')} WHERE id = ${cid}`,
      );
      const res = await api(n, 'POST', LOGIN, {
        ip: attacker,
        body: credentials('sales', DEMO_PASSWORD, { captcha_id: cid, captcha: 'k7pq' }),
      });
      expect(res.status, `instance ${n}`).toBe(423);
    }
  });

  it('a sign-out through one process is refused by the others at once, though their session checks are cached', async () => {
    const ip = '10.3.0.1';
    const { access_token } = await signIn(0, 'sales2', ip);
    for (const n of [1, 2]) expect((await userinfo(n, access_token, ip)).status).toBe(200);
    // The checks are cached: a change made straight in the database (no notification) is not seen yet.
    await exec(sql`UPDATE staff_user SET active = false WHERE tenant_id = 'tr' AND username = 'sales2'`);
    try {
      expect((await userinfo(1, access_token, ip)).status).toBe(200);
    } finally {
      await exec(sql`UPDATE staff_user SET active = true WHERE tenant_id = 'tr' AND username = 'sales2'`);
    }
    const started = Date.now();
    expect((await api(0, 'POST', LOGOUT, { ip, token: access_token })).status).toBeLessThan(300);
    for (const n of [1, 2, 0]) expect(await statusSoon(n, access_token, ip, 401), `instance ${n}`).toBe(401);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a user disabled through one process is refused by the others at once', async () => {
    const ip = '10.4.0.1';
    const { access_token } = await signIn(0, 'sales3', ip);
    for (const n of [0, 1]) expect((await userinfo(n, access_token, ip)).status).toBe(200);
    const admin = await signIn(2, 'admin', ip);
    const [{ id }] = (
      await exec(sql`SELECT id::int AS id FROM staff_user WHERE tenant_id = 'tr' AND username = 'sales3'`)
    ).rows as { id: number }[];
    const off = await api(2, 'PUT', `/api/user/v1/status/${id}`, {
      ip,
      token: admin.access_token,
      body: { active: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    for (const n of [0, 1]) expect(await statusSoon(n, access_token, ip, 401), `instance ${n}`).toBe(401);
  });

  it('a refresh token rotated on one process is answered within the grace by another; reused later, the session ends everywhere', async () => {
    const ip = '10.5.0.1';
    const first = await signIn(0, 'leader', ip);
    const rotated = await api(0, 'POST', REFRESH, { ip, token: first.refresh_token });
    expect(rotated.status).toBe(200);
    const twin = await api(1, 'POST', REFRESH, { ip, token: first.refresh_token });
    expect(twin.status).toBe(200);
    expect(twin.body.refresh_token).toBe(rotated.body.refresh_token);
    const access = rotated.body.access_token as string;
    for (const n of [0, 1]) expect((await userinfo(n, access, ip)).status).toBe(200);
    await new Promise((r) => setTimeout(r, GRACE_SEC * 1000 + 200));
    // After the grace: taken as stolen, the whole session is revoked through process 2 ...
    expect((await api(2, 'POST', REFRESH, { ip, token: first.refresh_token })).status).toBe(401);
    // ... and the others refuse its tokens at once.
    for (const n of [0, 1]) expect(await statusSoon(n, access, ip, 401), `instance ${n}`).toBe(401);
    expect((await api(1, 'POST', REFRESH, { ip, token: rotated.body.refresh_token as string })).status).toBe(401);
  });
});
