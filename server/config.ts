import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Everything the API reads from its environment; see README "Configuration" and .env.example. */
export interface Config {
  port: number;
  /** Interface to listen on (HOST): default 127.0.0.1 in development and test (demo staff, published password), else all. */
  host: string;
  /**
   * The origin browsers reach the API at (PUBLIC_ORIGIN, e.g. https://bo.example.com): the local store's presigned
   * and public file URLs are built on it, never on the request's Host header. Default http://localhost:<PORT>.
   */
  publicOrigin: string;
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir/pgdata`; 'memory://' for an in-memory PGlite (tests). */
  databaseUrl?: string;
  /**
   * PostgreSQL: the owner's URL that migrations run with (DATABASE_OWNER_URL); `databaseUrl` is then the API's own
   * login (bo_app or a member of it). Unset: `databaseUrl` is the owner's and the API signs in as bo_app.
   */
  databaseOwnerUrl?: string;
  /** The password of bo_app when its login is derived from DATABASE_URL (DATABASE_APP_PASSWORD). */
  databaseAppPassword?: string;
  nodeEnv: string;
  demoPassword: string;
  /** false only when AUTH_CAPTCHA=off, which production mode refuses. */
  captcha: boolean;
  jwtSecret: string;
  passwordPepper: string;
  /**
   * The key the API signs audit rows and chain checkpoints with (AUDIT_HMAC_KEY; else generated into
   * DATA_DIR/secrets.json). Never stored in the database: that is what a database owner cannot forge.
   */
  auditHmacKey: string;
  /** The append-only file of signed audit-chain checkpoints (AUDIT_CHECKPOINT_FILE, default DATA_DIR/audit-checkpoints.jsonl). */
  auditCheckpointFile: string;
  /** Seconds between checkpoints when a head moved (AUDIT_CHECKPOINT_SECONDS, default 60; 0: none, the default in test). */
  auditCheckpointSec: number;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  /** A refresh token presented again this soon after its use answers the same successor (two tabs); later: reuse. */
  refreshGraceSec: number;
  /** A session ends this long after sign-in however often it is refreshed (SESSION_MAX_HOURS). */
  sessionMaxSec: number;
  /** Failed sign-ins before an account is locked, and for how long. */
  lockoutThreshold: number;
  lockoutSec: number;
  /** Login attempts allowed per IP per minute. */
  loginRateLimitPerMin: number;
  /** Where the built console is served from; unset or missing: the API only. */
  staticDir?: string;
  /** Seed demo data on an empty database (development and test only; elsewhere one administrator per tenant). */
  seedDemo: boolean;
  /** Password of the administrator created on an empty database outside development/test; unset: random, printed once. */
  adminPassword?: string;
  /** Whether /docs (OpenAPI UI and JSON) is served: always in development/test, elsewhere only with DOCS_PUBLIC=true. */
  docs: boolean;
  /** Fastify's trustProxy: false (default), a hop count, true, or addresses/CIDRs of the trusted proxies. */
  trustProxy: boolean | number | string[];
  /** Origins of the S3 endpoint and public URL when configured (images and presigned uploads in the CSP). */
  s3Origins: string[];
  /** Fastify's log level (LOG_LEVEL): default silent in test, warn in development, info otherwise. */
  logLevel: string;
  /** The bearer token of GET /metrics (METRICS_TOKEN); unset: /metrics is 404 (docs/operations.md). */
  metricsToken?: string;
  /** PostgreSQL connections of the API's pool per process (DATABASE_POOL_SIZE, default 20; docs/operations.md). */
  databasePoolSize: number;
  /**
   * Seconds between the pings of a live event stream, each after a check of its session (LIVE_HEARTBEAT_SECONDS,
   * default 15; docs/live-updates.md). A session that ends through the API ends its streams at once whatever this is.
   */
  liveHeartbeatSec: number;
}

/** development and test allow the shortcuts (demo staff with a known password, AUTH_CAPTCHA=off, public /docs). */
export const isDevOrTest = (nodeEnv: string) => nodeEnv === 'development' || nodeEnv === 'test';

/** TRUST_PROXY: unset/off/false, true, a hop count, or a comma list of addresses and CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'off' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of list) {
    if (!/^([0-9a-fA-F.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(item)) {
      throw new Error(`TRUST_PROXY: "${item}" is not an address or CIDR (use off, true, a hop count or a comma list)`);
    }
  }
  return list;
}

function origins(env: NodeJS.ProcessEnv): string[] {
  const out = new Set<string>();
  for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_URL']) {
    const url = env[name];
    if (!url) continue;
    try {
      out.add(new URL(url).origin);
    } catch {
      throw new Error(`${name} is not a URL: ${url}`);
    }
  }
  return [...out];
}

interface Secrets {
  jwtSecret: string;
  passwordPepper: string;
  auditHmacKey: string;
}

/** The audit key of a process whose secrets are given as overrides (tests): one per process, so every app agrees. */
const processAuditKey = randomBytes(48).toString('base64url');

/** Secrets from the environment, else generated once and kept in DATA_DIR/secrets.json: none is hard-coded. */
function loadSecrets(env: NodeJS.ProcessEnv, dataDir: string): Secrets {
  if (env.JWT_SECRET && env.PASSWORD_PEPPER && env.AUDIT_HMAC_KEY) {
    return { jwtSecret: env.JWT_SECRET, passwordPepper: env.PASSWORD_PEPPER, auditHmacKey: env.AUDIT_HMAC_KEY };
  }
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  const secrets: Secrets = {
    jwtSecret: env.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    passwordPepper: env.PASSWORD_PEPPER ?? stored.passwordPepper ?? randomBytes(48).toString('base64url'),
    auditHmacKey: env.AUDIT_HMAC_KEY ?? stored.auditHmacKey ?? randomBytes(48).toString('base64url'),
  };
  if (
    stored.jwtSecret !== secrets.jwtSecret ||
    stored.passwordPepper !== secrets.passwordPepper ||
    stored.auditHmacKey !== secrets.auditHmacKey
  ) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

const int = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number.parseInt(v, 10));

/** PUBLIC_ORIGIN as an origin (scheme, host, port; no path), or http://localhost:<port> when unset. */
export function publicOriginOf(value: string | undefined, port: number): string {
  const v = value?.trim();
  if (!v) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_ORIGIN is not a URL: ${v}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_ORIGIN must be http(s): ${v}`);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_ORIGIN is an origin only (scheme://host[:port]), without a path: ${v}`);
  }
  return url.origin;
}

