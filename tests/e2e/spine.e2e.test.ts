import { describe, expect, it } from 'vitest';
import { signInAgain } from './harness';
import { expandMenuGroup, PASSWORD, signedInPage, startE2E } from './console';
import { call, loginBody } from '../server/helpers';
import { MENU_BY_LEAF } from './menu-expectations';
import { registry } from '../../resources/registry';
import { leaves } from '../../resources/menu';
import { totp } from '../../server/security/totp';
import type { Role } from '../../permissions';

const e2e = startE2E();

describe('sign-in with an authenticator', () => {
  it('enables MFA as admin, logs out, and signs in again with a code', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin');
    await expect.poll(() => page.locator('[data-testid=profile-card]').innerText()).toContain('admin');

    await page.click('[data-testid=user-menu]');
    await page.click('[data-testid=menu-mfa]');
    await page.click('[data-testid=mfa-toggle]');
    const secretBox = page.locator('[data-testid=mfa-secret]');
    await secretBox.waitFor();
    const secret = (await secretBox.innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.fill('input[name=code]', totp(secret));
    await page.click('[data-testid=mfa-next]');
    const codes = page.locator('[data-testid=recovery-codes] li');
    await codes.first().waitFor();
    const recovery = (await codes.allInnerTexts()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await page.click('[data-testid=mfa-finish]');
    // A successful MFA change logs the user out.
    await signInAgain(page, 'admin', PASSWORD);
    const code = page.locator('input[name=code]');
    await code.waitFor();
    // The code of the next time step: the current one was used to bind and is accepted only once.
    await code.fill(totp(secret, Date.now() + 30_000));
    await page.click('[data-testid=mfa-submit]');
    await page.waitForURL('**/dashboard');
    await page.locator('[data-testid=profile-card]').waitFor();
    await ctx.close();

    // Leave admin as the other tests expect it (no authenticator): sign in and turn MFA off with recovery codes.
    const app = e2e.server.test.app;
    const first = await call(app, 'POST', '/api/auth/admin/v1/login', {
      body: await loginBody(app, 'admin', PASSWORD),
    });
    expect(first.json().mfa).toBe(true);
    const verified = await call(app, 'POST', '/api/auth/admin/v1/mfa/verify', {
      token: first.json().access_token,
      body: { recovery_code: recovery[0] },
    });
    expect(verified.statusCode).toBe(200);
    const off = await call(app, 'POST', '/api/user/v1/mfa/disable', {
      token: verified.json().access_token,
      body: { recovery_code: recovery[1] },
    });
    expect(off.statusCode).toBe(200);
  });
});

describe('menu per role', () => {
  const withPage = new Set(
    leaves(registry)
      .filter((n) => n.page)
      .map((n) => n.name),
  );
  const hiddenForTr = new Set(
    leaves(registry)
      .filter((n) => n.hide?.includes('tr'))
      .map((n) => n.name),
  );
  const cases: [string, Role][] = [
    ['admin', 'god'],
    ['supervisor', 'angel'],
    ['leader', 'superman'],
    ['sales', 'hero'],
  ];
  for (const [username, role] of cases) {
    it(`shows ${username} (${role}) the entries of the spec's table`, async () => {
      const { ctx, page } = await signedInPage(e2e, username);
      const menu = page.locator('[data-testid=side-menu]');
      await menu.waitFor();
      // Open every group so that every leaf is rendered.
      for (const group of await menu.locator('[data-testid^=menu-group-]').all()) await expandMenuGroup(group);
      const shown = await menu
        .locator('[data-testid^=menu-item-]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('menu-item-'.length)));
      const expected = Object.entries(MENU_BY_LEAF)
        .filter(([leaf, roles]) => roles.includes(role) && withPage.has(leaf) && !hiddenForTr.has(leaf))
        .map(([leaf]) => leaf);
      expect(shown.sort()).toEqual(expected.sort());
      await ctx.close();
    });
  }
});

describe('layout', () => {
  it('shows the 404 page for an unknown path and goes back home', async () => {
    const { ctx, page } = await signedInPage(e2e, 'supervisor');
    await page.goto(`${e2e.server.url}/no/such/page`);
    await page.getByText('404').first().waitFor();
    await page.locator('[data-testid=notfound-home]').click();
    await page.waitForURL('**/dashboard');
    await ctx.close();
  });

  it('switches to English and back', async () => {
    const { ctx, page } = await signedInPage(e2e, 'supervisor');
    await page.click('[data-testid=locale-switch]');
    await page.click('[data-testid=locale-en-US]');
    await page.locator('[data-testid=menu-item-dashboard]', { hasText: 'Dashboard' }).waitFor();
    await page.click('[data-testid=locale-switch]');
    await page.click('[data-testid=locale-zh-CN]');
    await page.locator('[data-testid=menu-item-dashboard]', { hasText: '首页' }).waitFor();
    await ctx.close();
  });

  it('shows the menu as a drawer on a phone-sized screen', async () => {
    const { ctx, page } = await signedInPage(e2e, 'sales', { width: 390, height: 844 });
    expect(await page.locator('[data-testid=menu-drawer]').isVisible()).toBe(false);
    await page.click('[data-testid=menu-toggle]');
    const drawer = page.locator('[data-testid=menu-drawer]');
    await drawer.waitFor({ state: 'visible' });
    await drawer.locator('[data-testid=menu-item-dashboard]').waitFor();
    await ctx.close();
  });
});
