/**
 * `npm run bench:api`: the client and deposit lists at 1M clients on PostgreSQL, against the same SQL behind a bare
 * Fastify + pg route.
 *
 * 1. Database `BENCH_DB` (a name on the server of DATABASE_URL, default postgres://root@127.0.0.1:5432/test, or a
 *    full postgres:// URL; default bo_bench): migrations (openDatabase), demo staff (server/db/seed.ts), then the bulk
 *    seed of bench/seed-large.ts (1M clients, ~1.15M accounts, 1M deposits of which 60 % approved with their ledger
 *    entries), VACUUM ANALYZE, and checkLedger over the result. An already seeded database of the right size is
 *    reused; `--reseed` rebuilds it.
 * 2. The real app (buildApp, captcha off, one Node process like production) and a bare Fastify + pg app each run in
 *    a child process on 127.0.0.1. For each list case the app's statements for one request are captured from its
 *    driver and the bare app runs exactly those (`/case/<n>`); autocannon (this process) loads app and bare route in
 *    interleaved rounds (A, B, A, B) at 20 and 50 connections and the ratios are reported.
 * 3. Writes "## API lists against a bare route" into bench/results.md (other sections are kept).
 *    `--absolute` runs the older absolute run instead (every list and statistics case, p99 budget of 50 ms; section
 *    "## API lists at 1M clients").
 *
 * Options: --rounds N (per side, default 2), --duration S (default 5; absolute: 20), --connections 20,50,
 * --only <substring of a case name>, --no-write (print only), --reseed, --clients N, --deposits N, --skip-check
 * (no ledger check), --seed-only (prepare the database and stop).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seed } from '../server/db/seed';
import { checkLedger, formatReport } from '../server/ledger/check';
import { md5hex } from '../server/security/password';
import { seedLarge } from './seed-large';

/** The bench database: `BENCH_DB` (a database name on DATABASE_URL's server, or a full postgres:// URL), default bo_bench. */
const BENCH_DB = process.env.BENCH_DB || 'bo_bench';
const DEMO_PASSWORD = 'Demo@2026';
/** Fixed so a reused database's staff hashes stay valid across runs (bench data only, not a secret). */
const BENCH_PEPPER = 'bench-only-pepper-not-a-secret-0123456789';
const BUDGET_P99_MS = 50;
const DEEP_RATIO = 1.2;

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, d: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : d;
};

const baseUrl = /^postgres(ql)?:/.test(BENCH_DB)
  ? BENCH_DB.replace(/\/[^/?]*(\?|$)/, '/postgres$1')
  : process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const DB_NAME = /^postgres(ql)?:/.test(BENCH_DB) ? new URL(BENCH_DB).pathname.slice(1) : BENCH_DB;
const benchUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

const benchConfig = (jwtSecret: string) =>
  loadConfig(
    { NODE_ENV: 'development', DEMO_PASSWORD, DATA_DIR: '/tmp/bo-bench-data' },
    {
      databaseUrl: benchUrl,
      captcha: false,
      jwtSecret,
      passwordPepper: BENCH_PEPPER,
      accessTokenTtlSec: 3600,
      loginRateLimitPerMin: 100_000,
      staticDir: undefined,
      seedDemo: false,
    },
  );

// ---------------------------------------------------------------------------------------------------------------
// Child processes: the app and the bare route, each in its own Node process (the load generator runs here).

/** A statement as the app sent it to PostgreSQL (captured in the app's process, replayed by the bare route). */
interface Statement {
  name?: string;
  text: string;
  values: unknown[];
  rowMode?: string;
}

