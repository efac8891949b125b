/**
 * `npx tsx bench/kill9.ts`: kill -9 under load. Nothing a client was told is lost, nothing runs twice, every committed
 * money movement has its audit row, the ledger and the audit chain stay sound.
 *
 * 1. A fresh database `bo_kill9_<random>` on the server of DATABASE_URL (default postgres://root@127.0.0.1:5432/test):
 *    migrations, demo staff (server/db/seed.ts), rates, a second checker (role angel), CLIENTS clients with a funded USD
 *    and CNY account and pending withdrawals requested by the clients. Everything in the ledger and the audit trail from
 *    here on is set aside: the checks look at what the load did.
 * 2. The API (server/main.ts) as a child process on 127.0.0.1. WORKERS workers (this process) send money mutations,
 *    each with its own Idempotency-Key: deposits recorded by the administrator (maker) and approved by the supervisor
 *    (checker; a second checker when the first approval leaves the deposit pending), a quarter of them rolled back
 *    (by the supervisor; under maker-checker that opens a rollback approval, which the second checker approves through
 *    the approvals queue), bonus and compensation credits, exchanges, approvals of the pending withdrawals.
 * 3. KILLS times at a random moment the API gets SIGKILL and is started again. A request without a definitive answer
 *    (connection lost, 409 idempotency_in_flight while a died claim's lease runs) is sent again with the same key and
 *    body until it gets one.
 * 4. Then, on the database: the ledger invariants (checkLedger, as `npm run ledger:check`), every ledger txn of the load
 *    has a success audit row naming its record (and every approval audited as approved has its txn), one record per
 *    key and every key done once, every 2xx answer's record there in the state answered, the audit chain verifies
 *    (verifyAuditChain, as `npm run audit:verify`). Prints the figures and writes "## kill -9 under load (date)" into
 *    bench/results.md (other sections are kept). Exit 1 when a check fails.
 *
 * Options: --kills N (5), --workers N (6), --seconds S (load time after the last kill, 5), --no-write, --keep (keep the
 * database). All traffic goes to 127.0.0.1; every loop is bounded in count and time. The requests and the workers:
 * bench/kill9-load.ts; the API processes: tests/server/api-processes.ts.
 */
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { verifyAuditChain } from '../server/core/audit-chain';
import { withRetry } from '../server/core/retry';
import { openDatabase } from '../server/db/client';
import { staffUser } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { seedRates } from '../server/db/seed-funds';
import { createClient, openAccount } from '../server/modules/client/service';
import { auditDeposit, createDeposit } from '../server/modules/deposit/service';
import { checkLedger, formatReport } from '../server/ledger/check';
import { byStaff, bySystem } from '../server/modules/records/common';
import { requestWithdrawal } from '../server/modules/withdraw/service';
import {
  apiEnv,
  createDatabase,
  DEMO_PASSWORD,
  dropDatabase,
  freePort,
  newSecrets,
  running,
  signIn,
  spawnApi,
  stopApi,
  waitUp,
  type ApiProcess,
} from '../tests/server/api-processes';
import { cents, rnd, sleep, stats, TENANT, worker, type Fixture, type Outcome } from './kill9-load';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, d: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? Number(argv[i + 1]) : d;
};
const KILLS = opt('kills', 5);
const WORKERS = opt('workers', 6);
const TAIL_SEC = opt('seconds', 5);
/** The whole load phase stops by itself after this. */
const RUN_CAP_MS = 8 * 60_000;
const CLIENTS = 8;

const baseUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const secrets = newSecrets();
/** The API's environment (tests/server/api-processes.ts apiEnv) on the run's database. */
const childEnv = (dbUrl: string, port: number): NodeJS.ProcessEnv =>
  apiEnv({ dbUrl, port, dataDir: '/tmp/bo-kill9-data', secrets, env: { DEMO_PASSWORD } });

// ---------------------------------------------------------------------------------------------------------------
// The API process

const apiLog = createWriteStream('/tmp/bo-kill9-api.log', { flags: 'w' });
let api: ApiProcess | null = null;

