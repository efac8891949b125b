/**
 * What the e2e tests do again and again on the console, once: the server of a test file and its worker's Chromium,
 * the API's lists as a test reads them, a signed-in page, the side menu, a list's username filter and rows, the client
 * drawer, a dialog's select and proof images. The server is a parameter (each test file starts its own with
 * `startE2E`); the Chromium and its profile are shared by the files of a worker (newPage).
 */
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import {
  apiGet,
  apiToken,
  lastCalls,
  launchBrowser,
  signIn,
  startServer,
  type E2EServer,
  type StartOptions,
} from './harness';
import type { Account } from '../../resources/client/drawer/api';
import { call } from '../server/helpers';

/** The demo staff password of the seed. */
export const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026';

// ---------------------------------------------------------------------------------------------------------------
// The server and the browser of a test file

export interface E2E {
  server: E2EServer;
  browser: Browser;
  /** An API token of admin (tenant tr), when `startE2E` was asked for it. */
  adminToken: string;
}

/**
 * Starts the server (seeded as `opts` says) and Chromium before the file's tests and closes both after them; answers
 * the object they are set on once the tests run.
 */
export function startE2E(opts: StartOptions & { adminToken?: boolean } = {}): E2E {
  const e2e = {} as E2E;
  beforeAll(async () => {
    [e2e.server, e2e.browser] = await Promise.all([
      startServer({ clients: opts.clients, port: portOfWorker }),
      workerBrowser(),
    ]);
    portOfWorker = Number(new URL(e2e.server.url).port);
    if (opts.adminToken) e2e.adminToken = await apiToken(e2e.server, 'admin');
  });
  afterAll(() => Promise.all([leaveBrowser(e2e.browser), e2e.server?.close()]));
  return e2e;
}

/**
 * The port of this worker's servers: each file's server listens where the one before it did, so the console's code
 * the worker's profile fetched and compiled stays in its cache for the next file (the same URLs; newPage).
 */
let portOfWorker: number | undefined;

/**
 * The Chromium of this worker, launched by its first file: the files of a worker share its modules
 * (vitest.e2e.config.ts) and its profile (newPage), so a file needs no browser of its own
 * (launching and closing one took about 0.3 s a file, more under load). Launched again if it went away.
 */
let browserOfWorker: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  if (browserOfWorker) return browserOfWorker;
  const launched = launchBrowser();
  const forget = () => {
    if (browserOfWorker === launched) browserOfWorker = undefined;
  };
  launched.then((b) => b.once('disconnected', forget), forget);
  return (browserOfWorker = launched);
}

/**
 * Ends a file's use of the worker's browser. A page the file left open (a test that failed before closing it) may be
 * in any state, so the browser is then closed, with its profile, and the next file launches another.
 */
async function leaveBrowser(browser: Browser | undefined): Promise<void> {
  const profile = browser && profiles.get(browser);
  if (!browser?.contexts().some((c) => c !== profile?.ctx || c.pages().length > 0)) return;
  browserOfWorker = undefined;
  await browser.close();
}

// ---------------------------------------------------------------------------------------------------------------
// The API's truth

/** The rows of a list answer (a bare array or `{ data }`). */
export const listOf = <T>(body: unknown): T[] =>
  Array.isArray(body) ? (body as T[]) : ((body as { data?: T[] }).data ?? []);

export interface ClientRow {
  id: number;
  username: string;
  fake?: boolean;
}

/** The clients `token` may see (the API's scope), up to 200, by id. */
export async function clientsFor(server: E2EServer, token: string): Promise<ClientRow[]> {
  return listOf<ClientRow>(
    await apiGet(server, token, '/api/client/admin/v1/list?page=1&page_size=200&sort=id&order=asc'),
  );
}

