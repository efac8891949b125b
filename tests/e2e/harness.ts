import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { makeTestApp, type TestApp } from '../server/helpers';

/** Chromium flags for this workplace: no sandbox (root), no background traffic to the closed network. */
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

/** Launches Debian's Chromium (never a downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface E2EServer {
  url: string;
  test: TestApp;
  close(): Promise<void>;
}

/** The real API serving the built console, on a fresh seeded database, listening on a free port. */
export async function startServer(): Promise<E2EServer> {
  const staticDir = resolve('dist');
  if (!existsSync(resolve(staticDir, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  const test = await makeTestApp({ captcha: false, staticDir });
  const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, test, close: () => test.close() };
}

/** Signs in through the login page as `username` with the demo password. */
export async function signIn(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
}