/** Starts the API (tests/server/api-processes.ts spawnApi), its output also into /tmp/bo-kill9-api.log. */
function startApi(env: NodeJS.ProcessEnv): ApiProcess {
  const p = spawnApi(env);
  p.child.stdout!.pipe(apiLog, { end: false });
  p.child.stderr!.pipe(apiLog, { end: false });
  return p;
}

/** Waits until the API answers (bounded: 60 s). Answers the milliseconds it took. */
async function waitReady(p: ApiProcess): Promise<number> {
  const t0 = Date.now();
  await waitUp(p, t0 + 60_000);
  return Date.now() - t0;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const { name: dbName, url: dbUrl } = await createDatabase(baseUrl, 'bo_kill9');
  console.log(`database ${dbName}`);

  const config = loadConfig({ ...childEnv(dbUrl, 0) });
  const database = await openDatabase(dbUrl, config.dataDir, 5);
  const db = database.db;
  try {
    // ---- fixture
    await seed(db, config);
    await withRetry(db, (tx) => seedRates(tx, TENANT));
    const [sup] = (
      await db.execute(
        sql`SELECT id, password_hash FROM staff_user WHERE tenant_id = ${TENANT} AND username = 'supervisor'`,
      )
    ).rows as { id: number; password_hash: string }[];
    await db.insert(staffUser).values({
      tenantId: TENANT,
      username: 'checker2',
      name: 'Checker 2',
      role: 'angel',
      passwordHash: sup.password_hash,
      invitationCode: 'CHECKER2',
    });
    // Clients with a USD and a CNY account, each funded by a client's own deposit approved by the supervisor.
    const checker = byStaff({ id: Number(sup.id), tenantId: TENANT, role: 'angel' });
    const clients: Fixture['clients'] = [];
    for (let i = 0; i < CLIENTS; i++)
      clients.push(
        await withRetry(db, async (tx) => {
          const c = await createClient(tx, TENANT, { username: `kill9c${i}`, agentId: null });
          const accounts = [];
          for (const [currency, amount] of [
            ['USD', '3000.00'],
            ['CNY', '20000.00'],
          ]) {
            const acc = await openAccount(tx, TENANT, c.id, currency);
            const d = await createDeposit(tx, bySystem(TENANT), c.id, { account_id: acc.id, amount });
            await auditDeposit(tx, checker, d.id, 'approved');
            accounts.push(acc.id);
          }
          return { id: c.id, accounts };
        }),
      );
    // Pending withdrawals requested by the clients themselves (no staff, no audit row: set aside below).
    const withdrawals: number[] = [];
    for (const c of clients)
      for (let k = 0; k < 8; k++) {
        try {
          const w = await withRetry(db, (tx) =>
            requestWithdrawal(tx, bySystem(TENANT), c.id, { account_id: c.accounts[0], amount: cents(1, 5) }),
          );
          withdrawals.push(w.id);
        } catch {
          break; // not enough money left on this account
        }
      }
    const mark = (
      await db.execute(sql`SELECT (SELECT coalesce(max(id), 0) FROM ledger_txn)::bigint AS txn,
        (SELECT coalesce(max(id), 0) FROM audit_log)::bigint AS audit`)
    ).rows[0] as { txn: string; audit: string };
    const txnMark = Number(mark.txn);
    const auditMark = Number(mark.audit);

    // ---- the API and the sign-ins
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    api = startApi(childEnv(dbUrl, port));
    const firstStart = await waitReady(api);
    const fx: Fixture = {
      tokens: {
        admin: await signIn(base, 'admin'),
        supervisor: await signIn(base, 'supervisor'),
        checker2: await signIn(base, 'checker2'),
      },
      clients,
      withdrawals,
    };

    // ---- load and kills
    const outcomes: Outcome[] = [];
    let stopping = false;
    const loadStart = Date.now();
    const stop = () => stopping || Date.now() - loadStart > RUN_CAP_MS;
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(base, w, fx, stop, outcomes));
    const restarts: number[] = [];
    const killedAt: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      await sleep(1500 + rnd(2500));
      killedAt.push(outcomes.length);
      await stopApi(api!, 'SIGKILL');
      await sleep(rnd(500));
      const t0 = Date.now();
      api = startApi(childEnv(dbUrl, port));
      await waitReady(api);
      restarts.push(Date.now() - t0);
      console.log(
        `kill ${k + 1}/${KILLS}: ${outcomes.length} operations answered so far, up again in ${Date.now() - t0} ms`,
      );
    }
    await sleep(TAIL_SEC * 1000);
    stopping = true;
    await Promise.all(workers);
    const loadMs = Date.now() - loadStart;
    await stopApi(api!);
    api = null;

    // ---- checks
    const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)).rows as T[];
    const n = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(q))[0].n);
    const checks: { name: string; found: number; detail?: string }[] = [];

    const ledger = await checkLedger(db);
    checks.push({
      name: 'ledger invariants (checkLedger, as npm run ledger:check): violations',
      found: ledger.violations.length,
      detail: ledger.ok ? undefined : formatReport(ledger),
    });

    // An audit row `a` that records the movement of txn `t`: the success row (not a replay) of its record's route
    // answering the record moved (approved or completed; rolled back for a reversal), or of the approvals queue
    // answering the approval that executed it (approved, naming the record).
    const moved = sql.raw(`a.id > ${auditMark} AND a.tenant_id = t.tenant_id AND a.result = 'success'
      AND coalesce(a.detail, '') NOT LIKE 'replayed%' AND (
        (split_part(a.action, '.', 1) = CASE t.ref_type WHEN 'exchange' THEN 'client' ELSE t.ref_type END
          AND (a.target_id = t.ref_id::text OR a.after->>'id' = t.ref_id::text)
          AND CASE WHEN t.kind = 'reversal' THEN a.after->>'status' = 'rolled_back'
            ELSE a.after->>'status' IN ('approved', 'completed') AND a.action NOT LIKE '%.rollback' END)
        OR (a.action = 'approval.approve' AND a.after->>'status' = 'approved'
          AND a.after->>'target_type' = t.ref_type || '_record' AND a.after->>'target_id' = t.ref_id::text
          AND (t.kind = 'reversal') = (a.after->>'kind' = 'rollback')))`);
    const unaudited = await rows<{ id: number; kind: string; ref_type: string; ref_id: number }>(sql`
      SELECT t.id, t.kind, t.ref_type, t.ref_id FROM ledger_txn t
      WHERE t.id > ${txnMark} AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE ${moved})`);
    checks.push({
      name: 'ledger txns of the load without their audit row',
      found: unaudited.length,
      detail: JSON.stringify(unaudited.slice(0, 5)),
    });
    // And the other way: every success row that says money moved has its txn (no audit row of a change that rolled
    // back).
    const orphanAudit = await rows<{ id: number; action: string }>(sql`
      SELECT a.id, a.action FROM audit_log a
      WHERE a.id > ${auditMark} AND a.result = 'success' AND coalesce(a.detail, '') NOT LIKE 'replayed%'
        AND (
          (split_part(a.action, '.', 1) IN ('deposit', 'withdraw', 'overdrawn', 'client')
            AND CASE WHEN a.action LIKE '%.rollback' THEN a.after->>'status' = 'rolled_back'
              ELSE a.after->>'status' IN ('approved', 'completed') END)
          OR (a.action = 'approval.approve' AND a.after->>'status' = 'approved'))
        AND NOT EXISTS (SELECT 1 FROM ledger_txn t WHERE t.id > ${txnMark} AND ${moved})`);
    checks.push({
      name: 'success audit rows of money moved without their ledger txn',
      found: orphanAudit.length,
      detail: JSON.stringify(orphanAudit.slice(0, 5)),
    });

    // No key ran twice: one record per key (remark = key), at most one approval txn per deposit, every key done once.
    const dupes = await rows<{ remark: string; n: number }>(sql`
      SELECT remark, count(*)::int AS n FROM deposit_record WHERE remark LIKE 'k9-%' GROUP BY remark HAVING count(*) > 1
      UNION ALL
      SELECT remark, count(*)::int FROM overdrawn_record WHERE remark LIKE 'k9-%' GROUP BY remark HAVING count(*) > 1`);
    checks.push({
      name: 'keys with more than one record',
      found: dupes.length,
      detail: JSON.stringify(dupes.slice(0, 5)),
    });
    const doubleTxn = await rows<{ ref_type: string; ref_id: number; kind: string; n: number }>(sql`
      SELECT ref_type, ref_id, kind, count(*)::int AS n FROM ledger_txn WHERE id > ${txnMark}
      GROUP BY ref_type, ref_id, kind HAVING count(*) > 1`);
    checks.push({
      name: 'records moved twice by the same kind of txn',
      found: doubleTxn.length,
      detail: JSON.stringify(doubleTxn.slice(0, 5)),
    });
    const ok2xx = outcomes.filter((o) => o.status >= 200 && o.status < 300);
    // An exchange answered pending (maker-checker above the exchange tier) has not moved yet.
    const exchanges = ok2xx.filter((o) => o.kind === 'exchange' && o.state !== 'pending').length;
    const exchangeRows = await n(sql`SELECT count(*)::int AS n FROM exchange_record WHERE id IN
      (SELECT ref_id FROM ledger_txn WHERE id > ${txnMark} AND ref_type = 'exchange')`);
    checks.push({
      name: 'exchanges executed minus exchanges answered 2xx',
      found: Math.abs(exchangeRows - exchanges),
      detail: `${exchangeRows} rows, ${exchanges} answered`,
    });
    const inFlightLeft = await n(
      sql`SELECT count(*)::int AS n FROM idempotency_key WHERE key LIKE 'k9-%' AND status <> 'done'`,
    );
    checks.push({ name: 'keys left in flight', found: inFlightLeft });
    const keysDone = await n(
      sql`SELECT count(*)::int AS n FROM idempotency_key WHERE key LIKE 'k9-%' AND status = 'done'`,
    );

    // Nothing lost: every 2xx answer's record is there (a created one with its key as remark), and each record is in the
    // state of the last 2xx answer about it (the operations on one record run one after the other).
    const tableOf: Record<Outcome['kind'], string> = {
      deposit: 'deposit_record',
      approve: 'deposit_record',
      rollback: 'deposit_record',
      rollback_check: 'deposit_record',
      bonus: 'overdrawn_record',
      compensation: 'overdrawn_record',
      exchange: 'exchange_record',
      withdraw_approve: 'withdraw_record',
    };
    const lastState = new Map<string, string | undefined>();
    for (const o of ok2xx) lastState.set(`${tableOf[o.kind]}:${o.id}`, o.state);
    let lost = 0;
    const lostDetail: string[] = [];
    for (const o of ok2xx) {
      const table = tableOf[o.kind];
      const [row] =
        o.id === undefined
          ? []
          : await rows<{ status: string; remark?: string | null }>(
              sql`SELECT * FROM ${sql.raw(table)} WHERE id = ${o.id}`,
            );
      const want = lastState.get(`${table}:${o.id}`);
      const created = o.kind === 'deposit' || o.kind === 'bonus' || o.kind === 'compensation';
      if (!row || (want !== undefined && row.status !== want) || (created && row.remark !== o.key)) {
        lost++;
        lostDetail.push(
          `${o.kind} ${o.key} id ${o.id}: ${row ? `${row.status} ${row.remark}` : 'missing'}, answered ${want}`,
        );
      }
    }
    checks.push({
      name: '2xx answers whose effect is missing',
      found: lost,
      detail: lostDetail.slice(0, 5).join('; '),
    });

    const chain = await verifyAuditChain(db);
    checks.push({
      name: 'audit chain problems (verifyAuditChain, as npm run audit:verify)',
      found: chain.problems.length,
      detail: JSON.stringify(chain.problems.slice(0, 5)),
    });
    checks.push({ name: '5xx answers', found: stats.fiveXx });

    const txnKinds = await rows<{ kind: string; n: number }>(sql`
      SELECT kind, count(*)::int AS n FROM ledger_txn WHERE id > ${txnMark} GROUP BY kind ORDER BY kind`);
    const auditRows = await n(sql`SELECT count(*)::int AS n FROM audit_log WHERE id > ${auditMark}`);
    const replays = await n(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE id > ${auditMark} AND detail LIKE 'replayed%'`,
    );
    const retried = outcomes.filter((o) => o.retriedAfterKill);
    const retriedOk = retried.filter((o) => o.status >= 200 && o.status < 300).length;

    const failed = checks.some((c) => c.found !== 0);
    if (failed) process.exitCode = 1;
    const byKind = new Map<string, { ok: number; refused: number }>();
    for (const o of outcomes) {
      const k = byKind.get(o.kind) ?? { ok: 0, refused: 0 };
      if (o.status < 300) k.ok++;
      else k.refused++;
      byKind.set(o.kind, k);
    }
    const fmt = (x: number) => x.toLocaleString('en-US');
    const date = new Date().toISOString().slice(0, 10);
    const lines = [
      `## kill -9 under load (${date})`,
      '',
      '`DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx bench/kill9.ts` ' +
        `(${KILLS} kills, ${WORKERS} workers; a fresh database each run). The API (server/main.ts, one process, pool of 20) ` +
        'runs as a child process and gets SIGKILL at random moments under load; each time it is started again and every ' +
        'request without a definitive answer is sent again with the same Idempotency-Key and body. ' +
        `Machine: ${cpus().length} cores, PostgreSQL and the load generator on the same machine.`,
      '',
      '| figure | value |',
      '| --- | ---: |',
      `| load time (s) | ${(loadMs / 1000).toFixed(1)} |`,
      `| SIGKILLs / restarts | ${KILLS} / ${restarts.length} |`,
      `| restart to first answer (ms, median / max) | ${median(restarts)} / ${Math.max(...restarts, 0)} (first start ${firstStart}) |`,
      `| operations with a definitive answer | ${fmt(outcomes.length)} |`,
      ...[...byKind].map(([k, v]) => `| &nbsp;&nbsp;${k}: 2xx / refused (4xx) | ${fmt(v.ok)} / ${fmt(v.refused)} |`),
      `| HTTP requests sent (retries included) | ${fmt(stats.attempts)} |`,
      `| requests in flight when the API was killed (cut off, sent again) | ${fmt(stats.cutOff)} |`,
      `| requests refused while the API was down (sent again) | ${fmt(stats.refused)} |`,
      `| sent again after 409 idempotency_in_flight (a died claim's lease) | ${fmt(stats.inFlightRetries)} |`,
      `| operations that needed a retry after a kill / of them 2xx | ${fmt(retried.length)} / ${fmt(retriedOk)} |`,
      `| answers replayed from the key (audit rows "replayed") | ${fmt(replays)} |`,
      `| keys done | ${fmt(keysDone)} |`,
      `| ledger txns of the load | ${fmt(txnKinds.reduce((s, r) => s + Number(r.n), 0))} (${txnKinds.map((r) => `${r.kind} ${r.n}`).join(', ')}) |`,
      `| audit rows of the load / chain rows verified | ${fmt(auditRows)} / ${fmt(chain.rows)} |`,
      `| answers by status | ${[...stats.statuses]
        .sort()
        .map(([s, c]) => `${s}: ${c}`)
        .join(', ')} |`,
      '',
      '| check | found |',
      '| --- | ---: |',
      ...checks.map((c) => `| ${c.name} | ${c.found}${c.found ? ' ✗' : ' ✓'} |`),
      '',
      `Run: ${((Date.now() - started) / 1000).toFixed(0)} s. ${failed ? 'FAILED.' : 'Every check holds.'}`,
      '',
    ];
    const section = lines.join('\n');
    console.log(`\n${section}`);
    for (const c of checks.filter((c) => c.found && c.detail)) console.error(`${c.name}: ${c.detail}`);
    if (!flag('no-write')) {
      const file = 'bench/results.md';
      const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
      const rest = previous.replace(/\n## kill -9 under load[\s\S]*?(?=\n## |$)/, '');
      writeFileSync(file, `${rest.trimEnd()}\n\n${section}`);
      console.log(`written to ${file}`);
    }
  } finally {
    if (api && running(api)) api.child.kill('SIGKILL');
    await database.close();
    if (!flag('keep')) {
      await dropDatabase(baseUrl, dbName);
    } else console.log(`kept database ${dbName}`);
    apiLog.end();
  }
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  if (api && running(api)) api.child.kill('SIGKILL');
  process.exit(2);
});