/** The client's accounts as the API answers them (decimal strings). */
export async function accountsOf(server: E2EServer, token: string, clientId: number): Promise<Account[]> {
  return listOf<Account>(await apiGet(server, token, `/api/acc/admin/v1/list/${clientId}`));
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

/**
 * The browser profile of a worker's tests, in Chinese: they share its HTTP cache, so the console's code is fetched and
 * compiled once a worker (its servers listen on one port: portOfWorker), not once a test (a sign-in then costs Chromium
 * about 1.2 s of CPU instead of 2.0). What a person's browser keeps for a site is not shared: each test's pages have
 * their own session storage (the session's tokens and tabs), and the local storage the pages of a test wrote is
 * cleared before the next test opens a page. The API's answers are not cached (no-store).
 */
interface Profile {
  ctx: BrowserContext;
  /** Its open pages, each with the test that opened it (testName). */
  pages: Map<Page, string>;
  /** The origins whose local storage a closed test's pages may have written. */
  written: Set<string>;
}
const profiles = new WeakMap<Browser, Profile>();

/** What a test holds of the worker's profile: its page, which `close` closes (not the profile). */
export interface TestProfile {
  close(): Promise<void>;
}

/** The running test's file and name; '' in a hook. */
function testName(): string {
  const { testPath, currentTestName } = expect.getState();
  return currentTestName ? `${testPath} > ${currentTestName}` : '';
}

/** Closes `page`, noting the origin it was at (its local storage is cleared before the next test's page). */
async function closePage(profile: Profile, page: Page): Promise<void> {
  const url = page.url();
  if (url.startsWith('http')) profile.written.add(new URL(url).origin);
  profile.pages.delete(page);
  await page.close();
}

/** A page of the worker's profile for the running test, at `viewport` in Chinese, whose trail is printed if it fails. */
export async function newPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<{ ctx: TestProfile; page: Page }> {
  let profile = profiles.get(browser);
  if (!profile) {
    profile = { ctx: await browser.newContext({ locale: 'zh-CN' }), pages: new Map(), written: new Set() };
    profiles.set(browser, profile);
  }
  const test = testName();
  // the pages an earlier test left open (it failed before closing them)
  for (const [page, opener] of profile.pages) if (opener && opener !== test) await closePage(profile, page);
  const page = await profile.ctx.newPage();
  if (profile.written.size && !profile.pages.size) {
    const cdp = await profile.ctx.newCDPSession(page);
    for (const origin of profile.written)
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage' });
    await cdp.detach();
    profile.written.clear();
  }
  profile.pages.set(page, test);
  await page.setViewportSize(viewport);
  keepTrail(page);
  const held = profile;
  return { ctx: { close: () => closePage(held, page) }, page };
}

/** What each page opened by newPage did (keepTrail). */
const trails = new WeakMap<Page, string[]>();

/**
 * Keeps what a page did (its navigations, the API's refusals and failed requests, the console's errors, each with the
 * time since the page opened) and prints the last of it when the test fails: a test that runs into its timeout names
 * no step, and this trail shows where the page stood.
 */
function keepTrail(page: Page): void {
  const opened = Date.now();
  const trail: string[] = [];
  trails.set(page, trail);
  const note = (line: string) => trail.push(`${String(Date.now() - opened).padStart(7)} ms  ${line}`.slice(0, 300));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) note(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => note(`failed ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') note(`console error: ${m.text()}`);
  });
  try {
    printTrailIfFailed(page);
  } catch {
    // opened outside a test (in a hook): a test using the page calls printTrailIfFailed itself
  }
}

/**
 * Prints the page's trail and its browser's last Playwright calls if the running test fails (called by newPage for
 * the test that opens the page; a test using a page opened in a hook calls it).
 */
export function printTrailIfFailed(page: Page): void {
  onTestFailed(() =>
    console.log(
      `trail of a page (its last 60 events):\n${(trails.get(page) ?? []).slice(-60).join('\n')}\n` +
        `its browser's last Playwright calls (=> started, <= ended; times since the browser started):\n` +
        lastCalls(page.context().browser()).join('\n'),
    ),
  );
}

/** Signs in on the login page of `base` as `username` and waits for the dashboard's profile card to show them. */
export async function signInAs(page: Page, base: string, username: string): Promise<void> {
  await signIn(page, base, username, PASSWORD);
  await page.waitForURL('**/dashboard');
  // the card once its profile has loaded (its frame shows first)
  await page.locator('[data-testid=profile-card]', { hasText: username }).waitFor();
}

