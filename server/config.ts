import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Everything the API reads from its environment; see README "Configuration" and .env.example. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir/pgdata`; 'memory://' for an in-memory PGlite (tests). */
  databaseUrl?: string;
  nodeEnv: string;
  demoPassword: string;
  /** false only when AUTH_CAPTCHA=off, which production mode refuses. */
  captcha: boolean;
  jwtSecret: string;
  passwordPepper: string;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  /** Failed sign-ins before an account is locked, and for how long. */
  lockoutThreshold: number;
  lockoutSec: number;
  /** Login attempts allowed per IP per minute. */
  loginRateLimitPerMin: number;
  /** Where the built console is served from; unset or missing: the API only. */
  staticDir?: string;
  /** Seed demo data on an empty database. */
  seedDemo: boolean;
}

interface Secrets {
  jwtSecret: string;
  passwordPepper: string;
}

/** Secrets from the environment, else generated once and kept in DATA_DIR/secrets.json: none is hard-coded. */
function loadSecrets(env: NodeJS.ProcessEnv, dataDir: string): Secrets {
  if (env.JWT_SECRET && env.PASSWORD_PEPPER) return { jwtSecret: env.JWT_SECRET, passwordPepper: env.PASSWORD_PEPPER };
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  const secrets: Secrets = {
    jwtSecret: env.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    passwordPepper: env.PASSWORD_PEPPER ?? stored.passwordPepper ?? randomBytes(48).toString('base64url'),
  };
  if (stored.jwtSecret !== secrets.jwtSecret || stored.passwordPepper !== secrets.passwordPepper) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

const int = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number.parseInt(v, 10));

/** Reads and validates the configuration; throws on a setting that must not be used. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const captcha = env.AUTH_CAPTCHA !== 'off';
  if (!captcha && nodeEnv === 'production') {
    throw new Error('AUTH_CAPTCHA=off is for automated tests only and is refused when NODE_ENV=production');
  }
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const secrets =
    overrides.jwtSecret && overrides.passwordPepper
      ? { jwtSecret: overrides.jwtSecret, passwordPepper: overrides.passwordPepper }
      : loadSecrets(env, dataDir);
  const config: Config = {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    nodeEnv,
    demoPassword: env.DEMO_PASSWORD ?? 'Demo@2026',
    captcha,
    ...secrets,
    accessTokenTtlSec: int(env.ACCESS_TOKEN_TTL, 900),
    refreshTokenTtlSec: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    lockoutThreshold: int(env.LOCKOUT_THRESHOLD, 5),
    lockoutSec: int(env.LOCKOUT_SECONDS, 900),
    loginRateLimitPerMin: int(env.LOGIN_RATE_LIMIT, 20),
    staticDir: env.STATIC_DIR ?? resolve('dist'),
    seedDemo: env.SEED_DEMO !== 'off',
    ...overrides,
  };
  if (config.captcha === false && config.nodeEnv === 'production') {
    throw new Error('AUTH_CAPTCHA=off is for automated tests only and is refused when NODE_ENV=production');
  }
  return config;
}
