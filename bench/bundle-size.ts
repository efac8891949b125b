/**
 * Measures the built console: gzipped JavaScript a browser loads for /login, then after signing in for the
 * dashboard (shell + dashboard, cumulative), then for the client list opened from the menu, and every lazy chunk. Writes the figures into bench/results.md.
 * Run: `npm run bench:bundle` (builds first); `-- --files` also prints each file a route loaded, largest first (which
 * chunk grew). Budgets: /login <= 200 KB, shell + dashboard <= 400 KB.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launchBrowser, signIn, startServer } from '../tests/e2e/harness';

const BUDGET = { login: 200 * 1024, dashboard: 400 * 1024 };
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(`dist/${file}`)).length;

const server = await startServer();
const browser = await launchBrowser();
try {
  const ctx = await browser.newContext();
  // No idle preloading of the menu's pages (src/layout/useMenuPreload.ts): the figures are what each route needs.
  await ctx.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const page = await ctx.newPage();
  const loaded = new Set<string>();
  const filesOf: Record<string, string[]> = {};
  const listFiles = (route: string) =>
    (filesOf[route] = [...loaded].filter((f) => !Object.values(filesOf).flat().includes(f)));
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) loaded.add(path.slice(1));
  });
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);
  const total = () => sum(loaded);

  await page.goto(`${server.url}/login`);
  await page.locator('[data-testid=login-submit]').waitFor();
  await page.waitForLoadState('networkidle');
  // index.html prefetches the shell's chunks while the form waits: fetched, not run; counted with the dashboard
  const prefetched = new Set(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((l) =>
        new URL(l.href).pathname.slice(1),
      ),
    ),
  );
  const loginRan = [...loaded].filter((f) => !prefetched.has(f));
  const login = sum(loginRan);
  const loginFiles = loginRan.length;
  filesOf['/login'] = loginRan;

  await signIn(page, server.url, 'admin', process.env.DEMO_PASSWORD ?? 'Demo@2026');
  await page.waitForURL('**/dashboard');
  await page.locator('[data-testid=profile-card]').waitFor();
  await page.waitForLoadState('networkidle');
  const dashboard = total();
  const dashboardFiles = loaded.size;
  listFiles('/dashboard');

  // a click right after sign-in may land on an entry the menu is re-rendering: click again, as a person would
  for (let attempt = 1; ; attempt++) {
    await page.click('[data-testid=menu-item-client]');
    try {
      await page.waitForURL('**/client*', { timeout: 5_000 });
      break;
    } catch (e) {
      if (attempt >= 6) throw e;
    }
  }
  await page.locator('[data-tab-pane="/client"] .RaList-main').waitFor();
  await page.waitForLoadState('networkidle');
  const client = listFiles('/client');

  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; src?: string; isDynamicEntry?: boolean }
  >;
  const lazy = Object.values(manifest)
    .filter((e) => e.isDynamicEntry)
    .map((e) => ({ src: e.src ?? e.file, size: gz(e.file) }))
    .sort((a, b) => b.size - a.size);

  const ok = (v: number, b: number) => (v <= b ? 'within budget' : `OVER budget (${kb(b)})`);
  const lines = [
    `## Console bundle (${new Date().toISOString().slice(0, 10)})`,
    '',
    'Gzipped JavaScript loaded by Chromium (default-level gzip of each file the page requested).',
    '',
    '| route | gzipped JS | files | budget |',
    '| --- | --- | --- | --- |',
    `| /login | ${kb(login)} | ${loginFiles} | ${ok(login, BUDGET.login)} |`,
    `| /login then /dashboard (shell + dashboard, cumulative) | ${kb(dashboard)} | ${dashboardFiles} | ${ok(dashboard, BUDGET.dashboard)} |`,
    `| of which prefetched by /login while the form waits (not run there) | ${kb(sum(prefetched))} | ${prefetched.size} | |`,
    `| then the client list from the menu (without the idle preloading) | ${kb(sum(client))} | ${client.length} | |`,
    '',
    '| lazy chunk (entry source) | gzipped |',
    '| --- | --- |',
    ...lazy.map((c) => `| ${c.src} | ${kb(c.size)} |`),
    '',
  ];
  const report = lines.join('\n');
  console.log(report);
  if (process.argv.includes('--files')) {
    for (const [route, files] of Object.entries(filesOf))
      for (const f of files.sort((a, b) => gz(b) - gz(a))) console.log(`${route}\t${kb(gz(f))}\t${f}`);
  }
  const file = 'bench/results.md';
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const marker = '## Console bundle';
  const rest = previous.includes(marker)
    ? previous.slice(0, previous.indexOf(marker)) +
      previous.slice(previous.indexOf(marker)).replace(/## Console bundle[\s\S]*?(?=\n## |$)/, '')
    : previous;
  writeFileSync(file, `${rest.trimEnd()}\n\n${report}`);
  if (login > BUDGET.login || dashboard > BUDGET.dashboard) process.exitCode = 1;
} finally {
  await browser.close();
  await server.close();
}
