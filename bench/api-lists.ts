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
import { type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { md5hex } from '../server/security/password';
import { benchUrl, DB_NAME, flag, opt, prepareDatabase, run } from './api-lists-setup';
import { serveApp, serveBare, startChild, type Statement } from './api-lists-servers';
import { type Case, cases, day, load, login, measure, type Measured, report } from './api-lists-cases';

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
  if (flag('seed-only')) return;
  {
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    run.pgVersion = (await c.query(`SHOW server_version`)).rows[0].server_version.split(' ')[0];
    await c.end();
  }
  const rounds = Number(opt('rounds', '2'));
  const duration = Number(opt('duration', '5'));
  const conns = opt('connections', '20,50').split(',').map(Number);
  run.loadStart = loadavg()[0];
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
      `--duration ${info.duration}\` (database ${DB_NAME}, PostgreSQL ${run.pgVersion}: 1M clients, 1M deposits, see ` +
      '"API lists at 1M clients" for the data). Per case and connection count, the app (A: the real API, one Node ' +
      'process, pool of 20) and the bare route (B: Fastify + a pg pool of 20 running the statements the app ran for ' +
      'one request of the case, captured from its driver: same texts, values and statement names, answering the rows ' +
      `as JSON, no authentication, scope or presenter) are loaded by autocannon in interleaved rounds A, B, A, B ` +
      `(${info.rounds} each, ${info.duration} s each after a 1 s warm-up). Medians, (min-max) over the rounds.`,
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim()}), shared with other work: 1-minute load average ` +
      `${run.loadStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (the load generator, both servers ` +
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

async function main() {
  const size = { clients: Number(opt('clients', '1000000')), deposits: Number(opt('deposits', '1000000')) };
  const t0 = Date.now();
  const { seededIn } = await prepareDatabase(size);
  {
    const c = new pg.Client({ connectionString: benchUrl });
    await c.connect();
    run.pgVersion = (await c.query(`SHOW server_version`)).rows[0].server_version.split(' ')[0];
    await c.end();
  }
  if (flag('seed-only')) return;
  const seededAt = Date.now();
  run.loadStart = loadavg()[0];
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
    run.writerTokens = { admin: tokens.admin, supervisor: await login(app.url, 'supervisor') };
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
  if (!flag('no-write')) writeSection(/\n## API lists at 1M clients[\s\S]*?(?=\n## |$)/, section);
  const failed = results.some((r) => r.errors > 0);
  if (failed) process.exitCode = 1;
}

const mode = process.argv[2];
if (mode === '--serve') await serveApp();
else if (mode === '--serve-bare') await serveBare();
else if (flag('absolute')) await main();
else await compare();
