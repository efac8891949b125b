/**
 * `npm run bench:trading`: stock orders through the API under load, then the money checked to the cent.
 *
 * 1. A fresh database `bo_trading_<random>` on the server of DATABASE_URL (default
 *    postgres://root@127.0.0.1:5432/test), dropped at the end: migrations, demo staff (server/db/seed.ts),
 *    CONNECTIONS × 4 clients each with a USD account funded through the ledger (postTransaction, a `deposit` txn from
 *    the platform's cash, as tests/server/trading.test.ts `fund`), trade_config for stock (buy fee 0.0015, sell fee
 *    0.002, leverage 1, a large max amount) and one stock product, both through the API.
 * 2. The real app (buildApp, captcha off, one Node process, pool of 20) in a child process on 127.0.0.1; this process
 *    runs CONNECTIONS workers (fetch, keep-alive), each request with its own Idempotency-Key, as admin:
 *    phase 1 Direct buys of 100 shares for random clients (DURATION s); phase 2 each held order sold at a price
 *    (until all are sold, at most DURATION s); phase 3 review orders placed then approved (DURATION s).
 * 3. Then, on the database: checkLedger (violations must be 0); the sum of the clients' balance + frozen and the
 *    platform's trading and fee_income entries is unchanged from after funding; each account's balance + frozen equals
 *    its funding moved by what the answers said (Direct buy and approve: − amount − fee; sale: + proceeds − sell fee);
 *    each sold order's own txns moved its account by exactly proceeds − amount − fee − sell fee, with the amounts and
 *    fees recomputed here; the database holds exactly the orders answered 2xx; a sample of keys sent again replays.
 *    Writes "## Trading throughput (date)" at the end of bench/results.md (other sections are kept). Exit 1 when a
 *    check fails.
 *
 * Options: --duration S (20), --connections N (50), --no-write, --keep (keep the database).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { withRetry } from '../server/core/retry';
import { openDatabase } from '../server/db/client';
import { seed } from '../server/db/seed';
import { checkLedger, formatReport } from '../server/ledger/check';
import { postTransaction } from '../server/ledger/post';
import { createClient, openAccount } from '../server/modules/client/service';
import { md5hex } from '../server/security/password';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, d: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? Number(argv[i + 1]) : d;
};
const DURATION = opt('duration', 20);
const CONNECTIONS = opt('connections', 50);
const CLIENTS = CONNECTIONS * 4;
const TENANT = 'tr';
const DEMO_PASSWORD = 'Demo@2026';
const FUNDING = '10000000.00';
const PRICE = '12.3400';
const SHARES = 100;
const BUY_FEE = '0.0015';
const SELL_FEE = '0.002';
/** Sale prices, in turn: a gain, a loss, break-even-ish, an odd price (fee rounding). */
const SELL_PRICES = ['12.9900', '11.5000', '12.3500', '13.0137'];
const REQUEST_TIMEOUT_MS = 30_000;

const baseUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const dbName = process.env.BENCH_DB_NAME || `bo_trading_${randomBytes(5).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const benchConfig = (jwtSecret: string, pepper: string) =>
  loadConfig(
    { NODE_ENV: 'development', DEMO_PASSWORD, DATA_DIR: '/tmp/bo-bench-trading-data', LOG_LEVEL: 'error' },
    {
      databaseUrl: dbUrl,
      captcha: false,
      jwtSecret,
      passwordPepper: pepper,
      accessTokenTtlSec: 3600,
      loginRateLimitPerMin: 100_000,
      staticDir: undefined,
      seedDemo: false,
    },
  );

// ---------------------------------------------------------------------------------------------------------------
// Exact arithmetic (cents as bigint), independent of domain/trading.ts: half up.

/** "12.3400" → 123400n (scale 4) */
const scaled = (s: string, scale: number) => {
  const [i, f = ''] = s.split('.');
  return BigInt(i + f.padEnd(scale, '0').slice(0, scale));
};
const divHalfUp = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
/** quantity × price (4 decimals) in cents, half up. */
const amountCents = (qty: number, price: string) => divHalfUp(BigInt(qty) * scaled(price, 4), 100n);
/** cents × rate (6 decimals) in cents, half up. */
const feeCents = (cents: bigint, rate: string) => divHalfUp(cents * scaled(rate, 6), 1_000_000n);
const toCents = (s: string) => {
  const neg = s.startsWith('-');
  const v = scaled(neg ? s.slice(1) : s, 2);
  return neg ? -v : v;
};
const money = (c: bigint) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${(a / 100n).toLocaleString('en-US')}.${String(a % 100n).padStart(2, '0')}`;
};

