/**
 * `npm run bench:start`: start to first answer of the API on an existing database, the compiled server
 * (`node build/server/main.js`, what `npm start` and production run) against the TypeScript sources through tsx (as
 * before), in interleaved runs. Each run spawns the server on a free port, asks `GET /api/setting/v1/app` every 20 ms
 * until it answers 200, and stops it (SIGKILL). The database: `BENCH_DB` (a PostgreSQL URL) or, by default, an
 * embedded PGlite in DATA_DIR (default /tmp/bo-start-data, created and seeded by a first start that is not counted).
 *
 * Options: --runs N (per side, default 5), --no-write. Needs `npm run build` first (build/server/main.js).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createServer } from 'node:net';

const argv = process.argv.slice(2);
const runs = Number(argv[argv.indexOf('--runs') + 1] || 5) || 5;
const dataDir = process.env.DATA_DIR || '/tmp/bo-start-data';
const databaseUrl = process.env.BENCH_DB && /^postgres(ql)?:/.test(process.env.BENCH_DB) ? process.env.BENCH_DB : '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const sides = {
  compiled: ['build/server/main.js'],
  tsx: ['--import', 'tsx', 'server/main.ts'],
} as const;

/** CPU time (user + system, ms) a process has used so far, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Milliseconds from spawning the server to its first 200 answer, and the CPU time it used until then. */
async function startOnce(args: readonly string[], timeoutMs = 600_000): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...args], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - t0 > timeoutMs) throw new Error(`${args.join(' ')}: no answer`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/setting/v1/app`, { headers: { 'x-tenant-id': 'tr' } })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) return { wall: performance.now() - t0, cpu: cpuMs(child.pid!) };
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (!existsSync('build/server/main.js')) throw new Error('run `npm run build` first');
console.log(`first start (creates and seeds the database when empty; not counted)...`);
await startOnce(sides.compiled);
const load = loadavg()[0];
const times: Record<keyof typeof sides, number[]> = { compiled: [], tsx: [] };
const cpu: Record<keyof typeof sides, number[]> = { compiled: [], tsx: [] };
for (let i = 0; i < runs; i++) {
  for (const side of ['compiled', 'tsx'] as const) {
    const r = await startOnce(sides[side]);
    times[side].push(r.wall);
    cpu[side].push(r.cpu);
    console.log(`${side.padEnd(9)} ${r.wall.toFixed(0)} ms (CPU ${r.cpu} ms)`);
  }
}
const row = (side: keyof typeof sides, what: string) =>
  `| ${what} | ${median(times[side]).toFixed(0)} | ${Math.min(...times[side]).toFixed(0)} | ` +
  `${Math.max(...times[side]).toFixed(0)} | ${median(cpu[side]).toFixed(0)} | ` +
  `${side === 'compiled' ? (median(times[side]) <= 1500 ? '≤ 1500 ✓' : '≤ 1500: NOT met') : ''} |`;
const section = [
  `## API start to first answer (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  '',
  `\`npm run build && ${process.env.BENCH_DB ? `BENCH_DB=${process.env.BENCH_DB} ` : ''}npm run bench:start -- --runs ${runs}\`: ` +
    `from spawning the server to its first 200 on \`GET /api/setting/v1/app\` (asked every 20 ms), on an existing ` +
    `${databaseUrl ? 'PostgreSQL database' : 'embedded PGlite database'} (migrated and seeded by a first start that is ` +
    `not counted), development mode; ${runs} runs per side, interleaved. Machine: ${cpus().length} cores, shared: ` +
    `1-minute load average ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.`,
  '',
  '| server | median (ms) | min | max | CPU used until then (ms, median) | budget |',
  '| --- | ---: | ---: | ---: | ---: | --- |',
  row('compiled', '`node build/server/main.js` (npm start, production)'),
  row('tsx', '`tsx server/main.ts` (before: compiled at every start)'),
  '',
].join('\n');
console.log(`\n${section}`);
if (!argv.includes('--no-write')) {
  const file = 'bench/results.md';
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const rest = previous.replace(/\n## API start to first answer[\s\S]*?(?=\n## |$)/, '');
  writeFileSync(file, `${rest.trimEnd()}\n\n${section}`);
}
