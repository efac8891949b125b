/**
 * Times the built console in Chromium as a person meets it, interleaved run by run with the react-admin demo (the
 * anchor of issue 20, built as /work/shared/anchors/react-admin-demo.md says): the login form, signed-out entry,
 * sign-in to the dashboard frame, the JavaScript heap after the dashboard, and a menu click to 25 rows of the client
 * list (the demo's customers list) and of a money list (deposits; the demo's invoices). Each run uses a fresh browser
 * context (no cache, no storage) at 1440×900; console and demo alternate (A, B, A, B, ...); medians, min-max and the
 * ratio of medians are written to bench/results.md.
 *
 * Run: `npm run bench:console -- --demo <the demo's dist/>` (builds first; or ANCHOR_DEMO=<dir>; `--no-demo` measures
 * the console alone). `--runs N` (default 7) changes the number of runs per side; E2E_DIST picks another console build;
 * `--before <dist>` adds another build (e.g. main's) as a third side of the same rounds.
 * Budgets: login form visible <= 400 ms, total blocking time <= 100 ms, signed-out entry <= 1.2 × the login form time,
 * menu click to 25 client rows <= 0.8 × the demo's customers list and <= 1.0 s, sign-in to the dashboard frame <= the
 * demo's.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser, startServer } from '../tests/e2e/harness';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const RUNS = Number(arg('--runs')) || 7;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026';
const BUDGET = { loginMs: 400, tbtMs: 100, entryRatio: 1.2, rowsMs: 1000, rowsRatio: 0.8, signInRatio: 1 };
const FORM = 'input[name=username]';
const ROWS = 25;
const NO_DEMO = process.argv.includes('--no-demo');
const DEMO_DIR = arg('--demo') ?? process.env.ANCHOR_DEMO;

if (!NO_DEMO && (!DEMO_DIR || !existsSync(join(DEMO_DIR, 'index.html')))) {
  console.error(
    `bench:console compares with the react-admin demo, and ${DEMO_DIR ? `${DEMO_DIR} has no index.html` : 'none was given'}.\n` +
      'Build it as /work/shared/anchors/react-admin-demo.md says (react-admin examples/demo, published 5.x packages,\n' +
      '`NODE_ENV=production npx vite build`), outside this repository, then pass its dist/ folder:\n' +
      '  npm run bench:console -- --demo /work/anchor-demo/examples/demo/dist   (or ANCHOR_DEMO=<dir>)\n' +
      'or measure the console alone with `-- --no-demo`.',
  );
  process.exit(2);
}

/**
 * In every page of the context: collects long tasks (> 50 ms), and notes the frame in which the login form's username
 * field is first laid out (the animation frame after it entered the DOM with a size: the paint that shows it).
 */
const PROBES = () => {
  const w = window as unknown as { __longTasks: number[]; __formAt?: number };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    const input = document.querySelector('input[name=username]');
    if (!input || !input.getBoundingClientRect().height) return;
    observer.disconnect();
    requestAnimationFrame(() => (w.__formAt = performance.now()));
  }).observe(document, { childList: true, subtree: true });
};

interface FirstScreen {
  formMs: number;
  tbtMs: number;
  longTasks: number;
  jsKb: number;
}

async function freshPage(browser: Browser, locale: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  await ctx.addInitScript(PROBES);
  return ctx.newPage();
}

/** Opens `url` signed out; the form's time is the page's own clock since the navigation started. */
async function firstScreen(page: Page, url: string): Promise<FirstScreen> {
  await page.goto(url);
  await page.locator(FORM).waitFor({ state: 'visible' });
  const formMs = await page.evaluate(() => (window as unknown as { __formAt?: number }).__formAt ?? performance.now());
  await page.waitForTimeout(1000); // long tasks right after the form still block the first keystrokes
  return page.evaluate((formAt) => {
    const tasks = (window as unknown as { __longTasks: number[] }).__longTasks;
    // scripts the page ran; not those prefetched for after sign-in (fetched while idle, not evaluated)
    const prefetched = new Set(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((l) => l.href),
    );
    const js = performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
      .filter((e) => !prefetched.has(e.name))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).decodedBodySize, 0);
    return {
      formMs: formAt,
      tbtMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
      longTasks: tasks.length,
      jsKb: js / 1024,
    };
  }, formMs);
}