// ---------------------------------------------------------------------------------------------------------------
// The app in a child process (the load generator runs here).

async function serveApp(): Promise<void> {
  const config = benchConfig(process.env.BENCH_JWT_SECRET!, process.env.BENCH_PEPPER!);
  const database = await openDatabase(dbUrl, config.dataDir);
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

function startApp(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: process.execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, url: `http://127.0.0.1:${m.port}` }));
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Requests and per-phase figures

interface Phase {
  name: string;
  requests: number;
  orders: number;
  ms: number;
  latencies: number[];
  statuses: Map<string, number>;
  /** First few non-2xx answers, verbatim. */
  samples: string[];
}
const newPhase = (name: string): Phase => ({
  name,
  requests: 0,
  orders: 0,
  ms: 0,
  latencies: [],
  statuses: new Map(),
  samples: [],
});

interface Answer {
  status: number;
  body: any;
}

let base = '';
let token = '';

async function send(
  ph: Phase | null,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
): Promise<Answer> {
  const t0 = performance.now();
  let status = 0;
  let json: any = null;
  let label: string;
  try {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        'x-tenant-id': TENANT,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = res.status;
    const text = await res.text();
    json = text ? JSON.parse(text) : null;
    label = status >= 200 && status < 300 ? '2xx' : `${status} ${json?.code ?? ''}`.trim();
    if (label !== '2xx' && ph && ph.samples.length < 5)
      ph.samples.push(`${method} ${path} → ${status} ${text.slice(0, 300)}`);
  } catch (e) {
    const err = e as { name?: string; cause?: { code?: string } };
    label = err.name === 'TimeoutError' ? 'timeout' : `network ${err.cause?.code ?? err.name}`;
    if (ph && ph.samples.length < 5) ph.samples.push(`${method} ${path} → ${label}`);
  }
  if (ph) {
    ph.requests++;
    ph.latencies.push(performance.now() - t0);
    ph.statuses.set(label, (ph.statuses.get(label) ?? 0) + 1);
  }
  return { status, body: json };
}

const ok = (a: Answer) => a.status >= 200 && a.status < 300;

async function runWorkers(ph: Phase, seconds: number, work: (w: number, stop: () => boolean) => Promise<void>) {
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const stop = () => performance.now() >= deadline;
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => work(w, stop)));
  ph.ms = performance.now() - t0;
}