/** Reads and validates the configuration; throws on a setting that must not be used. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const captcha = env.AUTH_CAPTCHA !== 'off';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const secrets =
    overrides.jwtSecret && overrides.passwordPepper
      ? {
          jwtSecret: overrides.jwtSecret,
          passwordPepper: overrides.passwordPepper,
          auditHmacKey: env.AUDIT_HMAC_KEY ?? processAuditKey,
        }
      : loadSecrets(env, dataDir);
  const port = int(env.PORT, 8080);
  const config: Config = {
    port,
    // Development and test seed demo staff with a published password: reachable from this machine only, unless HOST.
    host: env.HOST || (isDevOrTest(nodeEnv) ? '127.0.0.1' : '0.0.0.0'),
    publicOrigin: publicOriginOf(env.PUBLIC_ORIGIN, port),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseOwnerUrl: env.DATABASE_OWNER_URL || undefined,
    databaseAppPassword: env.DATABASE_APP_PASSWORD || undefined,
    nodeEnv,
    demoPassword: env.DEMO_PASSWORD ?? 'Demo@2026',
    captcha,
    ...secrets,
    auditCheckpointFile: resolve(env.AUDIT_CHECKPOINT_FILE || join(dataDir, 'audit-checkpoints.jsonl')),
    auditCheckpointSec: int(env.AUDIT_CHECKPOINT_SECONDS, nodeEnv === 'test' ? 0 : 60),
    accessTokenTtlSec: int(env.ACCESS_TOKEN_TTL, 900),
    refreshTokenTtlSec: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    refreshGraceSec: int(env.REFRESH_GRACE_SECONDS, 30),
    sessionMaxSec: Math.round((Number(env.SESSION_MAX_HOURS) || 12) * 3600),
    lockoutThreshold: int(env.LOCKOUT_THRESHOLD, 5),
    lockoutSec: int(env.LOCKOUT_SECONDS, 900),
    loginRateLimitPerMin: int(env.LOGIN_RATE_LIMIT, 20),
    staticDir: env.STATIC_DIR ?? resolve('dist'),
    seedDemo: env.SEED_DEMO !== 'off',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    docs: isDevOrTest(nodeEnv) || env.DOCS_PUBLIC === 'true',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    s3Origins: origins(env),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : nodeEnv === 'development' ? 'warn' : 'info'),
    metricsToken: env.METRICS_TOKEN || undefined,
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 20),
    liveHeartbeatSec: int(env.LIVE_HEARTBEAT_SECONDS, 15),
    ...overrides,
  };
  if (config.databaseOwnerUrl && !config.databaseUrl) {
    throw new Error("DATABASE_OWNER_URL is set without DATABASE_URL (the API's own login to the same database)");
  }
  if (config.auditHmacKey.length < 32) throw new Error('AUDIT_HMAC_KEY must be at least 32 characters');
  if (config.metricsToken !== undefined && config.metricsToken.length < 16) {
    throw new Error('METRICS_TOKEN must be at least 16 characters');
  }
  if (!Number.isSafeInteger(config.liveHeartbeatSec) || config.liveHeartbeatSec < 1) {
    throw new Error('LIVE_HEARTBEAT_SECONDS must be a whole number of seconds, at least 1');
  }
  if (!Number.isSafeInteger(config.databasePoolSize) || config.databasePoolSize < 2) {
    throw new Error('DATABASE_POOL_SIZE must be a whole number of connections, at least 2');
  }
  if (!Number.isSafeInteger(config.auditCheckpointSec) || config.auditCheckpointSec < 0) {
    throw new Error('AUDIT_CHECKPOINT_SECONDS must be whole seconds (0: no scheduled checkpoints)');
  }
  if (config.captcha === false && !isDevOrTest(config.nodeEnv)) {
    throw new Error(
      `AUTH_CAPTCHA=off is for automated tests only and is refused when NODE_ENV=${config.nodeEnv} (only development and test allow it)`,
    );
  }
  return config;
}