/**
 * What the page shows when a measure ends: `rows` (`arg`: the list's scope) at least ROWS data rows of react-admin's
 * DataTable; `visible` (`arg`: selectors joined by ` && `) each of them in the DOM with a size.
 */
type Done = { kind: 'rows' | 'visible'; arg: string };

/**
 * Clicks `target` and answers the milliseconds until the animation frame in which `done` first holds. Both clocks are
 * the machine's wall clock (the page may navigate in between).
 */
async function clickUntil(page: Page, target: string, done: Done): Promise<number> {
  await page.locator(target).waitFor({ state: 'visible' });
  const t0 = Date.now();
  await page.click(target);
  const at = await page.waitForFunction(
    ({ kind, arg, rows }) => {
      const ok =
        kind === 'rows'
          ? document.querySelectorAll(`${arg} tbody tr.RaDataTable-row`).length >= rows
          : arg.split(' && ').every((s) => {
              const el = document.querySelector(s);
              return !!el && el.getBoundingClientRect().height > 0;
            });
      return ok ? Date.now() : 0;
    },
    { ...done, rows: ROWS },
    { polling: 'raf', timeout: 60_000 },
  );
  return (await at.jsonValue()) - t0;
}

async function heapMb(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1024 / 1024;
}

interface Run extends FirstScreen {
  entryRootMs: number;
  entryDeepMs: number;
  signInMs: number;
  heapMb: number;
  clientRowsMs: number;
  /** Main-thread time (Chromium's TaskDuration) from the menu click to the client list's rows. */
  clientTaskMs: number;
  /** Of it, JavaScript (ScriptDuration). */
  clientScriptMs: number;
  moneyRowsMs: number;
}

/** Chromium's running totals of main-thread task and script time (ms) of the page. */
async function busy(cdp: CDPSession): Promise<{ task: number; script: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: of('TaskDuration'), script: of('ScriptDuration') };
}

/** What differs between the two sides: where they live and how a person signs in and finds things. */
interface Side {
  name: string;
  login: string;
  entries: [string, string];
  user: [string, string];
  submit: string;
  /** Visible when the dashboard's frame shows (the menu and the dashboard's first card). */
  frame: string;
  clientEntry: string;
  clientScope: string;
  moneyGroup?: string;
  moneyEntry: string;
  moneyScope: string;
  locale: string;
}

async function run(browser: Browser, side: Side): Promise<Run> {
  const page = await freshPage(browser, side.locale);
  const first = await firstScreen(page, side.login);
  const entries: number[] = [];
  for (const url of side.entries) {
    const p = await freshPage(browser, side.locale);
    entries.push((await firstScreen(p, url)).formMs);
    await p.context().close();
  }

  await page.fill('input[name=username]', side.user[0]);
  await page.fill('input[name=password]', side.user[1]);
  const signInMs = await clickUntil(page, side.submit, { kind: 'visible', arg: side.frame });
  const heap = await heapMb(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  // A person reads the dashboard, then opens a list from the menu: the shell is idle (network idle above).
  const busy0 = await busy(cdp);
  const clientRowsMs = await clickUntil(page, side.clientEntry, { kind: 'rows', arg: side.clientScope });
  const busy1 = await busy(cdp);
  if (side.moneyGroup && (await page.locator(side.moneyGroup).getAttribute('aria-expanded')) !== 'true')
    await page.click(side.moneyGroup);
  const moneyRowsMs = await clickUntil(page, side.moneyEntry, { kind: 'rows', arg: side.moneyScope });
  await page.context().close();
  return {
    ...first,
    entryRootMs: entries[0],
    entryDeepMs: entries[1],
    signInMs,
    heapMb: heap,
    clientRowsMs,
    clientTaskMs: busy1.task - busy0.task,
    clientScriptMs: busy1.script - busy0.script,
    moneyRowsMs,
  };
}

/** Writes `.br` and `.gz` beside each text file over 1 KB that has none, as the console's build does. */
function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) precompress(path);
    else if (/\.(js|css|html|svg|json)$/.test(name) && statSync(path).size >= 1024 && !existsSync(`${path}.br`)) {
      const body = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

/** The demo's dist/ served statically with precompressed brotli/gzip (hash routes: every path is index.html). */
async function serveDemo(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  precompress(dir);
  const app = Fastify();
  await app.register(fastifyStatic, { root: resolve(dir), preCompressed: true });
  app.setNotFoundHandler((_req, reply) => reply.type('text/html').sendFile('index.html'));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length / 2;
  const median = s.length % 2 ? s[Math.floor(mid)] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s[s.length - 1] };
};

