/**
 * Accessibility (issue 21), where the tour (tour.ts, which scans every page each role sees at 1366 px, and the
 * administrator's at 375 px too) does not go: the login page signed out, and the client drawer with its deposit
 * dialog. axe-core, WCAG 2.0 and 2.1, levels A and AA (axe.ts); a serious or critical violation fails.
 */
import { describe, expect, it } from 'vitest';
import { clientsFor, newPage, openClientDrawer, openFromMenu, signedInPage, startE2E } from './console';
import { apiToken } from './harness';
import { axeScans } from './axe';
import { DESKTOP, PHONE, resize } from './menu-pages';

const e2e = startE2E({ clients: 12 });
const scan = axeScans();

describe('axe: no serious or critical violation', () => {
  it('the login page, signed out, at 1366 and 375 px', async () => {
    const { ctx, page } = await newPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.url}/login`);
    await page.locator('[data-testid=login-submit]').waitFor();
    const found = await scan(page, 'signed out /login 1366');
    await resize(page, PHONE);
    found.push(...(await scan(page, 'signed out /login 375')));
    await ctx.close();
    expect(found).toEqual([]);
  });

  it('the client drawer and its deposit dialog', async () => {
    const client = (await clientsFor(e2e.server, await apiToken(e2e.server, 'admin'))).find((c) => !c.fake)!;
    const { ctx, page } = await signedInPage(e2e, 'admin', DESKTOP);
    await openFromMenu(page, 'client');
    const drawer = await openClientDrawer(page, client);
    const found = await scan(page, 'admin client drawer 1366');
    await drawer.locator('[data-testid=action-deposit]').click();
    await page.locator('[data-testid=deposit-dialog]').waitFor();
    found.push(...(await scan(page, 'admin deposit dialog 1366')));
    await ctx.close();
    expect(found).toEqual([]);
  });
});