function pct(xs: number[], p: number) {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

// ---------------------------------------------------------------------------------------------------------------

interface Bought {
  id: number;
  clientId: number;
  accountId: number;
  key: string;
  body: Record<string, unknown>;
}

async function main() {
  const started = Date.now();
  const loadAtStart = loadavg()[0];
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const pgVersion = (await admin.query(`SHOW server_version`)).rows[0].server_version.split(' ')[0];
  await admin.end();
  console.log(`database ${dbName}`);

  const jwtSecret = randomBytes(32).toString('base64url');
  const pepper = randomBytes(32).toString('base64url');
  const config = benchConfig(jwtSecret, pepper);
  const database = await openDatabase(dbUrl, config.dataDir, 5);
  const db = database.db;
  let app: { child: ChildProcess; url: string } | null = null;
  try {
    // ---- fixture: staff, funded clients
    await seed(db, config);
    const clients: { id: number; accountId: number }[] = [];
    const tf = Date.now();
    for (let i = 0; i < CLIENTS; i++) {
      const c = await withRetry(db, async (tx) => {
        const cl = await createClient(tx, TENANT, { username: `trader${i}`, agentId: null });
        const acc = await openAccount(tx, TENANT, cl.id, 'USD');
        await postTransaction(tx, {
          tenantId: TENANT,
          kind: 'deposit',
          lines: [
            {
              accountRef: { type: 'client', id: acc.id },
              currency: 'USD',
              amount: FUNDING,
              effect: { balance: FUNDING, deposit: FUNDING },
            },
            { accountRef: { type: 'platform', kind: 'cash' }, currency: 'USD', amount: `-${FUNDING}` },
          ],
        });
        return { id: cl.id, accountId: acc.id };
      });
      clients.push(c);
    }
    console.log(`${CLIENTS} clients funded with ${FUNDING} USD each in ${((Date.now() - tf) / 1000).toFixed(1)} s`);
    const accountIds = clients.map((c) => c.accountId);
    const clientOfAccount = new Map(clients.map((c) => [c.accountId, c.id]));

    /** Σ clients' balance + frozen, and the platform's trading and fee_income entries (cents). */
    const moneyFigures = async () => {
      const r = (
        await db.execute(sql`SELECT
          (SELECT coalesce(sum(balance), 0) FROM account WHERE tenant_id = ${TENANT})::text AS balance,
          (SELECT coalesce(sum(frozen), 0) FROM account WHERE tenant_id = ${TENANT})::text AS frozen,
          (SELECT coalesce(sum(e.amount), 0) FROM ledger_entry e JOIN platform_account p ON p.id = e.platform_account_id
            WHERE p.tenant_id = ${TENANT} AND p.kind = 'trading')::text AS trading,
          (SELECT coalesce(sum(e.amount), 0) FROM ledger_entry e JOIN platform_account p ON p.id = e.platform_account_id
            WHERE p.tenant_id = ${TENANT} AND p.kind = 'fee_income')::text AS fee_income`)
      ).rows[0] as Record<'balance' | 'frozen' | 'trading' | 'fee_income', string>;
      const f = {
        balance: toCents(r.balance),
        frozen: toCents(r.frozen),
        trading: toCents(r.trading),
        feeIncome: toCents(r.fee_income),
      };
      return { ...f, total: f.balance + f.frozen + f.trading + f.feeIncome };
    };
    const before = await moneyFigures();

    // ---- the app, sign-in, trade_config and the product through the API
    app = await startApp({ BENCH_JWT_SECRET: jwtSecret, BENCH_PEPPER: pepper, BENCH_DB_NAME: dbName });
    base = app.url;
    {
      const r = await fetch(`${base}/api/auth/admin/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tenant-id': TENANT },
        body: JSON.stringify({ username: 'admin', password: md5hex(DEMO_PASSWORD) }),
      });
      if (r.status !== 200) throw new Error(`login admin: ${r.status} ${await r.text()}`);
      token = ((await r.json()) as { access_token: string }).access_token;
    }
    const cfg = await send(null, 'PUT', '/trade_config/admin/v1/product/stock', null, {
      enabled: true,
      sessions: '00:00-24:00',
      buy_fee: BUY_FEE,
      sell_fee: SELL_FEE,
      min_amount: '1.00',
      max_amount: '100000000.00',
      leverage: 1,
    });
    if (!ok(cfg)) throw new Error(`trade_config: ${cfg.status} ${JSON.stringify(cfg.body)}`);
    const prod = await send(null, 'POST', '/trades/admin/v1/stock/product/create', 'bench-product', {
      code: 'BNCH',
      name: 'Bench Corp',
      currency: 'USD',
      price: PRICE,
    });
    if (!ok(prod)) throw new Error(`product: ${prod.status} ${JSON.stringify(prod.body)}`);
    const productId = Number(prod.body.id);

    const buyAmount = amountCents(SHARES, PRICE);
    const buyFee = feeCents(buyAmount, BUY_FEE);
    /** What the answers said each account's balance + frozen moved by (cents). */
    const expectedMove = new Map<number, bigint>(accountIds.map((id) => [id, 0n]));
    const moveBy = (accountId: number, c: bigint) => expectedMove.set(accountId, expectedMove.get(accountId)! + c);
    const answeredOrders = new Set<number>();
    const rnd = (n: number) => Math.floor(Math.random() * n);

    // ---- phase 1: Direct buys
    const p1 = newPhase('1. Direct buys (100 shares)');
    const held: Bought[] = [];
    await runWorkers(p1, DURATION, async (w, stop) => {
      for (let i = 0; !stop(); i++) {
        const c = clients[rnd(clients.length)];
        const key = `tb-${w}-${i}`;
        const body = { client_id: c.id, product_id: productId, trade_type: 'holding', quantity: SHARES };
        const a = await send(p1, 'POST', '/trades/admin/v1/stock/order/create', key, body);
        if (!ok(a)) continue;
        p1.orders++;
        answeredOrders.add(Number(a.body.id));
        moveBy(c.accountId, -(buyAmount + buyFee));
        held.push({
          id: Number(a.body.id),
          clientId: c.id,
          accountId: Number(a.body.account_id ?? c.accountId),
          key,
          body,
        });
      }
    });
    console.log(`phase 1: ${p1.orders} orders in ${(p1.ms / 1000).toFixed(1)} s`);

    // ---- phase 2: sell each held order
    const p2 = newPhase('2. Sales of the held orders');
    const queue = [...held];
    const sold: { id: number; accountId: number; sellPrice: string }[] = [];
    await runWorkers(p2, DURATION, async (_w, stop) => {
      while (!stop()) {
        const o = queue.shift();
        if (!o) return;
        const sellPrice = SELL_PRICES[o.id % SELL_PRICES.length];
        const a = await send(p2, 'PUT', `/trades/admin/v1/stock/order/sell/${o.id}`, `ts-${o.id}`, {
          sell_price: sellPrice,
        });
        if (!ok(a)) continue;
        p2.orders++;
        const proceeds = amountCents(SHARES, sellPrice);
        moveBy(o.accountId, proceeds - feeCents(proceeds, SELL_FEE));
        sold.push({ id: o.id, accountId: o.accountId, sellPrice });
      }
    });
    const unsold = queue.length;
    console.log(`phase 2: ${p2.orders} sales in ${(p2.ms / 1000).toFixed(1)} s, ${unsold} left unsold`);

    // ---- phase 3: review orders placed, then approved
    const p3 = newPhase('3. Review orders placed + approved');
    let pendingLeft = 0;
    await runWorkers(p3, DURATION, async (w, stop) => {
      for (let i = 0; !stop(); i++) {
        const c = clients[rnd(clients.length)];
        const placed = await send(p3, 'POST', '/trades/admin/v1/stock/order/create', `tr-${w}-${i}`, {
          client_id: c.id,
          product_id: productId,
          trade_type: 'review',
          quantity: SHARES,
        });
        if (!ok(placed)) continue;
        const id = Number(placed.body.id);
        answeredOrders.add(id);
        const a = await send(p3, 'PUT', `/trades/admin/v1/stock/order/approve/${id}`, `ta-${id}`, {});
        if (!ok(a)) {
          pendingLeft++;
          continue;
        }
        p3.orders++;
        moveBy(c.accountId, -(buyAmount + buyFee));
      }
    });
    console.log(`phase 3: ${p3.orders} approved orders in ${(p3.ms / 1000).toFixed(1)} s`);

    // ---- replays: a sample of keys sent again answers the same order and creates nothing
    let replayMismatch = 0;
    const sample = held.slice(0, 20);
    for (const o of sample) {
      const a = await send(null, 'POST', '/trades/admin/v1/stock/order/create', o.key, o.body);
      if (!ok(a) || Number(a.body.id) !== o.id) replayMismatch++;
    }
    for (const s of sold.slice(0, 20)) {
      const a = await send(null, 'PUT', `/trades/admin/v1/stock/order/sell/${s.id}`, `ts-${s.id}`, {
        sell_price: s.sellPrice,
      });
      if (!ok(a) || a.body.status !== 'sold') replayMismatch++;
    }

    app.child.disconnect();
    await new Promise<void>((r) => (app!.child.exitCode !== null ? r() : app!.child.once('exit', () => r())));
    app = null;

    // ---- checks on the database
    const checks: { name: string; found: number; detail?: string }[] = [];
    const tc = Date.now();
    const report = await checkLedger(db);
    const checkMs = Date.now() - tc;
    console.log(formatReport(report));
    checks.push({
      name: 'ledger invariants (checkLedger, as npm run ledger:check): violations',
      found: report.violations.reduce((s, v) => s + v.rows.length, 0),
      detail: report.violations.map((v) => v.rule).join('; '),
    });

    const after = await moneyFigures();
    checks.push({
      name: "Σ clients' balance + frozen + platform trading + fee_income: change since funding (cents)",
      found: Number(after.total - before.total),
      detail: `before ${money(before.total)}, after ${money(after.total)}`,
    });

    const accRows = (
      await db.execute(
        sql`SELECT id, (balance + frozen)::text AS held, frozen::text AS frozen FROM account WHERE tenant_id = ${TENANT}`,
      )
    ).rows as { id: number; held: string; frozen: string }[];
    const accountOff: string[] = [];
    for (const r of accRows) {
      const id = Number(r.id);
      if (!clientOfAccount.has(id)) continue;
      const want = toCents(FUNDING) + expectedMove.get(id)!;
      if (toCents(r.held) !== want) accountOff.push(`account ${id}: ${r.held}, expected ${money(want)}`);
    }
    checks.push({
      name: 'accounts whose balance + frozen ≠ funding moved by the 2xx answers',
      found: accountOff.length,
      detail: accountOff.slice(0, 5).join('; '),
    });

    const soldRows = (
      await db.execute(sql`SELECT o.id, o.amount::text, o.fee::text, o.proceeds::text, o.sell_fee::text,
          o.profit::text, o.sell_price::text, o.status,
          (SELECT coalesce(sum(e.amount), 0) FROM ledger_txn t JOIN ledger_entry e ON e.txn_id = t.id
            WHERE t.ref_type = 'trade_order' AND t.ref_id = o.id AND e.account_id = o.account_id)::text AS moved
        FROM trade_order o WHERE o.tenant_id = ${TENANT} AND o.status = 'sold'`)
    ).rows as Record<string, string>[];
    const soldById = new Map(soldRows.map((r) => [Number(r.id), r]));
    const soldOff: string[] = [];
    for (const s of sold) {
      const r = soldById.get(s.id);
      const proceeds = amountCents(SHARES, s.sellPrice);
      const sellFee = feeCents(proceeds, SELL_FEE);
      const net = proceeds - buyAmount - buyFee - sellFee;
      if (
        !r ||
        toCents(r.moved) !== net ||
        toCents(r.amount) !== buyAmount ||
        toCents(r.fee) !== buyFee ||
        toCents(r.proceeds) !== proceeds ||
        toCents(r.sell_fee) !== sellFee ||
        toCents(r.profit) !== net
      )
        soldOff.push(`order ${s.id}: ${r ? JSON.stringify(r) : 'not sold'}, expected net ${money(net)}`);
    }
    checks.push({
      name: 'sold orders whose account moved ≠ proceeds − amount − fees (or whose figures differ from here)',
      found: soldOff.length,
      detail: soldOff.slice(0, 5).join('; '),
    });
    checks.push({ name: 'sold orders in the database not answered 2xx', found: soldRows.length - sold.length });

    const orderIds = (await db.execute(sql`SELECT id, status FROM trade_order WHERE tenant_id = ${TENANT}`)).rows as {
      id: number;
      status: string;
    }[];
    const unanswered = orderIds.filter((r) => !answeredOrders.has(Number(r.id)));
    checks.push({
      name: 'orders in the database not answered 2xx (created by a failed or replayed request)',
      found: unanswered.length,
      detail: unanswered
        .slice(0, 5)
        .map((r) => `${r.id} ${r.status}`)
        .join('; '),
    });
    checks.push({
      name: 'orders answered 2xx missing from the database',
      found: answeredOrders.size - (orderIds.length - unanswered.length),
    });
    checks.push({ name: 'keys sent again (40) not answered with the same order', found: replayMismatch });
    const phases = [p1, p2, p3];
    const fiveXx = phases.reduce(
      (s, p) =>
        s + [...p.statuses].filter(([l]) => !l.startsWith('2') && !l.startsWith('4')).reduce((a, [, n]) => a + n, 0),
      0,
    );
    const insufficient = phases.reduce((s, p) => s + (p.statuses.get('409 insufficient_funds') ?? 0), 0);
    const non2xx = phases.reduce(
      (s, p) => s + [...p.statuses].filter(([l]) => l !== '2xx').reduce((a, [, n]) => a + n, 0),
      0,
    );
    checks.push({ name: 'insufficient_funds answers', found: insufficient });
    checks.push({ name: 'non-2xx answers (5xx, timeouts and network errors included)', found: non2xx });
    checks.push({ name: '5xx answers, timeouts and network errors', found: fiveXx });

    const counts = (
      await db.execute(sql`SELECT
        (SELECT count(*) FROM trade_order WHERE tenant_id = ${TENANT})::int AS orders,
        (SELECT count(*) FROM ledger_txn WHERE ref_type = 'trade_order')::int AS txns,
        (SELECT count(*) FROM trade_order WHERE status = 'holding')::int AS holding,
        (SELECT count(*) FROM trade_order WHERE status = 'pending')::int AS pending`)
    ).rows[0] as Record<string, number>;

    // ---- report
    const failed = checks.some((c) => c.found !== 0);
    if (failed) process.exitCode = 1;
    const fmt = (x: number) => x.toLocaleString('en-US');
    const cpu = cpus();
    const date = new Date().toISOString().slice(0, 10);
    const lines = [
      `## Trading throughput (${date})`,
      '',
      '`DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx bench/trading.ts` ' +
        `(\`npm run bench:trading\`; ${CONNECTIONS} connections, ${DURATION} s per phase; a fresh database each run, ` +
        `dropped at the end). ${fmt(CLIENTS)} clients, each with a USD account funded with ${FUNDING} through the ` +
        `ledger; one stock product at ${PRICE}, trade_config stock: buy fee ${BUY_FEE}, sell fee ${SELL_FEE}, ` +
        'leverage 1. The app (buildApp, one Node process, pool of 20) runs in a child process; this process sends the ' +
        'requests (fetch, keep-alive), each with its own Idempotency-Key, as admin, for clients drawn at random. ' +
        'Phase 1: Direct buys of 100 shares; phase 2: each held order sold (prices in turn ' +
        `${SELL_PRICES.join(', ')}), until all are sold or ${DURATION} s; phase 3: review orders placed, each then ` +
        'approved (an order = both requests). ' +
        `Machine: ${cpu.length} cores (${cpu[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
        `PostgreSQL ${pgVersion} (stock settings) and the load generator on the same machine: every figure includes ` +
        `the cost of generating the load. 1-minute load average at the start / end: ${loadAtStart.toFixed(1)} / ` +
        `${loadavg()[0].toFixed(1)} (the start figure is what else ran on the machine before the bench).`,
      '',
      '| phase | time (s) | requests | req/s | orders | orders/s | p50 | p99 | max | answers by status |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...phases.map((p) => {
        const s = p.ms / 1000;
        return (
          `| ${p.name} | ${s.toFixed(1)} | ${fmt(p.requests)} | ${(p.requests / s).toFixed(0)} | ${fmt(p.orders)} | ` +
          `${(p.orders / s).toFixed(0)} | ${pct(p.latencies, 50).toFixed(0)} ms | ${pct(p.latencies, 99).toFixed(0)} ms | ` +
          `${Math.max(0, ...p.latencies).toFixed(0)} ms | ${[...p.statuses]
            .sort()
            .map(([l, n]) => `${l}: ${fmt(n)}`)
            .join(', ')} |`
        );
      }),
      '',
      `Orders: ${fmt(Number(counts.orders))} (${fmt(sold.length)} sold, ${fmt(Number(counts.holding))} holding, ` +
        `${fmt(Number(counts.pending))} pending; ${fmt(unsold)} held orders left unsold when phase 2 ended, ` +
        `${fmt(pendingLeft)} review orders whose approval failed); ${fmt(Number(counts.txns))} ledger txns of orders. ` +
        `Platform: trading ${money(after.trading - before.trading)}, fee income ${money(after.feeIncome - before.feeIncome)} ` +
        `(clients' balance + frozen ${money(after.balance + after.frozen - before.balance - before.frozen)}). ` +
        `checkLedger: ${(checkMs / 1000).toFixed(1)} s.`,
      '',
      '| check | found |',
      '| --- | ---: |',
      ...checks.map((c) => `| ${c.name} | ${fmt(c.found)}${c.found ? ' ✗' : ' ✓'} |`),
      '',
      `Run: ${((Date.now() - started) / 1000).toFixed(0)} s. ${failed ? 'FAILED.' : 'Every check holds.'}`,
      '',
    ];
    const samples = phases.flatMap((p) => p.samples.map((s) => `${p.name}: ${s}`));
    if (samples.length) console.error(`non-2xx samples:\n  ${samples.join('\n  ')}`);
    for (const c of checks.filter((c) => c.found && c.detail)) console.error(`${c.name}: ${c.detail}`);
    const section = lines.join('\n');
    console.log(`\n${section}`);
    if (!flag('no-write')) {
      const file = 'bench/results.md';
      const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
      const rest = previous.replace(/\n## Trading throughput[\s\S]*?(?=\n## |$)/, '');
      writeFileSync(file, `${rest.trimEnd()}\n\n${section}`);
      console.log(`written to ${file}`);
    }
  } finally {
    if (app && app.child.exitCode === null) app.child.kill('SIGKILL');
    await database.close();
    if (!flag('keep')) {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    } else console.log(`kept database ${dbName}`);
  }
}

if (process.argv[2] === '--serve') await serveApp();
else
  await main().catch((e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exitCode = 2;
  });
