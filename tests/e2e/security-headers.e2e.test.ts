/**
 * The console under its Content-Security-Policy in Chromium: signing in, the dashboard, a list with the client drawer,
 * the settings page (rich text, logo image), a record with its proof image, and /docs raise no CSP violation; a staff
 * member who must change the password sees only the change dialog until done, then signs in as usual.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { staffUser } from '../../server/db/schema';
import { signIn, signInAgain } from './harness';
import { newPage, openFromMenu, PASSWORD, startE2E, type TestProfile } from './console';

const e2e = startE2E({ clients: 3 });

/** A page whose every CSP violation (securitypolicyviolation events and console reports) is collected. */
async function watchedPage(): Promise<{ ctx: TestProfile; page: Page; violations: string[] }> {
  const { ctx, page } = await newPage(e2e.browser);
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return { ctx, page, violations };
}

describe('Content-Security-Policy in the browser', () => {
  it('the console works under it: sign-in, dashboard, lists, drawer, settings, records, /docs', async () => {
    const { ctx, page, violations } = await watchedPage();
    const login = await page.goto(`${e2e.server.url}/login`);
    const csp = login!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(login!.headers()['x-content-type-options']).toBe('nosniff');

    await signIn(page, e2e.server.url, 'admin', PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.locator('[data-testid=profile-card]').waitFor();

    await openFromMenu(page, 'client');
    await page.locator('[data-tab-pane="/client"] tbody tr').first().click();
    await page.locator('[data-testid=client-drawer] [data-testid=account-card]').first().waitFor();
    await page.keyboard.press('Escape');

    await openFromMenu(page, 'settings/app', 'config');
    await page.locator('[data-tab-pane="/settings/app"] input').first().waitFor();

    await page.goto(`${e2e.server.url}/deposit`);
    await page.locator('[data-tab-pane="/deposit"] tbody tr').first().waitFor();

    // The API's own answers carry the headers too, and no-store.
    const api = await page.request.get(`${e2e.server.url}/api/auth/admin/v1/captcha`, {
      headers: { 'x-tenant-id': 'tr' },
    });
    expect(api.headers()['cache-control']).toBe('no-store');
    expect(api.headers()['content-security-policy']).toBe(csp);

    await page.goto(`${e2e.server.url}/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();

    expect(violations).toEqual([]);
    await ctx.close();
  });

  it('runs no injected inline script (and the collector sees the violation)', async () => {
    const { ctx, page, violations } = await watchedPage();
    await page.goto(`${e2e.server.url}/login`);
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.appendChild(s);
      return new Promise((r) => setTimeout(() => r((window as unknown as { __injected?: boolean }).__injected), 100));
    });
    expect(ran).toBeUndefined();
    await expect.poll(() => violations.some((v) => v.includes('script-src'))).toBe(true);
    await ctx.close();
  });
});

describe('forced password change in the console', () => {
  it('shows only the change dialog until the password is changed, then the console as usual', async () => {
    const db = e2e.server.test.database.db;
    await db.update(staffUser).set({ mustChangePassword: true }).where(eq(staffUser.username, 'supervisor'));
    const { ctx, page, violations } = await watchedPage();
    await signIn(page, e2e.server.url, 'supervisor', PASSWORD);
    const dialog = page.locator('[data-testid=forced-password-change]');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('首次登录须先修改密码');
    expect(await page.locator('[data-testid=side-menu]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/forced-password-1366.png' });

    await page.fill('input[name=old_password]', PASSWORD);
    await page.fill('input[name=new_password]', 'Chosen#2026');
    await page.click('[data-testid=change-password-submit]');
    await signInAgain(page, 'supervisor', 'Chosen#2026');
    await page.waitForURL('**/dashboard');
    await page.locator('[data-testid=profile-card]').waitFor();
    await page.locator('[data-testid=side-menu]').waitFor();
    expect(await page.locator('[data-testid=forced-password-change]').count()).toBe(0);
    expect(violations).toEqual([]);
    await ctx.close();
  });
});
