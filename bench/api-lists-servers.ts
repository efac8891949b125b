/**
 * bench/api-lists.ts's servers: the real app and the bare Fastify + pg route, each run in its own Node process (the
 * entry forked with `--serve` / `--serve-bare`; the load generator runs in the parent).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { benchConfig, benchUrl } from './api-lists-setup';

// ---------------------------------------------------------------------------------------------------------------
// Child processes: the app and the bare route, each in its own Node process (the load generator runs here).

/** A statement as the app sent it to PostgreSQL (captured in the app's process, replayed by the bare route). */
export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
  rowMode?: string;
}

export async function serveApp(): Promise<void> {
  // Every statement the app sends goes through pg's Client#query: while capturing, each is kept (text, values, name),
  // so the bare route can run exactly what one request of a case runs.
  let captured: Statement[] | null = null;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (captured) {
      const [a, b] = args as [string | (Statement & { text: string }), unknown[] | undefined];
      const cfg = typeof a === 'string' ? { text: a, values: b ?? [] } : { ...a, values: a.values ?? b ?? [] };
      captured.push({ name: cfg.name, text: cfg.text, values: cfg.values, rowMode: cfg.rowMode });
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  process.on('message', (m: { capture?: 'start' | 'stop' }) => {
    if (m.capture === 'start') {
      captured = [];
      process.send!({ capturing: true });
    } else if (m.capture === 'stop') {
      process.send!({ statements: captured });
      captured = null;
    }
  });
  const config = benchConfig(process.env.BENCH_JWT_SECRET!);
  const database = await openDatabase(benchUrl, config.dataDir);
  const app = await buildApp(config, { database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  process.send!({ port: typeof addr === 'object' && addr ? addr.port : 0 });
  process.on(
    'disconnect',
    () =>
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
}

/**
 * The anchor: a bare Fastify app with a pg pool of the app's size (20). `/ok` answers {ok:true}; `/case/<n>` runs
 * the statements the app ran for one request of case n (set over IPC: the same texts, values and statement names, on
 * one connection, in order) and answers the last one's rows as JSON, with no authentication, scope or presenter.
 */
/** The type parsers drizzle's node-postgres driver uses: times, dates, intervals and their arrays stay text. */
export const RAW_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
export const asText = ((oid: number, format?: string) =>
  RAW_TYPES.has(oid)
    ? (v: string) => v
    : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser;

export async function serveBare(): Promise<void> {
  const app = Fastify({ logger: false });
  const pool = new pg.Pool({ connectionString: benchUrl, max: 20 });
  const cases = new Map<string, Statement[]>();
  process.on('message', (m: { case?: string; statements?: Statement[] }) => {
    if (m.case && m.statements) {
      cases.set(m.case, m.statements);
      process.send!({ ready: m.case });
    }
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get<{ Params: { n: string } }>('/case/:n', async (req) => {
    const statements = cases.get(req.params.n)!;
    const c = await pool.connect();
    try {
      let rows: unknown[] = [];
      for (const st of statements) {
        const res = await c.query({
          name: st.name,
          text: st.text,
          values: st.values,
          rowMode: st.rowMode as 'array',
          types: { getTypeParser: asText },
        });
        if (res.rows.length) rows = res.rows;
      }
      return { data: rows };
    } finally {
      c.release();
    }
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  process.send!({ port: typeof addr === 'object' && addr ? addr.port : 0 });
  process.on('disconnect', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
}

export function startChild(
  mode: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL('./api-lists.ts', import.meta.url)), [mode], {
    execArgv: process.execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, url: `http://127.0.0.1:${m.port}` }));
    // (later messages: captured statements, case set-up; read by `reply`)
    child.once('exit', (code) => reject(new Error(`${mode} exited with ${code}`)));
  });
}
