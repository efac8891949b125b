/**
 * KYC review in Chromium: a supervisor (angel) opens the KYC page from the menu, finds a pending submission, sees its
 * documents decoded (the seeded PNGs through signed URLs), approves it, and the record and the client say approved.
 * Screenshots (Chinese, 1366 × 768 and 375 px wide) go to $KYC_SHOTS (default /tmp/kyc-shots).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seedKycDocuments } from '../../server/db/seed-kyc';
import { createStorage } from '../../server/storage';
import { call } from '../server/helpers';
import { apiGet } from './harness';
import {
  filterByUsername,
  listOf,
  openClientDrawer,
  openFromMenu,
  pane,
  signedInPage,
  startE2E,
  type ClientRow,
} from './console';

const e2e = startE2E({ clients: 12, adminToken: true });
const SHOTS = process.env.KYC_SHOTS ?? '/tmp/kyc-shots';

interface KycRow {
  id: number;
  username: string;
  status: string;
}
let target: KycRow;

beforeAll(async () => {
  const { server, adminToken: token } = e2e;
  mkdirSync(SHOTS, { recursive: true });
  const all = listOf<KycRow>(await apiGet(server, token, '/api/identify/admin/v1/list?page_size=200'));
  // One submission of our own (the seed's statuses are random), then the documents of every submission.
  const fresh = all.find((r) => r.status === 'unverified' || r.status === 'rejected')!;
  const filled = await call(server.test.app, 'POST', `/api/identify/admin/v1/fill/${fresh.id}`, {
    token,
    body: {
      real_name: '张三',
      id_type: 'id_card',
      id_number: '110101199003070011',
      nationality: 'CN',
      dob: '1990-03-07',
    },
  });
  expect(filled.statusCode).toBe(200);
  await seedKycDocuments(server.test.database.db, createStorage(server.test.app.config), 'tr');
  target = { ...fresh, status: 'pending' };
});

/** Waits until the image finished loading; answers its naturalWidth (0 when it failed to decode). */
async function decodedWidth(img: Locator): Promise<number> {
  await img.waitFor();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete), { timeout: 10_000 }).toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
const shown = (page: Page, source: string) => page.locator(`[data-testid="show-${source}"] dd`);

describe('KYC review', () => {
  it('a supervisor sees a pending submission with its documents and approves it', async () => {
    const { page, ctx } = await signedInPage(e2e, 'supervisor', { width: 1366, height: 768 });
    await openFromMenu(page, 'kyc');
    await page
      .locator(`${pane('/kyc')} tbody tr`)
      .first()
      .waitFor();
    await shot(page, 'kyc-list-1366');
    await filterByUsername(page, '/kyc', '/api/identify/admin/v1/list', target.username);
    const row = page.locator(`${pane('/kyc')} tbody tr`, { hasText: target.username });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('待审核');
    await row.locator('td').nth(2).click();
    await page.waitForURL(`**/kyc/${target.id}/show`);

    for (const source of ['front_image_url', 'back_image_url', 'selfie_image_url']) {
      const img = page.locator(`[data-testid="show-${source}"] img`).first();
      expect(await decodedWidth(img), source).toBeGreaterThan(0);
      expect(await img.getAttribute('src')).toMatch(/signature=/);
    }
    await expect.poll(() => shown(page, 'status').textContent()).toBe('待审核');
    await expect.poll(() => shown(page, 'real_name').textContent()).toBe('张三');
    await shot(page, 'kyc-show-1366');

    // zoom a document, then close it
    await page.locator('[data-testid="show-front_image_url"] img').first().click();
    const zoom = page.locator('[data-testid=image-zoom]');
    expect(await decodedWidth(zoom.locator('img').first())).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '通过' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(target.username);
    await shot(page, 'kyc-approve-1366');
    await dialog.getByRole('button', { name: /确认|确定/ }).click();
    await expect.poll(() => shown(page, 'status').textContent(), { timeout: 10_000 }).toBe('已通过');
    await expect.poll(() => shown(page, 'reviewer_name').textContent()).toBe('Supervisor');

    const client = await apiGet<{ kyc_status: string }>(
      e2e.server,
      e2e.adminToken,
      `/api/client/admin/v1/detail/${target.id}`,
    );
    expect(client.kyc_status).toBe('approved');
    await ctx.close();
  });

  it("previews the stored documents in the edit form, and the client drawer's KYC tab shows them", async () => {
    const { page, ctx } = await signedInPage(e2e, 'supervisor', { width: 1366, height: 768 });
    await page.goto(`${e2e.server.url}/kyc/${target.id}`);
    for (const source of ['front_image', 'back_image', 'selfie_image']) {
      const img = page.locator(
        `[data-testid="input-${source}-preview"] img, img[data-testid="input-${source}-preview"]`,
      );
      expect(await decodedWidth(img.first()), source).toBeGreaterThan(0);
    }
    await shot(page, 'kyc-edit-1366');

    await page.goto(`${e2e.server.url}/client`);
    const client = { id: target.id, username: target.username };
    const drawer = await openClientDrawer(page, client as ClientRow);
    await drawer.getByRole('tab', { name: '实名信息' }).click();
    const docs = drawer.locator('img');
    await expect.poll(() => docs.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 3; i++) expect(await decodedWidth(docs.nth(i))).toBeGreaterThan(0);
    await shot(page, 'kyc-drawer-1366');
    await ctx.close();
  });

  it('reads at 375 px: the list and a record with its documents', async () => {
    const { page, ctx } = await signedInPage(e2e, 'supervisor', { width: 375, height: 812 });
    await page.goto(`${e2e.server.url}/kyc`);
    await page.locator('tbody tr').first().waitFor();
    await shot(page, 'kyc-list-375');
    await page.goto(`${e2e.server.url}/kyc/${target.id}/show`);
    const img = page.locator('[data-testid="show-front_image_url"] img').first();
    expect(await decodedWidth(img)).toBeGreaterThan(0);
    // the document fits the phone's width
    const box = await img.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(box!.width).toBeGreaterThan(200);
    await shot(page, 'kyc-show-375');
    await img.scrollIntoViewIfNeeded();
    await shot(page, 'kyc-show-375-documents');
    await ctx.close();
  });
});