/** A fresh page signed in as `username` (on the dashboard). */
export async function signedInPage(
  e2e: Pick<E2E, 'server' | 'browser'>,
  username = 'admin',
  viewport?: { width: number; height: number },
): Promise<{ ctx: TestProfile; page: Page }> {
  const opened = await newPage(e2e.browser, viewport);
  await signInAs(opened.page, e2e.server.url, username);
  return opened;
}

/** The tab of `path` in the tab strip. */
export const tab = (path: string) => `[data-testid="tab-${path}"]`;
/** The kept-alive page of the tab of `path`. */
export const pane = (path: string) => `[data-tab-pane="${path}"]`;

/**
 * Clicks `target` until `done` holds (checked for 5 s after each click, up to 6 clicks). Right after sign-in the menu
 * may still re-render (the app settings, the approvals badge): a click that lands on an element being replaced does
 * nothing, and a person clicks again, unless what he wanted has happened meanwhile (the element may then be gone).
 */
export async function clickUntil(target: Locator, done: () => Promise<boolean>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await target.click({ timeout: 5_000 });
      await expect.poll(done, { timeout: 5_000 }).toBe(true);
      return;
    } catch (e) {
      if (await done()) return;
      if (attempt >= 6) throw e;
    }
  }
}

/** Opens a menu group (a click on its title) unless it is open, and waits until it is. */
export async function expandMenuGroup(group: Locator): Promise<void> {
  const open = async () => (await group.getAttribute('aria-expanded')) !== 'false';
  if (!(await open())) await clickUntil(group, open);
}

/** Opens a menu leaf (expanding its group first) and waits for its page and until its tab is the active one. */
export async function openFromMenu(page: Page, name: string, group?: string): Promise<void> {
  const menu = page.locator('[data-testid=side-menu]');
  if (group) await expandMenuGroup(menu.locator(`[data-testid=menu-group-${group}]`));
  await clickUntil(menu.locator(`[data-testid="menu-item-${name}"]`), async () => page.url().includes(`/${name}`));
  await expect.poll(() => page.locator(tab(`/${name}`)).getAttribute('aria-selected')).toBe('true');
}

/**
 * Types `username` into a list page's username filter and waits for the list answer of that filter (a 200), which
 * it answers (null when the kept-alive page already had exactly that filter).
 */
export async function filterByUsername(
  page: Page,
  path: string,
  listUrl: string,
  username: string,
): Promise<Response | null> {
  const input = page.locator(`${pane(path)} input[name=username]`);
  await input.waitFor({ state: 'visible' });
  if ((await input.inputValue()) === username) return null;
  const answered = page.waitForResponse(
    (r) => r.url().includes(listUrl) && new URL(r.url()).searchParams.get('username') === username,
  );
  await input.fill(username);
  const res = await answered;
  expect(res.status()).toBe(200);
  return res;
}

/** The list rows of a tab's page. */
export const rows = (page: Page, path: string) => page.locator(`${pane(path)} tbody tr`);
/** The row whose `column` cell reads exactly `text`. */
export const rowWith = (page: Page, path: string, column: string, text: string | number) =>
  rows(page, path).filter({
    has: page.locator(`td.column-${column}`, {
      hasText: new RegExp(`^\\s*${String(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`),
    }),
  });

/**
 * Opens a row's record (`opened`: what shows it) as a person does: a click on the row, or on a phone, where a row with
 * actions opens its sheet, 查看详情 in the sheet.
 */
export async function openRow(page: Page, row: Locator, opened: Locator): Promise<void> {
  await row.locator('td').first().click();
  const openItem = page.locator('[data-testid=row-action-sheet] .MuiDrawer-paper:visible [data-testid=row-open]');
  await opened.or(openItem).first().waitFor();
  if (await openItem.isVisible()) await openItem.click();
  await opened.waitFor();
}