const BEFORE_DIR = arg('--before');
const server = await startServer({ clients: 30 });
// `--before <dist>`: another console build (e.g. the main branch's) served by a second API, measured in the same rounds
const before = BEFORE_DIR
  ? await (async () => {
      const own = process.env.E2E_DIST;
      process.env.E2E_DIST = BEFORE_DIR;
      try {
        return await startServer({ clients: 30 });
      } finally {
        if (own === undefined) delete process.env.E2E_DIST;
        else process.env.E2E_DIST = own;
      }
    })()
  : null;
const demo = NO_DEMO ? null : await serveDemo(DEMO_DIR!);
const browser = await launchBrowser();
const load0 = loadavg();
try {
  const consoleAt = (url: string): Side => ({
    name: 'console',
    login: `${url}/login`,
    entries: [`${url}/`, `${url}/client`],
    user: ['admin', PASSWORD],
    submit: '[data-testid=login-submit]',
    frame: '[data-testid=menu-item-client] && [data-testid=profile-card]',
    clientEntry: '[data-testid=menu-item-client]',
    clientScope: '[data-tab-pane="/client"]',
    moneyGroup: '[data-testid=menu-group-funds]',
    moneyEntry: '[data-testid=menu-item-deposit]',
    moneyScope: '[data-tab-pane="/deposit"]',
    locale: 'zh-CN',
  });
  const demoSide: Side | null = demo && {
    name: 'demo',
    login: `${demo.url}/#/login`,
    entries: [`${demo.url}/`, `${demo.url}/#/customers`],
    user: ['demo', 'demo'],
    submit: 'button[type=submit]',
    frame: 'a[role=menuitem][href="#/customers"] && .MuiCard-root',
    clientEntry: 'a[role=menuitem][href="#/customers"]',
    clientScope: '#main-content',
    moneyEntry: 'a[role=menuitem][href="#/invoices"]',
    moneyScope: '#main-content',
    locale: 'en-US',
  };
  const sides = [consoleAt(server.url), ...(before ? [consoleAt(before.url)] : []), ...(demoSide ? [demoSide] : [])];
  const results: Run[][] = sides.map(() => []);
  // warm-up: the servers' first reads of the files and the database are not what users see
  for (const side of sides) await run(browser, side);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, side] of sides.entries()) results[k].push(await run(browser, side));
    process.stdout.write(`run ${i + 1}/${RUNS}\n`);
  }
  const runs = results[0];
  const old = before ? results[1] : [];
  const anchor = demoSide ? results[results.length - 1] : [];
  const load1 = loadavg();
  const rows: [string, keyof Run, (consoleMedian: number, demoMedian?: number) => number | null][] = [
    ['login form visible (ms)', 'formMs', () => BUDGET.loginMs],
    ['total blocking time (ms)', 'tbtMs', () => BUDGET.tbtMs],
    ['long tasks', 'longTasks', () => null],
    ['JavaScript parsed for /login (KB, decoded)', 'jsKb', () => null],
    ['signed-out entry at / (ms)', 'entryRootMs', () => stats(runs.map((r) => r.formMs)).median * BUDGET.entryRatio],
    [
      'signed-out entry at a list (ms; demo: #/customers)',
      'entryDeepMs',
      () => stats(runs.map((r) => r.formMs)).median * BUDGET.entryRatio,
    ],
    ['sign-in to the dashboard frame (ms)', 'signInMs', (_c, d) => (d === undefined ? null : d * BUDGET.signInRatio)],
    ['JS heap after the dashboard (MB)', 'heapMb', () => null],
    [
      `menu click to ${ROWS} rows: client list (ms; demo: customers)`,
      'clientRowsMs',
      (_c, d) => (d === undefined ? BUDGET.rowsMs : Math.min(BUDGET.rowsMs, d * BUDGET.rowsRatio)),
    ],
    ['  main-thread time from the click to the rows (ms)', 'clientTaskMs', () => null],
    ['  of it JavaScript (ms)', 'clientScriptMs', () => null],
    [`menu click to ${ROWS} rows: money list (ms; deposits; demo: invoices)`, 'moneyRowsMs', () => null],
  ];
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  const span = (s: ReturnType<typeof stats>) => `${fmt(s.median)} (${fmt(s.min)}-${fmt(s.max)})`;
  let over = false;
  const table = rows.map(([label, key, budgetOf]) => {
    const c = stats(runs.map((r) => r[key]));
    const d = anchor.length ? stats(anchor.map((r) => r[key])) : undefined;
    const budget = budgetOf(c.median, d?.median);
    const ok = budget === null ? '' : c.median <= budget ? `≤ ${fmt(budget)} ✓` : `OVER ${fmt(budget)}`;
    if (budget !== null && c.median > budget) over = true;
    const ratio = d && d.median > 0 ? `${(c.median / d.median).toFixed(2)}x` : '–';
    const b = old.length ? stats(old.map((r) => r[key])) : undefined;
    return `| ${label} | ${span(c)} |${b ? ` ${span(b)} |` : ''} ${d ? span(d) : '–'} | ${ratio} | ${ok} |`;
  });
  const command =
    `npm run bench:console -- --runs ${RUNS}${demo ? ` --demo ${DEMO_DIR}` : ' --no-demo'}` +
    (before ? ` --before ${BEFORE_DIR}` : '');
  const report = [
    `## Console timing (${new Date().toISOString().slice(0, 10)})`,
    '',
    `\`${command}\`${process.env.E2E_DIST ? ` (E2E_DIST=${process.env.E2E_DIST})` : ''}. Chromium (${browser.version()}), ` +
      `1440×900, a fresh context per run, ${RUNS} runs per side after one warm-up each` +
      (demo || before
        ? `, ${sides.map((x, k) => (k === 1 && before ? 'the console before (--before)' : x.name)).join(', ')} interleaved run by run`
        : '') +
      '. The console is served by the API (30 seeded clients, zh-CN), the demo (react-admin examples/demo, published ' +
      '5.x packages, en) statically by Fastify with precompressed brotli/gzip. Form times are the page clock from ' +
      'navigation start to the frame that first lays out the username field; total blocking time sums the part over ' +
      '50 ms of every long task until 1 s after the form showed. Sign-in: the click on the submit button to the frame ' +
      'that shows the menu and the dashboard’s first card. Menu click to rows: after the dashboard went network-idle, ' +
      `the click on the menu entry to the frame with ${ROWS} data rows in the list (the money list second, in the same ` +
      `session). 1-minute load average at the start / end: ${load0[0].toFixed(1)} / ${load1[0].toFixed(1)} (2 cores, shared).`,
    '',
    `| measure | console median (min-max) |${before ? ' console before |' : ''} demo median (min-max) | ratio | budget |`,
    `| --- | --- |${before ? ' --- |' : ''} --- | --- | --- |`,
    ...table,
    '',
  ].join('\n');
  console.log(report);
  const file = 'bench/results.md';
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const rest = previous.replace(/\n*## Console timing[\s\S]*?(?=\n## |$)/, '');
  writeFileSync(file, `${rest.trimEnd()}\n\n${report}`);
  if (over) process.exitCode = 1;
} finally {
  await browser.close();
  await demo?.close();
  await before?.close();
  await server.close();
}