async function serveApp(): Promise<void> {
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
const RAW_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const asText = ((oid: number, format?: string) =>
  RAW_TYPES.has(oid)
    ? (v: string) => v
    : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser;

async function serveBare(): Promise<void> {
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

function startChild(mode: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(import.meta.url), [mode], {
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

// ---------------------------------------------------------------------------------------------------------------
// Database

async function prepareDatabase(size: { clients: number; deposits: number }): Promise<{ seededIn: number | null }> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DB_NAME])).rowCount === 1;
  let reuse = false;
  if (exists && !flag('reseed')) {
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    try {
      const r = await c.query(`SELECT (SELECT count(*) FROM client WHERE tenant_id = 'tr')::int AS clients,
        (SELECT count(*) FROM deposit_record)::int AS deposits`);
      // the statistics cases add a few deposits of their own through the API (deposits approved meanwhile)
      reuse = r.rows[0].clients === size.clients && r.rows[0].deposits >= size.deposits;
    } catch {
      reuse = false;
    } finally {
      await c.end();
    }
  }
  if (!reuse) {
    if (exists) await admin.query(`DROP DATABASE ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
  }
  await admin.end();

  // Migrations (new ones apply to a reused database too) and the demo staff.
  const config = benchConfig('unused');
  const database = await openDatabase(benchUrl, config.dataDir, 2);
  await seed(database.db, config);
  let seededIn: number | null = null;
  if (!reuse) {
    console.log(`seeding ${size.clients} clients and ${size.deposits} deposits into ${DB_NAME}...`);
    const t0 = Date.now();
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    try {
      await seedLarge(c, size, console.log);
    } finally {
      await c.end();
    }
    // The bulk load ran with triggers off: the dashboard's kept sums are built from the records once.
    const t2 = Date.now();
    await database.db.execute(sql`SELECT stat_rebuild('tr')`);
    await database.db.execute(sql`ANALYZE stat_client, stat_money, stat_balance, stat_order, stat_order_day`);
    console.log(`  statistics rebuilt in ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    seededIn = (Date.now() - t0) / 1000;
    console.log(`seeded in ${seededIn.toFixed(0)} s`);
    if (!flag('skip-check')) {
      const t1 = Date.now();
      const report = await checkLedger(database.db);
      console.log(formatReport(report));
      console.log(`ledger check in ${((Date.now() - t1) / 1000).toFixed(0)} s`);
      if (!report.ok) throw new Error('the bench data breaks a ledger invariant');
    }
  } else {
    console.log(`reusing ${DB_NAME} (${size.clients} clients, ${size.deposits} deposits); --reseed to rebuild`);
    // Migrations may have rewritten rows since the seed (backfills): the visibility map and statistics as a freshly
    // seeded (or autovacuumed) database has them, so figures do not depend on when autovacuum last ran.
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    try {
      await c.query(`VACUUM (ANALYZE) client, account, deposit_record, ledger_txn, ledger_entry, stat_client, stat_money,
        stat_balance, stat_order, stat_order_day`);
    } finally {
      await c.end();
    }
  }
  await database.close();
  return { seededIn };
}

// ---------------------------------------------------------------------------------------------------------------
// Load

interface Case {
  name: string;
  path: string;
  as?: 'admin' | 'sales' | 'leader';
  /** The first-page case this deep page is compared with. */
  deepOf?: string;
  /** A page whose `next_cursor` this case passes as `cursor` (keyset paging, as the console does page by page). */
  cursorFrom?: string;
  /** Shown for information: no verdict against the deep-page budget. */
  info?: string;
  /** The query string of the nth request (each request a different one, so no answer comes from a cache). */
  vary?: (n: number) => string;
  /** Connections of this case (default: --connections). */
  connections?: number;
  /** While it loads, deposits are made and approved through the API (each write drops the read cache). */
  writes?: boolean;
}

interface Measured extends Case {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  total: string;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Last month's range (from its 1st to its last day). */
const lastMonth = () => {
  const first = new Date(`${day(0).slice(0, 8)}01T00:00:00Z`);
  const end = new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10);
  return `from=${end.slice(0, 8)}01&to=${end}`;
};

function cases(): Case[] {
  const range = `created_at_from=${day(-30)}&created_at_to=${day(0)}`;
  const list: Case[] = [{ name: 'bare Fastify route (ceiling)', path: '/ok' }];
  const clients = '/api/client/admin/v1/list?page_size=20';
  const deposits = '/api/deposit/admin/v1/list?page_size=20';
  for (const as of ['admin', 'sales', 'leader'] as const) {
    const who = { admin: 'admin (god)', sales: 'salesman (hero)', leader: 'team leader (superman)' }[as];
    const deep = (what: string, base: string): Case[] => [
      {
        name: `${who}: ${what}, page 2000 (cursor)`,
        as,
        path: `${base}&page=2000`,
        cursorFrom: `${base}&page=1999`,
        deepOf: `${who}: ${what}, page 1`,
      },
      {
        name: `${who}: ${what}, page 2000 (page number only)`,
        as,
        path: `${base}&page=2000`,
        info: 'a direct jump: OFFSET 39,980 read through the index',
      },
    ];
    list.push({ name: `${who}: clients, page 1`, as, path: `${clients}&page=1` });
    if (as === 'leader') {
      list.push({ name: `${who}: deposits, page 1`, as, path: `${deposits}&page=1` });
      continue;
    }
    list.push(
      ...deep('clients', clients),
      {
        name: `${who}: clients, username prefix + fake=false + kyc_status`,
        as,
        path: `${clients}&page=1&username=chen12&fake=false&kyc_status=approved`,
      },
      { name: `${who}: deposits, page 1`, as, path: `${deposits}&page=1` },
      ...deep('deposits', deposits),
      {
        name: `${who}: deposits, status=pending + last 30 days`,
        as,
        path: `${deposits}&page=1&status=pending&${range}`,
      },
    );
  }
  // Dashboard statistics (server/modules/dashboard): every request asks for another date range (ending 0 to 29 days
  // ago, 1 to 997 days long), so none is answered from the 10 s read cache: each measures the statistic itself.
  const ranged = (n: number) => {
    const end = Math.floor(n / 997) % 30;
    return `from=${day(-end - (n % 997))}&to=${day(-end)}`;
  };
  for (const [as, part] of [
    ['admin', 'summary'],
    ['admin', 'product'],
    ['admin', 'team'],
    ['admin', 'team_product'],
    ['leader', 'summary'],
    ['leader', 'team'],
    ['sales', 'summary'],
    ['sales', 'product'],
  ] as const) {
    const who = { admin: 'admin (god)', sales: 'salesman (hero)', leader: 'team leader (superman)' }[as];
    list.push({
      name: `${who}: statistics ${part}, a different range each request`,
      as,
      path: `/api/dashboard/admin/v1/${part}?${ranged(0)}`,
      vary: (n) => `/api/dashboard/admin/v1/${part}?${ranged(n)}`,
      info: 'every request a range nobody asked for: bound by the 2 cores it shares with the load generator',
    });
  }
  // What staff ask for (the range bar's presets: today, this month, last month) while deposits are made and approved
  // through the API: every write drops the cached answers, so the load mixes cached and fresh statistics as in use.
  const presets = [`from=${day(0)}&to=${day(0)}`, `from=${day(0).slice(0, 8)}01&to=${day(0)}`, lastMonth()];
  for (const [as, part] of [
    ['admin', 'summary'],
    ['admin', 'team'],
    ['leader', 'summary'],
    ['sales', 'summary'],
  ] as const) {
    const who = { admin: 'admin (god)', sales: 'salesman (hero)', leader: 'team leader (superman)' }[as];
    list.push({
      name: `${who}: statistics ${part}, the presets, while deposits are approved`,
      as,
      path: `/api/dashboard/admin/v1/${part}?${presets[0]}`,
      vary: (n) => `/api/dashboard/admin/v1/${part}?${presets[n % presets.length]}`,
      writes: true,
    });
  }
  // The same, one request at a time: what one staff member waits for a statistic nobody asked for before.
  for (const part of ['summary', 'team'] as const)
    list.push({
      name: `admin (god): statistics ${part}, a different range each request, 1 connection`,
      as: 'admin',
      path: `/api/dashboard/admin/v1/${part}?${ranged(0)}`,
      vary: (n) => `/api/dashboard/admin/v1/${part}?${ranged(n)}`,
      connections: 1,
    });
  const only = opt('only', '');
  return only ? list.filter((c) => c.name.includes(only) || c.name.startsWith('bare')) : list;
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/admin/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-id': 'tr' },
    body: JSON.stringify({ username, password: md5hex(DEMO_PASSWORD) }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
  vary?: (n: number) => string,
) {
  let n = 1;
  const requests = vary ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: vary(n++) }) }] : undefined;
  return autocannon({ url, headers, connections, duration, pipelining: 1, requests });
}

