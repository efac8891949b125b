#!/usr/bin/env node
// Runs every test suite in order and closes with one "N passed, N failed" line:
// TypeScript over the whole repository, unit (jsdom), API on embedded PGlite, API again on PostgreSQL when DATABASE_URL is set
// (then the PostgreSQL-only concurrency suites, alone), then the built console end to end in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2); // e.g. `npm test -- unit server`

// The installed Node must satisfy package.json `engines` (a mismatch fails before anything runs).
const wanted = JSON.parse(readFileSync('package.json', 'utf8')).engines?.node ?? '';
const floor = /^>=\s*(\d+)\.(\d+)/.exec(wanted);
const [major, minor] = process.versions.node.split('.').map(Number);
if (floor && (major < +floor[1] || (major === +floor[1] && minor < +floor[2]))) {
  console.error(`Node ${process.versions.node} does not satisfy engines.node "${wanted}"`);
  process.exit(1);
}
const pgUrl = process.env.DATABASE_URL;
const out = mkdtempSync(join(tmpdir(), 'bo-test-'));
const totals = { passed: 0, failed: 0 };
let failedSuites = [];
/** The failed tests by name, repeated at the end so that the last lines of a long log say what failed. */
const failedTests = [];

function run(name, args, env = {}) {
  if (only.length && !only.includes(name.split(':')[0])) return;
  const report = join(out, `${name.replace(/\W/g, '_')}.json`);
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += j.numPassedTests;
    // A file that failed outside its tests (an import error, a failing beforeAll: its tests skipped, none failed)
    // counts as one failure.
    const silent = (j.testResults ?? []).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    totals.failed += j.numFailedTests + silent;
    for (const f of j.testResults ?? []) {
      const file = f.name.replace(process.cwd() + '/', '');
      const tests = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (f.status === 'failed' && !tests.length)
        failedTests.push(`${name}: ${file}: ${(f.message ?? '').split('\n')[0]}`);
      for (const a of tests)
        failedTests.push(`${name}: ${file} > ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  }
  if (r.status !== 0) fail(name, !existsSync(report));
}

/** Records a failed step; a step that produced no test report (typecheck, lint, format, build, a crash) counts too. */
function fail(name, counts = true) {
  failedSuites.push(name);
  if (counts) totals.failed += 1;
}

function build() {
  if (only.length && !only.includes('e2e')) return;
  console.log('\n=== build console ===');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) fail('build');
  // the API as npm start and production run it (build/server/main.js): a bundle that does not build fails here
  const api = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (api.status !== 0) fail('build');
}

/** Runs a check with its output kept, to print once it ends (the checks run side by side). */
function check(name, args) {
  return new Promise((done) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => done({ name, code, output }));
  });
}

if (!only.length || only.includes('typecheck')) {
  // TypeScript (one core) beside lint then format (the other): each prints its output when it ends.
  const results = await Promise.all([
    check('typecheck', ['tsc', '-p', '.']),
    check('lint', ['eslint', '.']).then(async (lint) => [
      lint,
      await check('format', ['prettier', '--check', '--log-level', 'warn', '.']),
    ]),
  ]);
  for (const r of results.flat()) {
    console.log(`\n=== ${r.name} ===`);
    process.stdout.write(r.output);
    if (r.code !== 0) fail(r.name);
  }
}
run('unit', ['-c', 'vitest.unit.config.ts']);
// On PGlite, then (with DATABASE_URL) the same files on PostgreSQL, then the *.pg.test.ts suites (concurrency); the
// files whose answers do not depend on the driver run in one of the two (vitest.server.config.ts).
run('server:pglite', ['-c', 'vitest.server.config.ts'], { DATABASE_URL: '', SERVER_SUITE: pgUrl ? 'pglite' : '' });
if (pgUrl) {
  run('server:postgres', ['-c', 'vitest.server.config.ts'], { DATABASE_URL: pgUrl, SERVER_SUITE: 'api' });
  run('server:races', ['-c', 'vitest.server.config.ts'], { DATABASE_URL: pgUrl, SERVER_SUITE: 'races' });
}
build();
run('e2e', ['-c', 'vitest.e2e.config.ts']);

// The closing line never reads "0 failed" when any step failed.
if (failedSuites.length && totals.failed === 0) totals.failed = failedSuites.length;
for (const t of failedTests) console.log(`failed: ${t.slice(0, 400)}`);
console.log(`\n${failedSuites.length ? 'FAILED: ' + failedSuites.join(', ') : 'all suites green'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSuites.length ? 1 : 0);