/**
 * Clicks a row's action by its name as a person does: its button in the row, or on a phone (no actions column) a tap
 * on the row, then the action in the sheet that opens.
 */
export async function clickRowAction(page: Page, row: Locator, name: string | RegExp): Promise<void> {
  const inline = row.getByRole('button', { name });
  if (await inline.count()) return inline.first().click();
  await row.locator('td').first().click();
  const sheet = page.locator('[data-testid=row-action-sheet] .MuiDrawer-paper:visible');
  await sheet.getByRole('menuitem', { name }).click();
}

/** Whether a tab's list shows every column it shows by default without scrolling sideways (its table fits). */
export const tableFits = (page: Page, path: string) =>
  page
    .locator(`${pane(path)} .RaDataTable-tableWrapper`)
    .first()
    .evaluate((el) => el.scrollWidth <= el.clientWidth);

/** Opens the client drawer from the client list (filtered on its username) and waits for its accounts. */
export async function openClientDrawer(page: Page, client: ClientRow): Promise<Locator> {
  await filterByUsername(page, '/client', '/api/client/admin/v1/list', client.username);
  const row = rowWith(page, '/client', 'username', client.username);
  await row.waitFor();
  const accountsLoaded = page.waitForResponse((r) => r.url().endsWith(`/api/acc/admin/v1/list/${client.id}`));
  const drawer = page.locator('[data-testid=client-drawer]');
  await openRow(page, row, drawer);
  expect((await accountsLoaded).status()).toBe(200);
  await drawer.locator('[data-testid=client-username]', { hasText: client.username }).waitFor();
  await drawer.locator('[data-testid=account-card]').first().waitFor();
  return drawer;
}

/** Picks the option whose text contains `text` in the MUI select of a dialog that carries `[data-testid=<name>-select]`. */
export async function pickAccount(page: Page, dialog: Locator, name: string, text: string): Promise<void> {
  await dialog.locator(`.MuiInputBase-root:has([data-testid=${name}-select]) [role=combobox]`).click();
  await page.locator('[role=listbox] [role=option]', { hasText: text }).click();
  await page.locator('[role=listbox]').waitFor({ state: 'detached' });
}

// ---------------------------------------------------------------------------------------------------------------
// Proof images

/** A real 2×2 PNG (decodes to naturalWidth 2). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8DwnwEIGBkYGRgYAAAwGgMBHxuAPgAAAABJRU5ErkJggg==',
  'base64',
);

/** The PNG as a file chosen in a file input. */
export const pngFile = (name = 'proof.png') => ({ name, mimeType: 'image/png', buffer: PNG });

/**
 * Uploads the PNG through presign/put and the signed PUT (on this server, whatever host the signed URL names);
 * answers the stored URL a deposit names as its proof.
 */
export async function uploadPng(server: E2EServer, token: string): Promise<string> {
  const presign = await call(server.test.app, 'POST', '/api/s3/admin/presign/put', {
    token,
    body: { filename: 'proof.png', content_type: 'image/png', size: PNG.length },
  });
  const p = presign.json();
  const target = new URL(p.url, server.url);
  const res = await fetch(new URL(target.pathname + target.search, server.url), {
    method: 'PUT',
    headers: p.headers,
    body: PNG,
  });
  expect(res.status).toBe(200);
  return p.public_url;
}

/** Picks `text` in the MUI select of the input `name` inside `scope`. */
export async function pick(page: Page, scope: string, name: string, text: string): Promise<void> {
  await page.locator(`${scope} .MuiInputBase-root:has(input[name="${name}"]) [role=combobox]`).click();
  await page.locator('[role=listbox] [role=option]', { hasText: text }).first().click();
  await page.locator('[role=listbox]').waitFor({ state: 'detached' });
}

/** Types into the searchable picker labelled `label` of the dialog and takes the option containing `text`. */
export async function pickRemote(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByRole('dialog').getByLabel(label);
  await input.click();
  await input.fill(text);
  await page.locator('[role=listbox] [role=option]', { hasText: text }).first().click();
}