/** Makes and approves small deposits through the API until `stop()`: a staff deposit by the admin, approved by the
 * supervisor (maker-checker), one every `everyMs`. Answers how many were approved. */
function depositWriter(base: string, tokens: { admin: string; supervisor: string }, everyMs = 100) {
  let running = true;
  let done = 0;
  const send = (token: string, method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-tenant-id': 'tr', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const loop = (async () => {
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    const acc = (await c.query(`SELECT id, client_id FROM account WHERE tenant_id = 'tr' AND currency = 'USD' LIMIT 1`))
      .rows[0] as { id: string; client_id: string };
    await c.end();
    while (running) {
      const t0 = Date.now();
      const made = await send(tokens.admin, 'POST', `/api/deposit/admin/v2/specialized/${acc.client_id}`, {
        account_id: Number(acc.id),
        amount: '1.23',
        currency: 'USD',
        sub_type: 'bank',
      });
      if (made.status !== 200) throw new Error(`deposit: ${made.status} ${await made.text()}`);
      const { id } = (await made.json()) as { id: number };
      const ok = await send(tokens.supervisor, 'PUT', `/api/deposit/admin/v1/audit/${id}`, { status: 'approved' });
      if (ok.status !== 200) throw new Error(`approve: ${ok.status} ${await ok.text()}`);
      done++;
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (Date.now() - t0))));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return done;
    },
  };
}

