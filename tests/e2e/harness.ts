import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { call, login, makeTestApp, type TestApp } from '../server/helpers';
import { seedFunds } from '../../server/db/seed-funds';
import { seedClientExtras } from '../../server/db/seed-client';

/** Chromium flags for this workplace: no sandbox (root), no background traffic to the closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The last Playwright calls of each browser (started and ended, timed), for a failed test's trail. */
const calls = new WeakMap<Browser, string[]>();

/** The last `n` Playwright calls made on `browser` (`=>` started, `<=` ended): a call started and never ended hangs. */
export const lastCalls = (browser: Browser | null, n = 40): string[] =>
  (browser ? calls.get(browser) : [])?.slice(-n) ?? [];

/** Launches Debian's Chromium (never a downloaded browser), its Playwright calls kept (lastCalls). */
export async function launchBrowser(): Promise<Browser> {
  const log: string[] = [];
  const started = Date.now();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    // the API log only (a line per call started and ended), its last 200 lines
    logger: {
      isEnabled: (name) => name === 'api',
      log: (_name, _severity, message) => {
        log.push(`${String(Date.now() - started).padStart(7)} ms  ${String(message).slice(0, 200)}`);
        if (log.length > 200) log.splice(0, log.length - 200);
      },
    },
  });
  calls.set(browser, log);
  return browser;
}

export interface E2EServer {
  url: string;
  test: TestApp;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Also seed this many demo clients (tenant tr) with accounts and records through the ledger, and their drawer data. */
  clients?: number;
  /** The port to listen on (a free one when unset, or when this one is taken). */
  port?: number;
}

/** The real API serving the built console, on a fresh seeded database (staff only unless `clients`), on a free port. */
export async function startServer(opts: StartOptions = {}): Promise<E2EServer> {
  // E2E_DIST: a build of one's own (helpers working side by side build into separate folders).
  const staticDir = resolve(process.env.E2E_DIST ?? 'dist');
  if (!existsSync(resolve(staticDir, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  const test = await makeTestApp({ captcha: false, staticDir });
  if (opts.clients) {
    await seedFunds(test.database.db, 'tr', { clients: opts.clients });
    await seedClientExtras(test.database.db, 'tr');
  }
  const address = await test.app
    .listen({ port: opts.port ?? 0, host: '127.0.0.1' })
    .catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EADDRINUSE' || !opts.port) throw e;
      return test.app.listen({ port: 0, host: '127.0.0.1' });
    });
  // File URLs are built on the configured origin (PUBLIC_ORIGIN), which is the port just chosen here.
  test.app.config.publicOrigin = address;
  // The worker's browser profile outlives the file (console.ts newPage): its idle keep-alive connections would hold the
  // server's close until they time out (72 s), so they are closed with it.
  const close = async () => {
    test.app.server.closeAllConnections();
    await test.close();
  };
  return { url: address, test, close };
}

/** Signs in through the login page as `username` with `password`. */
export async function signIn(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await submitLogin(page, username, password);
}

/**
 * Fills the login form the page shows and submits it, once the form is ready as a person sees it: its captcha settled
 * (a picture, or no captcha field at all). A click while the captcha still loads is refused with "captcha required"
 * (a loaded machine saw it: the sign-in then waited for the dashboard in vain).
 */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await loginFormReady(page);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
}

/**
 * Signs in again on the login page the console went to by itself (after a password or MFA change signed the staff
 * member out), as a person does: in the form it shows, once it has stopped moving. Loading /login over it instead was
 * aborted by the console's own last moves to /login (net::ERR_ABORTED, seen in a clean-clone run).
 */
export async function signInAgain(page: Page, username: string, password: string): Promise<void> {
  await page.waitForURL('**/login');
  // the same username field on two looks 250 ms apart: the console's moves to /login have ended
  await page.waitForFunction(
    () => {
      const seen = window as { lastLoginField?: Element | null };
      const field = document.querySelector('input[name=username]');
      const settled = !!field && seen.lastLoginField === field;
      seen.lastLoginField = field;
      return settled;
    },
    undefined,
    { polling: 250 },
  );
  await submitLogin(page, username, password);
}

/** Waits until the page shows the login form ready to fill: its username field, and its captcha settled. */
export async function loginFormReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const captcha = document.querySelector('[data-testid=captcha-image]');
    return !!document.querySelector('input[name=username]') && (!captcha || !!captcha.querySelector('img'));
  });
}

/** An access token for `username` from the API itself (tenant tr), for reading the server's truth in tests. */
export async function apiToken(server: E2EServer, username: string): Promise<string> {
  return (await login(server.test.app, username)).access_token;
}

/** GET `url` on the API with a bearer token (tenant tr); throws unless 200; answers the JSON. */
export async function apiGet<T = unknown>(server: E2EServer, token: string, url: string): Promise<T> {
  const res = await call(server.test.app, 'GET', url, { token });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}
