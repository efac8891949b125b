/**
 * Real API processes (`node --import tsx server/main.ts`, one port each) on a fresh PostgreSQL database: the one way
 * the tests and benches start them. `startApiCluster` starts several on a new database seeded with the demo staff (the
 * processes across one database: tests/server/multi-instance.pg.test.ts, live-multi-process.pg.test.ts,
 * bench/push-latency.ts); its parts (a database, a port, the environment, a process, waiting for it, stopping it,
 * signing in) serve a bench that drives one process itself (bench/kill9.ts). A process can be stopped and started
 * again on its port (an API restart).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { md5hex } from '../../server/security/password';

/** The repository's root: where `server/main.ts` runs from. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The demo staff's password (server/db/seed.ts). */
export const DEMO_PASSWORD = 'Demo@2026';

export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr), for the error that says why it did not start. */
  output: string[];
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A new, empty database `<prefix>_<random>` on the PostgreSQL server of `baseUrl`: its name and URL. */
export async function createDatabase(baseUrl: string, prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { name, url: url.toString() };
}

/** Drops a database made by createDatabase (its connections ended). */
export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const owner = new pg.Client({ connectionString: baseUrl });
  await owner.connect();
  await owner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await owner.end();
}

/** The secrets every process of one database shares (tokens signed by one are read by the others). */
export const newSecrets = () => ({
  JWT_SECRET: randomBytes(32).toString('base64url'),
  PASSWORD_PEPPER: randomBytes(32).toString('base64url'),
});
export type ApiSecrets = ReturnType<typeof newSecrets>;

/**
 * The environment of an API process on `dbUrl` listening on 127.0.0.1:`port`: test mode, no console, no demo seed
 * (the caller seeds), no captcha, a high sign-in limit, errors only in the log; `env` adds or overrides.
 */
export function apiEnv(o: {
  dbUrl: string;
  port: number;
  dataDir: string;
  secrets: ApiSecrets;
  env?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    DATABASE_URL: o.dbUrl,
    HOST: '127.0.0.1',
    PORT: String(o.port),
    DATA_DIR: o.dataDir,
    STATIC_DIR: `${o.dataDir}/no-console`,
    SEED_DEMO: 'off',
    AUTH_CAPTCHA: 'off',
    LOGIN_RATE_LIMIT: '1000',
    LOG_LEVEL: 'error',
    ...o.secrets,
    ...o.env,
  };
}

/** Starts an API process with `env` (apiEnv: its PORT is the process's port); its output is kept. */
export function spawnApi(env: NodeJS.ProcessEnv): ApiProcess {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  return { url: `http://127.0.0.1:${port}`, port, child, output };
}

/** Waits until the process answers HTTP (any status), failing early if it exited or at `deadline` (epoch ms). */
export async function waitUp(p: ApiProcess, deadline: number): Promise<void> {
  for (;;) {
    if (p.child.exitCode !== null) throw new Error(`API ${p.url} exited: ${p.output.join('')}`);
    try {
      await fetch(`${p.url}/api/ready-probe`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`API ${p.url} not up: ${p.output.join('')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Whether the process still runs. */
export const running = (p: ApiProcess): boolean => p.child.exitCode === null && p.child.signalCode === null;

/** Stops a process with `signal` (SIGTERM: as a restart does; SIGKILL after 5 s) and waits until it exited. */
export function stopApi(p: ApiProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!running(p)) return resolve();
    const hard = setTimeout(() => p.child.kill('SIGKILL'), 5_000);
    p.child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    p.child.kill(signal);
  });
}

/** Signs in on the API at `url` (tenant tr, the demo password); answers the access token. */
export async function signIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/admin/v1/login`, {
    method: 'POST',
    headers: { 'x-tenant-id': 'tr', 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: md5hex(DEMO_PASSWORD) }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in ${username}: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export interface ApiCluster {
  processes: ApiProcess[];
  /** The database's name and URL. */
  dbName: string;
  dbUrl: string;
  /** The secrets the processes share (a test that makes a captcha answer hashes with their pepper). */
  secrets: ApiSecrets;
  /** The API's own database handle (bo_app), for fixtures. */
  database: Database;
  /** Signs in on process `n` (tenant tr); answers the access token. */
  signIn(n: number, username: string): Promise<string>;
  /** Stops process `n` (SIGTERM, as a restart does) and waits for it to exit. */
  stop(n: number): Promise<void>;
  /** Starts process `n` again on its port and waits until it answers. */
  restart(n: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts `count` API processes together on a new database `<prefix>_<random>` of the PostgreSQL server of `baseUrl`
 * (they migrate it under the start-up lock), then seeds the demo staff with their pepper. `env`: what the processes
 * take beyond apiEnv's.
 */
export async function startApiCluster(
  baseUrl: string,
  { count = 3, prefix = 'bo_live', env = {} }: { count?: number; prefix?: string; env?: Record<string, string> } = {},
): Promise<ApiCluster> {
  const { name, url: dbUrl } = await createDatabase(baseUrl, prefix);
  const secrets = newSecrets();
  const dataDir = `/tmp/${name}`;
  const start = (port: number) => spawnApi(apiEnv({ dbUrl, port, dataDir, secrets, env }));
  const processes: ApiProcess[] = [];
  const killAll = () => {
    for (const p of processes) if (running(p)) p.child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (let i = 0; i < count; i++) processes.push(start(await freePort()));
  const deadline = Date.now() + 120_000;
  await Promise.all(processes.map((p) => waitUp(p, deadline)));
  const config = loadConfig(
    { NODE_ENV: 'test', DEMO_PASSWORD, DATA_DIR: dataDir },
    { jwtSecret: secrets.JWT_SECRET, passwordPepper: secrets.PASSWORD_PEPPER },
  );
  const database = await openDatabase(dbUrl, config.dataDir, 2);
  await seed(database.db, config);

  const stop = (n: number) => stopApi(processes[n]);
  return {
    processes,
    dbName: name,
    dbUrl,
    secrets,
    database,
    signIn: (n, username) => signIn(processes[n].url, username),
    stop,
    async restart(n) {
      await stop(n);
      processes[n] = start(processes[n].port);
      await waitUp(processes[n], Date.now() + 60_000);
    },
    async close() {
      await Promise.all(processes.map((_, n) => stop(n)));
      process.off('exit', killAll);
      await database.close();
      await dropDatabase(baseUrl, name);
    },
  };
}