let writerTokens: { admin: string; supervisor: string } | undefined;

async function measure(c: Case, base: string, headers: Record<string, string>): Promise<Measured> {
  let url = `${base}${c.path}`;
  if (c.cursorFrom) {
    const prev = (await (await fetch(`${base}${c.cursorFrom}`, { headers })).json()) as { next_cursor?: string };
    if (!prev.next_cursor) throw new Error(`${c.name}: no next_cursor on ${c.cursorFrom}`);
    url += `&cursor=${prev.next_cursor}`;
  }
  // One request first: the case must answer 200 with a page (and say what total it answers).
  const started = performance.now();
  const probe = await fetch(url, { headers });
  const body = (await probe.json()) as { data?: unknown[]; total?: number; total_is_estimate?: boolean; ok?: boolean };
  const firstMs = Math.round(performance.now() - started);
  if (probe.status !== 200) throw new Error(`${c.name}: ${probe.status} ${JSON.stringify(body)}`);
  const total =
    body.total === undefined
      ? c.vary
        ? `first answer ${firstMs} ms`
        : '–'
      : `${body.data?.length} rows, total ${body.total}${body.total_is_estimate ? ' (estimate)' : ''}`;
  const connections = c.connections ?? Number(opt('connections', '50'));
  await load(url, headers, connections, 2); // warm-up
  const duration = Number(opt('duration', '20'));
  const writer = c.writes ? depositWriter(base, writerTokens!) : undefined;
  const r = await load(url, headers, connections, duration, c.vary);
  const writes = await writer?.stop();
  const shown =
    writes === undefined
      ? total
      : `${total}; ${writes} deposits approved meanwhile (${(writes / duration).toFixed(1)}/s)`;
  const m: Measured = {
    ...c,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts + r.non2xx,
    total: shown,
  };
  console.log(
    `${c.name.padEnd(62)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  ` +
      `max ${m.max} ms  errors ${m.errors}  [${shown}]`,
  );
  return m;
}

