/**
 * `npx tsx bench/push-latency.ts`: how fast a change made through one API process reaches the consoles' event streams
 * on another (docs/live-updates.md).
 *
 * Three API processes (server/main.ts, tests/server/api-processes.ts) on a fresh PostgreSQL database of DATABASE_URL
 * (default postgres://root@127.0.0.1:5432/test). STREAMS consoles (the salesman, each his own stream) listen on
 * process 3 and one on process 2; the administrator makes DEPOSITS deposits one after the other over HTTP through
 * process 1 for a client of that salesman. For each: the time from sending the request to its event arriving on every
 * stream of process 3 (the slowest of them) and on process 2, and from the answer arriving at the maker to the event
 * arriving (negative: the event came first; it is sent at commit, before the answer). Prints p50/p95/max and writes
 * "## Push latency across three processes (date)" into bench/results.md (other sections kept).
 *
 * Options: --deposits N (100), --streams N (20), --no-write.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { withRetry } from '../server/core/retry';
import { staffUser } from '../server/db/schema';
import { createClient, openAccount } from '../server/modules/client/service';
import { startApiCluster } from '../tests/server/api-processes';
import { StreamReader } from '../tests/server/live-helpers';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const DEPOSITS = option('deposits', 100);
const STREAMS = option('streams', 20);
const baseUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const summary = (xs: number[]) => `p50 ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))}, max ${ms(Math.max(...xs))}`;

async function main() {
  const started = Date.now();
  const cluster = await startApiCluster(baseUrl, { count: 3 });
  try {
    const db = cluster.database.db;
    const [sales] = await db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'sales')));
    let clientId = 0;
    let accountId = 0;
    await withRetry(db, async (tx) => {
      const c = await createClient(tx, 'tr', { username: 'bench_live', agentId: sales.id });
      clientId = c.id;
      accountId = (await openAccount(tx, 'tr', c.id, 'USD')).id;
    });
    const maker = await cluster.signIn(0, 'admin');
    const watcher = await cluster.signIn(2, 'sales');
    const onThree = await Promise.all(
      Array.from({ length: STREAMS }, () => StreamReader.open(cluster.processes[2].url, watcher)),
    );
    const onTwo = await StreamReader.open(cluster.processes[1].url, watcher);
    for (const s of [...onThree, onTwo]) await s.until((m) => m.event === 'hello');

    const toThree: number[] = [];
    const toTwo: number[] = [];
    const afterAnswer: number[] = [];
    const answers: number[] = [];
    for (let i = 0; i < DEPOSITS; i++) {
      const sent = performance.now();
      const arrivals = [...onThree, onTwo].map((s) => {
        const before = s.messages.length;
        return (async () => {
          // the next deposit event after what this stream already had
          await s.until((m) => s.messages.indexOf(m) >= before && m.event === 'live', 10_000);
          return performance.now();
        })();
      });
      const res = await fetch(`${cluster.processes[0].url}/api/deposit/admin/v2/specialized/${clientId}`, {
        method: 'POST',
        headers: {
          'x-tenant-id': 'tr',
          authorization: `Bearer ${maker}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ account_id: accountId, amount: '10.00' }),
      });
      await res.text();
      if (res.status !== 200) throw new Error(`deposit ${i}: ${res.status}`);
      const answered = performance.now();
      const times = await Promise.all(arrivals);
      const three = Math.max(...times.slice(0, STREAMS));
      toThree.push(three - sent);
      toTwo.push(times[STREAMS] - sent);
      afterAnswer.push(three - answered);
      answers.push(answered - sent);
    }
    for (const s of [...onThree, onTwo]) s.close();

    const date = new Date().toISOString().slice(0, 10);
    const section = [
      `## Push latency across three processes (${date})`,
      '',
      `\`npx tsx bench/push-latency.ts --deposits ${DEPOSITS} --streams ${STREAMS}\`: three API processes on one ` +
        `PostgreSQL database (${cpus().length} cores shared with the other sessions, load ${loadavg()[0].toFixed(1)}); ` +
        `${STREAMS} streams of the salesman on process 3 and one on process 2; ${DEPOSITS} deposits one after the ` +
        'other by the administrator over HTTP through process 1.',
      '',
      `- request sent → event on all ${STREAMS} streams of process 3: ${summary(toThree)}`,
      `- request sent → event on process 2: ${summary(toTwo)}`,
      `- the deposit's answer at the maker (request → answer): ${summary(answers)}`,
      `- answer received → event on process 3 (negative: before the answer): ${summary(afterAnswer)}`,
      '',
      'The event leaves at commit (pg_notify in the transaction), before the answer is written; it crosses ' +
        "PostgreSQL to every process's LISTEN connection and is written to each open stream. So the last line is how " +
        'long after the change the consoles hear of it (bounded by the answer: the commit is before it); the lines ' +
        "before it are dominated by the request's own time on this machine's load.",
      `(total run ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    ].join('\n');
    console.log(`\n${section}`);
    if (!args.includes('--no-write')) {
      const file = 'bench/results.md';
      const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
      const rest = previous.replace(/\n## Push latency across three processes[\s\S]*?(?=\n## |$)/, '');
      writeFileSync(file, `${rest.trimEnd()}\n\n${section}\n`);
      console.log(`written to ${file}`);
    }
  } finally {
    await cluster.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
