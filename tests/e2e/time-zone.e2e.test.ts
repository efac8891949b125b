/**
 * Times are the tenant's (Asia/Shanghai) in a browser in New York: a message scheduled for 09:30 tenant time is listed
 * at 09:30 (not 20:30 the day before), with the full time and zone in its tooltip and "时间为 Asia/Shanghai" on the
 * list; the last sign-in on the dashboard is the tenant's time. Screenshots at 1366x768 and 375 px, in Chinese
 * (/tmp/tz-*.png).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call } from '../server/helpers';
import { zoneDateTime } from '../../domain/time-zone';
import { openFromMenu, openRow, pane, signInAs, startE2E } from './console';

const e2e = startE2E({ clients: 5, adminToken: true });
const ZONE = 'Asia/Shanghai';

/** `YYYY-MM-DD HH:mm:ss` of an instant in Shanghai. */
const shanghai = (at: Date) => zoneDateTime(at, ZONE);

/** A Chinese page in New York's zone, signed in as admin (on the dashboard); answers the sign-in's userinfo. */
async function newYorkPage(browser: Browser, base: string, viewport: { width: number; height: number }) {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'America/New_York' });
  const page = await ctx.newPage();
  const info = page.waitForResponse((r) => r.url().endsWith('/api/auth/admin/v1/userinfo') && r.ok());
  await signInAs(page, base, 'admin');
  const user = (await (await info).json()) as { last_login_at: string | null };
  return { ctx, page, user };
}

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375 + 1);
}

describe("times in the tenant's zone, the browser in New York", () => {
  it('lists a message scheduled at 09:30 tenant time at 09:30 and shows the last sign-in in the tenant zone', async () => {
    // Two days ahead in Shanghai, 09:30 there.
    const day = shanghai(new Date(Date.now() + 2 * 86_400_000)).slice(0, 10);
    const created = await call(e2e.server.test.app, 'POST', '/api/message/admin/v1/create', {
      token: e2e.adminToken,
      body: { audience: 'all', title: '时区测试', body: '<p>09:30</p>', send_at: `${day} 09:30` },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: number }).id;

    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 375, height: 740 },
    ]) {
      const { ctx, page, user } = await newYorkPage(e2e.browser, e2e.server.url, viewport);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

      // the dashboard: the sign-in before this one (the API token's), in Shanghai's time
      expect(user.last_login_at).not.toBeNull();
      const last = page.locator('[data-testid=profile-last-login]');
      await expect.poll(() => last.textContent()).toBe(shanghai(new Date(user.last_login_at!)));
      expect(await last.getAttribute('title')).toContain('(Asia/Shanghai, UTC+08:00)');
      await expect
        .poll(() => page.locator('[data-testid=profile-card]').textContent())
        .toContain('时间为 Asia/Shanghai');
      await page.screenshot({ path: `/tmp/tz-dashboard-${viewport.width}.png` });

      // the message list: 09:30 as scheduled, the full time and zone in the tooltip, the zone said once
      // phones: the side menu is folded away, the page is opened by its address
      if (viewport.width > 600) await openFromMenu(page, 'message');
      else await page.goto(`${e2e.server.url}/message`);
      const view = page.locator(pane('/message'));
      const row = view.locator('tbody tr', { hasText: '时区测试' }).first();
      await row.waitFor();
      const sameYear = day.slice(0, 4) === shanghai(new Date()).slice(0, 4);
      const cell = row.locator('time').first();
      await expect.poll(() => cell.textContent()).toBe(sameYear ? `${day.slice(5)} 09:30` : day);
      expect(await row.locator('[title*="Asia/Shanghai"]').first().getAttribute('title')).toBe(
        `${day} 09:30:00 (Asia/Shanghai, UTC+08:00)`,
      );
      await expect.poll(() => view.locator('[data-testid=time-zone-note]').count()).toBe(1);
      expect(await view.locator('[data-testid=time-zone-note]').textContent()).toBe('时间为 Asia/Shanghai');
      await page.screenshot({ path: `/tmp/tz-message-${viewport.width}.png` });
      if (viewport.width === 375) await noOverflow(page);

      // the record: the full time in the tenant's zone
      await openRow(page, row, page.locator('[data-testid="show-send_at"] dd'));
      await expect.poll(() => page.locator('[data-testid="show-send_at"] dd').textContent()).toBe(`${day} 09:30:00`);
      await page.screenshot({ path: `/tmp/tz-message-show-${viewport.width}.png` });
      expect(id).toBeGreaterThan(0);
      await ctx.close();
    }
  });
});