function report(
  results: Measured[],
  info: { seededIn: number | null; runSec: number; size: { clients: number; deposits: number } },
) {
  const byName = new Map(results.map((r) => [r.name, r]));
  const verdict = (r: Measured) => {
    if (!r.as) return 'ceiling';
    if (r.info) return `information: ${r.info}`;
    if (r.rps === 0) return `FAILED: no answer within autocannon's 10 s timeout (${r.errors} errors)`;
    const notes: string[] = [];
    notes.push(r.p99 <= BUDGET_P99_MS ? 'p99 within budget' : `p99 OVER ${BUDGET_P99_MS} ms`);
    const first = r.deepOf ? byName.get(r.deepOf) : undefined;
    if (first) {
      const ratio = r.p99 / Math.max(first.p99, 1);
      notes.push(`${ratio.toFixed(2)}× page 1 p99 ${ratio <= DEEP_RATIO ? '(≤ 1.2×)' : '(OVER 1.2×)'}`);
    }
    if (r.errors) notes.push(`${r.errors} errors`);
    return notes.join(', ');
  };
  const cpu = cpus();
  const lines = [
    `## API lists at 1M clients (${new Date().toISOString().slice(0, 10)})`,
    '',
    `\`npm run bench:api\`: ${info.size.clients.toLocaleString('en')} clients of tenant tr (3 % robots, spread over ` +
      `3 salesmen and 2 team leaders), ~1.15 accounts each (USD, EUR, TRY), ` +
      `${info.size.deposits.toLocaleString('en')} deposits (60 % approved with balanced ledger entries, 15 % pending, ` +
      '25 % rejected). Each case: autocannon, ' +
      `${opt('connections', '50')} connections, ${opt('duration', '20')} s after a 2 s warm-up, page_size 20.`,
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
      `PostgreSQL ${pgVersion} with its stock settings (shared_buffers 128MB) on the same machine; the load ` +
      'generator, the app (one Node process, pool of 20 connections) and PostgreSQL share the same 2 cores, so ' +
      'every figure includes the cost of generating the load. ' +
      `1-minute load average at the start / end of the load run: ${loadStart.toFixed(1)} / ${loadavg()[0].toFixed(1)} ` +
      '(the run itself holds it near 3 to 4: load generator, app and PostgreSQL backends all runnable; the start figure shows what ran before).',
    '',
    '| case | req/s | p50 | p99 | max | verdict | answer |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.max} ms | ${verdict(r)} | ${r.total} |`,
    ),
    '',
    `Budget: list p99 ≤ ${BUDGET_P99_MS} ms; deep page (page 2000, reached with the cursor of page 1999 as the console ` +
      `does when paging) p99 within ${DEEP_RATIO}× of page 1. "page number only" is a direct jump to page 2000 ` +
      '(OFFSET 39,980), shown for information. Totals are reused for 10 s and session checks for 3 s per process ' +
      '(dropped by any write through the process), so a case measures the page query. A statistics case asks for ' +
      'another date range with each request (ending 0 to 29 days ago, 1 to 997 days long): no answer comes from ' +
      "the dashboard's 10 s cache; each sums the kept per-agent rows (migration 0026_statistics).",
    info.seededIn === null
      ? `Run: ${info.runSec.toFixed(0)} s (database reused).`
      : `Seeding (incl. index rebuild, VACUUM ANALYZE and the ledger check): ${info.seededIn.toFixed(0)} s; load run: ${info.runSec.toFixed(0)} s.`,
    '',
  ];
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Against a bare route: the same statements behind bare Fastify + pg, interleaved rounds (default mode)

/** The list cases measured against the bare route (the figures of issue 20). */
function compareCases(): Case[] {
  const range = `created_at_from=${day(-30)}&created_at_to=${day(0)}`;
  const clients = '/api/client/admin/v1/list?page_size=20';
  const deposits = '/api/deposit/admin/v1/list?page_size=20';
  const list: Case[] = [];
  for (const as of ['admin', 'sales'] as const) {
    const who = { admin: 'admin (god)', sales: 'salesman (hero)' }[as];
    list.push({ name: `${who}: clients, page 1`, as, path: `${clients}&page=1` });
    list.push({ name: `${who}: deposits, page 1`, as, path: `${deposits}&page=1` });
    if (as === 'sales') continue;
    list.push(
      {
        name: `${who}: clients, page 2000 (cursor)`,
        as,
        path: `${clients}&page=2000`,
        cursorFrom: `${clients}&page=1999`,
      },
      {
        name: `${who}: clients, username prefix + fake=false + kyc_status`,
        as,
        path: `${clients}&page=1&username=chen12&fake=false&kyc_status=approved`,
      },
      {
        name: `${who}: deposits, page 2000 (cursor)`,
        as,
        path: `${deposits}&page=2000`,
        cursorFrom: `${deposits}&page=1999`,
      },
      {
        name: `${who}: deposits, status=pending + last 30 days`,
        as,
        path: `${deposits}&page=1&status=${'pending'}&${range}`,
      },
    );
  }
  const only = opt('only', '');
  return only ? list.filter((c) => c.name.includes(only)) : list;
}

/** The next IPC message of `child` that `pick` accepts, after sending `message`. */
function ask<T>(child: ChildProcess, message: object, pick: (m: any) => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      const v = pick(m);
      if (v === undefined) return;
      child.off('message', on);
      resolve(v);
    };
    child.on('message', on);
    child.send(message);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Rounds {
  rps: number[];
  p99: number[];
  errors: number;
}

interface Compared {
  name: string;
  connections: number;
  app: Rounds;
  bare: Rounds;
  statements: number;
  bytes: { app: number; bare: number };
}

