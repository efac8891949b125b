/**
 * A tour of every menu entry each role sees, in Chinese, at 1366×768 and at 375 px, on the built console and the real
 * API, so that what a person sees wrong comes back as a failure: each entry loads (its content, no spinner left), a
 * list shows rows or its empty state, no raw i18n key or placeholder shows, the console's own words (headers,
 * buttons, tabs, labels, chips, alerts) have no English beyond product names and codes, and no row action is out of
 * reach (at 1366 inside the window and not covered; at 375 a tap on a row opens its actions, or its record).
 * axe-core scans the page too (axe.ts, WCAG 2.0 and 2.1 A and AA; see tourOf for the widths): a serious or critical
 * violation fails; the counts per page and impact are printed after the tests. Per role a file, a browser and one page,
 * a test per entry, each checked at both widths, the entry before closed (the document stays one page's size). The ways in
 * (403, a deep link signed out, the menu search) are tour.e2e.test.ts; each role's tour is tour-<username>.e2e.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '../../permissions';
import {
  clickUntil,
  openFromMenu,
  pane,
  printTrailIfFailed,
  signedInPage,
  startE2E,
  tab,
  type TestProfile,
} from './console';
import { axeScans } from './axe';
import { DESKTOP, entriesOf, PHONE, resize, ROLES, settled } from './menu-pages';

/**
 * Words of the console that are no English: product names, brands and the tenant's zone in the zone note. Codes
 * (all capitals and digits: USD, IPO, TRC20, VIP) pass as they are.
 */
const ALLOWED_WORDS = new Set([
  'Logo',
  'Solana',
  'Telegram',
  'WhatsApp',
  'Asia',
  'Shanghai',
  'Google',
  'Authenticator',
]);

/** What a page shows that it must not: raw i18n keys and placeholders. */
const RAW = /\b(?:resources|engine|shell|menu|errors|common)\.[a-z_]+\.|%\{|\bra\.[a-z]+\.[a-z_]+/;

/** The English words of the console's own texts that are no product name nor code. */
function englishWords(texts: string[]): string[] {
  const words = texts.flatMap((t) => t.match(/[A-Za-z][A-Za-z'-]+/g) ?? []);
  return [...new Set(words.filter((w) => !/^[A-Z0-9]+$/.test(w) && !ALLOWED_WORDS.has(w)))];
}

/** Checks the page of `path` at the current width; at a phone's width a tap on a list row opens its actions. */
async function check(page: Page, path: string, width: number) {
  const m = await settled(page, path);
  const where = `${path} at ${width}`;
  expect(m.text, where).not.toMatch(RAW);
  expect(englishWords(m.chrome), where).toEqual([]);
  for (const a of m.actions) {
    expect(a.left, where).toBeGreaterThanOrEqual(0);
    expect(a.right, where).toBeLessThanOrEqual(m.innerWidth + 0.5);
    expect(a.reachable, where).toBe(true);
  }
  if (width < 600 && m.list && m.rows > 0) {
    // no actions column inside the list to scroll to
    expect(m.listActions, where).toBe(0);
    if (m.clickableRow) await tapFirstRow(page, path, where);
  }
}

/** Taps the first row of a list on a phone: its actions in a sheet (each in the window), or its record opens. */
async function tapFirstRow(page: Page, path: string, where: string) {
  const before = page.url();
  // the sheet of this list (a list's sheet stays mounted, hidden, once opened)
  const sheet = page.locator('[data-testid=row-action-sheet] .MuiDrawer-paper:visible');
  const opened = page.locator('.MuiDrawer-paper:visible, [role=dialog]:visible').first();
  // a tap while the list still re-renders its rows for the narrow window lands on a row being replaced: tapped again
  await clickUntil(
    page.locator(`${pane(path)} tbody tr.RaDataTable-clickableRow`).first(),
    async () => (await opened.count()) > 0 || page.url() !== before,
  );
  if (await sheet.count()) {
    const items = await sheet
      .locator('[role=menuitem]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.right]));
    expect(items.length, where).toBeGreaterThan(0);
    for (const [left, right] of items) {
      expect(left, where).toBeGreaterThanOrEqual(0);
      expect(right, where).toBeLessThanOrEqual(PHONE.width);
    }
  }
  if (page.url() !== before) await page.goBack();
  else {
    await page.keyboard.press('Escape');
    await expect.poll(() => opened.count(), { message: `${where}: closes` }).toBe(0);
  }
}

/**
 * The tour of one role (a test file per role, so that the four run side by side): its own server (12 demo clients),
 * browser and axe table, one page signed in once, and a test per menu entry (each with the test timeout of its own:
 * a whole tour in one test outran it on a slow machine). An entry's test starts from wherever the page was left and
 * opens its entry from the menu, as a person going from entry to entry does; the entry before is closed.
 * axe scans each entry at both widths for the administrator, who sees every entry with the most controls; the other
 * roles' entries are scanned at 1366 px, where their controls differ (the 375 px layout of an entry is the
 * administrator's, with fewer controls).
 */
export function tourOf(username: string): void {
  const role = ROLES.find(([u]) => u === username)?.[1] as Role;
  const entries = entriesOf(role);
  const bothWidths = role === 'god';
  const e2e = startE2E({ clients: 12 });
  const scan = axeScans();
  let opened: { ctx: TestProfile; page: Page };
  let previous: string | undefined;
  beforeAll(async () => {
    opened = await signedInPage(e2e, username, DESKTOP);
  });
  afterAll(() => opened?.ctx.close());

  describe(`every menu entry of ${username} (${role}) at 1366 and 375 px`, () => {
    it('sees the entries of the role', () => {
      expect(entries.length).toBeGreaterThan(5);
    });
    for (const entry of entries) {
      it(`${entry.path} loads, in Chinese, with every row action in reach and no serious accessibility violation`, async () => {
        const { page } = opened;
        printTrailIfFailed(page);
        const violations: string[] = [];
        await resize(page, DESKTOP);
        await openFromMenu(page, entry.name, entry.group);
        // the page seen before closes (the dashboard, the home tab, stays)
        const before = previous && previous !== entry.path ? page.locator(tab(previous)) : undefined;
        if (before && (await before.count())) {
          await before.locator('[data-testid=tab-close]').click();
          await before.waitFor({ state: 'detached' });
        }
        previous = entry.name === 'dashboard' ? undefined : entry.path;
        await check(page, entry.path, DESKTOP.width);
        violations.push(...(await scan(page, `${username} ${entry.path} ${DESKTOP.width}`)));
        await resize(page, PHONE);
        if (bothWidths) {
          // scanned before check taps a row (which opens its actions or its record)
          await settled(page, entry.path);
          violations.push(...(await scan(page, `${username} ${entry.path} ${PHONE.width}`)));
        }
        await check(page, entry.path, PHONE.width);
        expect(violations).toEqual([]);
      });
    }
  });
}
