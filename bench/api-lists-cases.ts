/**
 * bench/api-lists.ts's load: the list cases, sign-in, autocannon runs, the deposit writer beside them, one case's
 * measure and the absolute run's report.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { md5hex } from '../server/security/password';
import { benchUrl, BUDGET_P99_MS, DEEP_RATIO, DEMO_PASSWORD, opt, run } from './api-lists-setup';

// ---------------------------------------------------------------------------------------------------------------
// Load

export interface Case {
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

export interface Measured extends Case {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  total: string;
}

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Last month's range (from its 1st to its last day). */
export const lastMonth = () => {
  const first = new Date(`${day(0).slice(0, 8)}01T00:00:00Z`);
  const end = new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10);
  return `from=${end.slice(0, 8)}01&to=${end}`;
};

export function cases(): Case[] {
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

export async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/admin/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-id': 'tr' },
    body: JSON.stringify({ username, password: md5hex(DEMO_PASSWORD) }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export function load(
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
export function depositWriter(base: string, tokens: { admin: string; supervisor: string }, everyMs = 100) {
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

export async function measure(c: Case, base: string, headers: Record<string, string>): Promise<Measured> {
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
  const writer = c.writes ? depositWriter(base, run.writerTokens!) : undefined;
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

export function report(
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
      `PostgreSQL ${run.pgVersion} with its stock settings (shared_buffers 128MB) on the same machine; the load ` +
      'generator, the app (one Node process, pool of 20 connections) and PostgreSQL share the same 2 cores, so ' +
      'every figure includes the cost of generating the load. ' +
      `1-minute load average at the start / end of the load run: ${run.loadStart.toFixed(1)} / ${loadavg()[0].toFixed(1)} ` +
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