async function compare(): Promise<void> {
  const size = { clients: Number(opt('clients', '1000000')), deposits: Number(opt('deposits', '1000000')) };
  await prepareDatabase(size);
  {
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    pgVersion = (await c.query(`SHOW server_version`)).rows[0].server_version.split(' ')[0];
    await c.end();
  }
  const rounds = Number(opt('rounds', '2'));
  const duration = Number(opt('duration', '5'));
  const conns = opt('connections', '20,50').split(',').map(Number);
  loadStart = loadavg()[0];
  const t0 = Date.now();
  const app = await startChild('--serve', { BENCH_JWT_SECRET: md5hex(String(Math.random())) + md5hex(String(t0)) });
  const bare = await startChild('--serve-bare');
  const results: Compared[] = [];
  try {
    const tokens = { admin: await login(app.url, 'admin'), sales: await login(app.url, 'sales') };
    let n = 0;
    for (const c of compareCases()) {
      const headers = { 'x-tenant-id': 'tr', authorization: `Bearer ${tokens[c.as as 'admin' | 'sales']}` };
      let url = `${app.url}${c.path}`;
      if (c.cursorFrom) {
        const prev = (await (await fetch(`${app.url}${c.cursorFrom}`, { headers })).json()) as { next_cursor?: string };
        if (!prev.next_cursor) throw new Error(`${c.name}: no next_cursor on ${c.cursorFrom}`);
        url += `&cursor=${prev.next_cursor}`;
      }
      // One request fills the caches (session, total); the next one's statements are what a request runs.
      const first = await fetch(url, { headers });
      if (first.status !== 200) throw new Error(`${c.name}: ${first.status} ${await first.text()}`);
      await ask(app.child, { capture: 'start' }, (m: { capturing?: boolean }) => m.capturing);
      const appBody = await (await fetch(url, { headers })).text();
      const statements = await ask(app.child, { capture: 'stop' }, (m: { statements?: Statement[] }) => m.statements);
      const key = String(++n);
      await ask(bare.child, { case: key, statements }, (m: { ready?: string }) => m.ready);
      const bareUrl = `${bare.url}/case/${key}`;
      const bareRes = await fetch(bareUrl);
      const bareBody = await bareRes.text();
      if (bareRes.status !== 200) throw new Error(`${c.name}: bare ${bareRes.status} ${bareBody}`);
      for (const connections of conns) {
        const r: Compared = {
          name: c.name,
          connections,
          app: { rps: [], p99: [], errors: 0 },
          bare: { rps: [], p99: [], errors: 0 },
          statements: statements.length,
          bytes: { app: appBody.length, bare: bareBody.length },
        };
        await load(url, headers, connections, 1);
        await load(bareUrl, {}, connections, 1);
        for (let i = 0; i < rounds; i++) {
          for (const [side, target, h] of [
            ['app', url, headers],
            ['bare', bareUrl, {}],
          ] as const) {
            const m = await load(target, h, connections, duration);
            r[side].rps.push(m.requests.average);
            r[side].p99.push(m.latency.p99);
            r[side].errors += m.errors + m.timeouts + m.non2xx;
          }
        }
        console.log(
          `${c.name.padEnd(58)} ${String(connections).padStart(2)} conn  app ${median(r.app.rps).toFixed(0)} req/s ` +
            `p99 ${median(r.app.p99)} ms | bare ${median(r.bare.rps).toFixed(0)} req/s p99 ${median(r.bare.p99)} ms | ` +
            `${(median(r.app.rps) / median(r.bare.rps)).toFixed(2)}x`,
        );
        results.push(r);
      }
    }
  } finally {
    app.child.disconnect();
    bare.child.disconnect();
  }
  const section = compareReport(results, { rounds, duration, runSec: (Date.now() - t0) / 1000 });
  console.log(`\n${section}`);
  if (!flag('no-write')) writeSection(/\n## API lists against a bare route[\s\S]*?(?=\n## |$)/, section);
  if (results.some((r) => r.app.errors || r.bare.errors)) process.exitCode = 1;
}

function compareReport(results: Compared[], info: { rounds: number; duration: number; runSec: number }) {
  const cpu = cpus();
  const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
  const rows = results.map((r) => {
    const ratio = median(r.app.rps) / median(r.bare.rps);
    const p99 = median(r.app.p99) / Math.max(median(r.bare.p99), 1);
    const verdict = `${ratio >= 0.8 ? 'req/s met' : 'req/s NOT met'}, ${p99 <= 2 ? 'p99 met' : 'p99 NOT met'}`;
    return (
      `| ${r.name} | ${r.connections} | ${median(r.app.rps).toFixed(0)} (${spread(r.app.rps)}) | ` +
      `${median(r.bare.rps).toFixed(0)} (${spread(r.bare.rps)}) | **${ratio.toFixed(2)}x** | ` +
      `${median(r.app.p99)} ms (${spread(r.app.p99)}) | ${median(r.bare.p99)} ms (${spread(r.bare.p99)}) | ` +
      `${p99.toFixed(2)}x | ${verdict} | ${r.statements} | ${r.app.errors + r.bare.errors} |`
    );
  });
  return [
    `## API lists against a bare route (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `\`${process.env.BENCH_DB ? `BENCH_DB=${process.env.BENCH_DB} ` : ''}npm run bench:api -- --rounds ${info.rounds} ` +
      `--duration ${info.duration}\` (database ${DB_NAME}, PostgreSQL ${pgVersion}: 1M clients, 1M deposits, see ` +
      '"API lists at 1M clients" for the data). Per case and connection count, the app (A: the real API, one Node ' +
      'process, pool of 20) and the bare route (B: Fastify + a pg pool of 20 running the statements the app ran for ' +
      'one request of the case, captured from its driver: same texts, values and statement names, answering the rows ' +
      `as JSON, no authentication, scope or presenter) are loaded by autocannon in interleaved rounds A, B, A, B ` +
      `(${info.rounds} each, ${info.duration} s each after a 1 s warm-up). Medians, (min-max) over the rounds.`,
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim()}), shared with other work: 1-minute load average ` +
      `${loadStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (the load generator, both servers ` +
      `and PostgreSQL share the cores). Run: ${info.runSec.toFixed(0)} s.`,
    '',
    '| case | conn | app req/s | bare req/s | ratio (≥ 0.8x) | app p99 | bare p99 | p99 ratio (≤ 2x) | budget | statements | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}

/** Replaces (or appends) one section of bench/results.md, keeping the others. */
function writeSection(marker: RegExp, section: string) {
  const file = 'bench/results.md';
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  writeFileSync(file, `${previous.replace(marker, '').trimEnd()}\n\n${section}`);
  console.log(`written to ${file}`);
}

let pgVersion = '';
let loadStart = 0;

async function main() {
  const size = { clients: Number(opt('clients', '1000000')), deposits: Number(opt('deposits', '1000000')) };
  const t0 = Date.now();
  const { seededIn } = await prepareDatabase(size);
  {
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    pgVersion = (await c.query(`SHOW server_version`)).rows[0].server_version.split(' ')[0];
    await c.end();
  }
  if (flag('seed-only')) return;
  const seededAt = Date.now();
  loadStart = loadavg()[0];
  const jwtSecret = md5hex(String(Math.random())) + md5hex(String(Date.now()));
  const app = await startChild('--serve', { BENCH_JWT_SECRET: jwtSecret });
  const bare = await startChild('--serve-bare');
  const results: Measured[] = [];
  try {
    const tokens = {
      admin: await login(app.url, 'admin'),
      sales: await login(app.url, 'sales'),
      leader: await login(app.url, 'leader'),
    };
    writerTokens = { admin: tokens.admin, supervisor: await login(app.url, 'supervisor') };
    for (const c of cases()) {
      const headers: Record<string, string> = c.as
        ? { 'x-tenant-id': 'tr', authorization: `Bearer ${tokens[c.as]}` }
        : {};
      results.push(await measure(c, c.as ? app.url : bare.url, headers));
    }
  } finally {
    app.child.disconnect();
    bare.child.disconnect();
  }
  const runSec = (Date.now() - seededAt) / 1000;
  const section = report(results, { seededIn: seededIn === null ? null : (seededAt - t0) / 1000, runSec, size });
  console.log(`\n${section}`);
  if (!flag('no-write')) {
    const file = 'bench/results.md';
    const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
    const marker = /\n## API lists at 1M clients[\s\S]*?(?=\n## |$)/;
    const rest = previous.replace(marker, '');
    writeFileSync(file, `${rest.trimEnd()}\n\n${section}`);
    console.log(`written to ${file}`);
  }
  const failed = results.some((r) => r.errors > 0);
  if (failed) process.exitCode = 1;
}

const mode = process.argv[2];
if (mode === '--serve') await serveApp();
else if (mode === '--serve-bare') await serveBare();
else if (flag('absolute')) await main();
else await compare();
