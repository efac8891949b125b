#!/usr/bin/env node
// Runs every test suite in order and closes with one "N passed, N failed" line:
// TypeScript over the whole repository, unit (jsdom), API on embedded PGlite, API again on PostgreSQL when DATABASE_URL is set
// (plus the PostgreSQL-only concurrency suite), then the built console end to end in Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2); // e.g. `npm test -- unit server`
const pgUrl = process.env.DATABASE_URL;
const out = mkdtempSync(join(tmpdir(), 'bo-test-'));
const totals = { passed: 0, failed: 0 };
let failedSuites = [];

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
    totals.failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
  }
  if (r.status !== 0) failedSuites.push(name);
}

function build() {
  if (only.length && !only.includes('e2e')) return;
  console.log('\n=== build console ===');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) failedSuites.push('build');
}

if (!only.length || only.includes('typecheck')) {
  console.log('\n=== typecheck ===');
  if (spawnSync('npx', ['tsc', '-p', '.'], { stdio: 'inherit' }).status !== 0) failedSuites.push('typecheck');
  console.log('\n=== lint ===');
  if (spawnSync('npx', ['eslint', '.'], { stdio: 'inherit' }).status !== 0) failedSuites.push('lint');
  console.log('\n=== format ===');
  if (spawnSync('npx', ['prettier', '--check', '--log-level', 'warn', '.'], { stdio: 'inherit' }).status !== 0)
    failedSuites.push('format');
}
run('unit', ['-c', 'vitest.unit.config.ts']);
run('server:pglite', ['-c', 'vitest.server.config.ts'], { DATABASE_URL: '' });
// On PostgreSQL the server config also picks up the *.pg.test.ts suites (concurrency).
if (pgUrl) run('server:postgres', ['-c', 'vitest.server.config.ts'], { DATABASE_URL: pgUrl });
build();
run('e2e', ['-c', 'vitest.e2e.config.ts']);

console.log(`\n${failedSuites.length ? 'FAILED: ' + failedSuites.join(', ') : 'all suites green'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSuites.length ? 1 : 0);
